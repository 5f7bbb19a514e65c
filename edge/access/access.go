// Package access is the HTTP side of iconlib's optional anonymous agent credentials and of its rate limits:
// registration (POST /agent/identity), token exchange (POST /oauth2/token), the signing keys
// (/.well-known/jwks.json), the OAuth discovery documents (RFC 8414, RFC 9728), and [Access.Limit], the
// middleware that sits in front of the REST API, both MCP servers and the A2A agent. Tokens are issued and
// verified by internal/credential; counting is done by edge/internal/ratelimit.
package access

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/iconlib/iconlib/edge/internal/credential"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/iconlib/iconlib/edge/internal/metrics"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
	"github.com/iconlib/iconlib/internal/contract"
)

// Settings are the operator's choices for credentials and limits (iconlib serve resolves them from its
// flags, once). [New] takes them as they are: nothing is defaulted and nothing is overwritten.
type Settings struct {
	KeyFile        string         // the signing key file, created if missing; required
	Limits         Limits         // every policy set: [DefaultLimits] are the contract's
	TrustedProxies []netip.Prefix // X-Forwarded-For is honoured only on connections from these
	// LimitsStore is where the rate limit counters live: "memory" (or "") for this process, or a Redis URL
	// (redis://host:6379/0) that every edge names alike, for one count across them all.
	LimitsStore string
	// LimitsStoreTimeout bounds each call of a shared store (positive when LimitsStore names Redis); past
	// it, or when the call fails, the request is counted in this process's memory.
	LimitsStoreTimeout time.Duration
	Store              ratelimit.Store  // a shared store to use instead of LimitsStore's (for tests)
	Clock              func() time.Time // what time it is (time.Now); required
}

// Config is what [New] needs: the operator's settings, and what the edge shares with every part of itself.
// Every field but PublicDir is required.
type Config struct {
	Settings
	BaseURL   contract.BaseURL // the issuer and the base of every URL published
	PublicDir string           // if set, a KeyFile inside it is refused
	Logger    *slog.Logger
	Metrics   *metrics.Metrics // where the decisions and issued tokens are counted
}

// DefaultLimitsStoreTimeout bounds each call of a shared limiter store unless configured otherwise: a
// Redis on the same network answers in well under a millisecond.
const DefaultLimitsStoreTimeout = 100 * time.Millisecond

// Limits are the three policies of the contract and two ceilings above them that no single client
// reaches; [DefaultLimits] returns them as the contract states them. Off turns counting off entirely (iconlib
// serve --rate-limits=off, for benchmarks): no request is refused and no RateLimit headers are sent, while
// tokens are still checked.
type Limits struct {
	Off       bool
	Anonymous ratelimit.Policy // per client IP (an IPv6 client's /64), shared by everything behind Limit
	Agent     ratelimit.Policy // per registration, for requests with a valid access token
	Auth      ratelimit.Policy // per client IP, shared by registration and token exchange
	// AgentPerIP is a ceiling on the requests carrying a token of this service from one client IP, across
	// all its registrations, counted before the token is checked.
	AgentPerIP ratelimit.Policy
	// AnonymousPerNet is a ceiling on the anonymous requests from one IPv6 /48, across all its /64s.
	AnonymousPerNet ratelimit.Policy
}

// DefaultLimits returns the contract's limits, anonymous 120, agent 600 and auth 10 requests a minute,
// and the ceilings, four times a policy: 2,400 requests a minute with tokens from one address, 480
// anonymous requests a minute from one IPv6 /48.
func DefaultLimits() Limits {
	return Limits{
		Anonymous:       ratelimit.Policy{Name: "anonymous", Quota: 120, Window: time.Minute},
		Agent:           ratelimit.Policy{Name: "agent", Quota: 600, Window: time.Minute},
		Auth:            ratelimit.Policy{Name: "auth", Quota: 10, Window: time.Minute},
		AgentPerIP:      ratelimit.Policy{Name: "agent-ip", Quota: 4 * 600, Window: time.Minute},
		AnonymousPerNet: ratelimit.Policy{Name: "anonymous-48", Quota: 4 * 120, Window: time.Minute},
	}
}

// Unlimited returns [DefaultLimits] with counting off (iconlib serve --rate-limits=false).
func Unlimited() Limits {
	l := DefaultLimits()
	l.Off = true
	return l
}

// policies lists every policy, each once.
func (l Limits) policies() []ratelimit.Policy {
	return []ratelimit.Policy{l.Anonymous, l.Agent, l.Auth, l.AgentPerIP, l.AnonymousPerNet}
}

// Access serves the credential endpoints and applies the limits. It is safe for concurrent use.
type Access struct {
	base      string
	auth      *credential.Authority
	limits    Limits
	anonymous limit
	agent     limit
	authLimit limit
	agentIP   limit // ceiling on requests with our tokens per client IP
	anonNet   limit // ceiling on anonymous requests per IPv6 /48
	limiter   *ratelimit.Limiter
	redis     *ratelimit.RedisStore // nil unless LimitsStore names Redis; closed by Close
	issued    struct{ assertions, access prometheus.Counter }
	now       func() time.Time
	log       *slog.Logger
	proxies   []netip.Prefix
	asDoc     []byte            // RFC 8414 metadata
	prDocs    map[string][]byte // RFC 9728 metadata by resource path, "" for the whole service
}

