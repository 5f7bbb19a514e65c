package access

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	proxies, err := ParseTrustedProxies([]string{"10.0.0.0/8", " 192.0.2.1 ", "", "2001:db8:ffff::/48"})
	if err != nil {
		t.Fatal(err)
	}
	a := &Access{proxies: proxies}
	for _, tc := range []struct {
		remote string
		xff    []string
		want   string
	}{
		{"198.51.100.9:4000", nil, "198.51.100.9"},
		{"198.51.100.9:4000", []string{"203.0.113.5"}, "198.51.100.9"}, // not from a proxy: ignored
		{"10.1.2.3:4000", nil, "10.1.2.3"},
		{"10.1.2.3:4000", []string{"203.0.113.5"}, "203.0.113.5"},
		{"10.1.2.3:4000", []string{"6.6.6.6, 203.0.113.5, 10.9.9.9"}, "203.0.113.5"}, // spoofed left part skipped
		{"10.1.2.3:4000", []string{"6.6.6.6", "203.0.113.5,192.0.2.1"}, "203.0.113.5"},
		{"10.1.2.3:4000", []string{"10.0.0.7, 10.0.0.8"}, "10.0.0.7"},    // all proxies: the leftmost
		{"10.1.2.3:4000", []string{"203.0.113.5, garbage"}, "10.1.2.3"},  // unreadable: stop at the last good hop
		{"10.1.2.3:4000", []string{"[2001:db8::1]:443"}, "2001:db8::1"},  // with a port
		{"[::ffff:10.1.2.3]:80", []string{"203.0.113.5"}, "203.0.113.5"}, // IPv4-mapped proxy
		{"[2001:db8:ffff:1::2]:80", []string{"2001:db8:1::7"}, "2001:db8:1::7"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := a.clientIP(r); got.String() != tc.want {
			t.Errorf("%s %q: %s, want %s", tc.remote, tc.xff, got, tc.want)
		}
	}
	if _, err := ParseTrustedProxies([]string{"10.0.0.0/33"}); err == nil {
		t.Error("accepted a bad prefix")
	}
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.5":          "203.0.113.5",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"::ffff:203.0.113.5":   "203.0.113.5",
		"fe80::1%eth0":         "fe80::/64",
	} {
		if got := clientKey(parseAddr(in)); got != want {
			t.Errorf("clientKey(%s) = %s, want %s", in, got, want)
		}
	}
	if got := clientKey(netip.Addr{}); got != "unknown" {
		t.Errorf("invalid address: %s", got)
	}
}
