package search

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/stringindex"
)

// wordLists maps words, or words joined by spaces, to lists of numbers (documents, terms), in the form an
// index file holds: the keys in a string index, each key's list by its number.
type wordLists struct {
	keys  *stringindex.Index
	lists flat.Lists[int32]
}

// newWordLists holds m, its keys in sorted order (so the bytes depend only on m).
func newWordLists(m map[string][]int32) wordLists {
	keys := slices.Sorted(maps.Keys(m))
	wl := wordLists{keys: stringindex.New(len(keys), 0)}
	lists := make([][]int32, len(keys))
	for i, k := range keys {
		wl.keys.Add(k)
		lists[i] = m[k]
	}
	wl.lists = flat.ListsOf(lists)
	return wl
}

// of is key's list, nil for a key it lacks.
func (wl wordLists) of(key string) []int32 {
	k, ok := wl.keys.Find(key)
	if !ok {
		return nil
	}
	return wl.lists.At(int(k))
}

func (wl wordLists) put(w *flat.Writer) {
	wl.keys.Put(w)
	flat.PutLists(w, wl.lists)
}

// getWordLists reads what put wrote: a list for every key, each value in [0, n).
func getWordLists(r *flat.Reader, n int) (wordLists, error) {
	keys, err := stringindex.Get(r)
	if err != nil {
		return wordLists{}, err
	}
	wl := wordLists{keys: keys, lists: flat.GetLists[int32](r)}
	if err := r.Err(); err != nil {
		return wordLists{}, err
	}
	if wl.lists.Len() != keys.Len() || !within(wl.lists.Values(), n) {
		return wordLists{}, errors.New("word lists out of place")
	}
	return wl, nil
}

// putWords appends the word side of the index in its final form (see IndexFile): the lexicon, then the
// tables of the documents' words.
func (ix *Index) putWords(w *flat.Writer) {
	lx := ix.lex
	lx.terms.Put(w)
	flat.PutLists(w, lx.postings)
	flat.Put(w, lx.idf)
	lx.vocab.Put(w)
	flat.Put(w, lx.wordTerm)
	lx.deletes.keys.Put(w)
	flat.PutLists(w, lx.deletes.words)
	flat.PutLists(w, lx.byLen)
	flat.Put(w, lx.masks)
	flat.Put(w, lx.usual)
	flat.Put(w, ix.prior)
	flat.Put(w, ix.head)
	flat.Put(w, ix.idRoot)
	flat.PutLists(w, ix.pairs.next)
	flat.PutLists(w, ix.pairs.prev)
	flat.Put(w, ix.pairs.initial)
	flat.PutLists(w, ix.named)
	flat.PutLists(w, ix.labelled)
	flat.PutLists(w, ix.taggedAlone)
	flat.PutLists(w, ix.taggedIn)
	for _, ts := range []termSets{ix.names, ix.tags} {
		flat.Put(w, ts.terms)
		flat.Put(w, ts.bounds)
		flat.Put(w, ts.first)
	}
	flat.Put(w, ix.multiTags.terms)
	flat.Put(w, ix.multiTags.bounds)
	flat.PutLists(w, ix.multiTags.refs)
	ix.exact.put(w)
	ix.antonyms.put(w)
	ix.synonyms.put(w)
}

// getWords reads what putWords wrote, as slices over the file's bytes, checking every length and every
// position the ranking indexes with.
func (ix *Index) getWords(r *flat.Reader) error {
	var err error
	if ix.lex, err = getLexicon(r, len(ix.docs)); err != nil {
		return fmt.Errorf("lexicon: %w", err)
	}
	if err := ix.getTermTables(r); err != nil {
		return fmt.Errorf("term tables: %w", err)
	}
	return nil
}

// getLexicon reads the lexicon of an index of docs documents.
func getLexicon(r *flat.Reader, docs int) (*lexicon, error) {
	lx := &lexicon{}
	var err error
	if lx.terms, err = stringindex.Get(r); err != nil {
		return nil, err
	}
	lx.postings, lx.idf = flat.GetLists[posting](r), flat.Get[float32](r)
	if lx.vocab, err = stringindex.Get(r); err != nil {
		return nil, err
	}
	lx.wordTerm = flat.Get[int32](r)
	if lx.deletes.keys, err = stringindex.Get(r); err != nil {
		return nil, err
	}
	lx.deletes.words, lx.byLen = flat.GetLists[int32](r), flat.GetLists[int32](r)
	lx.masks, lx.usual = flat.Get[uint32](r), flat.Get[int32](r)
	if err := r.Err(); err != nil {
		return nil, err
	}
	terms, words := lx.terms.Len(), lx.vocab.Len()
	switch {
	case lx.postings.Len() != terms || len(lx.idf) != terms || !withinBy(lx.postings.Values(), docs, func(p posting) int32 { return p.doc }):
		return nil, errors.New("postings out of place")
	case len(lx.wordTerm) != words || !within(lx.wordTerm, terms) || len(lx.masks) != words || len(lx.usual) != terms || !within(lx.usual, words):
		return nil, errors.New("words out of place")
	case lx.deletes.words.Len() != lx.deletes.keys.Len() || !within(lx.deletes.words.Values(), words):
		return nil, errors.New("deletes out of place")
	case lx.byLen.Len() != maxWordLen+2 || !within(lx.byLen.Values(), words):
		return nil, errors.New("words by length out of place")
	}
	lx.words = lx.vocab.Views()
	return lx, nil
}

