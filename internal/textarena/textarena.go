// Package textarena copies many strings into one allocation, for tables a process keeps as long as it
// serves them: the garbage collector then marks one object on every cycle rather than one per string.
package textarena

import "strings"

// Arena copies strings into one buffer, grown once to the size they take in all. Its strings stay valid
// for as long as any of them is kept: a strings.Builder never changes the bytes String has returned.
type Arena struct{ b strings.Builder }

// New returns an arena for strings of size bytes in all; more only takes another allocation.
func New(size int) *Arena {
	a := &Arena{}
	a.b.Grow(size)
	return a
}

// Add copies the parts, one after the other, into the arena and returns the copy.
func (a *Arena) Add(parts ...string) string {
	start := a.b.Len()
	for _, p := range parts {
		a.b.WriteString(p)
	}
	return a.b.String()[start:]
}
