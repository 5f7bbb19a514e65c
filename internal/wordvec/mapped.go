package wordvec

import (
	"bytes"
	"fmt"
	"io"
	"runtime"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/stringindex"
)

// A mapped table file is the table in the form the edge uses where it lies (format version 2): the magic
// "IWVEC\x00\x02\n", then, as arrays of package flat, the dimensions, the words' string index (their rows
// are their numbers), the ranks, the scales and the int8 components. The build writes it into public/;
// the table file of the package doc stays the compact form content/ keeps. It has no checksum: checking
// one would read all 11 MB, where a query reads the rows of its few words. Map checks the magic and
// every length.
var mappedMagic = []byte("IWVEC\x00\x02\n")

// WriteMappable writes the table as a mapped table file.
func (t *Table) WriteMappable(w io.Writer) (int64, error) {
	var f flat.Writer
	flat.PutUint(&f, uint64(t.dim))
	t.words.Put(&f)
	flat.Put(&f, t.ranks)
	flat.Put(&f, t.scales)
	flat.Put(&f, t.data)
	n, err := w.Write(append(bytes.Clone(mappedMagic), f.Bytes()...))
	return int64(n), err
}

// Map opens a mapped table file read-only (WriteMappable): the table's words and vectors are used where
// they lie in the page cache, so only the pages of the rows queries embed become resident memory, and
// opening it reads nothing but the words' index. The mapping ends once the table is garbage.
func Map(path string) (*Table, error) {
	b, unmap, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	t, err := mapped(b)
	if err != nil {
		unmap()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	runtime.AddCleanup(t, func(unmap func()) { unmap() }, unmap)
	return t, nil
}

// mapped is the table whose mapped table file is b, over b itself.
func mapped(b []byte) (*Table, error) {
	if len(b) < len(mappedMagic) || !bytes.Equal(b[:len(mappedMagic)], mappedMagic) {
		return nil, fmt.Errorf("%w: not a version 2 (mapped) table", ErrCorrupt)
	}
	r := flat.NewReader(b[len(mappedMagic):])
	t := &Table{dim: int(flat.Uint(r))}
	words, err := stringindex.Get(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	t.words, t.ranks, t.scales, t.data = words, flat.Get[uint32](r), flat.Get[float32](r), flat.Get[int8](r)
	n := words.Len()
	switch {
	case r.Err() != nil:
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, r.Err())
	case t.dim <= 0 || t.dim > 4096 || len(t.ranks) != n || len(t.scales) != n || len(t.data) != n*t.dim:
		return nil, fmt.Errorf("%w: %d words of %d dimensions with %d ranks, %d scales and %d components",
			ErrCorrupt, n, t.dim, len(t.ranks), len(t.scales), len(t.data))
	case r.Len() != 0:
		return nil, fmt.Errorf("%w: %d stray bytes at the end", ErrCorrupt, r.Len())
	}
	return t, nil
}
