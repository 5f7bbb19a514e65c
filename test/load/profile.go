package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// profileScenario starts taking the edge's CPU profile of a scenario's measured part (after its
// warm-up) when cfg asks for profiles, and returns a function that waits for it to be written to
// <cfg.profileDir>/<scenario>.pprof; without -profile, that function returns nil at once.
func profileScenario(ctx context.Context, e *edgeProcess, scenario string, cfg config) (wait func() error) {
	if cfg.profileDir == "" || e.metrics == "" {
		return func() error { return nil }
	}
	done := make(chan error, 1)
	go func() {
		select {
		case <-time.After(cfg.warmup):
		case <-ctx.Done():
			done <- ctx.Err()
			return
		}
		done <- fetchProfile(ctx, e.metrics, cfg.duration, filepath.Join(cfg.profileDir, scenario+".pprof"))
	}()
	return func() error { return <-done }
}

// fetchProfile writes the CPU profile of the next d (whole seconds, at least one) from the pprof server
// at metrics to file.
func fetchProfile(ctx context.Context, metrics string, d time.Duration, file string) error {
	seconds := max(1, int(d/time.Second))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", metrics, seconds), nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("CPU profile: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("CPU profile: %s", res.Status)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return fmt.Errorf("CPU profile: %w", err)
	}
	return f.Close()
}
