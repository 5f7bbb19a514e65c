package contract

// Links are the site's paths as templates write them, each absolute from the site's root, so that
// {{.Base}}{{.Links.API}} is a full URL.
type Links struct {
	API, Icons, Icon, Categories, Search                      string // the REST API and its resources
	LegacyAPI, LegacyIcons, LegacyIcon, LegacyCategories      string
	LegacySearch                                              string
	MCPIcons, MCPDocs, A2A, AgentCard, Health                 string
	Catalog, OpenAPI, LLMs, IndexMarkdown, ARD, AICatalog     string
	SkillsIndex, Skills, Docs, Versioning, Motions, AuthGuide string
	AuthorizationServer, Token, Registration, JWKS            string
}

// SiteLinks are the contract's paths for templates.
var SiteLinks = Links{
	API: APIPath, Icons: APIPath + IconsRoute, Icon: APIPath + IconRoute, Categories: APIPath + CategoriesRoute,
	Search:    APIPath + SearchRoute,
	LegacyAPI: LegacyAPIPath, LegacyIcons: LegacyAPIPath + IconsRoute, LegacyIcon: LegacyAPIPath + IconRoute,
	LegacyCategories: LegacyAPIPath + CategoriesRoute, LegacySearch: LegacyAPIPath + SearchRoute,
	MCPIcons: MCPIconsPath, MCPDocs: MCPDocsPath, A2A: A2APath, AgentCard: AgentCardPath, Health: HealthPath,
	Catalog: "/" + CatalogFile, OpenAPI: "/" + OpenAPIFile, LLMs: "/" + LLMsFile, IndexMarkdown: "/" + IndexMarkdownFile,
	ARD: "/" + ARDFile, AICatalog: "/" + AICatalogFile, SkillsIndex: "/" + SkillsIndexFile, Skills: "/" + SkillsDir,
	Docs: DocsPage, Versioning: VersioningPage, Motions: MotionsPage, AuthGuide: "/" + AuthGuideFile,
	AuthorizationServer: AuthorizationServerPath, Token: TokenPath, Registration: RegistrationPath, JWKS: JWKSPath,
}

// TemplateFuncs are the contract's path functions for templates (text or HTML): guideMarkdown,
// guidePage, iconPage, categoryPage and staticFile give URL paths; animationFile and recordFile give
// paths under public/; links gives SiteLinks, for templates whose data has no Links ({{(links).Docs}}).
func TemplateFuncs() map[string]any {
	return map[string]any{
		"guideMarkdown": GuideMarkdown, "guidePage": GuidePage, "iconPage": IconPage, "categoryPage": CategoryPage,
		"animationFile": AnimationFile, "recordFile": RecordFile,
		"staticFile": func(name string) string { return "/" + StaticDir + "/" + name },
		"links":      func() Links { return SiteLinks },
	}
}
