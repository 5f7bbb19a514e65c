package build

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// What the search index knows about words, from content/: the word vectors (make import-vectors), the
// hand-written synonym table of UI vocabulary, and WordNet's relations (make import-wordnet), each with
// its licence.
const (
	vectorsFile     = "vectors/" + wordvec.FileName
	vectorsNotice   = "vectors/" + wordvec.NoticeFile
	synonymsFile    = "search/synonyms.txt"
	antonymsFile    = "search/antonyms.txt"
	relationsFile   = "wordnet/" + wordvec.RelationsFile
	relationsNotice = "wordnet/" + wordvec.RelationsNotice
)

// How much a match through a synonym counts: the hand-written table's default, WordNet's synonyms of a
// word's most frequent sense, and WordNet's derived forms of a word the documents do not use ("vaccinate":
// vaccine). (WordNet's hypernyms, tried at 0.4, made the tuning half worse: "cog" is a kind of "tooth",
// "gear" of "wheel"; they are kept in the relations file but not used. Derived forms of every word gave
// the tuning half 0.003 more MRR@10 but put text-orientation, tagged text-editor, before edit for "edit
// text"; at 0.8 and above, where a synonym's embedding leans the query's, they cost 0.017.)
const (
	weightHandSynonym    = 0.9
	weightWordNetSynonym = 0.6
	weightWordNetDerived = 0.7
)

// Retrofitting (wordvec.Retrofit): rounds, and how hard antonyms push each other apart.
const (
	retrofitRounds = 10
	antonymRepel   = 0.5
)

// lexicon is what content/ knows of words, read in the first phase of a build: the word vectors, the
// hand-written tables of UI synonyms and opposites, WordNet's relations, and the licence notices of the
// vectors and of WordNet. Every part is optional: a small test fixture has none.
type lexicon struct {
	vectors *wordvec.Table
	hand    search.Thesaurus // the synonym and antonym tables
	wordnet *wordvec.Relations
	notices map[string][]byte // public/search/ file name → licence notice
}

