// Package edge is iconlib's server: it serves the files the build wrote into public/ and answers what cannot
// be static. It reads only public/ and never imports the build.
package edge

import (
	"html/template"
	"log/slog"
	"net/http"
	"runtime/debug"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/library"
)

// Config is what the edge needs to start.
type Config struct {
	PublicDir string        // the build's output
	Version   string        // the edge's version, shown by the MCP servers and the agent card
	BaseURL   string        // the URL clients reach this edge at; empty means the one the build used
	Access    access.Config // credentials and limits; New fills in BaseURL, PublicDir and Logger
	Logger    *slog.Logger  // nil discards logs
}

// server holds what the handlers share; it is read-only after New, so one edge can serve any request.
type server struct {
	cfg    Config
	files  *fileIndex
	lib    *library.Library
	access *access.Access
	proto  protocols
	home   *template.Template // the home page, for searches rendered on the server
	logger *slog.Logger
}

// New loads public/ and returns the edge's handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	var lib *library.Library
	var files *fileIndex
	var load errgroup.Group // the library and the file index load at the same time
	load.Go(func() (err error) { lib, err = library.Load(cfg.PublicDir); return err })
	load.Go(func() (err error) { files, err = indexFiles(cfg.PublicDir); return err })
	if err := load.Wait(); err != nil {
		return nil, err
	}
	if err := lib.SearchErr(); err != nil {
		cfg.Logger.Error("search is unavailable; everything else is served", "err", err)
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = lib.BaseURL()
	} else if cfg.BaseURL != lib.BaseURL() {
		cfg.Logger.Warn("base URL differs from the one public/ was built for; links in generated files use the build's",
			"base_url", cfg.BaseURL, "built_for", lib.BaseURL())
	}
	acfg := cfg.Access
	acfg.BaseURL, acfg.PublicDir, acfg.Logger = cfg.BaseURL, cfg.PublicDir, cfg.Logger
	acc, err := access.New(acfg)
	if err != nil {
		return nil, err
	}
	s := &server{cfg: cfg, files: files, lib: lib, access: acc, logger: cfg.Logger}
	if s.proto, err = newProtocols(lib, cfg); err != nil {
		return nil, err
	}
	if s.home, err = loadHome(); err != nil {
		return nil, err
	}
	// Reading public/ left tens of megabytes of parsed JSON behind; give them back to the OS now rather
	// than at the collector's leisure.
	debug.FreeOSMemory()
	return s.routes(), nil
}
