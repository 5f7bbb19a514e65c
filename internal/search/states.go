package search

import (
	"cmp"
	"slices"
	"strings"
)

// A query often names a thing and the state it is in ("link copied", "upload complete", "payment
// failed", "bluetooth disabled"), and the icons draw a state as a form of the thing's icon: its id and
// a suffix (copy-check, cloud-x, bluetooth-off). The state word alone finds the bare check or x, and a
// word such as "copied" reads as the thing ("copy"), so both rankings steer by the state: a document
// whose id is a hit's id, or a hit's id without its last word (file-upload: file), followed by the
// suffix the state asks for scores stateLift times that hit's score, when that is more. "link copied"
// then ranks copy-check above copy and link, "upload complete" file-check above upload.
var stateForms = [...]string{"check", "x", "off", "pause", "clock"}

// stateWords are the words that say what state a thing is in, each with the bit of the form it asks for
// (bit i: stateForms[i]). Left out: "finished", which reads as finish, the flag's word; "sent", mostly
// an action ("a code sent to my phone"); "no" and "without", which the thesaurus reads as off already
// (steering too, they raised bong-off for "no smoking area").
var stateWords = stateTable(
	"done complete completed success successful succeeded saved copied synced verified confirmed approved",
	"failed failure error rejected denied",
	"disabled offline unavailable disconnected muted inactive",
	"paused",
	"pending waiting scheduled",
)

// stateTable is the stateWords of the words of each state, given in the order of stateForms.
func stateTable(words ...string) map[string]uint8 {
	t := map[string]uint8{}
	for f, ws := range words {
		for _, w := range strings.Fields(ws) {
			t[w] |= 1 << f
		}
	}
	return t
}

// negations deny the state word after them ("not saved", "no error"): it asks for no form.
var negations = map[string]bool{"no": true, "not": true, "without": true}

// offForm is the bit of the state a thing is in when it is not there to use (stateForms: "off").
const offForm = 1 << 2

// usable are the words that, denied, say a thing is off: "wifi not available", "printer not connected",
// "camera not working" ask for wifi-off, printer-off, camera-off. Other denied words steer nothing:
// "page not found" asks for the 404 page, not its -off form.
var usable = wordSet("available working connected enabled active allowed supported online reachable responding")

// stateLift is how far a state's form rises above the hit it is the form of: enough to pass the bare
// thing ("upload complete": file-check over upload, which scores 1.23 times file-upload fused).
const stateLift = 1.25

// stateReach is how many hits, at least, a query with a state word ranks before it steers: the forms'
// bases are among them.
const stateReach = 10

// statesOf returns the bits of the stateForms words ask for: none when they name no thing in a state
// ("error" alone asks for the error icons, not the x forms of its hits) or a state word follows a
// negation ("not saved" is no check); a negation before a usable word asks for the off form.
func statesOf(words []string) uint8 {
	var bits uint8
	thing := false
	for i, w := range words {
		denied := negations[w] && i+1 < len(words)
		switch {
		case denied && stateWords[words[i+1]] != 0:
			return 0
		case denied && usable[words[i+1]]:
			bits |= offForm
		case i > 0 && negations[words[i-1]] && usable[w]:
			// the state its negation asked for
		default:
			bits |= stateWords[w]
			thing = thing || stateWords[w] == 0 && !negations[w]
		}
	}
	if !thing {
		return 0
	}
	return bits
}

// steer raises in hits (ranked for a query whose state words ask for the forms of states, with
// o.widened(states)) the forms of those states of each hit, adding those that are not hits, and returns
// the o.Limit best, best first; without states, hits as they are. A lifted score is at most most; a hit
// scoring more is the query's exact name, and lifts none.
func (ix *Index) steer(hits []Hit, states uint8, o Options, most float64) []Hit {
	if states == 0 {
		return hits
	}
	n := len(hits)
	for k := range n {
		h := hits[k]
		if h.Score > most {
			continue
		}
		lifted := min(h.Score*stateLift, most)
		for f, form := range stateForms {
			if states&(1<<f) == 0 {
				continue
			}
			hits = ix.raise(hits, h.ID+"-"+form, lifted, o)
			if base := withoutLastWord(h.ID); base != "" && !strings.HasSuffix(h.ID, "-"+form) {
				hits = ix.raise(hits, base+"-"+form, lifted, o) // not the hit itself
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
	return hits[:min(len(hits), o.limit())]
}

// raise gives the document id of o.Group score in hits, when that is more than it has there, and returns
// hits.
func (ix *Index) raise(hits []Hit, id string, score float64, o Options) []Hit {
	d, ok := ix.byID[id]
	if !ok || !ix.inGroup(int32(d), o) {
		return hits
	}
	if k := slices.IndexFunc(hits, func(h Hit) bool { return h.Doc == d }); k >= 0 {
		hits[k].Score = max(hits[k].Score, score)
		return hits
	}
	return append(hits, Hit{ID: ix.docs[d].ID, Score: score, Doc: d})
}

// withoutLastWord is id without its last word ("file" of file-upload), "" for an id of one word.
func withoutLastWord(id string) string {
	if i := strings.LastIndexByte(id, '-'); i > 0 {
		return id[:i]
	}
	return ""
}

// widened is o for the ranking that steer steers for states: at least stateReach hits with a state.
func (o Options) widened(states uint8) Options {
	if states != 0 {
		o.Limit = max(o.limit(), stateReach)
	}
	return o
}
