// Package edge is iconlib's server: it serves the files the build wrote into public/ and answers what cannot
// be static. It reads only public/ and never imports the build.
package edge

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"

	"github.com/iconlib/iconlib/internal/catalog"
)

// Config is what the edge needs to start.
type Config struct {
	PublicDir string       // the build's output
	BaseURL   string       // the URL clients reach this edge at; empty means the one the build used
	Logger    *slog.Logger // nil discards logs
}

// server holds what the handlers share; it is read-only after New, so one edge can serve any request.
type server struct {
	cfg    Config
	files  *fileIndex
	logger *slog.Logger
}

// New loads public/ and returns the edge's handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	base, err := builtBaseURL(cfg.PublicDir)
	if err != nil {
		return nil, err
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = base
	} else if cfg.BaseURL != base {
		cfg.Logger.Warn("base URL differs from the one public/ was built for; links in generated files use the build's",
			"base_url", cfg.BaseURL, "built_for", base)
	}
	files, err := indexFiles(cfg.PublicDir)
	if err != nil {
		return nil, err
	}
	s := &server{cfg: cfg, files: files, logger: cfg.Logger}
	return s.routes(), nil
}

// builtBaseURL reads the base URL the build wrote into catalog.json; it also proves public/ is a build.
func builtBaseURL(dir string) (string, error) {
	f, err := os.Open(filepath.Join(dir, catalog.CatalogFile))
	if err != nil {
		return "", fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", dir, err)
	}
	defer f.Close()
	var head struct {
		BaseURL string `json:"base_url"`
	}
	if err := json.NewDecoder(f).Decode(&head); err != nil || head.BaseURL == "" {
		return "", fmt.Errorf("%s: unreadable catalog: %v", f.Name(), err)
	}
	return head.BaseURL, nil
}
