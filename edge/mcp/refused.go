package mcp

import (
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/library"
)

// refused is the tool error for a library error, the one place MCP maps them: a parameter out of bounds
// (in the library's words), an unknown icon (with its suggestions), a search that cannot run.
func refused(tool string, err error) *mcp.CallToolResult {
	if invalid, ok := errors.AsType[*library.InvalidError](err); ok {
		hint := ""
		if invalid.Param == library.ParamCategory {
			hint = " Omit category to search every icon."
		}
		return mcp.NewToolResultErrorf("Invalid arguments for %s: %s.%s", tool, invalid.Message, hint)
	}
	if nf, ok := errors.AsType[*library.NotFoundError](err); ok {
		return mcp.NewToolResultError(nf.Error() + " Use search_icons to find an icon's id.")
	}
	if errors.Is(err, library.ErrSearchUnavailable) {
		return mcp.NewToolResultErrorf("Search is unavailable right now (%v). Retry in a minute; the other "+
			"tools still work.", err)
	}
	return mcp.NewToolResultErrorf("%s failed: %v. Retry the call.", tool, err)
}
