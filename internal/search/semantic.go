package search

// Semantic ranks documents by semantic similarity to q alone, without word matching: the blend of the
// cosines of their embedding and their closest phrase with q's (see blend), plus Weights.SemPrior times how
// likely the document is meant (its prior, generic-first: see generic.go), or for a document that stands
// for the opposite of a query word that similarity scaled by Weights.Antonym; Score is that over
// 1+SemPrior, at most 1. A state word steers it as it does Search (states.go). Errors are ErrEmptyQuery
// and ErrNoVectors.
func (ix *Index) Semantic(q string, o Options) ([]Hit, error) {
	if ix.dim == 0 {
		return nil, ErrNoVectors
	}
	sc := ix.scratch()
	defer ix.pool.Put(sc)
	qu, err := ix.parse(q, sc)
	if err != nil {
		return nil, err
	}
	return ix.steer(ix.semantic(qu, o.widened(qu.states), sc), qu.states, o, 1), nil
}

// semantic ranks documents for qu by semantic similarity alone.
func (ix *Index) semantic(qu query, o Options, sc *scratch) []Hit {
	v := ix.queryVector(qu, sc)
	if v == nil {
		return []Hit{}
	}
	opposite := ix.markOpposites(qu, sc)
	defer func() {
		for _, d := range opposite {
			sc.opposite[d] = false
		}
	}()
	ss := ix.semanticScorer()
	final := func(d int32, sem float32) float32 { return ss.score(d, sem, sc.opposite[d]) }
	ws := ix.lateWords(qu)
	if len(ws) < 2 && boundedScan && ix.phrases.n > 0 {
		// As the fused ranking's scan: bound scores with int8 rows, compute the reachable ones exactly.
		return ix.reachableHits(v, o, reachScore{score: final, fused: opposite, atLeast: ss.atLeast}, sc)
	}
	if len(ws) >= 2 && boundedScan && ix.phrases.n > 0 {
		// Several words: late needs the exact similarities of only the documents it scores.
		ix.blendBounds(v, sc)
		return ix.late(ws, v, o, ss, sc)
	}
	ix.cosines(v, sc.sem)
	ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
	if len(ws) >= 2 && ix.phrases.n > 0 {
		return ix.late(ws, nil, o, ss, sc)
	}
	for d, sem := range sc.sem {
		sc.sem[d] = ss.score(int32(d), sem, sc.opposite[d])
	}
	return ix.top(sc.sem, o) // top leaves out scores ≤ 0
}

// semanticScorer scores documents in the semantic ranking from their similarity, with ix's weights held
// in the scorer (a query scores every document).
type semanticScorer struct {
	prior             []float32
	maxPrior          float32 // the highest of prior
	semPrior, antonym float32
}

func (ix *Index) semanticScorer() semanticScorer {
	return semanticScorer{ix.prior, ix.maxPrior, ix.w.SemPrior, ix.w.Antonym}
}

// atLeast is the least similarity at which a document that is no opposite can score floor.
func (s semanticScorer) atLeast(floor float32) float32 {
	return floor*(1+s.semPrior) - s.semPrior*s.maxPrior
}

// score is document d's score in the semantic ranking from its similarity sem: with its prior, or scaled
// by Weights.Antonym for an opposite of a query word (opposites are far in meaning, however close their
// words), over 1+SemPrior.
func (s semanticScorer) score(d int32, sem float32, opposite bool) float32 {
	if opposite {
		return sem * s.antonym / (1 + s.semPrior)
	}
	return (sem + s.semPrior*s.prior[d]) / (1 + s.semPrior)
}
