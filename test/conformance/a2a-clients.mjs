// The A2A JS SDK against the A2A agent, as an A2A 1.0 client and as a legacy A2A 0.3 client, each created
// from the served agent card: every skill with good and bad input. The card must also parse with the
// SDK's AgentCard.fromJSON, generated from the A2A 1.0 specification's a2a.proto. Usage:
// node a2a-clients.mjs <base URL>. Prints one line per check and exits 1 if any failed. Run by edge's
// TestClientsTheProjectDidNotWrite.
import { AgentCard, Role } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";

const base = process.argv[2];
let failures = 0;
const check = (name, ok, detail = "") => {
  console.log(`${ok ? "ok" : "FAIL"} ${name}${ok ? "" : ": " + detail}`);
  if (!ok) failures++;
};

const raw = await (await fetch(base + "/.well-known/agent-card.json")).json();
try {
  const card = AgentCard.fromJSON(raw);
  check("1.0 card parses (AgentCard.fromJSON from a2a.proto)", card.skills.length === 3 && card.supportedInterfaces.length === 2 &&
    card.securitySchemes.bearer?.scheme?.$case === "httpAuthSecurityScheme", JSON.stringify(card).slice(0, 300));
} catch (e) {
  check("1.0 card parses (AgentCard.fromJSON from a2a.proto)", false, String(e));
}

// The SDK's A2A 0.3 card parser reads the card's 0.3 fields (url, protocolVersion, preferredTransport).
try {
  const card = parseLegacyAgentCard(raw);
  const iface = card.supportedInterfaces?.[0];
  check("0.3 card parses (parseLegacyAgentCard)", card.skills.length === 3 && iface?.url === base + "/a2a" &&
    iface?.protocolVersion === "0.3" && iface?.protocolBinding === "JSONRPC", JSON.stringify(card.supportedInterfaces));
} catch (e) {
  check("0.3 card parses (parseLegacyAgentCard)", false, String(e));
}

const text = (value) => ({ content: { $case: "text", value } });
const data = (value) => ({ content: { $case: "data", value } });
// Per skill: messages it answers, and messages it refuses with invalid params (-32602), with what the
// error must say.
const skills = {
  "find-icons": {
    good: [[text("an arrow pointing left")], [data({ skill: "find-icons", query: "left", category: "arrows", limit: 2 })]],
    bad: [[[data({ skill: "find-icons", query: "x", limit: 0 })], "limit"], [[data({ skill: "find-icons", query: "x", category: "nope" })], "category"]],
  },
  "icon-details": {
    good: [[data({ skill: "icon-details", id: "arrow-left" })], [text("arrow-left")]],
    bad: [[[data({ skill: "icon-details", id: 5 })], "id"], [[data({ id: "arrow-left", colour: "red" })], "colour"]],
  },
  "search-guides": {
    good: [[data({ skill: "search-guides", query: "how do I install lottie-web?" })]],
    bad: [[[data({ skill: "search-guides", query: "x", limit: 21 })], "limit"], [[data({ skill: "draw-icons", query: "x" })], "skill"]],
  },
};

// Every JSON-RPC method the clients call, to check that each speaks its dialect.
const methods = [];
const fetchImpl = async (url, init) => {
  try {
    methods.push(JSON.parse(init?.body ?? "{}").method);
  } catch {}
  return fetch(url, init);
};

const clients = {
  "A2A 1.0": async () => new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
  })).createFromUrl(base),
  // A legacy client: the resolver reads the card's 0.3 fields, and the transport speaks message/send.
  "A2A 0.3": async () => {
    const card = await new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).resolve(base);
    card.supportedInterfaces = card.supportedInterfaces.filter((i) => i.protocolVersion.startsWith("0.3"));
    const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl, legacyCompat: { enabled: true } })],
    });
    return new ClientFactory(options).createFromAgentCard(card);
  },
};

for (const [dialect, create] of Object.entries(clients)) {
  let client;
  methods.length = 0;
  try {
    client = await create();
  } catch (e) {
    check(`${dialect} client from the card`, false, String(e));
    continue;
  }
  const send = (parts) => client.sendMessage({
    message: { messageId: crypto.randomUUID(), role: Role.ROLE_USER, parts, contextId: "", taskId: "", extensions: [], referenceTaskIds: [], metadata: undefined },
    configuration: undefined, metadata: undefined, tenant: "",
  });
  for (const [skill, cases] of Object.entries(skills)) {
    for (const parts of cases.good) {
      const name = `${dialect} ${skill} ${JSON.stringify(parts.map((p) => p.content.value))}`;
      try {
        const reply = await send(parts);
        const kinds = (reply.parts ?? []).map((p) => p.content?.$case);
        const markdown = reply.parts?.find((p) => p.content?.$case === "text")?.content.value ?? "";
        const json = reply.parts?.find((p) => p.content?.$case === "data")?.content.value;
        check(name, reply.role === Role.ROLE_AGENT && kinds.includes("text") && kinds.includes("data") && markdown.length > 0 &&
          json?.skill === skill, JSON.stringify(reply).slice(0, 300));
      } catch (e) {
        check(name, false, String(e));
      }
    }
    for (const [parts, says] of cases.bad) {
      const name = `${dialect} ${skill} ${JSON.stringify(parts.map((p) => p.content.value))} refused`;
      try {
        const reply = await send(parts);
        check(name, false, "answered " + JSON.stringify(reply).slice(0, 200));
      } catch (e) {
        // The SDK raises invalid params (-32602) as RequestMalformedError.
        check(name, String(e.message).includes(says) && e.name === "RequestMalformedError", `${e.name} ${e}`);
      }
    }
  }
  // A2A 1.0's codes, as the SDK types them: the agent keeps no tasks, so any task is not found (-32001; it
  // was -32601, which the SDK reports as a malformed request).
  try {
    await client.getTask({ id: "t1", tenant: "" });
    check(`${dialect} GetTask refused`, false, "answered");
  } catch (e) {
    check(`${dialect} GetTask refused as TaskNotFoundError`, e.name === "TaskNotFoundError" && /keeps no tasks/.test(String(e)), `${e.name} ${e}`);
  }
  const want = dialect === "A2A 1.0" ? "SendMessage" : "message/send";
  check(`${dialect} speaks ${want}`, methods.includes(want) && !methods.includes(want === "SendMessage" ? "message/send" : "SendMessage"), methods.join(","));
}
console.log(`a2a clients: ${failures} failed`);
process.exit(failures ? 1 : 0);