// readLexicon reads the lexicon of contentDir.
func readLexicon(contentDir string, log *slog.Logger) (*lexicon, error) {
	lx := &lexicon{notices: map[string][]byte{}}
	at := func(name string) string { return filepath.Join(contentDir, filepath.FromSlash(name)) }
	if err := readOptional(at(synonymsFile), func(f *os.File) error { return lx.hand.ReadSynonyms(f, weightHandSynonym) }); err != nil {
		return nil, err
	}
	if err := readOptional(at(antonymsFile), func(f *os.File) error { return lx.hand.ReadAntonyms(f) }); err != nil {
		return nil, err
	}
	if err := readOptional(at(relationsFile), func(f *os.File) (err error) {
		lx.wordnet, err = wordvec.ReadRelations(f)
		return err
	}); err != nil {
		return nil, err
	}
	if err := readOptional(at(relationsNotice), func(f *os.File) error { return lx.readNotice(f, wordvec.RelationsNotice) }); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(at(vectorsFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		log.Warn("no word vectors: the search index matches words only", "missing", at(vectorsFile))
		return lx, nil
	case err != nil:
		return nil, err
	}
	if lx.vectors, err = wordvec.Parse(raw); err != nil {
		return nil, fmt.Errorf("%s: %w", at(vectorsFile), err)
	}
	notice, err := os.ReadFile(at(vectorsNotice))
	if err != nil {
		return nil, fmt.Errorf("the word vectors need their licence: %w", err)
	}
	lx.notices[wordvec.NoticeFile] = notice
	return lx, nil
}

func (lx *lexicon) readNotice(f *os.File, name string) error {
	b, err := io.ReadAll(f)
	lx.notices[name] = b
	return err
}

// searchWords is what an icon index is built with, prepared in the second phase of a build.
type searchWords struct {
	table *wordvec.Table // retrofitted; nil when the content has no vectors
	th    search.Thesaurus
}

// prepare makes the lexicon's words for indexing docs, leaving the lexicon as it is: the thesaurus (the
// hand-written tables, and WordNet's synonyms and antonyms of words to words the documents use), and the
// word vectors retrofitted to the tag graph (a one-word icon id and each of its one-word tags: settings
// and cog, trash and bin) with the antonyms pushed apart. (Retrofitting to WordNet's synonyms as well made
// semantic similarity alone worse on the tuning half: 0.650 against 0.663 MRR@10.)
func (lx *lexicon) prepare(docs []search.Doc) searchWords {
	used, tags := docWords(docs)
	sw := searchWords{th: lx.thesaurus(used)}
	if lx.vectors != nil {
		antonyms := sw.th.Antonyms // WordNet's of the words the documents use, and the hand-written tables'
		known := wordvec.Infer(lx.vectors, contexts(docs, lx.vectors))
		sw.table = wordvec.Retrofit(known, tags, antonyms, retrofitRounds, antonymRepel)
	}
	return sw
}

// docWords returns the words of the documents' ids, names and keywords, and the tag graph: each one-word
// id linked to its one-word tags, both ways.
func docWords(docs []search.Doc) (used map[string]bool, tags map[string][]string) {
	used, tags = map[string]bool{}, map[string][]string{}
	link := func(a, b string) {
		if a != b && !slices.Contains(tags[a], b) {
			tags[a] = append(tags[a], b)
			tags[b] = append(tags[b], a)
		}
	}
	for _, d := range docs {
		for _, w := range wordvec.Tokenize(d.ID + " " + d.Name + " " + strings.Join(d.Keywords, " ")) {
			used[w] = true
		}
		if id := wordvec.Tokenize(d.ID); len(id) == 1 {
			for _, k := range d.Keywords {
				if tag := wordvec.Tokenize(k); len(tag) == 1 && !wordvec.IsStopWord(tag[0]) {
					link(id[0], tag[0])
				}
			}
		}
	}
	return used, tags
}

// contexts returns, for each word of three or more characters, a letter among them, in the documents' ids,
// names and keywords that vectors lack, the words of the documents it labels (their ids, names, keywords
// and texts): what a word the vectors lack means is what the icons it labels say (wordvec.Infer). The
// words the vectors know get no list: Infer reads none of them, and they made a list as long as the
// library (150 MB at four times its size).
func contexts(docs []search.Doc, vectors *wordvec.Table) map[string][]string {
	out := map[string][]string{}
	for _, d := range docs {
		label := wordvec.Tokenize(d.ID + " " + d.Name + " " + strings.Join(d.Keywords, " "))
		all := append(slices.Clone(label), wordvec.Tokenize(d.Text)...)
		for _, w := range label {
			if _, known := vectors.Rank(w); !known && len(w) >= minInferred && strings.ContainsFunc(w, unicode.IsLetter) {
				out[w] = append(out[w], all...)
			}
		}
	}
	return out
}

// minInferred is the shortest word wordvec.Infer gives a vector: shorter ones ("x", "2", "3d") stand for
// too many things at once.
const minInferred = 3

// thesaurus is a new thesaurus of the hand-written tables, of WordNet's synonyms and antonyms of words to
// words the documents use, and of WordNet's derived forms of words they do not use to words they use.
func (lx *lexicon) thesaurus(used map[string]bool) search.Thesaurus {
	var th search.Thesaurus
	for w, ss := range lx.hand.Synonyms {
		for _, s := range ss {
			th.Add(w, s.Words, s.Weight)
		}
	}
	for w, as := range lx.hand.Antonyms {
		for _, a := range as {
			th.AddAntonyms(w, a)
		}
	}
	if lx.wordnet == nil {
		return th
	}
	for w, ss := range lx.wordnet.Synonyms {
		for _, s := range ss {
			if used[s] {
				th.Add(w, s, weightWordNetSynonym)
			}
		}
	}
	for w, ds := range lx.wordnet.Derived {
		for _, d := range ds {
			if used[d] && !used[w] {
				th.Add(w, d, weightWordNetDerived)
			}
		}
	}
	for w, as := range lx.wordnet.Antonyms {
		for _, a := range as {
			if used[a] && slices.Contains(lx.wordnet.Antonyms[a], w) {
				th.AddAntonyms(w, a)
			}
		}
	}
	return th
}

// readOptional calls read with the file at path, or does nothing when there is none.
func readOptional(path string, read func(*os.File) error) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if err := read(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
