// Package metrics holds an edge's Prometheus metrics, in a registry of its own (no global state, so a
// process, or a test, can run any number of edges), and serves them in the Prometheus text format.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are one edge's metrics:
//
//	iconlib_http_requests_total{route,surface,status}       requests answered, by the route's pattern
//	iconlib_http_request_duration_seconds{surface}          time to answer, by surface
//	iconlib_ratelimit_decisions_total{policy,decision}      "admitted" or "rejected"
//	iconlib_ratelimit_store_errors_total                    failed calls of the shared limiter store
//	iconlib_ratelimit_store_fallback                        1 while counting locally because it failed
//	iconlib_tokens_issued_total{kind}                       "assertion" (registrations) and "access"
//	iconlib_snapshot_info{snapshot,version}                 1 for the snapshot served and the edge's version
//
// and the Go runtime's and the process's standard metrics (go_*, process_*).
type Metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	decisions *prometheus.CounterVec
	tokens    *prometheus.CounterVec
	snapshot  *prometheus.GaugeVec
}

// New makes the metrics of one edge, in a new registry.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "iconlib_http_requests_total",
			Help: "Requests answered, by route pattern, surface and status.",
		}, []string{"route", "surface", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "iconlib_http_request_duration_seconds",
			Help:    "Time from a request's arrival to the end of its answer, by surface.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"surface"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "iconlib_ratelimit_decisions_total",
			Help: "Rate limit decisions, by policy: admitted or rejected.",
		}, []string{"policy", "decision"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "iconlib_tokens_issued_total",
			Help: "Credentials issued: identity assertions (registrations) and access tokens.",
		}, []string{"kind"}),
		snapshot: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "iconlib_snapshot_info",
			Help: "1 for the snapshot of public/ being served (its manifest's hash) and the edge's version.",
		}, []string{"snapshot", "version"}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.decisions, m.tokens, m.snapshot,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Request counts an answered request. route is the pattern it matched; surface is what the route belongs
// to (see the edge's routes).
func (m *Metrics) Request(route, surface string, status int, took time.Duration) {
	m.requests.WithLabelValues(route, surface, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(surface).Observe(took.Seconds())
}

// Decisions are the counters of a rate limit policy's admitted and rejected requests.
func (m *Metrics) Decisions(policy string) (admitted, rejected prometheus.Counter) {
	return m.decisions.WithLabelValues(policy, "admitted"), m.decisions.WithLabelValues(policy, "rejected")
}

// TokensIssued is the counter of credentials of a kind issued: "assertion" or "access".
func (m *Metrics) TokensIssued(kind string) prometheus.Counter {
	return m.tokens.WithLabelValues(kind)
}

// Snapshot says which snapshot the edge serves now, replacing the one before.
func (m *Metrics) Snapshot(hash, version string) {
	m.snapshot.Reset()
	m.snapshot.WithLabelValues(hash, version).Set(1)
}

// StoreState is what a rate limiter tells of its shared store.
type StoreState interface {
	Fallback() bool      // counting locally because the store failed
	StoreErrors() uint64 // failed calls so far
}

// WatchStore exports the state of a limiter's store; call it once.
func (m *Metrics) WatchStore(s StoreState) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "iconlib_ratelimit_store_errors_total",
			Help: "Calls of the shared rate limit store that failed or timed out (each was counted locally).",
		}, func() float64 { return float64(s.StoreErrors()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "iconlib_ratelimit_store_fallback",
			Help: "1 while the edge counts in its own memory because the shared store failed; 0 otherwise.",
		}, func() float64 {
			if s.Fallback() {
				return 1
			}
			return 0
		}),
	)
}
