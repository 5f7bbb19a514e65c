package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// startBefore builds the iconlib binary of the earlier checkout cfg.before names (a directory, such as a
// git worktree of an older commit) into dir, builds that checkout's content with it, and starts its
// edges: the "before" of a before/after comparison, each side serving the library its own build makes.
func startBefore(ctx context.Context, cfg config, dir string) (*edges, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "iconlib")
	if err := buildBinary(ctx, cfg.before, bin); err != nil {
		return nil, err
	}
	addr, err := freeLoopbackAddr()
	if err != nil {
		return nil, err
	}
	public := filepath.Join(dir, "public")
	if _, err := buildLibrary(ctx, bin, filepath.Join(cfg.before, "content"), public, "http://"+addr); err != nil {
		return nil, err
	}
	name := gitRevision(cfg.before)
	if name == "" {
		name = cfg.before
	}
	return startEdges(ctx, cfg, edgeSetup{name: name, bin: bin, addr: addr, public: public, dir: dir})
}

// buildBinary builds ./cmd/iconlib of the checkout src into bin.
func buildBinary(ctx context.Context, src, bin string) error {
	start := time.Now()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/iconlib")
	cmd.Dir = src
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	ownChild(cmd)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build in %s: %w", src, err)
	}
	fmt.Fprintf(os.Stderr, "built %s from %s in %s\n", bin, src, time.Since(start).Round(time.Millisecond))
	return nil
}
