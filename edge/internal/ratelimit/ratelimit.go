// Package ratelimit counts requests per key in fixed windows, behind a [Store] so counters can live in this
// process ([MemoryStore]) or in a store shared by many edge copies ([RedisStore]). A [Limiter] counts under
// named policies, and in memory while its shared store fails.
//
// # Fixed windows
//
// A key's window opens at its first request and lasts the policy's window; the first quota requests in it
// are allowed, the rest refused until it closes. This is the IETF RateLimit header model (draft-ietf-httpapi-
// ratelimit-headers): "q" requests per "w" seconds, "r" remaining, "t" seconds until the window resets. It
// needs one counter and one deadline per key, so memory per key is fixed, and it maps onto one atomic
// script of a shared store (see [RedisStore]). A client can get up to twice the quota through in the moment a
// window closes; for a free, read-only service that is an acceptable price for exact, cheap counting. A
// sliding log would need memory per request, and a sliding-window estimate makes "r" and "t" approximate.
// Windows start per key rather than on the clock's minute, so clients do not all reset at once.
package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// Decision is a store's answer to one request.
type Decision struct {
	Allowed   bool      // the request fits the quota and was counted
	Remaining int       // requests still allowed in this window
	Reset     time.Time // when the window closes
}

// Store counts requests. Take counts a request of calls calls (a batch counts each; one for any other) for
// key against limit calls per window and says whether it is allowed: all of them, or none, and a refused
// request counts nothing. The window opens at the key's first request. now is the caller's clock.
//
// A shared store must do each Take atomically, and let keys expire by themselves when their windows
// close ([RedisStore] runs one Lua script).
type Store interface {
	Take(ctx context.Context, key string, calls, limit int, window time.Duration, now time.Time) (Decision, error)
}

// Policy is a named quota: Quota requests per Window (a whole number of seconds).
type Policy struct {
	Name   string
	Quota  int
	Window time.Duration
}

// Check reports a policy the headers cannot describe: an empty or unprintable name, a quota below one, or
// a window that is not a whole number of seconds.
func (p Policy) Check() error {
	if !plainName(p.Name) || p.Quota < 1 || p.Window < time.Second || p.Window%time.Second != 0 {
		return fmt.Errorf("rate limit policy %q: want a plain name, a quota of at least 1 and a window of whole seconds (got %d per %v)",
			p.Name, p.Quota, p.Window)
	}
	return nil
}

// plainName reports whether name can be written as a structured-field string without escapes.
func plainName(name string) bool {
	for _, c := range []byte(name) {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return name != ""
}

// Header is the policy as a RateLimit-Policy field value: "anonymous";q=120;w=60.
func (p Policy) Header() string {
	return `"` + p.Name + `";q=` + strconv.Itoa(p.Quota) + ";w=" + strconv.Itoa(int(p.Window/time.Second))
}

// Result is a decision under a policy, at a time.
type Result struct {
	Policy Policy
	Decision
	Now time.Time
}

// ResetSeconds is the whole seconds until the window closes, rounded up; at least 1 when the request was
// refused, so a client never retries at once.
func (r Result) ResetSeconds() int {
	d := r.Reset.Sub(r.Now)
	s := int((d + time.Second - 1) / time.Second)
	if s < 1 && !r.Allowed {
		return 1
	}
	return max(s, 0)
}

// Header is the RateLimit field value: "agent";r=599;t=60.
func (r Result) Header() string {
	return `"` + r.Policy.Name + `";r=` + strconv.Itoa(r.Remaining) + ";t=" + strconv.Itoa(r.ResetSeconds())
}
