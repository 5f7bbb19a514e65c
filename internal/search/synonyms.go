package search

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/stringindex"
)

// synonymTable holds the thesaurus's synonyms read against the lexicon (readSynonyms), by the stem of a
// query word or idiom (stemWords), in the form an index file holds them: a record per synonym (its
// words and the table's word or idiom as numbers in strs, its weight), the records of each key in order,
// and each record's alternatives. Opening a file turns the records into the synonyms the ranking reads
// (one pass, strings and alternatives used where they lie), and finds the idioms' first words.
type synonymTable struct {
	keys        *stringindex.Index
	recs        flat.Lists[synonymRecord] // per key
	alts        flat.Lists[alt]           // per record, in the order of recs' values
	strs        *stringindex.Index        // the synonyms' words and the table's words and idioms
	syns        []synonym                 // per record
	idiomStarts map[string]bool           // the stems of the idioms' first words
}

// synonymRecord is a synonym as an index file holds it.
type synonymRecord struct {
	words, key int32 // in strs
	weight     float32
}

// newSynonymTable holds m, its keys in sorted order (so the bytes depend only on m).
func newSynonymTable(m map[string][]synonym) synonymTable {
	st := synonymTable{keys: stringindex.New(len(m), 0), strs: stringindex.New(0, 0)}
	var recs [][]synonymRecord
	var alts [][]alt
	for _, k := range slices.Sorted(maps.Keys(m)) {
		st.keys.Add(k)
		var rs []synonymRecord
		for _, s := range m[k] {
			words, _ := st.strs.Add(s.Words)
			key, _ := st.strs.Add(s.key)
			rs = append(rs, synonymRecord{words, key, s.Weight})
			alts = append(alts, s.alts)
		}
		recs = append(recs, rs)
	}
	st.recs, st.alts = flat.ListsOf(recs), flat.ListsOf(alts)
	st.read()
	return st
}

// read makes the synonyms of the records and finds the idioms' first words.
func (st *synonymTable) read() {
	strs := st.strs.Views()
	st.syns = make([]synonym, len(st.recs.Values()))
	for i, r := range st.recs.Values() {
		st.syns[i] = synonym{Synonym{strs[r.words], r.weight}, st.alts.At(i), strs[r.key]}
	}
	st.idiomStarts = map[string]bool{}
	for _, k := range st.keys.Views() {
		if first, _, idiom := strings.Cut(k, " "); idiom {
			st.idiomStarts[first] = true
		}
	}
}

// of is the synonyms of key (a stem, or stems joined by spaces), which the caller must not change.
func (st *synonymTable) of(key string) []synonym {
	k, ok := st.keys.Find(key)
	if !ok {
		return nil
	}
	lo, hi := st.recs.Bounds(int(k))
	return st.syns[lo:hi:hi]
}

// has reports whether key has synonyms.
func (st *synonymTable) has(key string) bool {
	_, ok := st.keys.Find(key)
	return ok
}

func (st *synonymTable) put(w *flat.Writer) {
	st.keys.Put(w)
	flat.PutLists(w, st.recs)
	flat.PutLists(w, st.alts)
	st.strs.Put(w)
}

// getSynonymTable reads what put wrote, each alternative's term below terms.
func getSynonymTable(r *flat.Reader, terms int) (synonymTable, error) {
	var st synonymTable
	var err error
	if st.keys, err = stringindex.Get(r); err != nil {
		return st, err
	}
	st.recs, st.alts = flat.GetLists[synonymRecord](r), flat.GetLists[alt](r)
	if st.strs, err = stringindex.Get(r); err != nil {
		return st, err
	}
	n, strs := len(st.recs.Values()), st.strs.Len()
	if st.recs.Len() != st.keys.Len() || st.alts.Len() != n ||
		!withinBy(st.recs.Values(), strs, func(r synonymRecord) int32 { return r.words }) ||
		!withinBy(st.recs.Values(), strs, func(r synonymRecord) int32 { return r.key }) ||
		!withinBy(st.alts.Values(), terms, func(a alt) int32 { return a.term }) {
		return st, errors.New("synonyms out of place")
	}
	st.read()
	return st, nil
}
