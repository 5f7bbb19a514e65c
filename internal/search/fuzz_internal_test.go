package search

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"
)

type fixedEmbedder struct{}

func (fixedEmbedder) Embed(text string) []float32 { return []float32{float32(len(text)%3) - 1, 0.5} }
func (fixedEmbedder) Dim() int                    { return 2 }

// FuzzDecode feeds the index decoder any bytes behind a valid header and checksum, so the fuzzer reaches the
// decoding past the checksum: it must return an index that answers queries, or an error, never panic.
func FuzzDecode(f *testing.F) {
	var th Thesaurus
	th.Add("xy", "a b", 0.9)
	th.Add("x of y", "c", 0.9) // an idiom
	th.AddAntonyms("a", "c")
	for _, emb := range []Embedder{nil, fixedEmbedder{}} {
		ix, err := NewIndexWith([]Doc{{ID: "a-b", Name: "A B", Group: "g", Keywords: []string{"x y"}, Text: "some text", Prior: 0.5},
			{ID: "c"}}, emb, th)
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		ix.WriteTo(&buf)
		f.Add(buf.Bytes()[len(indexMagic) : buf.Len()-4])
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b := append(append([]byte(nil), indexMagic...), body...)
		b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
		ix, err := decode(b, fixedEmbedder{})
		if err != nil {
			return
		}
		for _, q := range []string{"a", "abc b", "xy", "x of y z"} {
			ix.Search(q, Options{})
			ix.Semantic(q, Options{})
		}
	})
}
