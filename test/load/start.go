package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

// startProbe is the search the start benchmark asks for: answered, the edge has loaded its snapshot and
// ranks.
const startProbe = "/api/v1/icons?q=arrow"

// startSample is one start of the edge: how long from exec until the probe search was answered, the
// edge's CPU time and resident memory then.
type startSample struct {
	ready time.Duration
	cpu   time.Duration
	rss   int64
}

// benchStart starts the edge cfg.starts times on the full library and reports, for each start and as the
// median, the time from exec until the first search is answered, the edge's CPU time until then and its
// resident memory (VmRSS) right after (make bench-start).
func benchStart(ctx context.Context, cfg config, stdout io.Writer) error {
	tmp, err := os.MkdirTemp("", "iconlib-start-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	addr, err := freeLoopbackAddr()
	if err != nil {
		return err
	}
	public, built, err := prepareLibrary(ctx, cfg, tmp, addr)
	if err != nil {
		return err
	}
	if built != "" {
		fmt.Fprintln(stdout, built)
	}
	var samples []startSample
	for i := range cfg.starts {
		s, err := startOnce(ctx, cfg.bin, edgeArgs(addr, public, filepath.Join(tmp, "key.pem"), cfg.edgeArgs))
		if err != nil {
			return fmt.Errorf("start %d: %w", i+1, err)
		}
		fmt.Fprintf(stdout, "start %d: first search answered %v after exec, %v of CPU, RSS %s\n",
			i+1, s.ready.Round(time.Millisecond), s.cpu.Round(time.Millisecond), megabytes(s.rss))
		samples = append(samples, s)
	}
	m := medianStart(samples)
	fmt.Fprintf(stdout, "median of %d: first search answered %v after exec, %v of CPU, RSS %s\n",
		len(samples), m.ready.Round(time.Millisecond), m.cpu.Round(time.Millisecond), megabytes(m.rss))
	return nil
}

// startOnce starts bin with args, polls the probe search every millisecond until it is answered 200, reads
// the edge's CPU time and resident memory, and stops it.
func startOnce(ctx context.Context, bin string, args []string) (startSample, error) {
	cmd := exec.CommandContext(ctx, bin, args...)
	ownChild(cmd)
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		return startSample{}, err
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	url := "http://" + args[slices.Index(args, "--addr")+1] + startProbe
	client := &http.Client{Timeout: 10 * time.Second}
	for time.Since(begin) < time.Minute {
		if res, err := client.Get(url); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return startSample{}, fmt.Errorf("%s: status %d", startProbe, res.StatusCode)
			}
			s := startSample{ready: time.Since(begin)}
			var err error
			if s.cpu, err = cpuTime(cmd.Process.Pid); err != nil {
				return s, err
			}
			s.rss, err = residentBytes(cmd.Process.Pid)
			return s, err
		}
		if err := ctx.Err(); err != nil {
			return startSample{}, err
		}
		time.Sleep(time.Millisecond)
	}
	return startSample{}, fmt.Errorf("%s unanswered a minute after exec", startProbe)
}

// medianStart is the median of each figure of samples, taken on its own.
func medianStart(samples []startSample) startSample {
	median := func(get func(startSample) int64) int64 {
		v := make([]int64, len(samples))
		for i, s := range samples {
			v[i] = get(s)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return startSample{
		ready: time.Duration(median(func(s startSample) int64 { return int64(s.ready) })),
		cpu:   time.Duration(median(func(s startSample) int64 { return int64(s.cpu) })),
		rss:   median(func(s startSample) int64 { return s.rss }),
	}
}
