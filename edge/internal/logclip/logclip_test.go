package logclip_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/internal/logclip"
)

// TestEveryStringIsClippedAndItsLengthSaid: a megabyte in the message, a string attribute, an error, a
// value of another kind, a group or the logger's own attributes writes a line of a few hundred bytes that
// says how long the string was; short strings and numbers pass unchanged.
func TestEveryStringIsClippedAndItsLengthSaid(t *testing.T) {
	huge := strings.Repeat("é", 500_000) // a megabyte, in two-byte characters: cut on a character's boundary
	var buf bytes.Buffer
	log := slog.New(logclip.New(slog.NewJSONHandler(&buf, nil))).With("client", huge)
	log.Info(huge, "method", huge, "err", errors.New(huge), "any", []string{huge},
		slog.Group("tool", "name", huge), "status", 404, "path", "/mcp")
	line := buf.String()
	if len(line) > 4096 {
		t.Fatalf("one record wrote %d bytes", len(line))
	}
	if n := strings.Count(line, "(1000000 bytes)"); n != 5 || !strings.Contains(line, "(1000002 bytes)") {
		t.Errorf("%d strings say they were a megabyte long, want 5 and the list's rendering 2 bytes more: %s", n, line)
	}
	for _, want := range []string{`"status":404`, `"path":"/mcp"`} {
		if !strings.Contains(line, want) {
			t.Errorf("the line lost %s: %s", want, line)
		}
	}
	if strings.Contains(line, "\\ufffd") {
		t.Errorf("a character was cut in half: %s", line)
	}
}

// TestStacksKeepTheirFirstFrames: a panic's stack keeps more than other strings, and still a bound.
func TestStacksKeepTheirFirstFrames(t *testing.T) {
	var buf bytes.Buffer
	slog.New(logclip.New(slog.NewTextHandler(&buf, nil))).Error("handler panic", "stack", strings.Repeat("x", 10_000))
	if n := strings.Count(buf.String(), "x"); n != logclip.StackBound {
		t.Errorf("the stack kept %d bytes, want %d", n, logclip.StackBound)
	}
}

// TestShortRecordsPassAsTheyAre: a record of short strings, numbers and durations (the request log's)
// writes exactly what the handler behind would write.
func TestShortRecordsPassAsTheyAre(t *testing.T) {
	var clipped, direct bytes.Buffer
	for _, h := range []slog.Handler{logclip.New(slog.NewTextHandler(&clipped, nil)), slog.NewTextHandler(&direct, nil)} {
		slog.New(h).Info("request", "method", "GET", "path", "/api/v1/icons", "status", 200, "duration", 1500*time.Microsecond)
	}
	strip := func(s string) string { _, rest, _ := strings.Cut(s, " "); return rest } // the time differs
	if strip(clipped.String()) != strip(direct.String()) {
		t.Errorf("clipped %q, want %q", clipped.String(), direct.String())
	}
}

// BenchmarkRequestLine measures the request log's line through the clipping and without it.
func BenchmarkRequestLine(b *testing.B) {
	for name, h := range map[string]slog.Handler{"clipped": logclip.New(slog.NewTextHandler(io.Discard, nil)), "direct": slog.NewTextHandler(io.Discard, nil)} {
		log := slog.New(h)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				log.Info("request", "method", "GET", "path", "/api/v1/icons", "status", 200, "duration", 1500*time.Microsecond)
			}
		})
	}
}
