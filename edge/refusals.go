package edge

import (
	"net/http"
	"sync"
	"time"
)

// refusalLogInterval is how often the log shows a refused request of each route and status.
const refusalLogInterval = 10 * time.Second

// refusalLog thins the request log of refusals (401, 404 and 429: a client can send them as fast as it
// likes, each costing the edge nothing but its log line): of each route and status, the first refusal
// in an interval is logged, with the number of refusals of its kind left out since the line before; the
// others are only counted (the metrics count every one). A client hammering past its quota costs a log
// line per interval, however fast it sends and from however many addresses. Errors and every other
// answer are logged in full. It is safe for concurrent use; the keys are bounded by the routes.
type refusalLog struct {
	every time.Duration
	now   func() time.Time
	mu    sync.Mutex
	kinds map[refusalKind]*refusalWindow
}

type refusalKind struct {
	route  string
	status int
}

type refusalWindow struct {
	until   time.Time // when the next refusal of this kind is logged
	skipped int       // refusals not logged since the last line
}

// newRefusalLog thins refusals over every interval by the clock now (the limits' clock, resolved once).
func newRefusalLog(every time.Duration, now func() time.Time) *refusalLog {
	return &refusalLog{every: every, now: now, kinds: map[refusalKind]*refusalWindow{}}
}

// isRefusal reports whether a status is one the log thins.
func isRefusal(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusUnauthorized || status == http.StatusNotFound
}

// sample reports whether to log a refusal of route with status, and how many refusals of the same kind
// were left out since the last one logged.
func (l *refusalLog) sample(route string, status int) (logIt bool, skipped int) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	k := refusalKind{route, status}
	win := l.kinds[k]
	if win == nil {
		win = &refusalWindow{}
		l.kinds[k] = win
	}
	if now.Before(win.until) {
		win.skipped++
		return false, 0
	}
	skipped, win.skipped, win.until = win.skipped, 0, now.Add(l.every)
	return true, skipped
}
