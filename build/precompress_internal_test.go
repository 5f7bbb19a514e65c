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
		first, err := c.compress(body, false)
		if err != nil {
			t.Fatal(c.Name, err)
		}
		li := []byte(strings.Repeat("<li>another file, another history</li>", 900))
		var big []byte // varied enough to fill a brotli writer's tables
		for i := range 40000 {
			big = fmt.Appendf(big, "<a href=%x>%d</a>", i*7919, i*i)
		}
		for _, other := range [][]byte{li, big, li[:12000], body[:9000]} {
			c.compress(other, false) // what a codec compressed before must not change what it writes next
		}
		c.compress(big, false)
		again, _ := c.compress(body, false)
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

// The catalog, which clients fetch whole, gets each coding's smallest output, and it decodes to the file.
func TestTheCatalogGetsTheSmallestVariants(t *testing.T) {
	if !bestCompressed[contract.CatalogFile] {
		t.Fatalf("%s is not compressed at the codings' best", contract.CatalogFile)
	}
	var body []byte // a catalog-like file with the varied text that separates the levels
	for i := range 3000 {
		body = fmt.Appendf(body, `{"id":"icon-%d","description":"icon %d for %x","sha256":"%x"},`, i, i*i, i*7919, i*i*i*104729)
	}
	decode := map[string]func(io.Reader) (io.Reader, error){
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	for _, c := range codecs {
		usual, _ := c.compress(body, false)
		best, err := c.compress(body, true)
		if err != nil {
			t.Fatal(c.Name, err)
		}
		r, err := decode[c.Name](bytes.NewReader(best))
		if err != nil {
			t.Fatal(c.Name, err)
		}
		if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, body) {
			t.Errorf("%s at its best: %d bytes decode to %d bytes (%v)", c.Name, len(best), len(got), err)
		}
		if len(best) >= len(usual) {
			t.Errorf("%s at its best: %d bytes, no smaller than the usual level's %d", c.Name, len(best), len(usual))
		}
		t.Logf("%s: %d bytes at its best, %d at the usual level", c.Name, len(best), len(usual))
	}
}
