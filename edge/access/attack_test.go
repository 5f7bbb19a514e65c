package access_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
)

// role is what a forged token pretends to be.
type role struct {
	name, typ, aud, use string
}

var (
	asAccess    = role{"access token", "at+jwt", base, "access"}
	asAssertion = role{"assertion", "agent-assertion+jwt", base + "/oauth2/token", "assertion"}
)

// forger makes tokens the way an attacker with a given key (ours, read from the key file, or its own)
// would, writing header and payload byte for byte.
type forger struct {
	ours, theirs *ecdsa.PrivateKey
	kid          string
	jwks         []byte
	now          time.Time
}

func newForger(t *testing.T, e *env) *forger {
	data, err := os.ReadFile(e.keyFile)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(data)
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	_, jwks := e.do(http.MethodGet, "/.well-known/jwks.json", nil, "")
	var set struct{ Keys []struct{ Kid string } }
	decode(t, jwks, &set)
	theirs, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	return &forger{ours: key.(*ecdsa.PrivateKey), theirs: theirs, kid: set.Keys[0].Kid, jwks: []byte(jwks), now: e.clock.Now()}
}

func seg(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (f *forger) header(r role) map[string]any {
	return map[string]any{"alg": "ES256", "kid": f.kid, "typ": r.typ}
}

func (f *forger) claims(r role) map[string]any {
	c := map[string]any{"iss": base, "sub": "reg_forgedforgedforgedforged", "aud": []string{r.aud},
		"iat": f.now.Unix(), "exp": f.now.Add(time.Hour).Unix(), "jti": "j1", "token_use": r.use}
	if r == asAccess {
		c["scope"] = "icons.read"
	}
	return c
}

// es256 signs input with key the JWS way: r || s, 32 bytes each.
func es256(key *ecdsa.PrivateKey, input string) string {
	sum := sha256.Sum256([]byte(input))
	r, s, _ := ecdsa.Sign(rand.Reader, key, sum[:])
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return base64.RawURLEncoding.EncodeToString(sig)
}

func hs256(secret []byte, input string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(input))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// forge builds a token for role r after edit changes header and claims, signed by sign.
func (f *forger) forge(r role, edit func(h, c map[string]any), sign func(input string) string) string {
	h, c := f.header(r), f.claims(r)
	if edit != nil {
		edit(h, c)
	}
	input := seg(h) + "." + seg(c)
	return input + "." + sign(input)
}

func (f *forger) byUs(input string) string   { return es256(f.ours, input) }
func (f *forger) byThem(input string) string { return es256(f.theirs, input) }
func unsigned(string) string                 { return "" }

func set(kv ...any) func(h, c map[string]any) {
	return func(h, c map[string]any) {
		for i := 0; i < len(kv); i += 3 {
			m := h
			if kv[i] == "claim" {
				m = c
			}
			if kv[i+2] == nil {
				delete(m, kv[i+1].(string))
			} else {
				m[kv[i+1].(string)] = kv[i+2]
			}
		}
	}
}

type attack struct {
	name    string
	token   func(r role) string
	foreign bool // not recognisably ours: ignored (anonymous) rather than 401
}

func (f *forger) attacks() []attack {
	pkix, _ := x509.MarshalPKIXPublicKey(&f.ours.PublicKey)
	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix})
	point, _ := f.ours.PublicKey.Bytes()
	theirJWK := map[string]any{"kty": "EC", "crv": "P-256",
		"x": base64.RawURLEncoding.EncodeToString(point[1:33]), "y": base64.RawURLEncoding.EncodeToString(point[33:])}
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	var list []attack
	add := func(name string, edit func(h, c map[string]any), sign func(string) string) {
		list = append(list, attack{name: name, token: func(r role) string { return f.forge(r, edit, sign) }})
	}
	for _, alg := range []string{"none", "None", "NONE", "nOnE"} {
		add("alg "+alg, set("header", "alg", alg), unsigned)
	}
	for name, secret := range map[string][]byte{"PEM": pubPEM, "DER": pkix, "point": point, "JWKS": f.jwks, "kid": []byte(f.kid)} {
		add("HS256 keyed with public key "+name, set("header", "alg", "HS256"), func(in string) string { return hs256(secret, in) })
	}
	add("ES384", set("header", "alg", "ES384"), func(in string) string {
		sum := sha512.Sum384([]byte(in))
		sig, _ := ecdsa.SignASN1(rand.Reader, p384, sum[:])
		return base64.RawURLEncoding.EncodeToString(sig)
	})
	add("RS256 header", set("header", "alg", "RS256"), f.byUs)
	add("unknown kid", set("header", "kid", "iconlib-"+strings.Repeat("Q", 43)), f.byUs)
	add("traversal kid", set("header", "kid", "../../etc/passwd"), f.byUs)
	add("kid as number", set("header", "kid", 7), f.byUs)
	add("no kid", set("header", "kid", nil), f.byUs)
	add("jku", set("header", "jku", "https://evil.example/jwks.json"), f.byThem)
	add("jku signed by us", set("header", "jku", "https://evil.example/jwks.json"), f.byUs)
	add("x5u", set("header", "x5u", "https://evil.example/cert.pem"), f.byThem)
	add("embedded jwk", set("header", "jwk", theirJWK), f.byThem)
	add("embedded jwk, no kid", set("header", "jwk", theirJWK, "header", "kid", nil), f.byThem)
	add("x5c", set("header", "x5c", []string{"MIIBIjANBgkq"}), f.byUs)
	add("crit", set("header", "crit", []string{"exp"}), f.byUs)
	add("their key, our kid", nil, f.byThem)
	add("signature stripped", nil, unsigned)
	add("DER signature", nil, func(in string) string {
		sum := sha256.Sum256([]byte(in))
		sig, _ := ecdsa.SignASN1(rand.Reader, f.ours, sum[:])
		return base64.RawURLEncoding.EncodeToString(sig)
	})
	add("signature bit flipped", nil, func(in string) string {
		sig, _ := base64.RawURLEncoding.DecodeString(f.byUs(in))
		sig[63] ^= 0x80
		return base64.RawURLEncoding.EncodeToString(sig)
	})
	add("non-canonical base64 signature", nil, func(in string) string {
		sig := []byte(f.byUs(in)) // 64 bytes: the last character carries 4 unused bits
		const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
		sig[len(sig)-1] = alphabet[strings.IndexByte(alphabet, sig[len(sig)-1])|1]
		return string(sig)
	})
	add("padded signature", nil, func(in string) string { return f.byUs(in) + "==" })
	add("expired", set("claim", "exp", f.now.Add(-time.Second).Unix()), f.byUs)
	add("no exp", set("claim", "exp", nil), f.byUs)
	add("iat in the future", set("claim", "iat", f.now.Add(time.Hour).Unix()), f.byUs)
	add("no iat", set("claim", "iat", nil), f.byUs)
	add("nbf in the future", set("claim", "nbf", f.now.Add(time.Hour).Unix()), f.byUs)
	add("wrong issuer", set("claim", "iss", "https://evil.example"), f.byUs)
	add("no issuer", set("claim", "iss", nil), f.byUs)
	add("wrong audience", set("claim", "aud", []string{"https://evil.example"}), f.byUs)
	add("no audience", set("claim", "aud", nil), f.byUs)
	add("sub not a registration", set("claim", "sub", "admin"), f.byUs)
	list = append(list,
		attack{name: "typ of the other kind", token: func(r role) string {
			return f.forge(r, set("header", "typ", other(r).typ), f.byUs)
		}},
		attack{name: "token_use of the other kind", token: func(r role) string {
			return f.forge(r, set("claim", "token_use", other(r).use), f.byUs)
		}},
		attack{name: "audience of the other kind", token: func(r role) string {
			return f.forge(r, set("claim", "aud", []string{other(r).aud}), f.byUs)
		}},
		attack{name: "other kind altogether", token: func(r role) string { return f.forge(other(r), nil, f.byUs) }},
		attack{name: "payload not JSON", token: func(r role) string {
			input := seg(f.header(r)) + "." + base64.RawURLEncoding.EncodeToString([]byte("not json"))
			return input + "." + f.byUs(input)
		}},
		attack{name: "four segments", token: func(r role) string { return f.forge(r, nil, f.byUs) + ".e30" }},
		attack{name: "oversized", token: func(r role) string {
			return f.forge(r, set("claim", "pad", strings.Repeat("x", 5000)), f.byUs)
		}},
		attack{name: "real token with 4,000 characters appended", token: func(r role) string {
			return f.forge(r, nil, f.byUs) + strings.Repeat("A", 4000)
		}},
		attack{name: "century lifetime", token: func(r role) string {
			return f.forge(r, set("claim", "exp", f.now.AddDate(100, 0, 0).Unix()), f.byUs)
		}},
		attack{name: "oversized foreign", foreign: true, token: func(r role) string {
			return f.forge(r, set("header", "kid", "theirs", "claim", "iss", "https://evil.example",
				"claim", "pad", strings.Repeat("x", 5000)), f.byThem)
		}},
		attack{name: "garbage", foreign: true, token: func(role) string { return "eyJ!.eyJ?.sig" }},
		attack{name: "traversal kid, foreign issuer", foreign: true, token: func(r role) string {
			return f.forge(r, set("header", "kid", "../../etc/passwd", "claim", "iss", "https://evil.example"), f.byThem)
		}},
	)
	return list
}

