package ratelimit

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// RedisStore is a [Store] in Redis, shared by every edge that names the same database. Each Take is one
// call of one Lua script (EVALSHA), which Redis runs atomically: it reads the key's count and deadline,
// opens a new window when there is none or it has closed, counts the request if it fits, and sets the key
// to expire when its window closes. Windows are judged by the caller's clock, as [MemoryStore] judges
// them, so edges whose clocks agree (NTP) agree on every window; the key expires by Redis's clock after
// the time left in its window. Keys are "iconlib:ratelimit:" followed by the key given to Take (the
// policy and the client address or registration id); each holds two numbers and nothing else.
type RedisStore struct {
	client  *redis.Client
	timeout time.Duration
}

var _ Store = (*RedisStore)(nil)

// keyPrefix sets the limiter's keys apart from anything else in the database.
const keyPrefix = "iconlib:ratelimit:"

// take is the script: KEYS[1] the key; ARGV now (Unix milliseconds), window (milliseconds), limit, calls.
// It returns {allowed (0 or 1), count, reset (Unix milliseconds)}. A refused request writes nothing.
var take = redis.NewScript(`
local now, window, limit, calls = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'n', 'reset')
local n, reset = tonumber(v[1]), tonumber(v[2])
if not n or not reset or now >= reset then
  n, reset = 0, now + window
end
if n + calls > limit then
  return {0, n, reset}
end
n = n + calls
redis.call('HSET', KEYS[1], 'n', n, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], reset - now)
return {1, n, reset}
`)

// OpenRedis connects to the Redis database a URL names: redis://[user:password@]host:port/db,
// rediss:// for TLS, or unix:///path/to/socket?db=N. Every call gives up after timeout (dialling
// included) and is not retried: the caller counts locally instead (see [Limiter]). The connection is
// made on first use.
func OpenRedis(rawURL string, timeout time.Duration) (*RedisStore, error) {
	opt, err := parseRedisURL(rawURL)
	if err != nil {
		return nil, err
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout, opt.PoolTimeout = timeout, timeout, timeout, timeout
	opt.ContextTimeoutEnabled = true
	opt.MaxRetries = -1   // no retries: a failed call falls back to local counters at once
	opt.DialerRetries = 1 // one dial, not five
	opt.DisableIdentity = true
	opt.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	return &RedisStore{client: redis.NewClient(opt), timeout: timeout}, nil
}

// CheckRedisURL reports whether [OpenRedis] can use rawURL, without connecting: its error names the
// URL without its password, and what is allowed.
func CheckRedisURL(rawURL string) error {
	_, err := parseRedisURL(rawURL)
	return err
}

func parseRedisURL(rawURL string) (*redis.Options, error) {
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("rate limit store %s: want redis://host:port/db, rediss://… or unix://…: %w", Redacted(rawURL), err)
	}
	return opt, nil
}

// Redacted is a store URL fit for logs: without its password.
func Redacted(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(an unparsable URL)"
	}
	return u.Redacted()
}

// Take implements [Store]. The call ends after the store's timeout even if ctx has no deadline, and a
// caller that goes away does not cut it short (that would count as the store failing).
func (s *RedisStore) Take(ctx context.Context, key string, calls, limit int, window time.Duration, now time.Time) (Decision, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
	defer cancel()
	v, err := take.Run(ctx, s.client, []string{keyPrefix + key}, now.UnixMilli(), window.Milliseconds(), limit, calls).Int64Slice()
	if err != nil {
		return Decision{}, fmt.Errorf("redis: %w", err)
	}
	if len(v) != 3 {
		return Decision{}, fmt.Errorf("redis: the rate limit script answered %v", v)
	}
	return Decision{Allowed: v[0] == 1, Remaining: limit - int(v[1]), Reset: time.UnixMilli(v[2])}, nil
}

// Close closes the connections.
func (s *RedisStore) Close() error { return s.client.Close() }
