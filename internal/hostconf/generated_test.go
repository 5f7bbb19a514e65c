package hostconf

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the checked-in configurations under deploy/ from the contract")

// TestDeployedConfigsAreGenerated: the configurations docs/deploy.md points to are the generators' output
// (so a new route reaches every front); -update rewrites them.
func TestDeployedConfigsAreGenerated(t *testing.T) {
	for file, want := range map[string][]byte{
		"../../deploy/nginx/iconlib.conf": Nginx(),
		"../../deploy/caddy/Caddyfile":    Caddy(),
	} {
		have, err := os.ReadFile(file)
		if *update {
			err = os.WriteFile(file, want, 0o644)
		} else if err == nil && !bytes.Equal(have, want) {
			t.Errorf("%s differs from its generator; run go test ./internal/hostconf -update", file)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
