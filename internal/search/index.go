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
	"strings"
	"sync"
	"sync/atomic"

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
	docs        []Doc
	emb         Embedder
	lex         *lexicon
	th          Thesaurus
	synonyms    map[string][]synonym // by the stem of a query word or idiom (stemWords)
	idiomStarts map[string]bool      // the stems of the idioms' first words
	antonyms    map[string][]int32   // by the stem of a query word: the terms of its antonyms
	head        []int32              // per document: the term of the concept its id builds on, or -1 (see heads)
	families    []bool               // per term: whether it is such a concept
	phrases     phraseTable          // the phrases documents are labelled with, embedded (see phrases.go)
	// phraseBounds and docBounds hold the phrases' and the documents' vectors as int8, where the scan
	// bounds their cosines (bounds.go).
	phraseBounds, docBounds kernel.BoundTable
	labelled                [][]int32  // per term: the documents whose id, name or a keyword holds it
	prior                   []float32  // per document: how likely it is what someone means by a word it matches (see generic.go)
	maxPrior                float32    // the highest prior
	dim                     int        // 0: no semantic vectors
	vecs                    []float32  // len(docs) × dim, unit length, without the common direction
	common                  []float32  // the direction all document vectors share most (removed from them and from queries)
	names                   termSets   // per document: the term sets of its id and, when different, of its name
	idRoot                  []float32  // per document: √ of its id's number of terms (at least 1), which keyword coverage divides by
	tags                    termSets   // per document: the term set of each keyword
	taggedAlone             [][]tagRef // per term: the keywords of that term alone
	taggedIn                [][]int32  // per term: the keywords of two or more terms that hold it, in multiTags
	multiTags               multiTags  // the distinct keywords of two or more terms
	named                   [][]int32  // per term: the documents whose id or name holds it
	byID                    map[string]int
	exact                   map[string][]int32            // a document's id and name words, joined by spaces → the documents
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

