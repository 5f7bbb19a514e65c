package search

import "github.com/iconlib/iconlib/internal/search/kernel"

// scratch holds one query's per-document arrays; queries take them from Index.pool and give them back, so a
// query makes little garbage.
type scratch struct {
	lex, name, best, sem, scores []float32
	closest                      []float32 // per document, for blend, and the bounded scan's bounds
	wordBest                     []float32 // per document, for late, and the bounded scan's loose bounds
	sims                         []float32 // per document, for exactScores
	dots                         []float32 // per phrase, for cachePhrases
	phrase                       []float32 // per phrase of the phrase table; notComputed between queries
	phrased                      []int32
	phraseAll                    []float32 // per phrase, for blend
	queryBytes                   []uint8   // the query vector as the bound table reads it
	queryVector                  []float32 // the query vector, of len dim
	exact, seen, opposite        []bool
	opposites                    []int32   // the documents opposite marks
	namedLogo                    []bool    // per document: a logo the query names
	namedLogos                   []int32   // the documents namedLogo marks
	tagged                       []tagSets // per document, its keywords of 2+ terms whose every term the query matches
	alone                        []uint64  // per document, its one-term keywords as term rows
	named                        []bool
	touched                      []int32
	cands                        []int32 // the documents the bounded scan bounds one by one
	phraseRows                   []int32 // the phrases whose bounds boundPhrasesOf gathered
	phraseBounded                []bool  // per phrase: in phraseRows
	rows                         []int32 // bestOf's heap
	phraseRuns, docRuns          runMaxima
	runs                         []float32 // the maxima of phraseRuns and docRuns
	slotDocs                     []int32
	exactTerm                    []bool  // by term id: a query word is the term itself
	exactTerms                   []int32 // the terms exactTerm marks
	terms                        *termTable
	heap                         []float32
	query                        query    // parse's lists, kept between queries
	meant                        []string // parse's words of meaning
	alts                         []alt    // parse's joins and corrections in context
}

func (ix *Index) scratch() *scratch {
	if sc, ok := ix.pool.Get().(*scratch); ok {
		return sc
	}
	n := len(ix.docs)
	sc := &scratch{lex: make([]float32, n), name: make([]float32, n), best: make([]float32, n),
		sem: make([]float32, n), closest: make([]float32, n), wordBest: make([]float32, n), sims: make([]float32, n), dots: make([]float32, ix.phrases.n), scores: make([]float32, n), exact: make([]bool, n), seen: make([]bool, n), tagged: make([]tagSets, n), alone: make([]uint64, n), named: make([]bool, n), opposite: make([]bool, n), namedLogo: make([]bool, n),
		terms: newTermTable(ix.lex.postings.Len()), exactTerm: make([]bool, ix.lex.postings.Len()), phrase: make([]float32, ix.phrases.n), phraseBounded: make([]bool, ix.phrases.n),
		phraseAll: make([]float32, 2*ix.phrases.n), queryBytes: make([]uint8, ix.phraseBounds.Width()), queryVector: make([]float32, ix.dim),
		runs: make([]float32, (ix.phrases.n+kernel.RunLen-1)/kernel.RunLen+(n+kernel.RunLen-1)/kernel.RunLen)}
	for p := range sc.phrase {
		sc.phrase[p] = notComputed
	}
	return sc
}
