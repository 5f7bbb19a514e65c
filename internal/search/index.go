// Package search finds documents (icons, guide sections) by their name, a typo of it, or the meaning of a
// plain-language query. The build makes an Index from the documents with NewIndex and writes it into
// public/ with WriteTo; the edge opens it with Open and ranks queries with Search (word matching fused with
// semantic similarity) or Semantic (semantic similarity alone).
//
// Word matching is field-weighted BM25 (BM25F) over stemmed words: id and name words count most, then
// keywords, then the group, then the free text. A query word the index lacks is matched as the unfinished
// prefix of a word (the last query word only), as two words run together ("shoppingbag"), or as a typo
// within Damerau–Levenshtein distance 2 of an index word, unless it is a real English word that means
// something else (the Embedder tells).
//
// Semantic similarity is the cosine between the query's and each document's embedding, after removing the
// direction all document embeddings share most (as SIF embeddings do); document embeddings are computed
// when the index is built and stored in it.
//
// The fused score weighs word matching, how well the query and a document's name (or one of its keywords)
// cover each other, so base icons beat their variants, and semantic similarity; a document whose name is
// exactly the query ranks above all others.
package search

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/search/kernel"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Doc is one searchable document.
type Doc struct {
	ID       string   // unique; its words ("arrow-left") count as name words
	Name     string   // display name
	Group    string   // group id (an icon's category id), for Options.Group; its words are matched too
	Keywords []string // tags
	Text     string   // free text, such as a description
	Prior    float32  // how often people want the document, in [0, 1], from outside knowledge (a curated list of popular icons)
}

// Embedder turns text into a vector; texts of similar meaning get vectors of high cosine similarity. It
// returns nil when it knows no word of the text. wordvec.Embedder is the default; a transformer model can
// stand in for it. The typo path also asks it about single query words: a word it knows is a real word, only
// read as a typo or as two words run together when the reading's embedding is close to the word's.
type Embedder interface {
	Embed(text string) []float32
	Dim() int
}

// rowEmbedder is an Embedder (wordvec's) that embeds a text from the rows of its table that the text's
// words are: a query keeps the rows of each word it reads, so a vocabulary word's are looked up once, not
// in the table's large map every query.
type rowEmbedder interface {
	// AppendRows appends the rows of text's words that Embed adds up to rows.
	AppendRows(rows []int32, text string) []int32
	// EmbedRows is Embed of the words rows are, written into dst when it has room.
	EmbedRows(dst []float32, rows []int32) []float32
}

// Options narrow a search.
type Options struct {
	Group string // only documents of this group; "" for all
	Limit int    // at most this many hits; DefaultLimit when ≤ 0
}

// DefaultLimit is the number of hits when Options.Limit is not set.
const DefaultLimit = 20

// limit is the number of hits o asks for.
func (o Options) limit() int {
	if o.Limit <= 0 {
		return DefaultLimit
	}
	return o.Limit
}

// Hit is one result. Score is in [0, 1], higher is better; it orders the hits of one query and means nothing
// across queries.
type Hit struct {
	ID    string
	Score float64
	Doc   int // the document's position in the index: Index.ID(Doc) is ID
}

// Errors of queries; the edge answers ErrEmptyQuery with 400 and ErrNoVectors with 503.
var (
	ErrEmptyQuery = errors.New("the query has no words to search for")
	ErrNoVectors  = errors.New("the index holds no semantic vectors")
)

// Index ranks documents for queries. It is read-only and safe for concurrent use.
type Index struct {
	docs     []Doc
	emb      Embedder
	lex      *lexicon
	th       Thesaurus
	synonyms synonymTable // by the stem of a query word or idiom (stemWords)
	antonyms wordLists    // by the stem of a query word: the terms of its antonyms
	head     []int32      // per document: the term of the concept its id builds on, or -1 (see heads)
	families []bool       // per term: whether it is such a concept
	phrases  phraseTable  // the phrases documents are labelled with, embedded (see phrases.go)
	// phraseBounds and docBounds hold the phrases' and the documents' vectors as int8, where the scan
	// bounds their cosines (bounds.go).
	phraseBounds, docBounds kernel.BoundTable
	labelled                flat.Lists[int32]  // per term: the documents whose id, name or a keyword holds it
	prior                   []float32          // per document: how likely it is what someone means by a word it matches (see generic.go)
	maxPrior                float32            // the highest prior
	dim                     int                // 0: no semantic vectors
	vecs                    []float32          // len(docs) × dim, unit length, without the common direction
	common                  []float32          // the direction all document vectors share most (removed from them and from queries)
	names                   termSets           // per document: the term sets of its id and, when different, of its name
	idRoot                  []float32          // per document: √ of its id's number of terms (at least 1), which keyword coverage divides by
	tags                    termSets           // per document: the term set of each keyword
	taggedAlone             flat.Lists[tagRef] // per term: the keywords of that term alone
	taggedIn                flat.Lists[int32]  // per term: the keywords of two or more terms that hold it, in multiTags
	multiTags               multiTags          // the distinct keywords of two or more terms
	named                   flat.Lists[int32]  // per term: the documents whose id or name holds it
	byID                    map[string]int
	exact                   wordLists                     // a document's id and name words, joined by spaces → the documents
	pairs                   wordPairs                     // the neighbouring words of ids, names and keywords (context.go)
	logos                   logos                         // the brands' logos and the words that name them (logos.go)
	readings                []atomic.Pointer[wordReading] // per vocabulary word: its reading, once a query has read it
	pool                    *sync.Pool                    // of *scratch, per-query arrays
	w                       Weights                       // what it ranks with
}

