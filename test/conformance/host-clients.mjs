// MCP hosts' client libraries the project did not write, against both MCP servers: the MCP TypeScript SDK
// v2 (@modelcontextprotocol/client), the Vercel AI SDK's MCP client (@ai-sdk/mcp) and LangChain's MCP
// adapters (@langchain/mcp-adapters). Each connects over Streamable HTTP, lists the tools and calls
// search_icons (search_guides on /mcp/docs) as its host's model would. Usage: node host-clients.mjs <base
// URL>. Prints one line per check and exits 1 if any failed. Run by edge's TestClientsTheProjectDidNotWrite.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMCPClient } from "@ai-sdk/mcp";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";

const base = process.argv[2];
let failures = 0;
const check = (name, ok, detail = "") => {
  console.log(`${ok ? "ok" : "FAIL"} ${name}${ok ? "" : ": " + detail}`);
  if (!ok) failures++;
};
const attempt = async (name, fn) => {
  try {
    await fn();
  } catch (e) {
    check(name, false, String(e && e.stack || e));
  }
};
const servers = [
  { path: "/mcp", tool: "search_icons", args: { query: "bell", limit: 3 }, wants: "bell", tools: ["get_icon", "list_categories", "read_guide", "search_icons"] },
  { path: "/mcp/docs", tool: "search_guides", args: { question: "how do I install the React player", limit: 2 }, wants: "React", tools: ["read_guide", "search_guides"] },
];

for (const s of servers) {
  await attempt(`MCP TS SDK v2 ${s.path}`, async () => {
    const client = new Client({ name: "iconlib-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(base + s.path)));
    const { tools } = await client.listTools();
    check(`MCP TS SDK v2 ${s.path}: tools/list`, tools.map((t) => t.name).sort().join() === s.tools.join(), JSON.stringify(tools.map((t) => t.name)));
    const res = await client.callTool({ name: s.tool, arguments: s.args });
    check(`MCP TS SDK v2 ${s.path}: ${s.tool}`, !res.isError && JSON.stringify(res.structuredContent).includes(s.wants), JSON.stringify(res).slice(0, 300));
    await client.close();
  });

  await attempt(`Vercel AI SDK ${s.path}`, async () => {
    const client = await createMCPClient({ transport: { type: "http", url: base + s.path } });
    const tools = await client.tools();
    check(`Vercel AI SDK ${s.path}: tools`, Object.keys(tools).sort().join() === s.tools.join(), Object.keys(tools).join());
    const out = await tools[s.tool].execute(s.args, { toolCallId: "call-1", messages: [] });
    check(`Vercel AI SDK ${s.path}: ${s.tool}`, !out.isError && JSON.stringify(out).includes(s.wants), JSON.stringify(out).slice(0, 300));
    await client.close();
  });

  await attempt(`LangChain ${s.path}`, async () => {
    const client = new MultiServerMCPClient({ mcpServers: { iconlib: { transport: "http", url: base + s.path } }, useStandardContentBlocks: true });
    const tools = await client.getTools();
    const names = tools.map((t) => t.name.replace(/^.*__/, "")).sort();
    check(`LangChain ${s.path}: tools`, names.join() === s.tools.join(), names.join());
    const tool = tools.find((t) => t.name.endsWith(s.tool));
    const out = await tool.invoke(s.args);
    check(`LangChain ${s.path}: ${s.tool}`, JSON.stringify(out).includes(s.wants), JSON.stringify(out).slice(0, 300));
    await client.close();
  });
}
process.exit(failures ? 1 : 0);
