package a2a

import "testing"

func TestIsServiceQuestion(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		// Questions about using the service.
		{"How do I get a higher rate limit?", true},
		{"how do I authenticate", true},
		{"Can I use these icons in React?", true},
		{"how do I add an icon to my React app", true},
		{"What is the MCP server URL?", true},
		{"Which A2A versions are supported?", true},
		{"Do I need a token?", true},
		{"is there a rate limit?", true},
		{"how do I recolour an icon on iOS", true},
		{"How do I play the loop state?", true},
		{"How do I use Lottie icons on Android?", true},
		{"What licence are the icons under?", true},
		{"explain the REST API", true},
		{"When is the unversioned API removed?", true},
		{"The API returns 429, why?", true},

		// Icon searches, even when they are questions or name a service word.
		{"an icon for signing out", false},
		{"notification bell", false},
		{"React", false},
		{"install", false},
		{"What icon should I use for a React logout button?", false},
		{"Which icons mean settings on iOS?", false},
		{"is there a React icon?", false},
		{"Do you have an API icon", false},
		{"where can I find a search icon?", false},
		{"icon for the API menu?", false},
		{"what is a good symbol for API keys?", false},
		{"help me find an icon that shows upload progress", false},
		{"how do I show that a download is going on", false},
		{"?", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := isServiceQuestion(tc.text); got != tc.want {
			t.Errorf("isServiceQuestion(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestIconID(t *testing.T) {
	for in, want := range map[string]string{"bell": "bell", " `Arrow-Left` ": "arrow-left", `"zigzag"`: "zigzag", "'x'\n": "x"} {
		if got := iconID(in); got != want {
			t.Errorf("iconID(%q) = %q, want %q", in, got, want)
		}
	}
}
