package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// buildLibrary builds the full library from content into out with `bin build`, for the edge to serve at
// baseURL. Its output goes to stderr, as progress.
func buildLibrary(ctx context.Context, bin, content, out, baseURL string) (note string, err error) {
	start := time.Now()
	cmd := exec.CommandContext(ctx, bin, "build", "--content", content, "--out", out, "--base-url", baseURL)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	ownChild(cmd)
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s build: %w", bin, err)
	}
	note = fmt.Sprintf("build: %s, %s of CPU", time.Since(start).Round(time.Millisecond),
		(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Millisecond))
	if peak, err := peakResident(cmd.ProcessState); err == nil {
		note += fmt.Sprintf(", peak RSS %d MB", peak>>20)
	}
	fmt.Fprintf(os.Stderr, "built the library into %s: %s\n", out, note)
	return note, nil
}

// readCatalog reads catalog.json of a built public/.
func readCatalog(public string) (*catalog.Catalog, error) {
	path := filepath.Join(public, filepath.FromSlash(contract.CatalogFile))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c catalog.Catalog
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(c.Icons) == 0 {
		return nil, fmt.Errorf("%s lists no icons", path)
	}
	return &c, nil
}

// readLabelled reads the "query" of every line of the labelled query files (JSON lines, as
// internal/search/testdata/eval.jsonl).
func readLabelled(paths []string) ([]string, error) {
	var queries []string
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if len(sc.Bytes()) == 0 {
				continue
			}
			var line struct {
				Query string `json:"query"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			queries = append(queries, line.Query)
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return queries, nil
}
