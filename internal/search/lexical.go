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
	lex, name, exact, best, seen := sc.lex, sc.name, sc.exact, sc.best, sc.seen
	clear(lex)
	clear(name)
	clear(exact)
	touched := sc.touched[:0]
	lx := ix.lex
	satRef := float32(fieldWeight[fieldName] * (k1 + 1) / (fieldWeight[fieldName] + k1))
	var ideal float32
	slotDocs := sc.slotDocs[:0] // the documents the slot gives a positive best, each once
	for _, slot := range qu.slots {
		var slotIdeal float32
		for _, a := range slot {
			w := a.weight * lx.idf[a.term]
			slotIdeal = max(slotIdeal, w*satRef)
			for _, p := range lx.postings[a.term] {
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
	sc.slotDocs = slotDocs
	tt := sc.terms
	tt.fill(qu.slots)
	defer tt.reset()
	// A keyword counts only when the query matches its every term, so only documents with such a keyword
	// can have keyword coverage, and only those whose id or name holds a query term can have name
	// coverage: they are marked through the term → keyword → document indexes, and the others (most
	// documents a long query reaches through their text) skip both.
	for row, t := range tt.terms {
		for _, r := range ix.taggedAlone[t] {
			if row < maxAloneRows {
				sc.alone[r.doc()] |= 1 << row
			} else {
				sc.tagged[r.doc()] |= r.set()
			}
		}
		for r := range ix.matchedTags(t, tt) {
			sc.tagged[r.doc()] |= r.set()
		}
		for _, d := range ix.named[t] {
			sc.named[d] = true
		}
	}
	for _, d := range touched {
		seen[d] = false
		lex[d] = min(lex[d]/ideal, 1)
		if sc.named[d] || coverAll {
			terms, bounds := ix.names.of(d)
			for k := range len(bounds) - 1 {
				name[d] = max(name[d], tt.nameCoverage(terms[bounds[k]:bounds[k+1]]))
			}
		}
		sets, alone := sc.tagged[d], sc.alone[d]
		if coverAll {
			sets, alone = allTags, 0
		}
		if sets == 0 && alone == 0 {
			continue
		}
		terms, bounds := ix.tags.of(d)
		if c := tt.tagCoverage(terms, bounds, sets, alone); c > 0 {
			name[d] = max(name[d], ix.w.Tag*c/ix.idRoot[d])
		}
	}
	for _, t := range tt.terms {
		for _, r := range ix.taggedAlone[t] {
			sc.tagged[r.doc()], sc.alone[r.doc()] = 0, 0
		}
		for r := range ix.matchedTags(t, tt) {
			sc.tagged[r.doc()] = 0
		}
		for _, d := range ix.named[t] {
			sc.named[d] = false
		}
	}
	for _, d := range ix.exact[qu.words] {
		exact[d] = true
	}
	sc.touched = touched
}

// matchedTags yields the documents' keywords of two or more terms that hold term t and whose every term
// the query (tt) matches.
func (ix *Index) matchedTags(t int32, tt *termTable) iter.Seq[tagRef] {
	return func(yield func(tagRef) bool) {
		for _, k := range ix.taggedIn[t] {
			if !tt.matchesAll(ix.multiTags.of(k)) {
				continue
			}
			for _, r := range ix.multiTags.refs[k] {
				if !yield(r) {
					return
				}
			}
		}
	}
}
