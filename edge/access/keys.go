package access

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/iconlib/iconlib/edge/internal/credential"
)

// DefaultKeyFile is where the signing key lives unless configured otherwise: outside the served public/.
const DefaultKeyFile = credential.DefaultKeyFile

// Rotation is what [RotateKey] did: the key file, and the ids of the old key ("" if there was none) and
// the new one.
type Rotation struct{ File, Old, New string }

// String says what happened, as iconlib keys rotate reports it.
func (r Rotation) String() string {
	if r.Old == "" {
		return fmt.Sprintf("created signing key %s in %s", r.New, r.File)
	}
	return fmt.Sprintf("replaced signing key %s with %s in %s; every credential issued before is now invalid", r.Old, r.New, r.File)
}

// RotateKey replaces the signing key in keyFile with a new one, creating the file if it is missing. It
// refuses a key file inside publicDir, and an existing file it cannot read (it would replace a key it
// cannot name).
func RotateKey(keyFile, publicDir string) (Rotation, error) {
	r := Rotation{File: keyFile}
	if err := credential.CheckNotPublic(keyFile, publicDir); err != nil {
		return r, err
	}
	if _, err := os.Stat(keyFile); err == nil {
		kf, err := credential.OpenKeyFile(keyFile)
		if err != nil {
			return r, fmt.Errorf("refusing to replace an unreadable key file: %w", err)
		}
		k, err := kf.Current()
		if err != nil {
			return r, fmt.Errorf("refusing to replace an unreadable key file: %w", err)
		}
		r.Old = k.ID
	} else if !errors.Is(err, fs.ErrNotExist) {
		return r, err
	}
	key, err := credential.Rotate(keyFile)
	if err != nil {
		return r, err
	}
	r.New = key.ID
	return r, nil
}
