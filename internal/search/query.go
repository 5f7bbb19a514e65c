package search

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Limits on what a query can cost: longer input is cut.
const (
	maxQueryBytes = 512
	maxQueryWords = 16
)

// How much a match counts, by how the query word reached the term.
const (
	weightExact  = 1.0
	weightJoined = 0.9  // two query words that form one vocabulary word ("log out" → logout)
	weightSplit  = 0.9  // one query word read as two ("shoppingbag")
	weightTypo1  = 0.85 // Damerau distance 1
	weightDouble = 0.9  // a doubling slip undone (typo.go)
	weightTypo2  = 0.6  // distance 2
	maxPrefix    = 24   // completions tried for an unfinished last word
)

// minReadingSim is the least cosine similarity between the embedding of a query word the index lacks and of
// its correction or split for the reading to be taken when the embedder knows the word: a real English word
// ("bake") is not a typo of a lookalike ("base"), while a misspelling common enough to have a vector of its
// own ("calender") is used like the word it misspells.
const minReadingSim = 0.4

// alt is one term a query word may match, with how much that match counts.
type alt struct {
	term   int32
	weight float32
}

// query is a query read against the lexicon: one slot per query word, each with its alternatives, and the
// words to embed for semantic similarity.
type query struct {
	slots [][]alt
	embed []string
	rows  []int32    // the rows of embed's words, with a rowEmbedder
	also  []Synonym  // synonyms of query words, whose embeddings the query's leans towards
	avoid []opposite // terms of the antonyms of query words
	// every word of the query, stop words too, joined by spaces, for exact names: without its searchNoise
	// words when all of them name no icon ("bell icon" → "bell")
	words  string
	states uint8 // the bits of the stateForms its words ask for (states.go)
}

// searchNoise are words people add to a search of an icon library without meaning anything by them ("bell
// icon", "an icon of a house"): parse drops them as stop words, unless the query says nothing else, and
// they do not keep a query from naming an icon exactly ("bell icon" names bell; "icons off" still names
// icons-off).
var searchNoise = map[string]bool{"icon": true, "icons": true}

// A request is how people open a search by asking for an icon rather than saying what it shows ("looking
// for a symbol that shows", "an icon for my app that means", "a sign that says"): words of request
// phrasing (requestWords, searchNoise and stop words), at least one of them not a stop word, up to a word
// that ends a request (requestEnds). parse drops a query's opening request when words of content follow
// it, so the query ranks as its content alone: asked with a request before it, the evaluation queries
// kept a mean reciprocal rank of 0.832–0.901 for five of these openings, against 0.936 alone. A request
// word elsewhere is content ("sign in", "line chart", "show password", "image to text").
var requestWords = wordSet(`help please looking look searching find give show use using good best nice
	suitable appropriate something anything thing app apps website site ui symbol symbols sign signs glyph
	glyphs pictogram pictograms emoji image picture graphic illustration simple line outline small button
	buttons`)

// requestEnds end a request: what follows is the content.
var requestEnds = wordSet(`for of shows showing means meaning says saying represents representing
	indicates indicating depicts depicting`)

// controls are the requestWords after which "to" ends a request too: "a button to share" asks for what
// the button does, while "image to text" is content.
var controls = wordSet(`button buttons icon icons`)

// wordSet is the set of the words of ws, separated by white space.
func wordSet(ws string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(ws) {
		set[w] = true
	}
	return set
}

// withoutRequest is ws without its opening request (see requestWords), when one ends before its last word.
func withoutRequest(ws []string) []string {
	asks, end := false, 0
	for i, w := range ws[:max(len(ws)-1, 0)] {
		if !requestWords[w] && !searchNoise[w] && !wordvec.IsStopWord(w) && !requestEnds[w] {
			break
		}
		asks = asks || requestWords[w] || searchNoise[w]
		if asks && (requestEnds[w] || w == "to" && i > 0 && controls[ws[i-1]]) {
			end = i + 1
		}
	}
	return ws[end:]
}

// withoutNoise appends ws without its searchNoise words to dst, and returns it.
func withoutNoise(dst, ws []string) []string {
	for _, w := range ws {
		if !searchNoise[w] {
			dst = append(dst, w)
		}
	}
	return dst
}

