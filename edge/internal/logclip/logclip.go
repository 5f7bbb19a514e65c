// Package logclip bounds what one log record can write: a client can put a megabyte into a method name, a
// resource URI or a path, and every library that logs it would write it whole. A Handler cuts every string
// (the message, attribute values, values rendered from other kinds) to a bound and says how long it was,
// so the log grows with the number of requests, not with their size.
package logclip

import (
	"context"
	"fmt"
	"log/slog"
	"unicode/utf8"
)

// Bound is how many bytes of a string a record keeps; StackBound is the bound of an attribute named
// "stack", a panic's goroutine dump, whose first frames are what an operator needs.
const (
	Bound      = 256
	StackBound = 2048
)

// Handler is a slog.Handler that clips every string of a record before passing it on.
type Handler struct{ next slog.Handler }

// New returns next behind the clipping.
func New(next slog.Handler) *Handler { return &Handler{next} }

// Enabled reports whether next handles records at level.
func (h *Handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

// Handle passes r on with its message and attributes clipped; a record that needs no clipping (most do
// not: the request log's method, path, status and duration) passes on as it is, with no copy.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if fits(r) {
		return h.next.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, clip(r.Message, Bound), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(clipAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

// fits reports whether r's message and attributes are short strings or values of kinds that are short
// whatever their value (numbers, times, durations), so that clipping would change nothing.
func fits(r slog.Record) bool {
	ok := len(r.Message) <= Bound
	r.Attrs(func(a slog.Attr) bool {
		switch a.Value.Kind() {
		case slog.KindString:
			ok = len(a.Key) <= Bound && len(a.Value.String()) <= Bound
		case slog.KindAny, slog.KindGroup, slog.KindLogValuer:
			ok = false
		default:
			ok = len(a.Key) <= Bound
		}
		return ok
	})
	return ok
}

// WithAttrs returns a Handler whose attributes are clipped as a record's are.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clipped := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clipped[i] = clipAttr(a)
	}
	return &Handler{h.next.WithAttrs(clipped)}
}

// WithGroup returns a Handler whose records' attributes go in the group name.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{h.next.WithGroup(clip(name, Bound))}
}

// clipAttr clips a's key and value; a group's attributes one by one.
func clipAttr(a slog.Attr) slog.Attr {
	bound := Bound
	if a.Key == "stack" {
		bound = StackBound
	}
	a.Key = clip(a.Key, Bound)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(clip(v.String(), bound))
	case slog.KindGroup:
		group := v.Group()
		clipped := make([]slog.Attr, len(group))
		for i, g := range group {
			clipped[i] = clipAttr(g)
		}
		a.Value = slog.GroupValue(clipped...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			a.Value = slog.StringValue(clip(err.Error(), bound))
		} else {
			a.Value = slog.StringValue(clip(fmt.Sprintf("%+v", v.Any()), bound))
		}
	default:
		a.Value = v
	}
	return a
}

// clip returns s if it holds at most bound bytes, else its first bound bytes (whole characters) and how
// long it was.
func clip(s string, bound int) string {
	if len(s) <= bound {
		return s
	}
	cut := bound
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
