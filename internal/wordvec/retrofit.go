package wordvec

import "math"

// Retrofit returns a copy of t whose vectors are pulled towards their neighbours in a semantic graph and
// pushed away from words of opposite meaning (Faruqui et al., "Retrofitting Word Vectors to Semantic
// Lexicons", NAACL 2015, with the antonym repulsion of counter-fitting, Mrkšić et al. 2016): in each of
// iterations rounds a word's vector becomes (its original vector + the mean of its neighbours' current
// vectors) / 2, then loses repel × its similarity to each antonym along that antonym's direction. Words
// without neighbours or antonyms keep their vectors; neighbours the table lacks are ignored.
func Retrofit(t *Table, neighbours, antonyms map[string][]string, iterations int, repel float32) *Table {
	dim := t.dim
	orig := make([]float32, t.Len()*dim)
	for i := range t.Len() {
		s := t.scales[i]
		for k := range dim {
			orig[i*dim+k] = s * float32(t.data[i*dim+k])
		}
	}
	cur := append([]float32(nil), orig...)
	ids := func(ws []string) []int32 {
		var out []int32
		for _, w := range ws {
			if j, ok := t.words.Find(w); ok {
				out = append(out, j)
			}
		}
		return out
	}
	type node struct {
		i          int32
		near, away []int32
	}
	var nodes []node
	for i := range t.Len() {
		w := t.words.String(i)
		n := node{int32(i), ids(neighbours[w]), ids(antonyms[w])}
		if len(n.near) > 0 || len(n.away) > 0 {
			nodes = append(nodes, n)
		}
	}
	next := make([]float32, dim)
	for range iterations {
		for _, n := range nodes {
			row := cur[int(n.i)*dim : int(n.i+1)*dim]
			o := orig[int(n.i)*dim : int(n.i+1)*dim]
			copy(next, o)
			if len(n.near) > 0 {
				inv := 1 / float32(len(n.near))
				for _, j := range n.near {
					for k, x := range cur[int(j)*dim : int(j+1)*dim] {
						next[k] += inv * x
					}
				}
				for k := range next {
					next[k] /= 2
				}
			}
			for _, j := range n.away {
				a := cur[int(j)*dim : int(j+1)*dim]
				na, nn, d := norm(a), norm(next), dot32(a, next)
				if na == 0 || nn == 0 || d <= 0 {
					continue
				}
				c := d / (na * nn) // their cosine, > 0: push next along a's direction by repel × c × |next|
				for k := range next {
					next[k] -= repel * c * nn * a[k] / na
				}
			}
			copy(row, next)
		}
	}
	out := NewTable(dim)
	for i := range t.Len() {
		out.Add(t.words.String(i), int(t.ranks[i]), cur[i*dim:(i+1)*dim])
	}
	return out
}

func dot32(a, b []float32) float32 {
	var s float32
	for k := range a {
		s += a[k] * b[k]
	}
	return s
}

func norm(a []float32) float32 { return float32(math.Sqrt(float64(dot32(a, a)))) }
