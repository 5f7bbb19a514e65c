package edge

import "testing"

// TestChooseVariant: the variant a client gets for its Accept-Encoding, when a file has both br and gzip
// and when it has gzip only ("" is the file itself).
func TestChooseVariant(t *testing.T) {
	both := []variant{{coding: "br"}, {coding: "gzip"}}
	gzipOnly := []variant{{coding: "gzip"}}
	for _, c := range []struct {
		header         string
		both, gzipOnly string
	}{
		{"", "", ""},
		{"gzip", "gzip", "gzip"},
		{"GZIP", "gzip", "gzip"},
		{"x-gzip", "gzip", "gzip"},
		{"gzip;q=0", "", ""},
		{"gzip; q=0.001", "gzip", "gzip"},
		{"br", "br", ""},
		{"gzip, deflate, br, zstd", "br", "gzip"},
		{"br;q=0.5, gzip", "gzip", "gzip"},
		{"br, gzip;q=0.5", "br", "gzip"},
		{"br;q=0, gzip", "gzip", "gzip"},
		{"*", "br", "gzip"},
		{"*;q=0", "", ""},
		{"*, br;q=0", "gzip", "gzip"},
		{"gzip;q=0, *", "br", ""},
		{"deflate, *;q=0.1", "br", "gzip"},
		{"identity", "", ""},
		{"gzip;q=0.5, identity", "", ""},
		{"gzip, identity;q=0.5", "gzip", "gzip"},
		{"gzip;q=abc", "", ""},
		{"gzip;q=2", "", ""},
		{"br;q=0.2, br;q=0.9, gzip;q=0.5", "br", "gzip"},
	} {
		accept := parseAcceptEncoding([]string{c.header})
		for _, v := range []struct {
			variants []variant
			want     string
		}{{both, c.both}, {gzipOnly, c.gzipOnly}} {
			got := ""
			if chosen := chooseVariant(accept, v.variants); chosen != nil {
				got = chosen.coding
			}
			if got != v.want {
				t.Errorf("Accept-Encoding %q with %d variants: got %q, want %q", c.header, len(v.variants), got, v.want)
			}
		}
	}
}

func FuzzChooseVariant(f *testing.F) {
	for _, s := range []string{"gzip", "br;q=1, gzip;q=0.5", "*;q=0", ";;,=;q=", "gzip;q=1e400", "identity;q=0"} {
		f.Add(s)
	}
	variants := []variant{{coding: "br"}, {coding: "gzip"}}
	f.Fuzz(func(t *testing.T, header string) {
		accept := parseAcceptEncoding([]string{header, header})
		v := chooseVariant(accept, variants)
		if v != nil && accept.quality(v.coding) <= 0 {
			t.Fatalf("%q: chose %q, which the client refuses", header, v.coding)
		}
	})
}