// parse reads q: words, stop words dropped (unless nothing else is left), each word matched exactly, by
// stem, as an unfinished prefix (the last word only), joined with its neighbour, split in two, or corrected.
// The query's lists are in sc's memory: it is read until sc goes back to the pool.
func (ix *Index) parse(q string, sc *scratch) (query, error) {
	words, unfinished := read(q)
	if len(words) == 0 {
		return query{}, ErrEmptyQuery
	}
	qu := query{slots: sc.query.slots[:0], embed: sc.query.embed[:0], rows: sc.query.rows[:0],
		also: sc.query.also[:0], avoid: sc.query.avoid[:0]}
	defer func() { sc.query = qu }() // the lists as they grew, for the next query
	words = ix.contentWords(&qu, words, sc)
	qu.states = statesOf(words)
	lx := ix.lex
	var idsOf [maxQueryWords]int32
	ids := lx.wordIDs(words, idsOf[:len(words)])
	var read wordReading // of a word outside the vocabulary, reused
	alts := sc.alts[:0]  // each word's joins and corrections in context, then its first slot's alternatives
	defer func() { sc.alts = alts[:0] }()
	joined := false // the word before began a compound, embedded for both
	for i, w := range words {
		from := len(alts)
		var corrected string
		alts, corrected = ix.contextAlts(alts, words, ids, i)
		r := &read
		if j := ids[i]; j >= 0 && keepReadings {
			r = ix.vocabularyReading(j)
		} else {
			read = wordReading{read.slots[:0], read.embed[:0], read.rows[:0], read.also[:0], read.avoid[:0]}
			ix.readWord(r, w, i == len(words)-1 && unfinished)
		}
		alts = qu.add(r, alts, from)
		if joined {
			joined = false // embedded with the word before, as their compound
			continue
		}
		joined = ix.embedWords(&qu, r, words, i, corrected)
	}
	return qu, nil
}

// embedWords appends to qu the words to embed for words[i], read as r, and reports whether they stand
// for the next word too: the compound the two form when the library writes them as one and the
// embedder knows it ("lap top" is laptop, not a lap and a top), else the word's correction in context
// (for a word read as one), else r's words.
func (ix *Index) embedWords(qu *query, r *wordReading, words []string, i int, corrected string) bool {
	j, joins := ix.lex.compound(words, i)
	joins = joins && ix.embedWord(ix.lex.words[j]) != nil
	switch {
	case joins:
		corrected = ix.lex.words[j]
	case corrected == "" || len(r.embed) != 1:
		qu.embed = append(qu.embed, r.embed...)
		qu.rows = append(qu.rows, r.rows...)
		return false
	}
	qu.embed = append(qu.embed, corrected)
	qu.rows = ix.appendRows(qu.rows, corrected)
	return joins
}

// contentWords sets qu.words, the query as the exact names are matched against (without its request and
// noise words, unless the whole query names an icon), and returns the words that carry its content: a
// trailing typo corrected, idioms joined, words about examining and stop words dropped (unless nothing
// else is left), at most maxQueryWords.
func (ix *Index) contentWords(qu *query, words []string, sc *scratch) []string {
	qu.words = strings.Join(words, " ")
	meant := withoutNoise(sc.meant[:0], withoutRequest(words))
	sc.meant = meant
	if len(ix.exact.of(qu.words)) == 0 && len(meant) > 0 {
		qu.words = strings.Join(meant, " ")
	}
	if c := ix.trailingTypo(meant); c != "" {
		meant[len(meant)-1] = c // a typo: matched, not an exact name
	}
	meant = ix.joinIdioms(meant)
	if content := dropStopWords(ix.withoutExamining(meant)); len(content) > 0 {
		words = content
	} else if content := dropStopWords(append([]string(nil), words...)); len(content) > 0 {
		words = content // "the icon": the noise is all it says
	}
	return words[:min(len(words), maxQueryWords)]
}

// contextAlts appends to alts word i's joins with the words beside it and its real-word corrections in
// context, and returns them with the likeliest correction ("" for none).
func (ix *Index) contextAlts(alts []alt, words []string, ids []int32, i int) ([]alt, string) {
	lx := ix.lex
	if j, ok := lx.compound(words, i); ok {
		alts = append(alts, alt{lx.wordTerm[j], weightJoined})
	}
	if j, ok := lx.compound(words, i-1); ok {
		alts = append(alts, alt{lx.wordTerm[j], weightJoined})
	}
	corrected := ""
	for _, c := range ix.contextTypos(words, ids, i) {
		alts = append(alts, alt{lx.wordTerm[c.word], c.weight})
		if corrected == "" {
			corrected = lx.words[c.word]
		}
	}
	return alts, corrected
}

