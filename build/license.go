package build

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/build/tabler"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/wordvec"
	"github.com/iconlib/iconlib/templates"
)

// drawings is the icon set the drawings come from, as the catalog and the licence credit it.
const (
	drawingsName    = "Tabler Icons"
	drawingsVersion = "3.51.0"
	drawingsURL     = "https://tabler.io/icons"
)

// drawingsNotice is the licence of the drawings, which goes wherever they go: the MIT License with its
// copyright line, as content/icons/LICENSE.tabler holds it.
type drawingsNotice struct {
	text   []byte
	holder string // whose copyright: "Paweł Kuna"
}

// copyrightLine finds the holder in an MIT notice's "Copyright (c) 2020-2026 Paweł Kuna".
var copyrightLine = regexp.MustCompile(`(?m)^Copyright \([cC]\) [0-9][0-9 ,–-]* (\S.*?)\s*$`)

// mitPermission is the MIT License's condition that the notice travel with the work.
const mitPermission = "The above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software."

// readDrawingsNotice reads the drawings' licence from content/icons/LICENSE.tabler. The build publishes
// the drawings under the MIT License and names their author, so it refuses a notice that is missing,
// is another licence or names nobody.
func (b *sources) readDrawingsNotice() error {
	path := b.path("icons", tabler.LicenseFile)
	text, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("the drawings need their licence (make import-tabler writes it): %w", err)
	}
	text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
	m := copyrightLine.FindSubmatch(text)
	if m == nil || !bytes.Contains(text, []byte(mitPermission)) {
		return fmt.Errorf("%s: want the MIT License with a copyright line, as Tabler Icons ships it", path)
	}
	b.drawings = drawingsNotice{text: text, holder: string(m[1])}
	return nil
}

// iconLicense is every icon's license at base: the animation iconlib's, the drawing Tabler Icons', both
// MIT, with the notices at LICENSE.txt.
func iconLicense(d drawingsNotice, base string) catalog.License {
	return catalog.License{
		Name: "MIT License", SPDX: "MIT",
		URL: base + contract.LicensePage, TextURL: base + "/" + contract.LicenseFile,
		Attribution: "Animation: iconlib (MIT). Drawing: " + drawingsName + " by " + d.holder + " (MIT).",
	}
}

// licenseData is what LICENSE.txt and the licence page are rendered from.
type licenseData struct {
	Base     string
	License  catalog.License
	Drawings string // the drawings' notice, as content/icons/LICENSE.tabler holds it
	Source   string // where the drawings come from: "Tabler Icons 3.51.0 (https://tabler.io/icons)"
	Notices  []noticeLink
	Links    contract.Links
}

// noticeLink is a licence notice of another part the site serves (the player, the word vectors).
type noticeLink struct{ What, Path string }

// addLicense writes LICENSE.txt, the notices a user ships with the icons' files, and the page that says
// what the files are under.
func (m *model) addLicense(s *site) error {
	d := licenseData{Base: m.base, License: m.license, Drawings: strings.TrimSpace(string(m.drawings.text)),
		Source: drawingsSource(), Links: contract.SiteLinks,
		Notices: []noticeLink{{"lottie-web, the player the site plays the icons with", "/" + contract.StaticDir + "/vendor/LICENSE.lottie-web.md"}}}
	if m.searchWords.table != nil { // addSearchIndex publishes the notices with the vectors
		d.Notices = append(d.Notices, searchNotices(m.notices)...)
	}
	t, err := templates.ParseText("license.txt.tmpl")
	if err != nil {
		return err
	}
	var txt bytes.Buffer
	if err := t.ExecuteTemplate(&txt, "license.txt.tmpl", d); err != nil {
		return fmt.Errorf("%s: %w", contract.LicenseFile, err)
	}
	if err := s.add(contract.LicenseFile, txt.Bytes()); err != nil {
		return err
	}
	p, err := templates.ParseHTML("layout.html", "license.html")
	if err != nil {
		return fmt.Errorf("template license: %w", err)
	}
	var page bytes.Buffer
	if err := p.ExecuteTemplate(&page, "layout", d); err != nil {
		return fmt.Errorf("page license: %w", err)
	}
	return s.add(contract.PageFile(contract.LicensePage), page.Bytes())
}

// searchNoticeWhat says what each of the search's notices covers, by its name in content/.
var searchNoticeWhat = map[string]string{
	wordvec.NoticeFile:      "the word vectors the search ranks meanings with (GloVe, as wink-embeddings packages it)",
	wordvec.RelationsNotice: "the word relations the search widens queries with (WordNet)",
}

// searchNotices links the notices of the search's word data that the site serves.
func searchNotices(notices map[string][]byte) []noticeLink {
	var out []noticeLink
	for _, name := range slices.Sorted(maps.Keys(notices)) {
		out = append(out, noticeLink{What: cmp.Or(searchNoticeWhat[name], name), Path: "/" + searchNoticeFile(name)})
	}
	return out
}

// drawingsSource says where the drawings come from, as catalog.json's source.
func drawingsSource() string {
	return drawingsName + " " + drawingsVersion + " (" + drawingsURL + ")"
}
