package credential

import (
	"crypto/sha256"
	"sync"
)

// cacheSize bounds the verified-token cache: at most this many entries of about 400 bytes.
const cacheSize = 8192

// verifiedCache remembers tokens that verified, so an agent sending the same access token hundreds of
// times a minute pays for one ECDSA verification, not hundreds. An entry is keyed by the SHA-256 of the
// whole token and its use, so no other text can match it, and it is used only while its kid is the current
// key and its times still hold (both checked on every hit). Failures are never cached. When full, an
// arbitrary entry makes room.
type verifiedCache struct {
	mu      sync.Mutex
	entries map[cacheKey]cachedToken
}

type cacheKey struct {
	sum [sha256.Size]byte
	use Use
}

type cachedToken struct {
	kid    string
	claims Claims
}

func newCacheKey(raw string, u Use) cacheKey {
	return cacheKey{sum: sha256.Sum256([]byte(raw)), use: u}
}

func (c *verifiedCache) get(k cacheKey) (cachedToken, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	return e, ok
}

func (c *verifiedCache) put(k cacheKey, kid string, claims *Claims) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[cacheKey]cachedToken)
	}
	if len(c.entries) >= cacheSize {
		for old := range c.entries {
			delete(c.entries, old)
			break
		}
	}
	c.entries[k] = cachedToken{kid: kid, claims: *claims}
}

func (c *verifiedCache) drop(k cacheKey) {
	c.mu.Lock()
	delete(c.entries, k)
	c.mu.Unlock()
}
