package credential

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
)

// kidPrefix starts every key id this service assigns; see [IsOurKeyID].
const kidPrefix = "iconlib-"

// thumbprintLen is the length of an unpadded base64url SHA-256 digest.
const thumbprintLen = 43

// Key is an ES256 (P-256) signing key and its key id, "iconlib-" followed by the RFC 7638 thumbprint of the
// public key. The id is derived from the key, so every edge copy reading the same key file agrees on it.
type Key struct {
	ID      string
	private *ecdsa.PrivateKey
}

// GenerateKey makes a new random signing key.
func GenerateKey() (*Key, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	return newKey(priv)
}

func newKey(priv *ecdsa.PrivateKey) (*Key, error) {
	if priv.Curve != elliptic.P256() {
		return nil, errors.New("signing key is not on curve P-256")
	}
	jwk, err := publicJWK(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	// RFC 7638: the required members in lexicographic order, no whitespace.
	sum := sha256.Sum256([]byte(`{"crv":"P-256","kty":"EC","x":"` + jwk.X + `","y":"` + jwk.Y + `"}`))
	return &Key{ID: kidPrefix + base64.RawURLEncoding.EncodeToString(sum[:]), private: priv}, nil
}

// Public returns the key's public half, which verifies what the key signed.
func (k *Key) Public() *ecdsa.PublicKey { return &k.private.PublicKey }

// JWK returns the public key as a JSON Web Key with its kid, alg ES256 and use sig.
func (k *Key) JWK() JWK {
	jwk, _ := publicJWK(k.Public()) // cannot fail: newKey already encoded this key
	jwk.Kid = k.ID
	return jwk
}

// IsOurKeyID reports whether kid has the shape of a key id this service assigns (any of its keys, current or
// replaced). It looks at the shape only; it does not say the key is current.
func IsOurKeyID(kid string) bool {
	if len(kid) != len(kidPrefix)+thumbprintLen || kid[:len(kidPrefix)] != kidPrefix {
		return false
	}
	for _, c := range []byte(kid[len(kidPrefix):]) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// JWK is a public EC key in JSON Web Key form (RFC 7517, RFC 7518 section 6.2).
type JWK struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
	Kid string `json:"kid"`
	Alg string `json:"alg"`
	Use string `json:"use"`
}

// JWKS is a JSON Web Key Set, the document served at /.well-known/jwks.json.
type JWKS struct {
	Keys []JWK `json:"keys"`
}

func publicJWK(pub *ecdsa.PublicKey) (JWK, error) {
	point, err := pub.Bytes() // 0x04 || X (32 bytes) || Y (32 bytes)
	if err != nil || len(point) != 65 {
		return JWK{}, fmt.Errorf("encode public key: %v", err)
	}
	enc := base64.RawURLEncoding
	return JWK{Kty: "EC", Crv: "P-256", X: enc.EncodeToString(point[1:33]), Y: enc.EncodeToString(point[33:]),
		Alg: "ES256", Use: "sig"}, nil
}

// marshalPEM encodes the private key as a PKCS #8 PEM block, the key file's format.
func (k *Key) marshalPEM() ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(k.private)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// parsePEM reads a P-256 private key from a PKCS #8 ("PRIVATE KEY") or SEC 1 ("EC PRIVATE KEY") PEM block,
// so a key made with openssl works too.
func parsePEM(data []byte) (*Key, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	var priv any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		priv, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		priv, err = x509.ParseECPrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("PEM block %q is not a private key", block.Type)
	}
	if err != nil {
		return nil, err
	}
	ec, ok := priv.(*ecdsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("private key is %T, want ECDSA P-256", priv)
	}
	return newKey(ec)
}