// add adds a word's reading r to qu, its first slot after the word's context alternatives (alts[from:]),
// and returns alts grown.
func (qu *query) add(r *wordReading, alts []alt, from int) []alt {
	qu.avoid = append(qu.avoid, r.avoid...)
	qu.also = append(qu.also, r.also...)
	for k, slot := range r.slots {
		if k == 0 && len(alts) > from {
			alts = append(alts, slot...) // after the joins: the slot's alternatives follow them
			slot = alts[from:len(alts):len(alts)]
		}
		qu.slots = append(qu.slots, slot)
	}
	return alts
}

// appendRows appends the rows of text's words to rows with a rowEmbedder, and returns rows.
func (ix *Index) appendRows(rows []int32, text string) []int32 {
	if re, ok := ix.emb.(rowEmbedder); ok {
		return re.AppendRows(rows, text)
	}
	return rows
}

// wordReading is what one query word adds to a query, apart from its joins with the words beside it: one
// slot (two for a word read split), the words to embed, synonyms to lean towards and antonyms' terms.
type wordReading struct {
	slots [][]alt
	embed []string
	rows  []int32 // the rows of embed's words, with a rowEmbedder
	also  []Synonym
	avoid []opposite
}

// keepReadings is false only in tests that compare the kept readings with reading every word afresh.
var keepReadings = true

// vocabularyReading is readWord of the vocabulary word j, the same in every query: it is read once and
// kept (the readings of words outside the vocabulary, typos among them, are not).
func (ix *Index) vocabularyReading(j int32) *wordReading {
	if r := ix.readings[j].Load(); r != nil {
		return r
	}
	r := &wordReading{}
	ix.readWord(r, ix.lex.words[j], false)
	for k, slot := range r.slots {
		r.slots[k] = slot[:len(slot):len(slot)] // shared by queries: an append copies
	}
	ix.readings[j].Store(r)
	return r
}

// readWord reads one query word into r (unfinished: the query's last word, still being typed): matched
// exactly, by stem, through the thesaurus, as an unfinished prefix, split in two, or corrected.
func (ix *Index) readWord(r *wordReading, w string, unfinished bool) {
	lx := ix.lex
	st := stemWords(w)
	t, known := lx.terms.Find(st)
	if known {
		for _, a := range ix.antonyms.of(st) {
			r.avoid = append(r.avoid, opposite{a, t})
		}
	}
	syns := ix.wordSynonyms(w, st)
	alts, reviewed := leanOn(r, nil, syns)
	near := nearWords{lx: lx, w: w}
	realWord := ""
	if !reviewed {
		alts, realWord = ix.realWordAlts(r, alts, w, &near, len(syns) > 0)
	}
	switch {
	case known:
		ix.addSlot(r, append(alts, alt{t, weightExact}), ix.usualForm(w, t))
	case len(syns) > 0: // a word the thesaurus knows is no typo
		ix.addSlot(r, alts, w)
	default:
		if unfinished && len(w) >= 2 {
			for _, j := range lx.prefixed(w, maxPrefix) {
				alts = append(alts, alt{lx.wordTerm[j], float32(0.5 + 0.4*float64(len(w))/float64(len(lx.words[j])))})
			}
		}
		ix.readUnknown(r, alts, w, realWord, &near)
	}
}

// usualForm is the word embedded for w, a query word of term t: the form of t the library writes most
// when w is an -ing form of it that the embedder holds alike ("sharing" is share, "deleting" delete: an
// inflection's own vector can lean elsewhere, sharing to the file-sharing brands' logos) or when the
// embedder does not know w (a misspelling the stemmer reads right: "setings" is settings); else w.
func (ix *Index) usualForm(w string, t int32) string {
	u := ix.lex.usual[t]
	if ix.emb == nil || u < 0 {
		return w
	}
	base := ix.lex.words[u]
	wv := ix.embedWord(w)
	if wv == nil || participle(w, base) && ix.plausible(wv, base) {
		return base
	}
	return w
}

