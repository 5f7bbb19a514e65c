package search

import "iter"

// lexical returns, per document, the BM25F score of qu relative to a document matching every query word in
// its name (capped at 1); the name coverage: the share of the name's words the query matches times the share
// of query words the name matches, each match counted at its weight, or, when higher, the share of query
// words matching whole keywords, discounted by Weights.Tag and divided by the square root of the number of
// the id's words (a keyword of "world-cog" speaks for 0.71 of it: "warning" still gives alert-triangle,
// tagged so, a chance against one-word icons tagged so, such as biohazard; dividing by 2 ranked worse on
// the tuning half, and not dividing put device-tablet before devices); and whether the name is exactly
// the query.
func (ix *Index) lexical(qu query, sc *scratch) {
	clear(sc.lex)
	clear(sc.name)
	clear(sc.exact)
	ideal := ix.bestMatches(qu, sc)
	tt := sc.terms
	tt.fill(qu.slots)
	defer tt.reset()
	// A keyword counts only when the query matches its every term, so only documents with such a keyword
	// can have keyword coverage, and only those whose id or name holds a query term can have name
	// coverage: they are marked through the term → keyword → document indexes, and the others (most
	// documents a long query reaches through their text) skip both.
	ix.markCoverable(tt, sc)
	for _, d := range sc.touched {
		sc.seen[d] = false
		sc.lex[d] = min(sc.lex[d]/ideal, 1)
		ix.cover(d, tt, sc)
	}
	ix.unmarkCoverable(tt, sc)
	for _, d := range ix.exact.of(qu.words) {
		sc.exact[d] = true
	}
}

// bestMatches adds into sc.lex, per document, the best match of each of the query's slots (its
// alternatives weighted by their idf and the document's term frequency), lists in sc.touched the documents
// it reaches (marked in sc.seen), and returns the ideal sum: every slot's best possible match.
func (ix *Index) bestMatches(qu query, sc *scratch) (ideal float32) {
	lex, best, seen := sc.lex, sc.best, sc.seen
	touched := sc.touched[:0]
	lx := ix.lex
	satRef := float32(fieldWeight[fieldName] * (k1 + 1) / (fieldWeight[fieldName] + k1))
	slotDocs := sc.slotDocs[:0] // the documents the slot gives a positive best, each once
	for _, slot := range qu.slots {
		var slotIdeal float32
		for _, a := range slot {
			w := a.weight * lx.idf[a.term]
			slotIdeal = max(slotIdeal, w*satRef)
			for _, p := range lx.postings.At(int(a.term)) {
				if !seen[p.doc] {
					seen[p.doc] = true
					touched = append(touched, p.doc)
				}
				if b := w * p.tf; b > best[p.doc] {
					if best[p.doc] == 0 {
						slotDocs = append(slotDocs, p.doc)
					}
					best[p.doc] = b
				}
			}
		}
		ideal += slotIdeal
		for _, d := range slotDocs { // the slot's best match per document counts once
			lex[d] += best[d]
			best[d] = 0
		}
		slotDocs = slotDocs[:0]
	}
	sc.slotDocs, sc.touched = slotDocs, touched
	return ideal
}

// markCoverable marks the documents that can have coverage of the query's terms (tt): by a keyword of
// one term (sc.alone for the first rows, else sc.tagged), by a keyword of more whose every term the query
// matches (sc.tagged), by a name holding a term (sc.named).
func (ix *Index) markCoverable(tt *termTable, sc *scratch) {
	for row, t := range tt.terms {
		for _, r := range ix.taggedAlone.At(int(t)) {
			if row < maxAloneRows {
				sc.alone[r.doc()] |= 1 << row
			} else {
				sc.tagged[r.doc()] |= r.set()
			}
		}
		for r := range ix.matchedTags(t, tt) {
			sc.tagged[r.doc()] |= r.set()
		}
		for _, d := range ix.named.At(int(t)) {
			sc.named[d] = true
		}
	}
}

// unmarkCoverable clears what markCoverable marked.
func (ix *Index) unmarkCoverable(tt *termTable, sc *scratch) {
	for _, t := range tt.terms {
		for _, r := range ix.taggedAlone.At(int(t)) {
			sc.tagged[r.doc()], sc.alone[r.doc()] = 0, 0
		}
		for r := range ix.matchedTags(t, tt) {
			sc.tagged[r.doc()] = 0
		}
		for _, d := range ix.named.At(int(t)) {
			sc.named[d] = false
		}
	}
}

// cover sets sc.name[d] to document d's best coverage of the query's terms by one of its names or, weighed
// by Tag, by its keywords, where markCoverable marked d (every document with coverAll).
func (ix *Index) cover(d int32, tt *termTable, sc *scratch) {
	if sc.named[d] || coverAll {
		terms, bounds := ix.names.of(d)
		for k := range len(bounds) - 1 {
			sc.name[d] = max(sc.name[d], tt.nameCoverage(terms[bounds[k]:bounds[k+1]]))
		}
	}
	sets, alone := sc.tagged[d], sc.alone[d]
	if coverAll {
		sets, alone = allTags, 0
	}
	if sets == 0 && alone == 0 {
		return
	}
	terms, bounds := ix.tags.of(d)
	if c := tt.tagCoverage(terms, bounds, sets, alone); c > 0 {
		sc.name[d] = max(sc.name[d], ix.w.Tag*c/ix.idRoot[d])
	}
}

// matchedTags yields the documents' keywords of two or more terms that hold term t and whose every term
// the query (tt) matches.
func (ix *Index) matchedTags(t int32, tt *termTable) iter.Seq[tagRef] {
	return func(yield func(tagRef) bool) {
		for _, k := range ix.taggedIn.At(int(t)) {
			if !tt.matchesAll(ix.multiTags.of(k)) {
				continue
			}
			for _, r := range ix.multiTags.refs.At(int(k)) {
				if !yield(r) {
					return
				}
			}
		}
	}
}
