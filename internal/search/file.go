package search

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// IndexFile is the name of the file that holds an index in its directory (public/search/<name>/index.bin).
//
// Its format, little-endian, varints as in encoding/binary:
//
//	magic    8 bytes "ISIDX\x00\x03\n" (format version 3)
//	count    uvarint number of documents
//	dim      uvarint dimensions of the document vectors; 0 when the index has none
//	docs     count × (ID, Name, Group, uvarint number of keywords, each keyword, Text, uint8 Prior × 255),
//	         every string as a uvarint length and that many bytes of UTF-8
//	synonyms uvarint number of words, each (word, uvarint count, count × (words, uint8 weight × 255)),
//	         words sorted
//	antonyms uvarint number of words, each (word, uvarint count, count × word), words sorted
//	padding  zeros to a multiple of 8 bytes from the file's start
//	words    the word-matching tables in their final form, as arrays of package flat (see putWords):
//	         the lexicon (terms, postings, surface words, typo deletes), pairs, term → document lists,
//	         term sets, exact names, antonyms, synonyms
//	vectors  when dim > 0, the vectors in their final form, as arrays of package flat (see putVectors):
//	         the documents' vectors, the common direction, the phrase table, the bound tables
//	crc      uint32 CRC-32 (IEEE) of every byte before it
//
// The build derives the tables; the edge ranks with them where they lie in the bytes it read, and derives
// only what is small (the id map, the logos: see Index.finish).
const IndexFile = "index.bin"

var indexMagic = []byte("ISIDX\x00\x03\n")

// ErrCorrupt is wrapped by the errors of opening a file that is not a whole, valid index.
var ErrCorrupt = errors.New("corrupt search index")

// WriteTo writes the index in the format of IndexFile. The bytes depend only on the documents and their
// vectors, so building twice gives the same file.
func (ix *Index) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.Write(indexMagic)
	buf.Write(binary.AppendUvarint(nil, uint64(len(ix.docs))))
	buf.Write(binary.AppendUvarint(nil, uint64(ix.dim)))
	str := func(s string) {
		buf.Write(binary.AppendUvarint(nil, uint64(len(s))))
		buf.WriteString(s)
	}
	for _, d := range ix.docs {
		str(d.ID)
		str(d.Name)
		str(d.Group)
		buf.Write(binary.AppendUvarint(nil, uint64(len(d.Keywords))))
		for _, k := range d.Keywords {
			str(k)
		}
		str(d.Text)
		buf.WriteByte(byte(math.Round(float64(d.Prior) * 255)))
	}
	th := ix.th
	buf.Write(binary.AppendUvarint(nil, uint64(len(th.Synonyms))))
	for _, w := range sortedKeys(th.Synonyms) {
		str(w)
		buf.Write(binary.AppendUvarint(nil, uint64(len(th.Synonyms[w]))))
		for _, s := range th.Synonyms[w] {
			str(s.Words)
			buf.WriteByte(byte(math.Round(float64(s.Weight) * 255)))
		}
	}
	buf.Write(binary.AppendUvarint(nil, uint64(len(th.Antonyms))))
	for _, w := range sortedKeys(th.Antonyms) {
		str(w)
		buf.Write(binary.AppendUvarint(nil, uint64(len(th.Antonyms[w]))))
		for _, a := range th.Antonyms[w] {
			str(a)
		}
	}
	buf.Write(make([]byte, -buf.Len()&7))
	var tables flat.Writer
	ix.putWords(&tables)
	if ix.dim > 0 {
		ix.putVectors(&tables)
	}
	buf.Write(tables.Bytes())
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	n, err := w.Write(buf.Bytes())
	return int64(n), err
}

