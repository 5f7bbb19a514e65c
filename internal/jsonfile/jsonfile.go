// Package jsonfile reads and renders the JSON documents the build writes and the edge serves, the same way
// on both sides: errors name the file, and documents are indented with <, > and & left as they are.
package jsonfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// Read decodes the JSON file at path into v; a decoding error names the file.
func Read(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Indent renders v as a document: indented by two spaces, ending in a newline, without HTML escaping.
func Indent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return buf.Bytes(), err
}