func other(r role) role {
	if r == asAccess {
		return asAssertion
	}
	return asAccess
}

func TestAttacks(t *testing.T) {
	e := newEnv(t, func(c *access.Config) {
		c.Limits.Anonymous = ratelimit.Policy{Name: "anonymous", Quota: 10000, Window: time.Minute}
		c.Limits.Auth = ratelimit.Policy{Name: "auth", Quota: 10000, Window: time.Minute}
	})
	f := newForger(t, e)
	// The forger is right: untouched tokens of its making pass.
	if res, body := e.get("/api/v1/x", f.forge(asAccess, nil, f.byUs)); res.StatusCode != http.StatusOK || policy(res) != "agent" {
		t.Fatalf("control access token: %d %s", res.StatusCode, body)
	}
	e.exchange(f.forge(asAssertion, nil, f.byUs))

	for _, a := range f.attacks() {
		t.Run(a.name, func(t *testing.T) {
			tok := a.token(asAccess)
			res, body := e.get("/api/v1/x", tok)
			switch {
			case a.foreign:
				if res.StatusCode != http.StatusOK || policy(res) != "anonymous" {
					t.Errorf("as access token: %d %s, policy %q; want it ignored", res.StatusCode, body, policy(res))
				}
			case res.StatusCode != http.StatusUnauthorized || restCode(t, body) != "invalid_token" ||
				!strings.HasPrefix(res.Header.Get("WWW-Authenticate"), `Bearer error="invalid_token"`):
				t.Errorf("as access token: %d %s", res.StatusCode, body)
			}
			res, body = e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {a.token(asAssertion)}})
			if res.StatusCode != http.StatusBadRequest || oauthError(t, body) != "invalid_grant" {
				t.Errorf("as assertion: %d %s", res.StatusCode, body)
			}
		})
	}
}
