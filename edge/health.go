package edge

import (
	"encoding/json"
	"net/http"
)

// health is the body of /healthz and /readyz: one shape, so a monitor reads both the same way. Status is
// "ok", or "draining" on /readyz once the edge has begun to stop; Snapshot (the manifest's hash, as
// iconlib_snapshot_info names it) and Version say what is served, on /readyz only.
type health struct {
	Status   string `json:"status"`
	Snapshot string `json:"snapshot,omitempty"`
	Version  string `json:"version,omitempty"`
}

// handleHealth answers liveness: 200 for as long as the process serves requests, draining included, so a
// supervisor restarts an edge that stopped answering and never one that is stopping.
func (s *server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	writeHealth(w, http.StatusOK, health{Status: "ok"})
}

// handleReady answers readiness: 200 with the snapshot this request was served from while the edge takes
// traffic, 503 "draining" from the moment it was asked to stop (SIGTERM or SIGINT) until it closes its
// port --drain-delay later, so a balancer takes it out of rotation before requests to it would fail. An
// edge still loading its first snapshot does not answer at all: it serves nothing until it has one.
func (s *server) handleReady(w http.ResponseWriter, _ *http.Request) {
	h, code := health{Status: "ok", Snapshot: s.files.snapshot, Version: s.cfg.Version}, http.StatusOK
	if s.draining.Load() {
		h.Status, code = "draining", http.StatusServiceUnavailable
	}
	writeHealth(w, code, h)
}

func writeHealth(w http.ResponseWriter, code int, h health) {
	body, _ := json.Marshal(h) // three strings cannot fail to encode
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(append(body, '\n'))
}
