package replay

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/iconlib/iconlib/edge/internal/answers"
)

// library stands for a protocol library: it answers each call with its id, a fresh message id and a
// count of the calls it answered, with the status asked for.
type library struct {
	calls  int
	status int
	msg    string // the message id it writes, or "" for a new one each call
}

func (l *library) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.calls++
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(l.status)
	msg := l.msg
	if msg == "" {
		msg = fmt.Sprintf("m-%d", l.calls)
	}
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"messageId":%q,"calls":%d}}`, r.Header.Get("Id"), msg, l.calls)
}

// call sends a call with id through Serve, cut at the id and the message id, with newMsg for the message
// id when replayed.
func call(c *answers.Cache, lib *library, id, newMsg string) (*httptest.ResponseRecorder, bool) {
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	r.Header.Set("Id", id)
	w := httptest.NewRecorder()
	head := Head([]byte(id))
	var cut bool
	Serve(c, "k", w, r, lib, func(rec *Recorder) (*Answer, bool) {
		cut = true
		return Cut(rec, head, []byte(fmt.Sprintf(`"messageId":"m-%d"`, lib.calls)))
	}, head, []byte(`"messageId":"`+newMsg+`"`))
	return w, cut
}

func TestACallAskedAgainGetsTheKeptAnswerWithItsOwnValues(t *testing.T) {
	c, lib := answers.New(1<<20), &library{status: http.StatusOK}
	first, _ := call(c, lib, "1", "unused")
	again, cut := call(c, lib, `"b"`, "fresh")
	if lib.calls != 1 || cut {
		t.Fatalf("the library answered %d calls; want 1, the second replayed", lib.calls)
	}
	if got := first.Body.String(); got != `{"jsonrpc":"2.0","id":1,"result":{"messageId":"m-1","calls":1}}` {
		t.Errorf("first answer %s", got)
	}
	if got := again.Body.String(); got != `{"jsonrpc":"2.0","id":"b","result":{"messageId":"fresh","calls":1}}` {
		t.Errorf("replayed answer %s", got)
	}
	if again.Code != http.StatusOK || again.Header().Get("Content-Type") != "application/json" {
		t.Errorf("replayed answer %d %v", again.Code, again.Header())
	}
}

func TestAnAnswerThatCannotBeCutIsNeverKept(t *testing.T) {
	for _, tc := range []struct {
		name string
		lib  *library
	}{
		{"not 200", &library{status: http.StatusBadRequest}},
		{"a value missing", &library{status: http.StatusOK, msg: "other"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := answers.New(1 << 20)
			for i := range 3 {
				w, _ := call(c, tc.lib, "1", "x")
				if want := fmt.Sprintf(`"calls":%d`, i+1); tc.lib.calls != i+1 || !strings.Contains(w.Body.String(), want) {
					t.Fatalf("call %d: the library answered %d calls: %s", i+1, tc.lib.calls, w.Body.String())
				}
			}
		})
	}
}

func TestWithoutACacheTheLibraryAnswersEveryCall(t *testing.T) {
	lib := &library{status: http.StatusOK}
	for range 2 {
		call(nil, lib, "1", "x")
	}
	if lib.calls != 2 {
		t.Errorf("the library answered %d calls, want 2", lib.calls)
	}
}

func TestCutRefusesValuesNotThereOnceEach(t *testing.T) {
	rec := &Recorder{status: http.StatusOK}
	rec.body.WriteString(`{"a":"x","b":"x","c":"y"}`)
	if _, ok := Cut(rec, []byte(`"x"`)); ok {
		t.Error("cut at a value that occurs twice")
	}
	if _, ok := Cut(rec, []byte(`"z"`)); ok {
		t.Error("cut at a value that is not there")
	}
	if _, ok := Cut(rec, []byte(`"c":"y"`), []byte(`"y"`)); ok {
		t.Error("cut at overlapping values")
	}
	a, ok := Cut(rec, []byte(`"c":"y"`), []byte(`"a":"x"`)) // out of order: filled in by position
	w := httptest.NewRecorder()
	a.send(w, [][]byte{[]byte(`"c":3`), []byte(`"a":1`)})
	if !ok || w.Body.String() != `{"a":1,"b":"x","c":3}` {
		t.Errorf("%v %s", ok, w.Body.String())
	}
}

func TestPlainID(t *testing.T) {
	for id, plain := range map[string]bool{
		`7`: true, `-7`: true, `0`: true, `123456789012345`: true, `"abc-1"`: true, `""`: true, `"a b"`: true,
		`1234567890123456`: false, `07`: false, `1.5`: false, `1e3`: false, `-`: false, `null`: false, ``: false,
		`"a\"b"`: false, `"<b>"`: false, `"a&b"`: false, `"é"`: false, `"\u00e9"`: false, `true`: false,
		`{}`: false, `"tab	"`: false,
	} {
		if got := PlainID([]byte(id)); got != plain {
			t.Errorf("PlainID(%s) = %v, want %v", id, got, plain)
		}
	}
}

// TestCallsAtOnceEachGetTheirOwnIDs: calls with the same inputs at the same time are each answered with
// their own id, whether the library answers them or the kept answer does (run with -race).
func TestCallsAtOnceEachGetTheirOwnIDs(t *testing.T) {
	c := answers.New(1 << 20)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{}}`, r.Header.Get("Id"))
	})
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			id := strconv.Itoa(i)
			r := httptest.NewRequest(http.MethodPost, "/", nil)
			r.Header.Set("Id", id)
			w := httptest.NewRecorder()
			head := Head([]byte(id))
			Serve(c, "k", w, r, h, func(rec *Recorder) (*Answer, bool) { return Cut(rec, head) }, head)
			w.Header().Add("Vary", "Origin")
			if got := w.Body.String(); got != `{"jsonrpc":"2.0","id":`+id+`,"result":{}}` {
				t.Errorf("call %s: %s", id, got)
			}
		})
	}
	wg.Wait()
}