// participle reports whether w is the -ing form of base, which is shorter ("sharing" of share; not
// "building" of buildings). It names the action, as the verb does; an -ed form often names a state the
// verb does not ("declined", "finished": not the finish flag), and stays.
func participle(w, base string) bool {
	return len(base) < len(w) && strings.HasSuffix(w, "ing")
}

// wordSynonyms is the thesaurus's synonyms of the word w of stem st. A word in -ings is a thing, not its
// verb: "savings" is no floppy disk, though "save" is. An idiom matches in any of its forms ("power
// savings").
func (ix *Index) wordSynonyms(w, st string) []synonym {
	syns := ix.synonyms.of(st)
	if strings.HasSuffix(w, "ings") && !strings.Contains(w, " ") {
		syns = slices.DeleteFunc(slices.Clone(syns), func(s synonym) bool { return !strings.HasSuffix(s.key, "ings") })
	}
	return syns
}

// leanOn appends the synonyms' alternatives to alts, and those of the reviewed table (weighing at least
// minLeanWeight) to the synonyms r leans towards; it reports whether there was one: then the word means
// what the table says, and is no typo.
func leanOn(r *wordReading, alts []alt, syns []synonym) ([]alt, bool) {
	reviewed := false
	for _, s := range syns {
		alts = append(alts, s.alts...)
		if s.Weight >= minLeanWeight {
			r.also = append(r.also, s.Synonym)
			reviewed = true
		}
	}
	return alts, reviewed
}

// realWordAlts appends w's real-word corrections to alts and, when w has no synonyms (which say what it
// means), to the synonyms r leans towards; it returns them with the likeliest correction.
func (ix *Index) realWordAlts(r *wordReading, alts []alt, w string, near *nearWords, hasSynonyms bool) ([]alt, string) {
	lx := ix.lex
	realWord, best := "", float32(0)
	for _, c := range ix.realWordTypos(w, near) {
		alts = append(alts, alt{lx.wordTerm[c.word], c.weight})
		if hasSynonyms { // WordNet's synonyms say what the word means: its embedding stays its own
			continue
		}
		r.also = append(r.also, Synonym{lx.words[c.word], c.weight})
		if c.weight > best {
			realWord, best = lx.words[c.word], c.weight
		}
	}
	return alts, realWord
}

// readUnknown reads w, a word the library does not know, into r: as typed when it is a stop word or an
// everyday word, else as two words when it splits so, else by its corrections, embedding the likeliest
// (or realWord, its real-word correction, when it has none).
func (ix *Index) readUnknown(r *wordReading, alts []alt, w, realWord string, near *nearWords) {
	if wordvec.IsStopWord(w) || ix.everyday(w) { // all the query has, or an everyday word: meant as typed
		ix.addSlot(r, alts, w)
		return
	}
	wv := ix.embedWord(w)
	typos := ix.corrections(w, wv, near.get())
	if len(typos) == 0 {
		var split bool
		if typos, split = ix.readSplit(r, alts, w, wv); split {
			return
		}
	}
	embed := w
	if realWord != "" && len(typos) == 0 {
		embed = realWord // a word the library lacks means here what its correction means ("hart": heart)
	}
	alts, embed = ix.typoAlts(alts, typos, embed)
	ix.addSlot(r, alts, embed)
}

// readSplit reads w as the two words it splits into ("wifioff"), when the split is plausible and either
// the halves are written together elsewhere or w has no correction, and reports whether it did; else it
// returns w's corrections among the wider candidates (unless the split was certain).
func (ix *Index) readSplit(r *wordReading, alts []alt, w string, wv []float32) ([]typoCandidate, bool) {
	lx := ix.lex
	left, right, ok, together := lx.split(w)
	ok = ok && ix.plausible(wv, left+" "+right)
	var typos []typoCandidate
	if !(ok && together) {
		typos = ix.corrections(w, wv, lx.candidates(w, true))
	}
	if !ok || !together && len(typos) > 0 {
		return typos, false
	}
	for _, part := range []string{left, right} {
		if j, ok := lx.vocab.Find(part); ok {
			ix.addSlot(r, append(alts, alt{lx.wordTerm[j], weightSplit}), part)
			alts = nil
		}
	}
	return nil, true
}

