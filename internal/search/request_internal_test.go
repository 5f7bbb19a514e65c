package search

import (
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// TestWithoutRequest: an opening request (words asking for an icon, up to a word that ends the request)
// is dropped when content follows it; request words elsewhere, a request with nothing after it, and stop
// words alone before "for" or "of" are content.
func TestWithoutRequest(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"looking for a symbol that shows children", "children"},
		{"an icon for my app that means broken file", "broken file"},
		{"which icon should i use for forbidden", "forbidden"},
		{"simple line icon of a cat", "a cat"},
		{"i need an icon for shopping cart", "shopping cart"},
		{"something that says the upload finished", "the upload finished"},
		{"a sign that says stop", "stop"},
		{"show me an image of a mountain", "a mountain"},
		{"help me find an icon that shows upload progress", "upload progress"},
		{"what is a good symbol for api keys", "api keys"},
		{"help", "help"},
		{"icon for", "icon for"},           // nothing follows: the request is all it says
		{"symbol for sign", "sign"},        // a request word after the request is content
		{"sign in", "sign in"},             // no request: sign is what it shows
		{"line chart", "line chart"},       // no word ends a request
		{"show password", "show password"}, // no word ends a request
		{"image to text", "image to text"}, // "to" ends a request only after a control
		{"a button to share the page", "share the page"},
		{"icon to close", "close"},
		{"buttons to zoom in and out", "zoom in and out"},
		{"to do list", "to do list"},
		{"for sale sign", "for sale sign"}, // no request word before "for"
		{"the lord of the rings", "the lord of the rings"},
		{"bell", "bell"},
		{"", ""},
	} {
		if got := strings.Join(withoutRequest(wordvec.Tokenize(c.query)), " "); got != c.want {
			t.Errorf("%q: %q, want %q", c.query, got, c.want)
		}
	}
}
