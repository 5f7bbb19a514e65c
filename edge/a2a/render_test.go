package a2a

import "testing"

func TestMarkdownHelpers(t *testing.T) {
	tests := []struct{ got, want string }{
		{inlineCode("bell"), "`bell`"},
		{inlineCode("a`b"), "``a`b``"},
		{inlineCode("`x"), "`` `x ``"},
		{fence("js", "x()\n"), "```js\nx()\n```\n"},
		{fence("md", "```\ncode\n```"), "````md\n```\ncode\n```\n````\n"},
		{escape("[link](x) *b* <i> #1 a_b"), `\[link\](x) \*b\* \<i\> \#1 a\_b`},
		{quote("an icon\n  for *logout*"), `“an icon for \*logout\*”`},
		{sectionBody("## Install\n\nnpm i x\n"), "npm i x"},
		{sectionBody("## Heading only"), ""},
		{count(1, "icon") + ", " + count(3, "icon"), "1 icon, 3 icons"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
