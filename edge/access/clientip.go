package access

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies parses addresses and CIDR prefixes ("10.0.0.0/8", "2001:db8::1"), as given to
// iconlib serve --trusted-proxies; a bare address is a prefix of one address.
func ParseTrustedProxies(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
		} else if addr, err := netip.ParseAddr(s); err == nil {
			addr = addr.Unmap()
			out = append(out, netip.PrefixFrom(addr, addr.BitLen()))
		} else {
			return nil, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR prefix", s)
		}
	}
	return out, nil
}

// ClientKey names the client of r as the anonymous quota counts it: its address (an IPv6 client's /64),
// read through trusted proxies.
func (a *Access) ClientKey(r *http.Request) string { return clientKey(a.clientIP(r)) }

// clientIP is the address of the connection's peer; when that peer is a trusted proxy, X-Forwarded-For is
// read from the right, skipping trusted proxies, and the first address that is not one is the client (if
// every hop is trusted, the leftmost). An unparsable entry ends the walk at the last good hop, so a client
// cannot choose its address by writing the header itself.
func (a *Access) clientIP(r *http.Request) netip.Addr {
	peer := parseAddr(r.RemoteAddr)
	if !a.trusted(peer) {
		return peer
	}
	hops := r.Header.Values("X-Forwarded-For")
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		entries := strings.Split(hops[i], ",")
		for j := len(entries) - 1; j >= 0; j-- {
			addr := parseAddr(strings.TrimSpace(entries[j]))
			if !addr.IsValid() {
				return client
			}
			client = addr
			if !a.trusted(addr) {
				return client
			}
		}
	}
	return client
}

func (a *Access) trusted(addr netip.Addr) bool {
	for _, p := range a.proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// parseAddr reads "addr", "addr:port" or "[addr]:port"; the zero Addr means it could not.
func parseAddr(s string) netip.Addr {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone("")
	}
	if addr, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return addr.Unmap().WithZone("")
	}
	return netip.Addr{}
}

// clientKey is the rate limit key of a client address: the address for IPv4, its /64 for IPv6 (one
// subscriber usually holds a whole /64, so counting single IPv6 addresses would not limit anyone).
func clientKey(addr netip.Addr) string {
	switch {
	case !addr.IsValid():
		return "unknown"
	case addr.Is4():
		return addr.String()
	}
	p, _ := addr.Prefix(64)
	return p.String()
}

// clientNet is the key of an IPv6 client's /48, which the anonymous-48 ceiling counts (a /48 is commonly
// one site, from which rotating across /64s would otherwise multiply the anonymous quota); false for IPv4
// and unknown addresses.
func clientNet(addr netip.Addr) (string, bool) {
	if !addr.Is6() {
		return "", false
	}
	p, _ := addr.Prefix(48)
	return p.String(), true
}
