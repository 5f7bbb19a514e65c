package build

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress tells a person watching a build how far it has come: a line as each phase ends, with what it
// made and how long it took, and while the icons are animated, a line at every tenth of them. With no
// writer it says nothing.
type progress struct {
	w     io.Writer
	mu    sync.Mutex
	since time.Time // the current phase's start
	done  int       // icons animated
	shown int       // the last count a line showed
}

func newProgress(w io.Writer) *progress { return &progress{w: w, since: time.Now()} }

// phase ends the current phase with a line saying what it made, and starts the next.
func (p *progress) phase(format string, args ...any) {
	if p.w == nil {
		return
	}
	now := time.Now()
	fmt.Fprintf(p.w, "%s (%.1f s)\n", fmt.Sprintf(format, args...), now.Sub(p.since).Seconds())
	p.since = now
}

// icon counts one more icon animated of total, with a line when another tenth is done.
func (p *progress) icon(total int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if p.done < total && p.done-p.shown >= max(1, total/10) {
		p.shown = p.done
		fmt.Fprintf(p.w, "animating icons: %d of %d\n", p.done, total)
	}
}