// limit is a policy with its RateLimit-Policy header value, written on every response it counts (a
// ceiling's only on those it refuses), and the counters of its decisions.
type limit struct {
	policy             ratelimit.Policy
	header             string
	ceiling            bool
	admitted, rejected prometheus.Counter
}

// New opens (or creates) the key file and prepares the handlers.
func New(cfg Config) (*Access, error) {
	if cfg.KeyFile == "" || cfg.BaseURL.IsZero() || cfg.Clock == nil || cfg.Logger == nil || cfg.Metrics == nil {
		return nil, errors.New("access: a key file, base URL, clock, logger and metrics are required")
	}
	if err := credential.CheckNotPublic(cfg.KeyFile, cfg.PublicDir); err != nil {
		return nil, err
	}
	keys, err := credential.OpenKeyFile(cfg.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	auth, err := credential.NewAuthority(cfg.BaseURL, keys, cfg.Clock)
	if err != nil {
		return nil, err
	}
	limits := cfg.Limits
	names := map[string]bool{}
	for _, p := range limits.policies() {
		if err := p.Check(); err != nil {
			return nil, err
		}
		if names[p.Name] { // the name keeps the policies' counters apart
			return nil, fmt.Errorf("access: two rate limit policies are named %q", p.Name)
		}
		names[p.Name] = true
	}
	m := cfg.Metrics
	a := &Access{
		base: auth.Issuer(), auth: auth, limits: limits, now: cfg.Clock, log: cfg.Logger,
		anonymous: newLimit(limits.Anonymous, m), agent: newLimit(limits.Agent, m), authLimit: newLimit(limits.Auth, m),
		agentIP: newLimit(limits.AgentPerIP, m), anonNet: newLimit(limits.AnonymousPerNet, m),
	}
	a.agentIP.ceiling, a.anonNet.ceiling = true, true
	a.issued.assertions, a.issued.access = m.TokensIssued("assertion"), m.TokensIssued("access")
	for _, p := range cfg.TrustedProxies {
		a.proxies = append(a.proxies, p.Masked())
	}
	if err := a.buildDocuments(); err != nil {
		return nil, err
	}
	shared := cfg.Store
	switch cfg.LimitsStore {
	case "", "memory":
	default:
		if cfg.LimitsStoreTimeout <= 0 {
			return nil, fmt.Errorf("access: limits store %s: no timeout", ratelimit.Redacted(cfg.LimitsStore))
		}
		if a.redis, err = ratelimit.OpenRedis(cfg.LimitsStore, cfg.LimitsStoreTimeout); err != nil {
			return nil, err
		}
		shared = a.redis
	}
	a.limiter = ratelimit.NewLimiter(shared, a.log)
	m.WatchStore(a.limiter)
	key, _ := keys.Current()
	a.log.Info("agent credentials", "issuer", a.base, "key_file", keys.Path(), "kid", key.ID,
		"rate_limits", !limits.Off, "limits_store", storeName(cfg.LimitsStore), "trusted_proxies", len(a.proxies))
	return a, nil
}

// storeName is a limits store as the log shows it: without a password.
func storeName(store string) string {
	if store == "" {
		store = "memory"
	}
	return ratelimit.Redacted(store)
}

// Close closes the connections to a shared limiter store, if there is one.
func (a *Access) Close() error {
	if a.redis == nil {
		return nil
	}
	return a.redis.Close()
}

func newLimit(p ratelimit.Policy, m *metrics.Metrics) limit {
	l := limit{policy: p, header: p.Header()}
	l.admitted, l.rejected = m.Decisions(p.Name)
	return l
}

// Routes registers the credential and discovery endpoints with handle (a ServeMux's HandleFunc), with
// path-only patterns (each handler answers other methods itself, with 405 and Allow):
//
//	/agent/identity                                  Register
//	/oauth2/token                                    Token
//	/oauth2/authorize, /oauth2/register              NoSignIn
//	/.well-known/jwks.json                           JWKS
//	/.well-known/oauth-authorization-server          AuthorizationServerMetadata
//	/.well-known/oauth-protected-resource            ProtectedResourceMetadata, for the whole service
//	/.well-known/oauth-protected-resource/           and per resource: …/api/v1, …/mcp, …/mcp/docs, …/a2a
//
// The REST API, the MCP servers and the A2A agent are not registered here: wrap them in [Access.Limit].
func (a *Access) Routes(handle func(pattern string, handler func(http.ResponseWriter, *http.Request))) {
	handle(contract.RegistrationPath, a.Register)
	handle(contract.TokenPath, a.Token)
	handle(contract.AuthorizePath, a.NoSignIn)
	handle(contract.ClientRegistrationPath, a.NoSignIn)
	handle(contract.JWKSPath, a.JWKS)
	handle(contract.AuthorizationServerPath, a.AuthorizationServerMetadata)
	handle(contract.ProtectedResourcePath, a.ProtectedResourceMetadata)
	handle(contract.ProtectedResourcePath+"/", a.ProtectedResourceMetadata)
}
