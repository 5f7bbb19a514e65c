package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

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

// How much a match through a synonym counts: the hand-written table's default, and WordNet's synonyms of a
// word's most frequent sense. (WordNet's hypernyms, tried at 0.4, made the tuning half worse: "cog" is a
// kind of "tooth", "gear" of "wheel"; they are kept in the relations file but not used.)
const (
	weightHandSynonym    = 0.9
	weightWordNetSynonym = 0.6
)

// Retrofitting (wordvec.Retrofit): rounds, and how hard antonyms push each other apart.
const (
	retrofitRounds = 10
	antonymRepel   = 0.5
)

// searchWords is what an icon index is built with.
type searchWords struct {
	table *wordvec.Table // retrofitted; nil when the content has no vectors
	th    search.Thesaurus
}

// prepareSearch reads the word knowledge of contentDir for indexing docs: the thesaurus (the synonym table,
// and WordNet's synonyms and antonyms of words to words the documents use), and the word vectors
// retrofitted to the tag graph (a one-word icon id and each of its one-word tags: settings and cog, trash and
// bin) with WordNet's antonyms pushed apart. (Retrofitting to WordNet's synonyms as well made semantic
// similarity alone worse on the tuning half: 0.650 against 0.663 MRR@10.)
func prepareSearch(contentDir string, docs []search.Doc) (searchWords, error) {
	var sw searchWords
	if err := readOptional(filepath.Join(contentDir, filepath.FromSlash(synonymsFile)), func(f *os.File) error {
		return sw.th.ReadSynonyms(f, weightHandSynonym)
	}); err != nil {
		return sw, err
	}
	if err := readOptional(filepath.Join(contentDir, filepath.FromSlash(antonymsFile)), func(f *os.File) error {
		return sw.th.ReadAntonyms(f)
	}); err != nil {
		return sw, err
	}
	var rel *wordvec.Relations
	if err := readOptional(filepath.Join(contentDir, filepath.FromSlash(relationsFile)), func(f *os.File) (err error) {
		rel, err = wordvec.ReadRelations(f)
		return err
	}); err != nil {
		return sw, err
	}
	used := map[string]bool{} // the words of the documents' ids, names and keywords
	neighbours := map[string][]string{}
	link := func(a, b string) {
		if a != b && !slices.Contains(neighbours[a], b) {
			neighbours[a] = append(neighbours[a], b)
			neighbours[b] = append(neighbours[b], a)
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
	if rel != nil {
		for w, ss := range rel.Synonyms {
			for _, s := range ss {
				if used[s] {
					sw.th.Add(w, s, weightWordNetSynonym)
				}
			}
		}
		for w, as := range rel.Antonyms {
			for _, a := range as {
				if used[a] {
					sw.th.AddAntonyms(w, a)
				}
			}
		}
	}
	raw, err := os.ReadFile(filepath.Join(contentDir, filepath.FromSlash(vectorsFile)))
	if errors.Is(err, fs.ErrNotExist) {
		return sw, nil
	}
	if err != nil {
		return sw, err
	}
	table, err := wordvec.Parse(raw)
	if err != nil {
		return sw, fmt.Errorf("%s: %w", filepath.Join(contentDir, vectorsFile), err)
	}
	antonyms := sw.th.Antonyms // WordNet's of the words the documents use, and the hand-written table's
	sw.table = wordvec.Retrofit(table, neighbours, antonyms, retrofitRounds, antonymRepel)
	return sw, nil
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
