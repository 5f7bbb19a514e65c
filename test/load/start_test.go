package main

import (
	"testing"
	"time"
)

// TestMedianStartTakesEachFigureOnItsOwn: the start benchmark's median is the median of each figure, not
// the figures of the median start, so one slow start with little memory moves neither median.
func TestMedianStartTakesEachFigureOnItsOwn(t *testing.T) {
	got := medianStart([]startSample{
		{ready: 300 * time.Millisecond, cpu: 200 * time.Millisecond, rss: 80},
		{ready: 900 * time.Millisecond, cpu: 210 * time.Millisecond, rss: 70},
		{ready: 250 * time.Millisecond, cpu: 190 * time.Millisecond, rss: 90},
	})
	want := startSample{ready: 300 * time.Millisecond, cpu: 200 * time.Millisecond, rss: 80}
	if got != want {
		t.Errorf("median %+v, want %+v", got, want)
	}
}
