package edge

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// AccessLog says which answers get a request line in the log (iconlib serve --access-log). The edge's
// errors (5xx) get one line each in every mode, off included: an operator who turns the access log off
// still hears of failures. Every other answer of 400 or more is logged in every mode but off: refusals
// (401, 404, 429) thinned by refusalLog, other client errors one line each. The mode chooses among the rest (2xx, 3xx),
// where a busy edge spends its log: one line of about 90 bytes cost 2–7% of a file request's CPU.
// The zero AccessLog logs every answer.
type AccessLog struct {
	Mode  AccessLogMode
	Every int // AccessLogSample: one answer in Every is logged; at least 1
}

// AccessLogMode is how much of the access log is written.
type AccessLogMode uint8

// The access log's modes, as --access-log names them.
const (
	AccessLogAll    AccessLogMode = iota // "all": every answer
	AccessLogErrors                      // "errors": answers of 400 or more only
	AccessLogSample                      // "sample:N": answers of 400 or more, and one in N of the rest
	AccessLogOff                         // "off": request lines for errors (5xx) only (the metrics count every answer)
)

// DefaultAccessLog is --access-log's default: every error and refusal, and one in 100 of the rest.
const DefaultAccessLog = "sample:100"

// ParseAccessLog reads an --access-log value: all, errors, sample:N (N ≥ 1) or off.
func ParseAccessLog(s string) (AccessLog, error) {
	switch s {
	case "all":
		return AccessLog{Mode: AccessLogAll}, nil
	case "errors":
		return AccessLog{Mode: AccessLogErrors}, nil
	case "off":
		return AccessLog{Mode: AccessLogOff}, nil
	}
	if n, ok := strings.CutPrefix(s, "sample:"); ok {
		if every, err := strconv.Atoi(n); err == nil && every >= 1 {
			return AccessLog{Mode: AccessLogSample, Every: every}, nil
		}
	}
	return AccessLog{}, fmt.Errorf("want all, errors, sample:N (one answer in N, N ≥ 1) or off, not %s", quote(s))
}

// String is the --access-log value that gives a.
func (a AccessLog) String() string {
	switch a.Mode {
	case AccessLogErrors:
		return "errors"
	case AccessLogSample:
		return "sample:" + strconv.Itoa(a.Every)
	case AccessLogOff:
		return "off"
	}
	return "all"
}

// accessLogger decides, answer by answer, which get a line.
type accessLogger struct {
	AccessLog
	seen atomic.Uint64 // answers below 400 so far, in sample mode
}

// logs reports whether an answer of status gets a line (a refusal's line is then thinned by refusalLog).
func (l *accessLogger) logs(status int) bool {
	switch {
	case status >= http.StatusInternalServerError: // the edge's own failures, in every mode
		return true
	case l.Mode == AccessLogOff:
		return false
	case status >= http.StatusBadRequest || l.Mode == AccessLogAll:
		return true
	case l.Mode == AccessLogSample:
		return (l.seen.Add(1)-1)%uint64(l.Every) == 0 // the first, then every Every-th
	}
	return false
}
