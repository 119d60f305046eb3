// An MCP client's OAuth sign-in against a test server, with the test playing the browser: the
// client's side (the MCP SDK's OAuthClientProvider, in memory) and the user's (the consent page
// opened with a signed-in session, answered by its form).
import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

export const REDIRECT = "http://127.0.0.1:7777/callback";
export type Decision = "allow" | "allow_read" | "deny";

/** The MCP client's side of OAuth, in memory. */
export class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  readonly name: string;
  readonly redirect: string;
  constructor(name = "Test Assistant", redirect = REDIRECT) {
    this.name = name;
    this.redirect = redirect;
  }
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[name] = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  }
  return out;
}

/** The browser: opens the authorization address signed in and answers the consent page; returns the page and where it sent the browser. */
export async function consent(serverUrl: string, authorizationUrl: URL, sessionToken: string, decision: Decision) {
  const page = await fetch(authorizationUrl, {
    headers: { cookie: `svc_session=${sessionToken}` },
    redirect: "manual",
  });
  if (page.status !== 200) throw new Error(`consent page: HTTP ${page.status} ${await page.text()}`);
  const html = await page.text();
  const answer = await fetch(`${serverUrl}/api/oauth/consent`, {
    method: "POST",
    headers: {
      cookie: `svc_session=${sessionToken}`,
      "content-type": "application/x-www-form-urlencoded",
      origin: serverUrl,
    },
    body: new URLSearchParams({ ...hiddenFields(html), decision }),
    redirect: "manual",
  });
  if (answer.status !== 303) throw new Error(`consent answer: HTTP ${answer.status} ${await answer.text()}`);
  return { html, location: new URL(answer.headers.get("location")!) };
}

/** A registered public client and an authorization address for it, with its own PKCE pair. */
export async function authorizationRequest(
  serverUrl: string,
  options: { redirect?: string; resource?: string; scope?: string } = {},
) {
  const res = await fetch(`${serverUrl}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Raw client", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
  });
  if (res.status !== 201) throw new Error(`register: HTTP ${res.status}`);
  const clientId = ((await res.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${serverUrl}/api/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: options.redirect ?? REDIRECT,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "st",
    resource: options.resource ?? `${serverUrl}/api/mcp`,
    scope: options.scope ?? "read write",
  }).toString();
  return { clientId, verifier, url };
}

export async function tokenRequest(serverUrl: string, params: Record<string, string>) {
  const res = await fetch(`${serverUrl}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: await res.json() };
}

/** A tools/list request to an MCP endpoint with an access token: 200 while the token works, 401 after. */
export async function toolsListWith(mcpUrl: string | URL, accessToken: string, headers: Record<string, string> = {}) {
  return fetch(mcpUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
}

/** Registration, consent (signed in) and the code exchanged: an access and a refresh token. */
export async function connectRaw(
  serverUrl: string,
  sessionToken: string,
  decision: Exclude<Decision, "deny"> = "allow",
) {
  const { clientId, verifier, url } = await authorizationRequest(serverUrl);
  const code = (await consent(serverUrl, url, sessionToken, decision)).location.searchParams.get("code")!;
  const tokens = await tokenRequest(serverUrl, {
    grant_type: "authorization_code",
    code,
    client_id: clientId,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    resource: `${serverUrl}/api/mcp`,
  });
  if (tokens.status !== 200) throw new Error(`token: HTTP ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return { clientId, ...(tokens.body as { access_token: string; refresh_token: string }) };
}
