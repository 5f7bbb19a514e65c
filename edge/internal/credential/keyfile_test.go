package credential

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestOpenKeyFileCreatesPrivateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "signing-key.pem")
	kf, err := OpenKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, %v", info, err)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v", dir.Mode())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	first, _ := kf.Current()
	again, err := OpenKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := again.Current(); k.ID != first.ID {
		t.Errorf("reopened key %s, want %s", k.ID, first.ID)
	}
}

func TestCopiesStartingTogetherShareOneKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "signing-key.pem")
	ids := make([]string, 16)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			kf, err := OpenKeyFile(path)
			if err != nil {
				t.Error(err)
				return
			}
			k, _ := kf.Current()
			ids[i] = k.ID
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("copies disagree: %v", ids)
		}
	}
}

func TestRotateReplacesAtomically(t *testing.T) {
	path := filepath.Join(t.TempDir(), "signing-key.pem")
	kf, err := OpenKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := kf.Current()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() { // a reader must always see a whole key, never a missing or partial file
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, _, err := readKeyFile(path); err != nil {
				t.Error(err)
				return
			}
		}
	})
	var key *Key
	for range 20 {
		if key, err = Rotate(path); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	cur, err := kf.Current()
	if err != nil || cur.ID != key.ID || cur.ID == old.ID {
		t.Fatalf("current %v (%v), rotated to %s from %s", cur, err, key.ID, old.ID)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode after rotation %v", info.Mode())
	}
}

// TestKeyFileReadableByOthersIsRefused: only the owner may read the key file; group read (0640), which
// used to be accepted, is refused like world read, with a message that says how to fix it. Rotating a
// 0640 file leaves it 0600.
func TestKeyFileReadableByOthersIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "signing-key.pem")
	if _, err := OpenKeyFile(path); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o640, 0o604, 0o644, 0o660} {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if _, err := OpenKeyFile(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("mode %#o: %v", mode, err)
		}
	}
	if _, err := Rotate(path); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode after rotating a 0640 file: %v", info.Mode())
	}
	if _, err := OpenKeyFile(path); err != nil {
		t.Errorf("after rotation: %v", err)
	}
}

func TestKeyFileContents(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	priv, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	sec1, _ := x509.MarshalECPrivateKey(priv)
	if _, err := OpenKeyFile(write("sec1.pem", pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: sec1}))); err != nil {
		t.Errorf("openssl-style SEC 1 key: %v", err)
	}
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	der384, _ := x509.MarshalPKCS8PrivateKey(p384)
	for name, data := range map[string][]byte{
		"empty":  nil,
		"p384":   pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der384}),
		"cert":   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{1}}),
		"broken": pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte{1, 2, 3}}),
	} {
		if _, err := OpenKeyFile(write(name, data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestJWKAndKeyID(t *testing.T) {
	key, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	jwk := key.JWK()
	if jwk.Kty != "EC" || jwk.Crv != "P-256" || jwk.Alg != "ES256" || jwk.Use != "sig" || jwk.Kid != key.ID {
		t.Fatalf("jwk %+v", jwk)
	}
	x, _ := base64.RawURLEncoding.DecodeString(jwk.X)
	y, _ := base64.RawURLEncoding.DecodeString(jwk.Y)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil || !pub.Equal(key.Public()) {
		t.Fatalf("JWK does not hold the key: %v", err)
	}
	// RFC 7638, computed independently: encoding/json sorts map keys and adds no whitespace.
	canon, _ := json.Marshal(map[string]string{"kty": "EC", "crv": "P-256", "x": jwk.X, "y": jwk.Y})
	sum := sha256.Sum256(canon)
	if want := "iconlib-" + base64.RawURLEncoding.EncodeToString(sum[:]); key.ID != want || !IsOurKeyID(key.ID) {
		t.Errorf("kid %s, want %s", key.ID, want)
	}
	for _, kid := range []string{"", "iconlib-", "../../etc/passwd", "iconlib-" + string(make([]byte, 43)), key.ID[1:], key.ID + "A"} {
		if IsOurKeyID(kid) {
			t.Errorf("IsOurKeyID(%q)", kid)
		}
	}
}

func TestCheckNotPublic(t *testing.T) {
	root := t.TempDir()
	pub := filepath.Join(root, "public")
	os.MkdirAll(filepath.Join(pub, "sub"), 0o755)
	os.Symlink(filepath.Join(pub, "sub"), filepath.Join(root, "link"))
	for keyFile, inside := range map[string]bool{
		filepath.Join(root, ".iconlib", "signing-key.pem"): false,
		filepath.Join(root, "public-keys", "k.pem"):        false,
		filepath.Join(pub, "k.pem"):                        true,
		filepath.Join(pub, "sub", "new", "k.pem"):          true,
		filepath.Join(root, "link", "k.pem"):               true,
		filepath.Join(pub, "..", "k.pem"):                  false,
		pub:                                                true,
	} {
		if err := CheckNotPublic(keyFile, pub); (err != nil) != inside {
			t.Errorf("CheckNotPublic(%s): %v, want inside=%v", keyFile, err, inside)
		}
	}
	if err := CheckNotPublic(filepath.Join(pub, "k.pem"), ""); err != nil {
		t.Errorf("no public directory: %v", err)
	}
}
