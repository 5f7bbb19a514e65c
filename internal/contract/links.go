package contract

// Links are the site's paths as templates write them, each absolute from the site's root, so that
// {{.Base}}{{.Links.API}} is a full URL.
type Links struct {
	API, Icons, Icon, Categories, Search                           string // the REST API and its resources
	LegacyIcons, LegacyIcon, LegacyCategories, LegacySearch        string
	MCPIcons, MCPDocs, A2A, AgentCard, Health, Token, Registration string
	Catalog, OpenAPI, LLMs, IndexMarkdown, ARD, AICatalog          string
	SkillsIndex, Skills, Docs, Motions, AllIcons                   string
	License, LicenseText                                           string // the licence page and its notices
}

// SiteLinks are the contract's paths for templates.
var SiteLinks = Links{
	API: APIPath, Icons: APIPath + IconsRoute, Icon: APIPath + IconRoute, Categories: APIPath + CategoriesRoute,
	Search:      APIPath + SearchRoute,
	LegacyIcons: LegacyAPIPath + IconsRoute, LegacyIcon: LegacyAPIPath + IconRoute,
	LegacyCategories: LegacyAPIPath + CategoriesRoute, LegacySearch: LegacyAPIPath + SearchRoute,
	MCPIcons: MCPIconsPath, MCPDocs: MCPDocsPath, A2A: A2APath, AgentCard: AgentCardPath, Health: HealthPath,
	Token: TokenPath, Registration: RegistrationPath,
	Catalog: "/" + CatalogFile, OpenAPI: "/" + OpenAPIFile, LLMs: "/" + LLMsFile, IndexMarkdown: "/" + IndexMarkdownFile,
	ARD: "/" + ARDFile, AICatalog: "/" + AICatalogFile, SkillsIndex: "/" + SkillsIndexFile, Skills: "/" + SkillsDir,
	Docs: DocsPage, Motions: MotionsPage, AllIcons: AllIconsPage, License: LicensePage, LicenseText: "/" + LicenseFile,
}

// TemplateFuncs are the contract's path functions for templates (text or HTML): guideMarkdown,
// guidePage, iconPage, categoryPage and staticFile give URL paths; animationFile and svgFile give paths under
// public/; links gives SiteLinks, for templates whose data has no Links ({{(links).Docs}}); rest gives the
// REST API's bounds and siteScript what the site's script takes.
func TemplateFuncs() map[string]any {
	return map[string]any{
		"guideMarkdown": GuideMarkdown, "guidePage": GuidePage, "iconPage": IconPage, "categoryPage": CategoryPage,
		"animationFile": AnimationFile,
		"staticFile":    func(name string) string { return "/" + StaticDir + "/" + name },
		"svgFile":       SVGFile,
		"links":         func() Links { return SiteLinks },
		"rest":          func() RESTBounds { return REST },
		"siteScript":    func() Script { return SiteScript },
	}
}
