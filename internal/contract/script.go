package contract

// idSlot stands for an icon id in the URL patterns the site's script receives.
const idSlot = "{id}"

// Script is what the site's script (static/site.js) takes from the contract: URL paths, patterns with
// {id} where an icon id goes, and the bounds it checks before it asks the edge. Pages carry it as a JSON
// block, so the script spells no path of its own.
type Script struct {
	Animation       string `json:"animation"`        // an icon's Lottie file
	FilledAnimation string `json:"filled_animation"` // the Lottie file of its filled style
	SVG             string `json:"svg"`
	FilledSVG       string `json:"filled_svg"`
	IconPage        string `json:"icon_page"`
	Record          string `json:"record"`      // GET on the edge
	RecordFile      string `json:"record_file"` // the same record on a static host
	Icons           string `json:"icons"`       // search and listing
	IconIndex       string `json:"icon_index"`  // the word index the script searches without the edge
	IconList        string `json:"icon_list"`   // every icon's tile: [id, name, category, styles]
	QueryMaxRunes   int    `json:"query_max_runes"`
	// Relevance is where a search's good matches end; the rest go behind "show more".
	Relevance RelevanceCut `json:"relevance"`
}

// SiteScript is the contract as the site's script takes it.
var SiteScript = Script{
	Animation:       "/" + AnimationFile(idSlot),
	FilledAnimation: "/" + FilledAnimationFile(idSlot),
	SVG:             "/" + SVGFile(idSlot),
	FilledSVG:       "/" + FilledSVGFile(idSlot),
	IconPage:        IconPage(idSlot),
	Record:          APIPath + IconRoute,
	RecordFile:      "/" + RecordFile(idSlot),
	Icons:           APIPath + IconsRoute,
	IconIndex:       "/" + IconIndexFile,
	IconList:        "/" + IconListFile,
	QueryMaxRunes:   REST.QueryMaxRunes,
	Relevance:       Relevance,
}
