package library

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// catalogFile is what the edge learns of catalog.json at start: where each icon's record lies in the file,
// and the little of each it decodes. The records themselves stay on disk (in the page cache), read when an
// answer carries them: 28 MB the edge does not hold.
type catalogFile struct {
	file       *os.File // open for the edge's life: the snapshot's catalog, even after public/ moves on
	baseURL    string
	base       contract.BaseURL // baseURL, parsed
	categories []catalog.Category
	spans      []span // each record's bytes in the file, in catalog order
	summaries  []IconHit
}

// span is where a record lies in catalog.json.
type span struct {
	off int64
	n   int
}

// readCatalog reads catalog.json in one pass without decoding the records: it notes where each lies, and
// decodes only what lists and lookups need of it (its summary), on every core. encoding/json took four
// times as long on the full library's 28 MB.
func readCatalog(path string) (c catalogFile, err error) {
	if c.file, err = os.Open(path); err != nil {
		return c, err
	}
	defer func() {
		if err != nil {
			c.file.Close()
		}
	}()
	b, err := io.ReadAll(c.file)
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
			if c.spans, err = readSpans(dec); err == nil {
				c.summaries, err = summarize(b, c.spans)
			}
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
	if c.base, err = contract.ParseBaseURL(c.baseURL); err != nil {
		return c, fmt.Errorf("base_url: %w", err)
	}
	return c, nil
}

// readSpans reads an array of records from dec and returns where each lies in its input.
func readSpans(dec *jsontext.Decoder) ([]span, error) {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return nil, fmt.Errorf("want an array (%v)", err)
	}
	var spans []span
	for dec.PeekKind() == '{' {
		v, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		spans = append(spans, span{off: dec.InputOffset() - int64(len(v)), n: len(v)})
	}
	_, err := dec.ReadToken() // ]
	return spans, err
}

// summarize decodes what a result list shows of each record of b, in parallel.
func summarize(b []byte, spans []span) ([]IconHit, error) {
	out := make([]IconHit, len(spans))
	workers := runtime.GOMAXPROCS(0)
	var g errgroup.Group
	for w := range workers {
		g.Go(func() error {
			for i := w; i < len(spans); i += workers {
				if err := json.Unmarshal(b[spans[i].off:spans[i].off+int64(spans[i].n)], &out[i]); err != nil {
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