// typoAlts appends the corrections to alts, each at its kind's weight, and returns them with the one to
// embed: a doubling slip undone, else the one found in the most documents (embed when there is none).
func (ix *Index) typoAlts(alts []alt, typos []typoCandidate, embed string) ([]alt, string) {
	lx := ix.lex
	bestDF, bestDouble := 0, false
	for _, c := range typos {
		weight := float32(weightTypo1)
		switch {
		case c.doubling:
			weight = weightDouble
		case c.dist > 1:
			weight = weightTypo2
		}
		alts = append(alts, alt{lx.wordTerm[c.word], weight})
		if df := lx.docCount(c.word); c.doubling && !bestDouble || c.doubling == bestDouble && df > bestDF {
			embed, bestDF, bestDouble = lx.words[c.word], df, c.doubling
		}
	}
	return alts, embed
}

// addSlot appends to r a slot of alts, with embed to embed (and its rows to rows).
func (ix *Index) addSlot(r *wordReading, alts []alt, embed string) {
	r.slots, r.embed, r.rows = append(r.slots, alts), append(r.embed, embed), ix.appendRows(r.rows, embed)
}

// examining are verbs that, opening a query before a function word, ask to examine what follows: "check
// your heart rate", "check for a fever" and "check the weather" are about what follows, not about the
// check mark (done, confirmed) that "check" names elsewhere.
var examining = map[string]bool{"check": true}

// withoutExamining is ws without its first word when that is an examining verb followed by a function word,
// unless the verb and the next word of content are one word of the library ("check the box": checkbox).
func (ix *Index) withoutExamining(ws []string) []string {
	if len(ws) < 3 || !examining[ws[0]] || !wordvec.IsStopWord(ws[1]) {
		return ws
	}
	for _, w := range ws[1:] {
		if !wordvec.IsStopWord(w) {
			if _, compound := ix.lex.vocab.Find(ws[0] + w); compound {
				return ws
			}
			break
		}
	}
	return ws[1:]
}

// read is all of q a ranking depends on: its words, and whether the last one is unfinished (q ends in a
// letter or digit, as while someone types).
func read(q string) (words []string, unfinished bool) {
	if len(q) > maxQueryBytes {
		q = strings.ToValidUTF8(q[:maxQueryBytes], "")
	}
	last, _ := utf8.DecodeLastRuneInString(q)
	return wordvec.Tokenize(q), unicode.IsLetter(last) || unicode.IsDigit(last)
}

// QueryKey is the normalised form of q: two queries with one key get the same ranking from every index,
// so answers can be cached under it ("Trash  Can" and "trash can" share one).
func QueryKey(q string) string {
	words, unfinished := read(q)
	key := strings.Join(words, " ")
	if unfinished {
		key += "…"
	}
	return key
}

// corrections returns the vocabulary words w may be a typo of among cands (from lexicon.candidates: at
// Damerau distance 1, or far at distance 2): the plausible readings of w (wv is w's embedding, nil when the
// embedder lacks the word), none for a word of other than ASCII letters.
func (ix *Index) corrections(w string, wv []float32, cands []typoCandidate) []typoCandidate {
	if !isASCIILetters(w) {
		return nil
	}
	var out []typoCandidate
	for _, c := range cands {
		if ix.plausible(wv, ix.lex.words[c.word]) {
			out = append(out, c)
		}
	}
	return out
}

// nearWords is a query word's vocabulary words one edit away (lexicon.candidates, not far), computed at
// most once for both its real-word typos and its corrections.
type nearWords struct {
	lx   *lexicon
	w    string
	list []typoCandidate
	done bool
}

func (n *nearWords) get() []typoCandidate {
	if !n.done {
		n.list, n.done = n.lx.candidates(n.w, false), true
	}
	return n.list
}

// minLeanWeight is the least weight of a synonym whose embedding the query's leans towards: the reviewed
// table's, not WordNet's looser senses.
const minLeanWeight = 0.8

// Real-word typos: a query word in at most rareDF documents (a real word such as "hart", or one the
// library barely uses, such as "sittings"), and in no document's id, name or keywords (labels), is also
// read as each vocabulary word one edit from it, with its first letter (people seldom mistype that), more
// common in English, in at least frequentDF documents and frequentRatio times as many as it ("heart").
// The reading counts the more the more frequent the corrected word is than the word: 0.6 + 0.1 ×
// log2(its documents / (the word's + 1)), at most 0.95; the documents the corrected query matches better
// then rank by that reading.
const (
	rareDF        = 12
	frequentDF    = 3
	frequentRatio = 4
)

