// The MCP TypeScript SDK against both MCP servers, over Streamable HTTP and the legacy HTTP+SSE transport:
// every tool with good and bad input, and the guides as resources. Usage: node mcp-clients.mjs <base URL>.
// Prints one line per check ("ok …" or "FAIL …") and exits 1 if any failed. Run by edge's
// TestClientsTheProjectDidNotWrite.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";

const base = process.argv[2];
let failures = 0;
const check = (name, ok, detail = "") => {
  console.log(`${ok ? "ok" : "FAIL"} ${name}${ok ? "" : ": " + detail}`);
  if (!ok) failures++;
};

// Per server: each tool with arguments that work, and arguments that must come back as a tool error
// (isError) or a JSON-RPC invalid-params error, with what the answer must say.
const servers = {
  "/mcp": {
    search_icons: { good: [{ query: "arrow" }, { query: "left", category: "arrows", limit: 2 }],
      bad: [[{ query: "" }, "query"], [{ query: "x", limit: 0 }, "limit"], [{ query: "x", category: "nope" }, "category"], [{}, "query"]] },
    get_icon: { good: [{ id: "arrow-left" }], bad: [[{ id: "arrow-lefft" }, "arrow-left"], [{ id: 5 }, "id"]] },
    list_categories: { good: [{}], bad: [[{ extra: 1 }, "extra"]] },
    read_guide: { good: [{ slug: "web" }], bad: [[{ slug: "nope" }, "web"], [{}, "slug"]] },
  },
  "/mcp/docs": {
    search_guides: { good: [{ question: "how do I install lottie-web?" }, { question: "token", limit: 1 }],
      bad: [[{ question: "" }, "empty"], [{ question: "x", limit: 21 }, "limit"]] },
    read_guide: { good: [{ slug: "authentication" }], bad: [[{ slug: "../etc/passwd" }, "slug"]] },
  },
};

const transports = {
  "streamable-http": (url) => new StreamableHTTPClientTransport(new URL(url)),
  sse: (url) => new SSEClientTransport(new URL(url + "/sse")),
  // A legacy client given the server's own URL, as older configurations name it.
  "sse at the server's path": (url) => new SSEClientTransport(new URL(url)),
};

for (const [path, tools] of Object.entries(servers)) {
  for (const [kind, transport] of Object.entries(transports)) {
    const at = `${kind} ${path}`;
    const client = new Client({ name: "iconlib-conformance", version: "1.0.0" });
    try {
      await client.connect(transport(base + path));
    } catch (e) {
      check(`${at} connect`, false, String(e));
      continue;
    }
    check(`${at} initialize`, client.getServerVersion()?.name?.startsWith("io.iconlib/"), JSON.stringify(client.getServerVersion()));
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    check(`${at} tools/list`, JSON.stringify(listed) === JSON.stringify(Object.keys(tools).sort()), listed.join(","));
    for (const [tool, cases] of Object.entries(tools)) {
      for (const args of cases.good) {
        try {
          // The SDK validates structuredContent against the tool's output schema.
          const res = await client.callTool({ name: tool, arguments: args });
          check(`${at} ${tool} ${JSON.stringify(args)}`, !res.isError && res.structuredContent && res.content?.[0]?.type === "text",
            JSON.stringify(res).slice(0, 300));
        } catch (e) {
          check(`${at} ${tool} ${JSON.stringify(args)}`, false, String(e));
        }
      }
      for (const [args, says] of cases.bad) {
        const name = `${at} ${tool} ${JSON.stringify(args)} refused`;
        try {
          const res = await client.callTool({ name: tool, arguments: args });
          const text = res.content?.map((c) => c.text).join(" ") ?? "";
          check(name, res.isError === true && text.includes(says), JSON.stringify(res).slice(0, 300));
        } catch (e) {
          check(name, e.code === -32602 && String(e.message).includes(says), String(e));
        }
      }
    }
    try {
      await client.callTool({ name: "draw_icon", arguments: {} });
      check(`${at} unknown tool refused`, false, "answered");
    } catch (e) {
      check(`${at} unknown tool refused`, e.code === -32602 || e.code === -32601, String(e));
    }
    const resources = (await client.listResources()).resources;
    check(`${at} resources/list`, resources.some((r) => r.uri === "iconlib://guides/web"), JSON.stringify(resources).slice(0, 200));
    const guide = await client.readResource({ uri: "iconlib://guides/web" });
    check(`${at} resources/read`, guide.contents?.[0]?.mimeType === "text/markdown" && guide.contents[0].text.includes("lottie-web"),
      JSON.stringify(guide).slice(0, 200));
    await client.close();
  }
}
console.log(`mcp clients: ${failures} failed`);
process.exit(failures ? 1 : 0);
