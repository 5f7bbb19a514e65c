package edge

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"github.com/iconlib/iconlib/edge/a2a"
	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/edge/mcp"
)

// protocols are the agent-facing adapters over the library: two MCP servers, the A2A agent and their
// discovery cards. Each snapshot builds its own; the MCP servers of every snapshot share the edge's
// stream limits.
type protocols struct {
	mcpIcons, mcpDocs         http.Handler
	mcpIconsCard, mcpDocsCard []byte
	agent, agentCard          http.Handler
}

// newProtocols builds the adapters over lib; a tool call or message asked again is answered from the
// snapshot's answer cache, c, with the REST answers' budget.
func newProtocols(lib *library.Library, c *answers.Cache, cfg Config, streams *mcp.Streams) (protocols, error) {
	var p protocols
	var err error
	mo := mcp.Options{Version: cfg.Version, BaseURL: cfg.BaseURL, Logger: cfg.Logger, Streams: streams, Answers: c}
	if p.mcpIcons, err = mcp.NewIcons(lib, mo); err != nil {
		return p, err
	}
	if p.mcpDocs, err = mcp.NewDocs(lib, mo); err != nil {
		return p, err
	}
	if p.mcpIconsCard, err = mcp.IconsCard(lib, mo); err != nil {
		return p, err
	}
	if p.mcpDocsCard, err = mcp.DocsCard(lib, mo); err != nil {
		return p, err
	}
	ao := a2a.Options{Version: cfg.Version, BaseURL: cfg.BaseURL, Logger: cfg.Logger, Answers: c}
	if p.agent, err = a2a.New(lib, ao); err != nil {
		return p, err
	}
	p.agentCard, err = a2a.CardHandler(lib, ao)
	return p, err
}

// serveCard answers GET and HEAD with a precomputed discovery document.
func serveCard(contentType string, body []byte) http.HandlerFunc {
	sum := sha256.Sum256(body)
	a := newAnswer(body, `"`+hex.EncodeToString(sum[:16])+`"`, contentType, "public, max-age=3600")
	return func(w http.ResponseWriter, r *http.Request) { sendAnswer(w, r, a) }
}
