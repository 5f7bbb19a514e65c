package contract

import "testing"

func TestParseHost(t *testing.T) {
	for in, want := range map[string]Host{"full": HostFull, "pages": HostPages, "nginx": "", "": "", "Pages": ""} {
		got, err := ParseHost(in)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("ParseHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseHost("nginx"); err == nil || err.Error() != `host "nginx": want one of full, pages` {
		t.Errorf("the error should list the profiles: %v", err)
	}
	if Host("").String() != "full" || !Host("").Precompressed() || HostPages.Precompressed() {
		t.Error("the zero Host should be the full profile, the only one with sidecars")
	}
}

// TestLeftToEdge: a static host's build leaves out the records and the dotLottie files, nothing else.
func TestLeftToEdge(t *testing.T) {
	for rel, want := range map[string]bool{
		RecordFile("bell"): true, DotLottieFile("bell"): true,
		AnimationFile("bell"): false, FilledAnimationFile("bell"): false, SVGFile("bell"): false,
		CategoriesFile: false, CatalogFile: false, "assets/filled/bell.lottie": false, "api/v1/icons/x/y.json": false,
	} {
		if got := LeftToEdge(rel); got != want {
			t.Errorf("LeftToEdge(%q) = %v, want %v", rel, got, want)
		}
	}
}
