package edge

import "testing"

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "x-gzip": true, "gzip;q=0": false, "gzip; q=0.001": true,
		"br, gzip;q=0.5": true, "*": true, "*;q=0": false, "identity": false, "br": false,
		"*, gzip;q=0": false, "gzip;q=0, *": false, "deflate, *;q=0.1": true, "gzip;q=abc": true,
	} {
		if got := acceptsGzip([]string{header}); got != want {
			t.Errorf("Accept-Encoding %q: gzip %v, want %v", header, got, want)
		}
	}
}

func FuzzAcceptsGzip(f *testing.F) {
	for _, s := range []string{"gzip", "br;q=1, gzip;q=0.5", "*;q=0", ";;,=;q=", "gzip;q=1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		acceptsGzip([]string{header, header}) // must not panic
	})
}