// Open reads the index in dir (its IndexFile) and embeds queries with emb. An index with vectors needs an
// Embedder of the same dimensions; an index without them ignores emb.
func Open(dir string, emb Embedder) (*Index, error) {
	path := filepath.Join(dir, IndexFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ix, err := decode(b, emb)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ix, nil
}

// decode opens the index file b, whose strings and tables it uses where they lie: b must be aligned to 8
// bytes, as what os.ReadFile returns is, and not be changed after.
func decode(b []byte, emb Embedder) (*Index, error) {
	if len(b) < len(indexMagic)+4 || !bytes.Equal(b[:len(indexMagic)], indexMagic) {
		return nil, fmt.Errorf("%w: not a version 3 index", ErrCorrupt)
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	r := &reader{b: body[len(indexMagic):]}
	count, dim := r.uvarint(), r.uvarint()
	if count > uint64(len(body))/5 || dim > 4096 { // a document takes at least five bytes
		return nil, fmt.Errorf("%w: %d documents of %d dimensions", ErrCorrupt, count, dim)
	}
	docs, err := r.docs(count)
	if err != nil {
		return nil, err
	}
	th := r.thesaurus()
	if r.err != nil {
		return nil, fmt.Errorf("%w: documents or thesaurus cut short", ErrCorrupt)
	}
	if dim > 0 && (emb == nil || emb.Dim() != int(dim)) {
		return nil, fmt.Errorf("the index has %d-dimensional vectors and needs an embedder of as many", dim)
	}
	if err := checkIDs(docs); err != nil {
		return nil, err
	}
	ix := bareIndex(docs, emb, int(dim), th)
	tables := flat.NewReader(body[min(len(body), (len(body)-len(r.b)+7)&^7):])
	if err := ix.getWords(tables); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	ix.finish()
	if dim > 0 {
		if err := ix.getVectors(tables); err != nil {
			return nil, fmt.Errorf("%w: vectors: %v", ErrCorrupt, err)
		}
	}
	if tables.Len() != 0 {
		return nil, fmt.Errorf("%w: %d stray bytes at the end", ErrCorrupt, tables.Len())
	}
	return ix, nil
}

// docs reads count documents.
func (r *reader) docs(count uint64) ([]Doc, error) {
	docs := make([]Doc, count)
	for i := range docs {
		d := &docs[i]
		d.ID, d.Name, d.Group = r.str(), r.str(), r.str()
		nk := r.uvarint()
		if nk > uint64(len(r.b)) {
			return nil, fmt.Errorf("%w: document %d: %d keywords", ErrCorrupt, i, nk)
		}
		d.Keywords = make([]string, nk)
		for k := range d.Keywords {
			d.Keywords[k] = r.str()
		}
		d.Text = r.str()
		d.Prior = float32(r.byte()) / 255
	}
	return docs, nil
}

// thesaurus reads the synonyms, each with its weight, then the antonyms, as WriteTo wrote them from a
// Thesaurus: words tokenized, lists without repeats, antonyms both ways and sorted, so they are taken as
// they are.
func (r *reader) thesaurus() Thesaurus {
	th := Thesaurus{Synonyms: map[string][]Synonym{}, Antonyms: map[string][]string{}}
	for n := r.count(); n > 0 && r.err == nil; n-- {
		w := r.str()
		syns := make([]Synonym, r.count())
		for k := range syns {
			syns[k] = Synonym{Words: r.str(), Weight: float32(r.byte()) / 255}
		}
		th.Synonyms[w] = syns
	}
	for n := r.count(); n > 0 && r.err == nil; n-- {
		w := r.str()
		as := make([]string, r.count())
		for k := range as {
			as[k] = r.str()
		}
		th.Antonyms[w] = as
	}
	return th
}

// checkIDs refuses an empty or repeated document id.
func checkIDs(docs []Doc) error {
	seen := map[string]bool{}
	for _, d := range docs {
		if d.ID == "" || seen[d.ID] {
			return fmt.Errorf("%w: document id %q empty or repeated", ErrCorrupt, d.ID)
		}
		seen[d.ID] = true
	}
	return nil
}

// reader decodes the index format, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = io.ErrUnexpectedEOF
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// count reads a count of items, each at least one byte long, so a corrupt count cannot ask for more.
func (r *reader) count() uint64 {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err = io.ErrUnexpectedEOF
		r.b = nil
		return 0
	}
	return n
}

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.err = io.ErrUnexpectedEOF
		return 0
	}
	b := r.b[0]
	r.b = r.b[1:]
	return b
}

func (r *reader) str() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err = io.ErrUnexpectedEOF
		r.b = nil
		return ""
	}
	var s string
	if n > 0 { // a view of the file's bytes, which the index keeps (see decode)
		s = unsafe.String(&r.b[0], n)
	}
	r.b = r.b[n:]
	return s
}

// quantize stores each dim-long vector of vecs as a float32 scale and dim int8 components.
func quantize(vecs []float32, dim int) []byte {
	if dim == 0 {
		return nil
	}
	out := make([]byte, 0, len(vecs)/dim*(4+dim))
	for i := 0; i < len(vecs); i += dim {
		v := vecs[i : i+dim]
		var maxAbs float32
		for _, x := range v {
			maxAbs = max(maxAbs, float32(math.Abs(float64(x))))
		}
		scale := maxAbs / 127
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(scale))
		for _, x := range v {
			q := float32(0)
			if scale > 0 {
				q = float32(math.Round(float64(x / scale)))
			}
			out = append(out, byte(int8(max(-127, min(127, q)))))
		}
	}
	return out
}

// dequantize is the inverse of quantize, each vector scaled back to unit length.
func dequantize(b []byte, dim int) []float32 {
	if dim == 0 {
		return nil
	}
	n := len(b) / (4 + dim)
	vecs := make([]float32, n*dim)
	for i := range n {
		row := b[i*(4+dim):]
		scale := math.Float32frombits(binary.LittleEndian.Uint32(row))
		v := vecs[i*dim : (i+1)*dim]
		for k := range v {
			v[k] = scale * float32(int8(row[4+k]))
		}
		wordvec.Normalize(v)
	}
	return vecs
}

// LoadEmbedder maps the word vector table a build wrote into publicDir (contract.VectorsFile, a mapped
// table file: wordvec.Map) and returns an Embedder over it, or nil and no error when the build wrote none
// (content without vectors).
func LoadEmbedder(publicDir string) (Embedder, error) {
	t, err := wordvec.Map(filepath.Join(publicDir, filepath.FromSlash(contract.VectorsFile)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return wordvec.NewEmbedder(t), nil
}

// quantizePrior rounds a prior to what the index file stores of it (a byte), clipped to [0, 1].
func quantizePrior(p float32) float32 {
	return float32(math.Round(float64(max(0, min(p, 1)))*255)) / 255
}
