package build

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestEveryCodingDecodesToTheFileAndRepeats: each coding of the contract has a codec whose output
// decodes to the input and is the same bytes every time, whatever it compressed before (a rebuild must
// not change a variant; test/e2e's TestLibraryBuildIsDeterministic checks the whole library).
func TestEveryCodingDecodesToTheFileAndRepeats(t *testing.T) {
	decode := map[string]func(io.Reader) (io.Reader, error){
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	body := []byte(strings.Repeat(`{"id":"bell","name":"Bell","tags":["ring","alert"]},`, 200))
	if len(codecs) != len(contract.Codings) {
		t.Fatalf("%d codecs for %d codings", len(codecs), len(contract.Codings))
	}
	for _, c := range codecs {
		first, err := c.compress(body)
		if err != nil {
			t.Fatal(c.Name, err)
		}
		li := []byte(strings.Repeat("<li>another file, another history</li>", 900))
		var big []byte // varied enough to fill a brotli writer's tables
		for i := range 40000 {
			big = fmt.Appendf(big, "<a href=%x>%d</a>", i*7919, i*i)
		}
		for _, other := range [][]byte{li, big, li[:12000], body[:9000]} {
			c.compress(other) // what a codec compressed before must not change what it writes next
		}
		c.compress(big)
		again, _ := c.compress(body)
		var fresh bytes.Buffer // from a writer that compressed nothing before
		w := c.newWriter(&fresh)
		w.Write(body)
		w.Close()
		r, err := decode[c.Name](bytes.NewReader(first))
		if err != nil {
			t.Fatal(c.Name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, body) || !bytes.Equal(first, again) || !bytes.Equal(first, fresh.Bytes()) || len(first) >= len(body)/4 {
			t.Errorf("%s: %d bytes decode to %d (%v); repeatable %v", c.Name, len(first), len(got), err, bytes.Equal(first, again))
		}
	}
}
