package contract

import "testing"

func TestParseBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://icons.example/": "https://icons.example", "http://localhost:8080": "http://localhost:8080",
		"https://x.example/lib/": "https://x.example/lib", "icons.example": "", "ftp://x": "",
		"https://x.example/?q=1": "", "https://x.example/?": "", "https://x.example/#top": "",
		"https://u@x.example": "", "": "", "http://": "",
	} {
		got, err := ParseBaseURL(in)
		if got.String() != want || (err == nil) != (want != "") || got.IsZero() != (want == "") {
			t.Errorf("ParseBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
		if want != "" && got.URL().String() != want {
			t.Errorf("ParseBaseURL(%q).URL() = %s", in, got.URL())
		}
	}
}
