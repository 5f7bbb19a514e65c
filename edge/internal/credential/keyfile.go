package credential

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// DefaultKeyFile is where the signing key lives unless configured otherwise: outside the served public/
// directory, relative to the working directory.
const DefaultKeyFile = ".iconlib/signing-key.pem"

// maxKeyFileSize bounds what is read from the key file; a PEM P-256 key is about 250 bytes.
const maxKeyFileSize = 64 << 10

// KeyFile is the signing key kept in a file that several edge copies may share. The file holds one PKCS #8
// PEM private key, mode 0600: a file its group or others may read is refused, since whoever reads it can
// sign credentials (edges of other users share the key through a copy of their own). Current notices when [Rotate] has replaced the file and loads the new key, so a
// rotation reaches every running copy on its next request, without a restart.
type KeyFile struct {
	path string
	mu   sync.Mutex // serialises reloads
	cur  atomic.Pointer[loadedKey]
}

type loadedKey struct {
	key  *Key
	info fs.FileInfo
}

// OpenKeyFile opens the key file at path, first creating it with a new key if it does not exist yet. Copies
// starting at the same moment agree on one key: the file is created atomically, and a copy that loses the
// race reads the winner's key.
func OpenKeyFile(path string) (*KeyFile, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		key, err := GenerateKey()
		if err != nil {
			return nil, err
		}
		if err := writeKeyFile(path, key, 0o600, false); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	f := &KeyFile{path: path}
	if _, err := f.Current(); err != nil {
		return nil, err
	}
	return f, nil
}

// Path is the key file's path.
func (f *KeyFile) Path() string { return f.path }

// Current returns the key in the file now. It costs one stat(2) when the file is unchanged; a replaced file
// (new inode, size or modification time) is read again. An error means the file cannot be read, or its
// group or others may now read it (a chmod while serving): issuing and verifying must stop, since the key
// in memory may have been replaced or exposed.
func (f *KeyFile) Current() (*Key, error) {
	info, err := os.Stat(f.path)
	if err != nil {
		return nil, err
	}
	if err := checkMode(f.path, info); err != nil {
		return nil, err
	}
	if c := f.cur.Load(); c != nil && sameFile(c.info, info) {
		return c.key, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if c := f.cur.Load(); c != nil && sameFile(c.info, info) {
		return c.key, nil
	}
	key, info, err := readKeyFile(f.path)
	if err != nil {
		return nil, err
	}
	f.cur.Store(&loadedKey{key: key, info: info})
	return key, nil
}

func sameFile(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// readKeyFile reads and parses the key file; the returned info describes the very file read.
func readKeyFile(path string) (*Key, fs.FileInfo, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close()
	info, err := fh.Stat()
	if err != nil {
		return nil, nil, err
	}
	if err := checkMode(path, info); err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxKeyFileSize))
	if err != nil {
		return nil, nil, err
	}
	key, err := parsePEM(data)
	if err != nil {
		return nil, nil, fmt.Errorf("key file %s: %w", path, err)
	}
	return key, info, nil
}

// checkMode refuses a key file its group or others may read: whoever reads it can sign credentials.
func checkMode(path string, info fs.FileInfo) error {
	if perm := info.Mode().Perm(); perm&0o077 != 0 && runtime.GOOS != "windows" {
		return fmt.Errorf("key file %s may be read by its group or others (mode %#o), and whoever reads it can sign credentials; run chmod 600 on it", path, perm)
	}
	return nil
}

// Rotate replaces the key in the file at path with a new one (creating the file if missing) and returns it.
// The replacement is atomic: readers see the old file or the new one, never a mix. Every identity assertion
// and access token signed with the old key stops verifying at once, on every copy sharing the file.
func Rotate(path string) (*Key, error) {
	key, err := GenerateKey()
	if err != nil {
		return nil, err
	}
	if err := writeKeyFile(path, key, 0o600, true); err != nil {
		return nil, err
	}
	return key, nil
}

// writeKeyFile writes key to a temporary file beside path and then moves it into place: with rename when
// replacing, with link when creating (which fails with fs.ErrExist if another copy created it first).
func writeKeyFile(path string, key *Key, mode fs.FileMode, replace bool) error {
	data, err := key.marshalPEM()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".signing-key-*.tmp") // created with mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if replace {
		err = os.Rename(tmp.Name(), path)
	} else if err = os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: rename instead, accepting that two copies starting in the
		// same instant could each create a key (the later one wins; the other's first tokens end).
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil { // make the new directory entry durable
		d.Sync()
		d.Close()
	}
	return nil
}

// CheckNotPublic refuses a key file inside the served public directory, where it would be downloadable.
// Symbolic links in the existing parts of both paths are resolved first.
func CheckNotPublic(keyFile, publicDir string) error {
	if publicDir == "" {
		return nil
	}
	key, err := resolve(keyFile)
	if err != nil {
		return err
	}
	pub, err := resolve(publicDir)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(pub, key)
	if err != nil {
		return nil // different volumes: not inside
	}
	if rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))) {
		return fmt.Errorf("key file %s is inside the public directory %s, where anyone could download it", keyFile, publicDir)
	}
	return nil
}

// resolve makes p absolute and resolves symbolic links in its longest existing prefix.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for cur := abs; ; cur = filepath.Dir(cur) {
		if real, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if filepath.Dir(cur) == cur {
			return abs, nil
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
	}
}
