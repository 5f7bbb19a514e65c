package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runKeys(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := newKeysCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}

func TestKeysRotate(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "state", "signing-key.pem")
	out, err := runKeys(t, "rotate", "--key-file", keyFile, "--public", filepath.Join(dir, "public"))
	if err != nil || !strings.HasPrefix(out, "created signing key iconlib-") {
		t.Fatalf("first rotate: %v %s", err, out)
	}
	first := strings.Fields(out)[3] // created signing key <id> in <file>
	out, err = runKeys(t, "rotate", "--key-file", keyFile, "--public", filepath.Join(dir, "public"))
	if err != nil || !strings.HasPrefix(out, "replaced signing key "+first+" with iconlib-") {
		t.Fatalf("second rotate: %v %s", err, out)
	}
	if second := strings.Fields(out)[5]; second == first {
		t.Errorf("the second rotate kept key %s", first)
	}
	if info, _ := os.Stat(keyFile); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", info.Mode())
	}
}

func TestKeysRotateRefusesPublicDir(t *testing.T) {
	pub := filepath.Join(t.TempDir(), "public")
	_, err := runKeys(t, "rotate", "--key-file", filepath.Join(pub, "signing-key.pem"), "--public", pub)
	if err == nil || !strings.Contains(err.Error(), "inside the public directory") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(pub); !os.IsNotExist(err) {
		t.Error("wrote into public/")
	}
}

func TestKeysRotateRefusesUnreadableFile(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "signing-key.pem")
	os.WriteFile(keyFile, []byte("not a key"), 0o600)
	if _, err := runKeys(t, "rotate", "--key-file", keyFile); err == nil {
		t.Fatal("replaced a file that holds no key")
	}
}
