package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// TestElementLoadsLazilyAndOnce: an element loads its file when it comes near the viewport, not before;
// elements of one icon share one fetch, the page one player; elements made by a script (as frameworks
// make them) and attributes changed later work as in HTML.
func TestElementLoadsLazilyAndOnce(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	site := elementSite(t, lib, map[string]string{"/": `
<iconlib-icon id="one" icon="bell"></iconlib-icon> <iconlib-icon id="two" icon="bell" trigger="hover"></iconlib-icon>
<div style="height: 3000px"></div>
<iconlib-icon id="far" icon="trash"></iconlib-icon>`}, nil)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, site+"/")
	waitJS(t, ctx, "the two bells ready", `ready("one") && ready("two")`)
	fetched := func(suffix string) int {
		return js[int](t, ctx, fmt.Sprintf(`performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.endsWith(%q)).length`, suffix))
	}
	if n := fetched("/assets/bell.json"); n != 1 {
		t.Errorf("two bells fetched bell.json %d times, want once", n)
	}
	if n := fetched("/lottie_light.min.js"); n != 1 {
		t.Errorf("the player was fetched %d times, want once", n)
	}
	if src := js[string](t, ctx, `document.querySelector("script[src*=lottie]").src`); !strings.HasPrefix(src, lib.URL+"/static/vendor/lottie_light.min.js?v=") {
		t.Errorf("the element loaded the player from %s, want the site's versioned lottie_light.min.js", src)
	}
	time.Sleep(300 * time.Millisecond)
	if n := fetched("/assets/trash.json"); n != 0 || js[bool](t, ctx, `$("far").player !== null`) {
		t.Errorf("an icon 3000 px below the viewport loaded before it came near (fetched %d times)", n)
	}
	js[chromedp.Void](t, ctx, `$("far").scrollIntoView()`)
	waitJS(t, ctx, "the far icon ready once scrolled to", `ready("far")`)

	// Made by a script, attributes set after it is in the page, then changed.
	js[chromedp.Void](t, ctx, `(() => { const el = document.createElement("iconlib-icon"); el.id = "made"; document.body.append(el);
	  el.setAttribute("icon", "heart"); el.setAttribute("trigger", "click"); el.setAttribute("label", "Like"); })()`)
	waitJS(t, ctx, "the made icon ready", `ready("made")`)
	js[chromedp.Void](t, ctx, `$("made").click()`)
	waitJS(t, ctx, "a click to play its hover", `$("made").getAttribute("playing") === "hover"`)
	js[chromedp.Void](t, ctx, `(() => { events.length = 0; $("made").setAttribute("icon", "star"); $("made").setAttribute("colors", "primary:#00aa00"); })()`)
	waitJS(t, ctx, "the made icon ready again as a green star", `ready("made") && $("made").player.animationData.nm === "star" && paths("made").some((p) => p.stroke === "rgb(0,170,0)")`)
	if got := js[[]string](t, ctx, `["role", "aria-label", "tabindex"].map((a) => $("made").getAttribute(a))`); fmt.Sprint(got) != "[button Like 0]" {
		t.Errorf("a click icon with no button around it: role, aria-label, tabindex = %v, want button Like 0", got)
	}
	problems.check(t)
}

// longTaskRecorder keeps the page's long tasks (over 50 ms).
const longTaskRecorder = `<script>
window.longTasks = [];
new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: "longtask" });
</script>`

