// Package replay sends an answer a protocol library wrote again, for the same call asked again within one
// snapshot of public/. Encoding an MCP or A2A answer costs the libraries several times what finding it
// does (encoding/json compacts the whole answer again at each level of nesting), while the answer to a
// call differs from the last one's only in a few values: the JSON-RPC id, and a message's fresh ids. So
// the first call is answered by the library and its answer kept, cut around those values (Cut); a call
// with the same inputs is answered with the pieces and its own values between them (Serve). The libraries
// still write every envelope; the edge only fills in what they would have written differently.
//
// An answer is kept only when each value it is cut at occurs in it exactly once, so nothing else can be
// replaced; anything else is answered by the library every time.
package replay

import (
	"bytes"
	"cmp"
	"errors"
	"net/http"
	"slices"

	"github.com/iconlib/iconlib/edge/internal/answers"
)

// Answer is an answer a library wrote, cut where the values that differ from call to call go.
type Answer struct {
	status int
	header http.Header // the headers the library set
	pieces [][]byte    // the body around the values: pieces[0], a value, pieces[1], …
	values []int       // which value goes after each piece but the last, as an index into the olds cut at
	size   int
}

// errNotReplayable says that a call's answer cannot be replayed, so nothing is kept.
var errNotReplayable = errors.New("replay: the answer cannot be replayed")

// Cut cuts a recorded answer (status 200) at olds, which it must hold exactly once each; ok is false for
// any other answer, which must not be replayed.
func Cut(rec *Recorder, olds ...[]byte) (a *Answer, ok bool) {
	body := rec.body.Bytes()
	if rec.status != http.StatusOK {
		return nil, false
	}
	at := make([]int, len(olds))
	for i, old := range olds {
		if at[i] = bytes.Index(body, old); at[i] < 0 || bytes.Count(body, old) != 1 {
			return nil, false
		}
	}
	a = &Answer{status: rec.status, header: rec.header, size: len(body) + 256}
	for i := range olds {
		a.values = append(a.values, i)
	}
	slices.SortFunc(a.values, func(i, j int) int { return cmp.Compare(at[i], at[j]) })
	end := 0
	for _, i := range a.values {
		if at[i] < end { // two values overlap
			return nil, false
		}
		a.pieces = append(a.pieces, body[end:at[i]:at[i]])
		end = at[i] + len(olds[i])
	}
	a.pieces = append(a.pieces, body[end:])
	return a, true
}

// send writes the answer with news in place of the olds it was cut at, one for each, in the same order.
func (a *Answer) send(w http.ResponseWriter, news [][]byte) {
	n := 0
	for _, p := range a.pieces {
		n += len(p)
	}
	for _, v := range news {
		n += len(v)
	}
	body := make([]byte, 0, n)
	for k, i := range a.values {
		body = append(append(body, a.pieces[k]...), news[i]...)
	}
	body = append(body, a.pieces[len(a.pieces)-1]...)
	h := w.Header()
	for k, v := range a.header {
		h[k] = slices.Clone(v) // middleware may add to a header: never to the kept one
	}
	w.WriteHeader(a.status)
	w.Write(body)
}

// Serve answers r with the answer kept under key in the snapshot's answer cache c, news in place of the
// values it was cut at; without one, next answers r and cut (given what next wrote) decides whether that
// answer is kept for the calls after it. key must name every input next's answer depends on, beside the
// values cut. A nil c keeps nothing: next answers every call.
func Serve(c *answers.Cache, key string, w http.ResponseWriter, r *http.Request, next http.Handler,
	cut func(*Recorder) (*Answer, bool), news ...[]byte) {
	if c == nil {
		next.ServeHTTP(w, r)
		return
	}
	var fresh *Recorder
	a, err := answers.Get(c, "replay\x00"+key, func() (*Answer, int, error) {
		fresh = Record(next, r)
		a, ok := cut(fresh)
		if !ok {
			return nil, 0, errNotReplayable
		}
		return a, a.size + len(key), nil
	})
	switch {
	case fresh != nil: // this call's own answer
		fresh.SendTo(w)
	case err != nil: // another call's answer to the same inputs could not be kept
		next.ServeHTTP(w, r)
	default:
		a.send(w, news)
	}
}