// semWeight weighs each field's embedding in a document's embedding.
var semWeight = [numFields]float32{1, 0.5, 0.1, 1.2}

// NewIndex indexes docs, embedding each with emb. With a nil emb the index matches words only.
func NewIndex(docs []Doc, emb Embedder) (*Index, error) {
	return NewIndexWith(docs, emb, Thesaurus{})
}

// NewIndexWith indexes docs, embedding each with emb, and reads queries with the help of th.
func NewIndexWith(docs []Doc, emb Embedder, th Thesaurus) (*Index, error) {
	docs = slices.Clone(docs)
	for i := range docs { // as the index file stores it, so an index ranks the same before and after writing
		docs[i].Prior = quantizePrior(docs[i].Prior)
	}
	seen := map[string]bool{}
	for _, d := range docs {
		if d.ID == "" || seen[d.ID] {
			return nil, fmt.Errorf("document id %q: empty or not unique", d.ID)
		}
		seen[d.ID] = true
	}
	dim := 0
	var vecs []float32
	if emb != nil {
		dim = emb.Dim()
		vecs = embedDocs(docs, emb, dim)
	}
	ix := newIndex(docs, emb, dim, th)
	if dim > 0 {
		ix.addVectors(docs, emb, vecs)
	}
	return ix, nil
}

// embedDocs returns the unit vector of each document, one after another, each rounded to int8 components
// at a scale of its own and back (as index files stored them until they held the final vectors: the
// weights were tuned on these).
func embedDocs(docs []Doc, emb Embedder, dim int) []float32 {
	vecs := make([]float32, len(docs)*dim)
	for i, d := range docs {
		v := vecs[i*dim : (i+1)*dim]
		for f, text := range fieldTexts(d) {
			if e := emb.Embed(text); len(e) == dim {
				for k := range v {
					v[k] += semWeight[f] * e[k]
				}
			}
		}
		wordvec.Normalize(v)
	}
	return dequantize(quantize(vecs, dim), dim)
}

// fieldTexts is the text of each field, to embed.
func fieldTexts(d Doc) [numFields]string {
	var t [numFields]string
	for f, ws := range fields(d) {
		t[f] = joinWords(ws)
	}
	return t
}

func joinWords(ws []string) string {
	n := 0
	for _, w := range ws {
		n += len(w) + 1
	}
	b := make([]byte, 0, n)
	for _, w := range ws {
		b = append(append(b, w...), ' ')
	}
	return string(b)
}

// newIndex derives the word-matching structures from docs, as the build does (derive.go; an index file
// holds them as they are, see wordfile.go). An index without vectors drops emb; one with them gets its
// vectors from addVectors, or from an index file.
func newIndex(docs []Doc, emb Embedder, dim int, th Thesaurus) *Index {
	ix := bareIndex(docs, emb, dim, th)
	ix.lex = newLexicon(docs)
	ix.prior = priors(docs)
	ix.antonyms = newWordLists(readAntonyms(th, ix.lex))
	ix.synonyms = newSynonymTable(readSynonyms(th, ix.lex))
	ix.head = heads(docs, ix.lex)
	ix.pairs = newWordPairs(docs, ix.lex)
	ix.indexTerms(docs)
	ix.idRoot = make([]float32, len(docs))
	for d := range docs {
		ix.idRoot[d] = float32(math.Sqrt(float64(max(ix.names.firstLen(int32(d)), 1))))
	}
	ix.finish()
	return ix
}

// bareIndex is an index of docs without its tables.
func bareIndex(docs []Doc, emb Embedder, dim int, th Thesaurus) *Index {
	if dim == 0 {
		emb = nil
	}
	return &Index{docs: docs, emb: emb, th: th, dim: dim, w: DefaultWeights(), pool: &sync.Pool{}}
}

// finish derives, from the documents and the tables, what the index computes however it was made: small
// tables.
func (ix *Index) finish() {
	if len(ix.prior) > 0 {
		ix.maxPrior = slices.Max(ix.prior)
	}
	ix.byID = make(map[string]int, len(ix.docs))
	for i, d := range ix.docs {
		ix.byID[d.ID] = i
	}
	ix.readings = make([]atomic.Pointer[wordReading], len(ix.lex.words))
	ix.logos = newLogos(ix.docs)
	ix.families = make([]bool, ix.lex.postings.Len())
	for _, t := range ix.head {
		if t >= 0 {
			ix.families[t] = true
		}
	}
}

// addVectors takes the common direction out of the documents' vectors (embedDocs) and builds the phrase
// table and, for the bounded scan, the int8 bound tables: what an index file holds of the vectors.
func (ix *Index) addVectors(docs []Doc, emb Embedder, vecs []float32) {
	dim := ix.dim
	ix.vecs, ix.common = vecs, commonDirection(vecs, dim)
	for i := 0; i < len(ix.vecs); i += dim {
		removeDirection(ix.vecs[i:i+dim], ix.common)
	}
	ix.phrases = newPhraseTable(docs, emb, dim, ix.common)
	ix.phraseBounds = kernel.NewBoundTable(ix.phrases.vecs, dim)
	ix.docBounds = kernel.NewBoundTable(ix.vecs, dim)
}

// Len is the number of documents.
func (ix *Index) Len() int { return len(ix.docs) }

// ID is the id of the document at position doc (0 ≤ doc < Len()).
func (ix *Index) ID(doc int) string { return ix.docs[doc].ID }

// Doc returns the document with id, and whether there is one.
func (ix *Index) Doc(id string) (Doc, bool) {
	i, ok := ix.byID[id]
	if !ok {
		return Doc{}, false
	}
	return ix.docs[i], true
}
