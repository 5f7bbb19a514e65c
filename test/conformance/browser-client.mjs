// The MCP TypeScript SDK v2's client as a web page runs it, bundled for the browser by esbuild at test time
// (test/e2e's TestBrowserMCPClientAcrossOrigins; the bundle is never committed). mcpSearch(url) connects to
// the MCP server at url pinned to protocol 2026-07-28 (no probe, no fallback: anything else fails), lists
// its tools and calls search_icons, and resolves to what a page would show.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

export async function mcpSearch(url, query) {
  const client = new Client({ name: "iconlib-browser-test", version: "1.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const { tools } = await client.listTools();
    const res = await client.callTool({ name: "search_icons", arguments: { query, limit: 3 } });
    return {
      version: client.getNegotiatedProtocolVersion(),
      tools: tools.map((t) => t.name).sort(),
      ids: res.isError ? [] : res.structuredContent.items.map((i) => i.id),
      error: res.isError ? JSON.stringify(res.content) : "",
    };
  } finally {
    await client.close();
  }
}
