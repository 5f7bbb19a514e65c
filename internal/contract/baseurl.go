package contract

import (
	"fmt"
	"net/url"
	"strings"
)

// NormalizeBaseURL checks that raw is an absolute http or https URL without user, query or fragment, and
// drops a trailing slash: the base URL every generated link, token issuer, card and MCP endpoint starts
// with, checked one way by the build and the edge alike.
func NormalizeBaseURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(raw, "?") || strings.HasSuffix(raw, "#") {
		return "", fmt.Errorf("base URL %q: want an absolute http or https URL without query or fragment, such as http://localhost:8080", raw)
	}
	return strings.TrimSuffix(raw, "/"), nil
}