// TestElementManyIconsScrollSmoothly: a page of 200 elements (200 icons, hovers, loops and entrances)
// scrolled from top to bottom, loading them all, has no long task (over 50 ms; PerformanceObserver
// "longtask"). A long task is the page's when its main thread was busy for it: a Chrome trace taken
// meanwhile gives each task's CPU time, and a task that took 50 ms of wall time but little CPU was the
// machine's (another process had the core), which the test logs and does not count.
func TestElementManyIconsScrollSmoothly(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	files, err := filepath.Glob(filepath.Join(lib.Public, "assets", "*.json"))
	if err != nil || len(files) < 200 {
		t.Fatalf("the library has %d animation files (%v)", len(files), err)
	}
	slices.Sort(files)
	var body strings.Builder
	body.WriteString(longTaskRecorder + `<div style="display: grid; grid-template-columns: repeat(4, 1fr); gap: 56px 8px">`)
	for i := range 200 {
		id := strings.TrimSuffix(filepath.Base(files[i*len(files)/200]), ".json")
		trigger := "hover"
		switch {
		case i%10 == 0:
			trigger = "loop"
		case i%7 == 0:
			trigger = "in"
		}
		fmt.Fprintf(&body, `<iconlib-icon id="i%d" icon="%s" trigger="%s" size="48"></iconlib-icon>`, i, id, trigger)
	}
	body.WriteString(`</div>`)
	site := elementSite(t, lib, map[string]string{"/": body.String()}, nil)
	trace := &mainThreadTrace{}
	ctx, problems := openTab(t, browser, tabOptions{listen: trace.listen})
	navigate(t, ctx, site+"/")
	waitJS(t, ctx, "the first row ready", `ready("i0") && ready("i3")`)
	trace.start(t, ctx)

	// Scroll 40 px a frame to the bottom, hovering icons on the way, then wait for every icon to be ready.
	got := js[struct {
		LongTasks []longTask
		Start     float64
		Ready     int
		Frames    int
		Millis    float64
		Height    float64
	}](t, ctx, `new Promise((done) => {
	  const t0 = performance.now();
	  console.timeStamp("iconlib-scroll");
	  let frames = 0;
	  const step = () => {
	    frames++;
	    scrollBy(0, 40);
	    const hit = document.elementFromPoint(innerWidth / 8, innerHeight / 2);
	    if (hit && hit.localName === "iconlib-icon") hit.dispatchEvent(new PointerEvent("pointerenter"));
	    if (innerHeight + scrollY < document.body.scrollHeight - 1) return requestAnimationFrame(step);
	    const ready = () => new Set(events.filter((e) => e.type === "ready").map((e) => e.id)).size;
	    const wait = () => ready() >= 200 || performance.now() - t0 > 60000
	      ? setTimeout(() => done({ longTasks: longTasks.filter((e) => e.start >= t0), start: t0, ready: ready(), frames,
	          millis: performance.now() - t0, height: document.body.scrollHeight }), 500)
	      : setTimeout(wait, 50);
	    wait();
	  };
	  requestAnimationFrame(step);
	})`)
	tasks := trace.stop(t, ctx, "iconlib-scroll")
	var busiest float64
	for _, task := range tasks.all {
		busiest = max(busiest, task.TDur/1000)
	}
	var ours, machine []string
	for _, lt := range got.LongTasks {
		cpu, ok := tasks.at(lt.Start - got.Start)
		switch {
		case ok && cpu < 50:
			machine = append(machine, fmt.Sprintf("%.0f ms (%.1f ms of CPU)", lt.Duration, cpu))
		case ok:
			ours = append(ours, fmt.Sprintf("%.0f ms (%.0f ms of CPU)", lt.Duration, cpu))
		default:
			ours = append(ours, fmt.Sprintf("%.0f ms (not in the trace)", lt.Duration))
		}
	}
	t.Logf("200 elements over %.0f px: scrolled in %d frames and loaded in %.0f ms; %d tasks, the busiest %.1f ms of CPU; long tasks: %d the page's %v, %d the machine's %v",
		got.Height, got.Frames, got.Millis, len(tasks.all), busiest, len(ours), ours, len(machine), machine)
	if got.Ready != 200 {
		t.Errorf("%d of 200 elements became ready", got.Ready)
	}
	if len(ours) > 0 {
		t.Errorf("%d long tasks of the page while scrolling 200 elements: %v", len(ours), ours)
	}
	problems.check(t)
}

type longTask struct{ Start, Duration float64 }

// mainThreadTrace records a Chrome trace of a tab and finds the tasks of its renderer's main thread.
type mainThreadTrace struct {
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}
}

type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Ts   float64 `json:"ts"`   // µs
	Dur  float64 `json:"dur"`  // wall time, µs
	TDur float64 `json:"tdur"` // the thread's CPU time, µs
	Args struct {
		Data struct {
			Message string `json:"message"`
		} `json:"data"`
	} `json:"args"`
}

func (tr *mainThreadTrace) listen(ev any) {
	switch ev := ev.(type) {
	case *tracing.EventDataCollected:
		tr.mu.Lock()
		defer tr.mu.Unlock()
		for _, raw := range ev.Value {
			var e traceEvent
			if json.Unmarshal(raw, &e) == nil {
				tr.events = append(tr.events, e)
			}
		}
	case *tracing.EventTracingComplete:
		close(tr.done)
	}
}

func (tr *mainThreadTrace) start(t *testing.T, ctx context.Context) {
	t.Helper()
	tr.done = make(chan struct{})
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"}}}); err != nil {
		t.Fatalf("starting a trace: %v", err)
	}
}

// traceTasks are the tasks of the main thread, from the page's mark on.
type traceTasks struct {
	all  []traceEvent
	mark float64 // µs
}

// at answers the CPU time (ms) of the longest task that started ms after the mark, give or take 3 ms.
func (tt traceTasks) at(ms float64) (float64, bool) {
	var found *traceEvent
	for i, e := range tt.all {
		if d := e.Ts - tt.mark - ms*1000; d > -3000 && d < 3000 && (found == nil || e.Dur > found.Dur) {
			found = &tt.all[i]
		}
	}
	if found == nil {
		return 0, false
	}
	return found.TDur / 1000, true
}

// stop ends the trace and answers the tasks of the main thread that marked console.timeStamp(mark), from
// the mark on.
func (tr *mainThreadTrace) stop(t *testing.T, ctx context.Context, mark string) traceTasks {
	t.Helper()
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		t.Fatalf("ending the trace: %v", err)
	}
	select {
	case <-tr.done:
	case <-ctx.Done():
		t.Fatal("the trace did not complete")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var m *traceEvent
	for i, e := range tr.events {
		if e.Name == "TimeStamp" && e.Args.Data.Message == mark {
			m = &tr.events[i]
		}
	}
	if m == nil {
		t.Fatalf("the trace has no mark %q", mark)
	}
	tt := traceTasks{mark: m.Ts}
	for _, e := range tr.events {
		if e.Name == "RunTask" && e.Ph == "X" && e.Pid == m.Pid && e.Tid == m.Tid && e.Ts >= m.Ts-100000 {
			tt.all = append(tt.all, e)
		}
	}
	return tt
}
