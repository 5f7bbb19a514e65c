package library

import (
	"bytes"
	"fmt"
	"os"
	"runtime"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/catalog"
)

// catalogFile is what the edge keeps of catalog.json: each icon's record as the bytes the build wrote,
// and the little it needs to decode at start.
type catalogFile struct {
	baseURL    string
	categories []catalog.Category
	records    [][]byte // slices of the file, in catalog order
	summaries  []IconHit
}

// readCatalog reads catalog.json in one pass without decoding the records: each is kept as it is, and only
// what lists and lookups need of it (its summary) is decoded, on every core. encoding/json took four times
// as long on the full library's 28 MB.
func readCatalog(path string) (catalogFile, error) {
	var c catalogFile
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return c, fmt.Errorf("want a JSON object (%v)", err)
	}
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return c, err
		}
		name := tok.String() // before the next read voids tok
		switch name {
		case "base_url":
			err = json.UnmarshalDecode(dec, &c.baseURL)
		case "categories":
			err = json.UnmarshalDecode(dec, &c.categories)
		case "icons":
			c.records, err = readRecords(dec, b)
		default:
			err = dec.SkipValue()
		}
		if err != nil {
			return c, fmt.Errorf("%s: %w", name, err)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return c, err
	}
	if c.baseURL == "" {
		return c, fmt.Errorf("no base_url")
	}
	c.summaries, err = summarize(c.records)
	return c, err
}

// readRecords reads an array of records from dec, which reads b, and returns each as its slice of b.
func readRecords(dec *jsontext.Decoder, b []byte) ([][]byte, error) {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return nil, fmt.Errorf("want an array (%v)", err)
	}
	var records [][]byte
	for dec.PeekKind() == '{' {
		v, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		end := dec.InputOffset()
		records = append(records, b[end-int64(len(v)):end:end])
	}
	_, err := dec.ReadToken() // ]
	return records, err
}

// summarize decodes what a result list shows of each record, in parallel.
func summarize(records [][]byte) ([]IconHit, error) {
	out := make([]IconHit, len(records))
	workers := runtime.GOMAXPROCS(0)
	var g errgroup.Group
	for w := range workers {
		g.Go(func() error {
			for i := w; i < len(records); i += workers {
				if err := json.Unmarshal(records[i], &out[i]); err != nil {
					return fmt.Errorf("icon %d: %w", i, err)
				}
				if out[i].ID == "" {
					return fmt.Errorf("icon %d has no id", i)
				}
			}
			return nil
		})
	}
	return out, g.Wait()
}