// getTermTables reads the tables of the documents' words, after the lexicon.
func (ix *Index) getTermTables(r *flat.Reader) error {
	ix.prior, ix.head, ix.idRoot = flat.Get[float32](r), flat.Get[int32](r), flat.Get[float32](r)
	ix.pairs = wordPairs{next: flat.GetLists[int32](r), prev: flat.GetLists[int32](r), initial: flat.Get[int32](r)}
	ix.named, ix.labelled = flat.GetLists[int32](r), flat.GetLists[int32](r)
	ix.taggedAlone, ix.taggedIn = flat.GetLists[tagRef](r), flat.GetLists[int32](r)
	for _, ts := range []*termSets{&ix.names, &ix.tags} {
		ts.terms, ts.bounds, ts.first = flat.Get[int32](r), flat.Get[int32](r), flat.Get[int32](r)
	}
	mt := &ix.multiTags
	mt.terms, mt.bounds, mt.refs = flat.Get[int32](r), flat.Get[int32](r), flat.GetLists[tagRef](r)
	if err := r.Err(); err != nil {
		return err
	}
	if err := ix.checkTermTables(); err != nil {
		return err
	}
	var err error
	if ix.exact, err = getWordLists(r, len(ix.docs)); err != nil {
		return fmt.Errorf("exact names: %w", err)
	}
	if ix.antonyms, err = getWordLists(r, ix.lex.postings.Len()); err != nil {
		return fmt.Errorf("antonyms: %w", err)
	}
	if ix.synonyms, err = getSynonymTable(r, ix.lex.postings.Len()); err != nil {
		return fmt.Errorf("synonyms: %w", err)
	}
	return nil
}

// checkTermTables reports a table of the documents' words that would send a query out of its arrays.
func (ix *Index) checkTermTables() error {
	docs, terms, words := len(ix.docs), ix.lex.postings.Len(), len(ix.lex.words)
	multi := len(ix.multiTags.bounds) - 1
	self := func(v int32) int32 { return v }
	tagDoc := func(r tagRef) int32 { return r.doc() }
	for _, c := range []struct {
		fits bool
		what string
	}{
		{len(ix.prior) == docs && len(ix.idRoot) == docs && len(ix.head) == docs &&
			withinBy(ix.head, terms+1, func(t int32) int32 { return t + 1 }), "per-document tables of the wrong length"},
		{listsFit(ix.pairs.next, words, words, self) && listsFit(ix.pairs.prev, words, words, self) &&
			cuts(ix.pairs.initial, 256, words), "word pairs out of place"},
		{listsFit(ix.named, terms, docs, self) && listsFit(ix.labelled, terms, docs, self), "documents by term out of place"},
		{multi >= 0 && cuts(ix.multiTags.bounds, multi, len(ix.multiTags.terms)) && within(ix.multiTags.terms, terms) &&
			listsFit(ix.multiTags.refs, multi, docs, tagDoc), "keywords of several terms out of place"},
		{listsFit(ix.taggedAlone, terms, docs, tagDoc) && listsFit(ix.taggedIn, terms, max(multi, 0), self), "keywords by term out of place"},
		{ix.names.fits(docs, terms) && ix.tags.fits(docs, terms), "term sets out of place"},
	} {
		if !c.fits {
			return errors.New(c.what)
		}
	}
	return nil
}

// listsFit reports whether l holds n lists of values whose key is in [0, limit).
func listsFit[T any](l flat.Lists[T], n, limit int, key func(T) int32) bool {
	return l.Len() == n && withinBy(l.Values(), limit, key)
}

// fits reports whether ts holds sets of terms < terms for docs documents, in order.
func (ts *termSets) fits(docs, terms int) bool {
	sets := len(ts.bounds) - 1
	return sets >= 0 && cuts(ts.bounds, sets, len(ts.terms)) && within(ts.terms, terms) && cuts(ts.first, docs, sets)
}

// withinBy reports whether the number key gives of every value of s is in [0, n).
func withinBy[T any](s []T, n int, key func(T) int32) bool {
	for _, v := range s {
		if k := key(v); k < 0 || int(k) >= n {
			return false
		}
	}
	return true
}
