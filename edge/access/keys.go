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

// RotateKey replaces the signing key in keyFile with a new one, creating the file if it is missing, and
// returns the ids of the old key ("" if there was none) and the new one. It refuses a key file inside
// publicDir, and an existing file it cannot read (it would replace a key it cannot name).
func RotateKey(keyFile, publicDir string) (oldID, newID string, err error) {
	if err := credential.CheckNotPublic(keyFile, publicDir); err != nil {
		return "", "", err
	}
	if _, err := os.Stat(keyFile); err == nil {
		kf, err := credential.OpenKeyFile(keyFile)
		if err != nil {
			return "", "", fmt.Errorf("refusing to replace an unreadable key file: %w", err)
		}
		k, err := kf.Current()
		if err != nil {
			return "", "", fmt.Errorf("refusing to replace an unreadable key file: %w", err)
		}
		oldID = k.ID
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", "", err
	}
	key, err := credential.Rotate(keyFile)
	if err != nil {
		return "", "", err
	}
	return oldID, key.ID, nil
}
