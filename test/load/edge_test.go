package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An edge that fails to start is reported with the end of what it wrote, which went to a file in the
// run's directory, not through the load generator.
func TestEdgeThatExitsIsReportedWithTheEndOfItsOutput(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "iconlib")
	script := "#!/bin/sh\nhead -c 40000 /dev/zero | tr '\\0' '#' >&2\necho 'no catalog.json in public' >&2\nexit 3\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	addr, err := freeLoopbackAddr()
	if err != nil {
		t.Fatal(err)
	}
	_, err = startEdge(context.Background(), "edge", bin, addr, dir, nil, false)
	if err == nil {
		t.Fatal("an edge that exits started")
	}
	msg := err.Error()
	if !strings.Contains(msg, "exited before it was healthy") || !strings.HasSuffix(strings.TrimSpace(msg), "no catalog.json in public") {
		t.Errorf("message does not end with the edge's last line:\n%.300s…", msg)
	}
	if fill := strings.Count(msg, "#"); fill > lastLogsBytes || fill < lastLogsBytes-100 {
		t.Errorf("message quotes %d of the output's 40,000 filler bytes, want about its last %d", fill, lastLogsBytes)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "edge-*.log"))
	if len(logs) != 1 {
		t.Fatalf("output files in the run's directory: %v, want one", logs)
	}
	if info, err := os.Stat(logs[0]); err != nil || info.Size() < 40000 {
		t.Errorf("output file: %v, %v", info, err)
	}
}