// everydayRank is the frequency rank in English below which a word is one everybody uses ("went", "put",
// "failed": the thousand most common words): such a word is what the query means, no real-word typo of a
// word of the library ("something went wrong" is not about the west).
const everydayRank = 1000

// moreCommon reports whether word is more common in English than w, by the frequency ranks of the
// embedder's source (when it knows them): "get" is no typo of "git", though the library uses "git" more.
func (ix *Index) moreCommon(word, w string) bool {
	r, ok := ix.emb.(ranker)
	if !ok {
		return true
	}
	rw, known := r.Rank(w)
	rc, knownC := r.Rank(word)
	return !known || knownC && rc < rw
}

// everyday reports whether w is among the everydayRank most common words of English, by the frequency
// ranks of the embedder's source (never when it knows none).
func (ix *Index) everyday(w string) bool {
	r, ok := ix.emb.(ranker)
	if !ok {
		return false
	}
	rank, known := r.Rank(w)
	return known && rank < everydayRank
}

// ranker is an embedder that knows the frequency ranks of its words in its source (wordvec.Embedder).
type ranker interface{ Rank(string) (int, bool) }

// realWordTypo is a reading of a query word as a more frequent vocabulary word.
type realWordTypo struct {
	word   int32 // index into lx.words
	weight float32
}

// realWordTypos returns the readings of a rare query word as real-word typos (near: its nearWords).
func (ix *Index) realWordTypos(w string, near *nearWords) []realWordTypo {
	lx := ix.lex
	df := 0
	if t, ok := lx.terms.Find(stem(w)); ok {
		if ix.labels(t) {
			return nil // the icons' own word ("bot", a keyword of robot), no typo of a more frequent one ("bolt")
		}
		df = len(lx.postings.At(int(t)))
	}
	if df > rareDF || !isASCIILetters(w) || ix.everyday(w) {
		return nil
	}
	var out []realWordTypo
	for _, c := range near.get() {
		word := lx.words[c.word]
		cdf := lx.docCount(c.word)
		if c.dist == 1 && word[0] == w[0] && cdf >= frequentDF && cdf >= frequentRatio*df && stem(word) != stem(w) &&
			ix.moreCommon(word, w) {
			weight := min(0.95, 0.6+0.1*math.Log2(float64(cdf)/float64(df+1)))
			out = append(out, realWordTypo{c.word, float32(weight)})
		}
	}
	return out
}

// labels reports whether some document's id, name or keywords hold term t: a word the documents are
// labelled with. A rare one is still the library's own word: "bot", a keyword of robot, is no typo of
// "bolt", which ends 43 icon ids (cloud-bolt, bell-bolt, …).
func (ix *Index) labels(t int32) bool {
	return len(ix.named.At(int(t))) > 0 || len(ix.taggedAlone.At(int(t))) > 0 || len(ix.taggedIn.At(int(t))) > 0
}

// embedWord is the embedding of one query word, nil without an embedder or when it does not know the word.
func (ix *Index) embedWord(w string) []float32 {
	if ix.emb == nil {
		return nil
	}
	if v := ix.emb.Embed(w); len(v) == ix.emb.Dim() {
		return v
	}
	return nil
}

// plausible reports whether reading may stand for a query word of embedding wv: always for a word the
// embedder does not know (nil wv), else when their embeddings are at least minReadingSim alike.
func (ix *Index) plausible(wv []float32, reading string) bool {
	if wv == nil {
		return true
	}
	rv := ix.emb.Embed(reading)
	return len(rv) == len(wv) && dot(wv, rv)/float32(math.Sqrt(float64(dot(wv, wv)*dot(rv, rv)))) >= minReadingSim
}

// opposite is a term of an antonym of the query word of term of.
type opposite struct{ term, of int32 }

// matches reports whether a query word may match term t.
func (qu query) matches(t int32) bool {
	for _, slot := range qu.slots {
		for _, a := range slot {
			if a.term == t {
				return true
			}
		}
	}
	return false
}

// markExact marks in marked the terms a query word is itself (not a typo, synonym or completion of),
// appends them to out and returns it, to unmark.
func (qu query) markExact(marked []bool, out []int32) []int32 {
	for _, slot := range qu.slots {
		for _, a := range slot {
			if a.weight == weightExact && !marked[a.term] {
				marked[a.term] = true
				out = append(out, a.term)
			}
		}
	}
	return out
}
