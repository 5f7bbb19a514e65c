// oauth4webapi, an OAuth 2.0 client and resource-server library the project did not write, against the
// edge's authorization server: it reads the server's metadata (RFC 8414), and validates the access token
// the token endpoint issues as a resource server would (RFC 9068: typ at+jwt, iss, exp, aud, sub,
// client_id, iat and jti, an ES256 signature from the metadata's jwks_uri). An altered token must fail.
// Usage: node oauth-clients.mjs <base URL>. Prints one line per check and exits 1 if any failed. Run by
// edge's TestClientsTheProjectDidNotWrite.
import * as oauth from "oauth4webapi";

const base = process.argv[2];
let failures = 0;
const check = (name, ok, detail = "") => {
  console.log(`${ok ? "ok" : "FAIL"} ${name}${ok ? "" : ": " + detail}`);
  if (!ok) failures++;
};
const loopback = { [oauth.allowInsecureRequests]: true }; // the test edge is plain HTTP on loopback

let as;
try {
  const issuer = new URL(base);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...loopback, algorithm: "oauth2" }));
  check("authorization server metadata (RFC 8414)", as.token_endpoint === base + "/oauth2/token" && !!as.jwks_uri, JSON.stringify(as));
} catch (e) {
  check("authorization server metadata (RFC 8414)", false, String(e));
  process.exit(1);
}

const registration = await (await fetch(base + "/agent/identity", {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ type: "anonymous" }),
})).json();
const answer = await (await fetch(as.token_endpoint, {
  method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: registration.identity_assertion }),
})).json();
check("access token issued", typeof answer.access_token === "string", JSON.stringify(answer));

const resourceRequest = (token) => new Request(base + "/api/v1/icons", { headers: { Authorization: "Bearer " + token } });
try {
  const claims = await oauth.validateJwtAccessToken(as, resourceRequest(answer.access_token), as.issuer, loopback);
  check("access token valid as RFC 9068 says (validateJwtAccessToken)", true);
  check("client_id names the registration", claims.client_id === claims.sub && claims.sub.startsWith("reg_"), JSON.stringify(claims));
  check("scope icons.read", claims.scope === "icons.read", JSON.stringify(claims));
} catch (e) {
  check("access token valid as RFC 9068 says (validateJwtAccessToken)", false, String(e));
}

const [header, payload, signature] = answer.access_token.split(".");
const altered = [header, payload, signature.slice(0, -4) + (signature.endsWith("AAAA") ? "BBBB" : "AAAA")].join(".");
try {
  await oauth.validateJwtAccessToken(as, resourceRequest(altered), as.issuer, loopback);
  check("an altered token is refused", false, "it validated");
} catch (e) {
  check("an altered token is refused", true);
}
process.exit(failures ? 1 : 0);
