package contract

import "testing"

func TestNormalizeBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://icons.example/": "https://icons.example", "http://localhost:8080": "http://localhost:8080",
		"https://x.example/lib/": "https://x.example/lib", "icons.example": "", "ftp://x": "",
		"https://x.example/?q=1": "", "https://x.example/?": "", "https://x.example/#top": "",
		"https://u@x.example": "", "": "", "http://": "",
	} {
		got, err := NormalizeBaseURL(in)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("NormalizeBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