// newIndex derives the word-matching structures from docs. An index without vectors drops emb; one with
// them gets its vectors from addVectors, or from an index file.
func newIndex(docs []Doc, emb Embedder, dim int, th Thesaurus) *Index {
	if dim == 0 {
		emb = nil
	}
	ix := &Index{docs: docs, emb: emb, th: th, prior: priors(docs), dim: dim, lex: newLexicon(docs),
		byID: make(map[string]int, len(docs)), exact: map[string][]int32{}, w: DefaultWeights(), pool: &sync.Pool{}}
	if len(ix.prior) > 0 {
		ix.maxPrior = slices.Max(ix.prior)
	}
	terms := len(ix.lex.postings)
	ix.taggedAlone, ix.taggedIn = make([][]tagRef, terms), make([][]int32, terms)
	ix.named, ix.labelled = make([][]int32, terms), make([][]int32, terms)
	ix.readings = make([]atomic.Pointer[wordReading], len(ix.lex.words))
	ix.synonyms = readSynonyms(th, ix.lex)
	ix.idiomStarts = idiomStarts(ix.synonyms)
	ix.antonyms = readAntonyms(th, ix.lex)
	ix.head = heads(docs, ix.lex)
	ix.pairs = newWordPairs(docs, ix.lex)
	ix.logos = newLogos(docs)
	ix.families = make([]bool, terms)
	for _, t := range ix.head {
		if t >= 0 {
			ix.families[t] = true
		}
	}
	ix.indexExactNames(docs)
	ix.indexTerms(docs)
	ix.idRoot = make([]float32, len(docs))
	for d := range docs {
		ix.idRoot[d] = float32(math.Sqrt(float64(max(ix.names.firstLen(int32(d)), 1))))
	}
	return ix
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

// indexExactNames maps each document's id and name, as words, to the documents named so.
func (ix *Index) indexExactNames(docs []Doc) {
	for i, d := range docs {
		ix.byID[d.ID] = i
		for _, key := range []string{strings.Join(wordvec.Tokenize(d.ID), " "), strings.Join(wordvec.Tokenize(d.Name), " ")} {
			if !slices.Contains(ix.exact[key], int32(i)) {
				ix.exact[key] = append(ix.exact[key], int32(i))
			}
		}
	}
}

// indexTerms builds each document's term sets of its names and keywords, and the term → document indexes
// (named, labelled) and term → keyword indexes (taggedAlone, taggedIn) over them.
func (ix *Index) indexTerms(docs []Doc) {
	names, tags := make([][][]int32, len(docs)), make([][][]int32, len(docs))
	multi := newMultiTagsBuilder()
	markers := groupMarkers(docs)
	for i, d := range docs {
		tags[i] = ix.indexKeywords(int32(i), d.Keywords, multi)
		names[i] = ix.nameSets(int32(i), d, markers[d.Group])
		for _, ts := range names[i] {
			for _, t := range ts {
				ix.named[t] = appendNew(ix.named[t], int32(i))
			}
		}
		for _, ts := range slices.Concat(names[i], tags[i]) {
			for _, t := range ts {
				ix.labelled[t] = appendNew(ix.labelled[t], int32(i))
			}
		}
	}
	ix.names, ix.tags = newTermSets(names), newTermSets(tags)
	ix.multiTags = multi.tags
}

// indexKeywords returns the term sets of document d's keywords, indexing each: a keyword of one term under
// taggedAlone, one of more terms in multi and under taggedIn for each of its terms.
func (ix *Index) indexKeywords(d int32, keywords []string, multi *multiTagsBuilder) [][]int32 {
	var tags [][]int32
	for _, k := range keywords {
		t := ix.lex.termSet(wordvec.Tokenize(k))
		if len(t) == 0 {
			continue
		}
		ref := newTagRef(d, len(tags))
		tags = append(tags, t)
		if len(t) == 1 {
			ix.taggedAlone[t[0]] = appendNew(ix.taggedAlone[t[0]], ref)
		} else if k, added := multi.add(t, ref); added {
			for _, term := range t {
				ix.taggedIn[term] = appendNew(ix.taggedIn[term], k)
			}
		}
	}
	return tags
}

// nameSets returns the term sets document d (at i) is named by: its id's, its name's when different, and, in a
// group that marks its kind (groupMarkers), the rest of its id when that holds a proper name, which also
// becomes an exact name of d unless another document is named so.
func (ix *Index) nameSets(i int32, d Doc, marked bool) [][]int32 {
	names := [][]int32{ix.lex.termSet(wordvec.Tokenize(d.ID))}
	if n := ix.lex.termSet(wordvec.Tokenize(d.Name)); len(n) > 0 && !slices.Equal(n, names[0]) {
		names = append(names, n)
	}
	if rest, ok := strings.CutPrefix(d.ID, d.Group+"-"); ok && marked && ix.th.hasProperName(rest) {
		words := wordvec.Tokenize(rest)
		names = append(names, ix.lex.termSet(words))
		if key := strings.Join(words, " "); len(ix.exact[key]) == 0 {
			ix.exact[key] = []int32{i}
		}
	}
	return names
}

// appendNew appends v to s unless s already ends with it (s is built in order, so a repeat is its last).
func appendNew[T comparable](s []T, v T) []T {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}

// groupMarkers returns the groups whose every document's id starts with the group's id ("brand-spotify",
// "mood-happy", "zodiac-aries"): there the group's word marks the kind of icon. When the rest of the id holds
// a proper name (Thesaurus.hasProperName), the rest alone names the icon: "spotify" is also an exact name of
// brand-spotify (unless another document is named so) and a name the query covers; "windy" stays the
// weather's word, and "cog" is no name of mood-cog.
func groupMarkers(docs []Doc) map[string]bool {
	count, prefixed := map[string]int{}, map[string]int{}
	for _, d := range docs {
		count[d.Group]++
		if d.Group != "" && strings.HasPrefix(d.ID, d.Group+"-") {
			prefixed[d.Group]++
		}
	}
	out := map[string]bool{}
	for g, n := range prefixed {
		if n >= 2 && n == count[g] {
			out[g] = true
		}
	}
	return out
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
