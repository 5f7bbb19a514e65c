package contract

import (
	"slices"
	"testing"
)

func TestEndpointMethods(t *testing.T) {
	icons, ok := EndpointAt(APIPath + IconsRoute)
	if !ok {
		t.Fatal("no endpoint for the icons listing")
	}
	if got := icons.Allow(); got != "GET, HEAD" {
		t.Errorf("Allow = %q, want GET, HEAD", got)
	}
	for m, want := range map[string]bool{"GET": true, "HEAD": true, "POST": false, "PUT": false} {
		if icons.Takes(m) != want {
			t.Errorf("the icons listing takes %s: %v, want %v", m, !want, want)
		}
	}
	token, _ := EndpointAt(TokenPath)
	if token.Takes("HEAD") || token.Allow() != "POST" {
		t.Errorf("the token endpoint: Allow %q, takes HEAD %v; want POST only", token.Allow(), token.Takes("HEAD"))
	}
	if _, ok := EndpointAt("/nowhere"); ok {
		t.Error("EndpointAt found an endpoint at /nowhere")
	}
	if got := Methods(); !slices.Equal(got, []string{"DELETE", "GET", "HEAD", "POST"}) {
		t.Errorf("Methods() = %v", got)
	}
}

// TestEndpointsAreUnique: one entry per path, each with a method.
func TestEndpointsAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Endpoints {
		if seen[e.Path] || len(e.Methods) == 0 {
			t.Errorf("%s: listed twice or without methods", e.Path)
		}
		seen[e.Path] = true
	}
}
