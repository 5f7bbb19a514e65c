package main

import (
	"regexp"
	"testing"
)

// semver is a semantic version (semver.org 2.0.0), without a leading v.
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// TestVersionIsSemantic: the version the binary reports (iconlib version, MCP serverInfo, the server
// cards, the agent card) is a semantic version however it was built: stamped by the Makefile, or not
// (as this test binary is, which Go marks "(devel)").
func TestVersionIsSemantic(t *testing.T) {
	if v := buildVersion(); !semver.MatchString(v) {
		t.Errorf("unstamped build reports %q, not a semantic version", v)
	}
	defer func(old string) { version = old }(version)
	for _, stamped := range []string{"1.4.0", "v1.4.0", "1.4.0-3-g8a6ddb5-dirty"} {
		version = stamped
		if v := buildVersion(); !semver.MatchString(v) || v[0] == 'v' {
			t.Errorf("stamped %q reports %q", stamped, v)
		}
	}
}
