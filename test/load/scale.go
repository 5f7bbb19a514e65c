package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// scaledContent copies content into dir with every icon of the drawings' file (icons/tabler.jsonl) n
// times: the copies have the same drawing and words under ids suffixed -s2 … -sn, so the library is n
// times as large while its words stay real. It returns the copy's path.
func scaledContent(content, dir string, n int) (string, error) {
	out := filepath.Join(dir, fmt.Sprintf("content-x%d", n))
	drawings := filepath.Join("icons", "tabler.jsonl")
	err := filepath.WalkDir(content, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(content, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(out, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == drawings {
			if b, err = repeatIcons(b, n); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		return os.WriteFile(filepath.Join(out, rel), b, 0o644)
	})
	return out, err
}

// repeatIcons returns the JSON lines of icons in b, then n-1 copies of each with its id suffixed.
func repeatIcons(b []byte, n int) ([]byte, error) {
	var out bytes.Buffer
	out.Write(b)
	if len(b) > 0 && b[len(b)-1] != '\n' {
		out.WriteByte('\n')
	}
	for k := 2; k <= n; k++ {
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var icon map[string]any
			if err := json.Unmarshal(sc.Bytes(), &icon); err != nil {
				return nil, err
			}
			id, _ := icon["id"].(string)
			if id == "" {
				return nil, fmt.Errorf("an icon without an id")
			}
			icon["id"] = fmt.Sprintf("%s-s%d", id, k)
			line, err := json.Marshal(icon)
			if err != nil {
				return nil, err
			}
			out.Write(append(line, '\n'))
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out.Bytes(), nil
}
