// The MCP server at /api/mcp end to end, with the official MCP SDK client over real HTTP: discovery
// from the 401, dynamic registration, the consent page with a signed-in session, tokens, every
// tool, and each refusal (keys, PKCE, codes, redirect URIs, resources, refresh rotation,
// disconnect, ban, read-only connections).
import { captureLog } from "../../server/observability/logger.ts";
import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Request } from "express";
import { request, type IncomingHttpHeaders } from "node:http";
import { useTestServer, gql, post, signUp } from "../support/harness.ts";
import { callerFields } from "../../server/observability/request-log.ts";
import {
  MemoryProvider,
  REDIRECT,
  consent as consentAs,
  authorizationRequest,
  tokenRequest as tokenRequestTo,
  toolsListWith,
  type Decision,
} from "../support/oauth-flow.ts";
import { JsonResponseTransport } from "../../server/mcp/json-transport.ts";
import { redirectUriProblem } from "../../server/oauth/redirect-uri.ts";

const s = useTestServer();

const mcpUrl = () => new URL(`${s.url}/api/mcp`);
const cookie = (token: string) => ({ cookie: `svc_session=${token}` });
const consent = (url: URL, sessionToken: string, decision: Decision) => consentAs(s.url, url, sessionToken, decision);

/** A connected MCP client: the whole flow from the first 401 to an initialized session. */
async function connect(
  sessionToken: string,
  decision: "allow" | "allow_read" = "allow",
  provider = new MemoryProvider(),
) {
  const first = new Client({ name: "test", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }))).rejects.toThrow(
    UnauthorizedError,
  );
  expect(provider.authorizationUrl).toBeDefined();
  const { html, location } = await consent(provider.authorizationUrl!, sessionToken, decision);
  const code = location.searchParams.get("code")!;
  expect(code).toBeTruthy();
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await transport.finishAuth(code);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return { client, provider, html };
}

/** A tool's answer: its JSON text, which is also its structuredContent (for a success). */
const text = (result: any) => {
  const value = JSON.parse(result.content[0].text);
  if (!result.isError) expect(result.structuredContent).toEqual(value);
  return value;
};

const WORKOUT = (date: string, extra: Record<string, unknown> = {}) => ({
  date,
  unit: "kg",
  exercises: [{ exercise: "Bench Press", sets: ["60x5", "80x5@8"] }],
  ...extra,
});

describe("discovery and OAuth", () => {
  test("without a token: 401 with WWW-Authenticate naming the resource metadata, which names this server and its authorization server", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    const header = res.headers.get("www-authenticate")!;
    expect(header).toMatch(/^Bearer /);
    // No credentials sent: no error code (RFC 6750 3.1); a bad token does get one.
    expect(header).not.toMatch(/error=/);
    expect((await res.json()).error).toBeUndefined();
    const bad = await fetch(mcpUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer mcpa_not-a-token" },
      body: "{}",
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/,
    );
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)![1];
    expect(metadataUrl).toBe(`${s.url}/.well-known/oauth-protected-resource/api/mcp`);
    const prm = await (await fetch(metadataUrl)).json();
    expect(prm.resource).toBe(`${s.url}/api/mcp`);
    expect(prm.authorization_servers).toEqual([s.url]);
    const as = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: s.url,
      authorization_endpoint: `${s.url}/api/oauth/authorize`,
      token_endpoint: `${s.url}/api/oauth/token`,
      registration_endpoint: `${s.url}/api/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
  });

  test("the Host header does not shape the metadata: the public URL (here the default, the loopback at the listening port) does", async () => {
    const { port } = new URL(s.url);
    /** A GET with its own Host and X-Forwarded-* headers (fetch would set Host itself). */
    const answer = (path: string, method = "GET") =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: any }>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, path, method, headers: { ...HOSTILE, "content-type": "application/json" } },
          (res) => {
            let text = "";
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
          },
        );
        req.on("error", reject);
        req.end(method === "POST" ? "{}" : undefined);
      });
    const HOSTILE = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const logged: string[] = [];
    const stopCapture = captureLog((line) => logged.push(line));
    const as = (await answer("/.well-known/oauth-authorization-server")).body;
    expect([as.issuer, as.authorization_endpoint, as.token_endpoint, as.registration_endpoint]).toEqual([
      s.url,
      `${s.url}/api/oauth/authorize`,
      `${s.url}/api/oauth/token`,
      `${s.url}/api/oauth/register`,
    ]);
    const prm = (await answer("/.well-known/oauth-protected-resource/api/mcp")).body;
    expect([prm.resource, prm.authorization_servers]).toEqual([`${s.url}/api/mcp`, [s.url]]);
    const challenge = await answer("/api/mcp", "POST");
    expect(challenge.status).toBe(401);
    expect(challenge.headers["www-authenticate"]).toContain(
      `resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/mcp"`,
    );
    expect(JSON.stringify([as, prm, challenge.headers])).not.toContain("evil.example");
    // The operator is told once, in the log, that PUBLIC_URL is unset while people use another name.
    stopCapture();
    const warnings = logged.filter((line) => line.includes("PUBLIC_URL is not set"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`OAuth and MCP name ${s.url}`);
  });

  test("a well-known document this server does not have is a JSON 404, not the web app's page", async () => {
    for (const path of [
      "openid-configuration",
      "oauth-authorization-server/api/mcp",
      "oauth-protected-resource/elsewhere",
    ]) {
      const res = await fetch(`${s.url}/.well-known/${path}`);
      expect([path, res.status, res.headers.get("content-type")]).toEqual([
        path,
        404,
        expect.stringMatching(/^application\/json/),
      ]);
      expect((await res.json()).code).toBe("NOT_FOUND");
    }
  });

  test("an API key, in either header, is refused with a message saying keys do not work here", async () => {
    const { token } = await signUp(s.url);
    const created = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "k", access: READ_WRITE, expiresIn: DAYS_30}) { key } }`,
      {},
      { token },
    );
    const key = created.body.data.createApiKey.key;
    for (const headers of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
      const res = await fetch(mcpUrl(), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(res.status).toBe(401);
      expect((await res.json()).error_description).toMatch(/API keys do not work on the MCP server/);
      expect(res.headers.get("www-authenticate")).toMatch(/resource_metadata=/);
    }
  });

  test("signed out, authorize sends the browser to the web app's sign-in, which comes back to it", async () => {
    const provider = new MemoryProvider();
    const client = new Client({ name: "test", version: "1.0.0" });
    await expect(
      client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider })),
    ).rejects.toThrow(UnauthorizedError);
    const res = await fetch(provider.authorizationUrl!, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, s.url);
    expect(location.pathname).toBe("/sign-in");
    const next = location.searchParams.get("next")!;
    expect(next.startsWith("/api/oauth/authorize?")).toBe(true);
    expect(new URLSearchParams(next.split("?")[1]).get("client_id")).toBe(
      provider.authorizationUrl!.searchParams.get("client_id"),
    );
  });

  test("the consent page names the client, its redirect host and the access; deny sends access_denied and connects nothing", async () => {
    const { token } = await signUp(s.url);
    const provider = new MemoryProvider("Claude <script>");
    const client = new Client({ name: "test", version: "1.0.0" });
    await expect(
      client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider })),
    ).rejects.toThrow(UnauthorizedError);
    const { html, location } = await consent(provider.authorizationUrl!, token, "deny");
    expect(html).toContain("Claude &lt;script&gt;");
    expect(html).not.toContain("Claude <script>");
    expect(html).toContain("127.0.0.1:7777");
    expect(html).toContain("Read and write");
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("code")).toBeNull();
    expect(location.searchParams.get("state")).toBe(provider.authorizationUrl!.searchParams.get("state"));
    const apps = await gql(s.url, `{ viewer { connectedApps { id } } }`, {}, { token });
    expect(apps.body.data.viewer.connectedApps).toEqual([]);
  });

  test("connected: Settings lists the app (name, redirect host, access); tokens and codes are stored only as hashes", async () => {
    const { token } = await signUp(s.url);
    const { client, provider } = await connect(token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const apps = await gql(
      s.url,
      `{ viewer { connectedApps { id clientName redirectHost access createdAt lastUsedAt } } }`,
      {},
      { token },
    );
    expect(apps.body.data.viewer.connectedApps).toEqual([
      expect.objectContaining({
        clientName: "Test Assistant",
        redirectHost: "127.0.0.1:7777",
        access: "READ_WRITE",
        lastUsedAt: expect.any(String),
      }),
    ]);
    const { access_token, refresh_token } = provider.saved!;
    const dump = await s.ownerPool.query(
      `select (select json_agg(t) from app_private.oauth_tokens t)::text || (select json_agg(c) from app_private.oauth_codes c)::text || (select json_agg(c) from app_private.oauth_clients c)::text as text`,
    );
    const stored = dump.rows[0].text as string;
    for (const secret of [access_token, refresh_token!]) {
      expect(stored).not.toContain(secret);
      expect(stored).toContain(createHash("sha256").update(secret).digest("hex"));
    }
    await client.close();
  });

  test("the request log names a connected app's calls: caller app, its user and connection, never the token", () => {
    const identity = {
      kind: "oauth" as const,
      userId: "u1",
      connectionId: "c1",
      access: "read_only" as const,
      tokenHash: "ab",
    };
    expect(callerFields({ identity } as unknown as Request)).toEqual({
      caller: "app",
      userId: "u1",
      connectionId: "c1",
      access: "read_only",
    });
  });

  test("a client unknown at the token endpoint gets 401 invalid_client (so it registers again)", async () => {
    const res = await fetch(`${s.url}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "mcpr_x", client_id: "no-such-client" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("invalid_client");
  });
});

const tokenRequest = (params: Record<string, string>) => tokenRequestTo(s.url, params);

async function exchange(code: string, clientId: string, verifier: string, extra: Record<string, string> = {}) {
  return tokenRequest({
    grant_type: "authorization_code",
    code,
    client_id: clientId,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    resource: `${s.url}/api/mcp`,
    ...extra,
  });
}

const mcpCall = (accessToken: string, url = mcpUrl()) => toolsListWith(url, accessToken);
/** What the token endpoint answers to the refresh token `provider` holds. */
const refreshWith = async (provider: MemoryProvider) =>
  (
    await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: provider.saved!.refresh_token!,
      client_id: (provider.info as { client_id: string }).client_id,
    })
  ).body;

/**
 * The page an authorization request's problem is shown on (never a redirect to the client): the
 * problem, and the link back to the app the person may follow.
 */
async function errorPage(res: Response) {
  expect([res.status, res.headers.get("location"), res.headers.get("content-type")]).toEqual([
    400,
    null,
    expect.stringMatching(/^text\/html/),
  ]);
  const html = await res.text();
  const unescape = (text: string) =>
    text
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  const [, problem, error] = /<dt>Problem<\/dt><dd>(.*?) <small>\(([a-z_]+)\)<\/small>/.exec(html)!;
  const link = /<a href="([^"]+)"/.exec(html)?.[1];
  return { html, problem: unescape(problem), error, back: link ? new URL(unescape(link)) : undefined };
}

describe("refusals", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url)).token;
  });

  test("a wrong PKCE verifier is refused, and the right one then still works once; a missing PKCE parameter is refused with a sentence naming it", async () => {
    const { clientId, verifier, url } = await authorizationRequest(s.url);
    // Not a raw schema issue list (the SDK's handlers answer one).
    const noChallenge = new URL(url);
    noChallenge.searchParams.delete("code_challenge");
    const page = await errorPage(await fetch(noChallenge, { headers: cookie(token), redirect: "manual" }));
    expect(page.error).toBe("invalid_request");
    expect(page.problem).toMatch(/^code_challenge: [^[{]+\.$/);
    expect(page.back!.searchParams.get("error_description")).toBe(page.problem);
    const noVerifier = await tokenRequest({
      grant_type: "authorization_code",
      code: "x",
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body).toEqual({
      error: "invalid_request",
      error_description: expect.stringMatching(/^code_verifier: [^[{]+\.$/),
    });
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const wrong = await exchange(code, clientId, randomBytes(32).toString("base64url"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    const right = await exchange(code, clientId, verifier);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ token_type: "Bearer", expires_in: 900 });
  });

  test("a registered client's redirect URI is never followed before the consent: a problem is our page naming the app and where it returns", async () => {
    const registered = await post(s.url, "/api/oauth/register", {
      client_name: "Evil Redirector",
      redirect_uris: ["https://evil.example"],
      token_endpoint_auth_method: "none",
    });
    expect(registered.status).toBe(201);
    const authorize = (params: Record<string, string>) =>
      new URL(
        `/api/oauth/authorize?${new URLSearchParams({ client_id: registered.body.client_id, ...params })}`,
        s.url,
      );
    const valid = {
      response_type: "code",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      state: "st",
    };
    // Signed out and signed in alike: no code_challenge, an unknown scope, another resource.
    for (const [params, error] of [
      [{ response_type: "code", state: "st" }, "invalid_request"],
      [{ ...valid, scope: "admin" }, "invalid_scope"],
      [{ ...valid, resource: "https://evil.example/api/mcp" }, "invalid_target"],
    ] as const) {
      for (const headers of [{}, cookie(token)]) {
        const page = await errorPage(await fetch(authorize(params), { headers, redirect: "manual" }));
        expect(page.error).toBe(error);
        expect(page.html).toContain("Evil Redirector");
        expect(page.html).toContain("<dt>Returns to</dt><dd>evil.example</dd>");
        expect(page.back!.origin).toBe("https://evil.example");
        expect([page.back!.searchParams.get("error"), page.back!.searchParams.get("state")]).toEqual([error, "st"]);
      }
    }
    // A good request signed out goes to our own sign-in, signed in to the consent page.
    const signIn = await fetch(authorize(valid), { redirect: "manual" });
    expect([signIn.status, new URL(signIn.headers.get("location")!, s.url).origin]).toEqual([302, s.url]);
    expect((await fetch(authorize(valid), { headers: cookie(token), redirect: "manual" })).status).toBe(200);
    // A client stored with a redirect URI the allowlist now refuses: refused, and no link back to it.
    await s.ownerPool.query("select app_private.oauth_register_client($1, $2, $3, $4, null, null)", [
      "legacy-view-source",
      "Legacy",
      ["view-source:https://evil.example/"],
      {},
    ]);
    const legacy = new URL(
      `/api/oauth/authorize?${new URLSearchParams({ ...valid, client_id: "legacy-view-source" })}`,
      s.url,
    );
    const page = await errorPage(await fetch(legacy, { redirect: "manual" }));
    expect([page.error, page.back]).toEqual(["invalid_request", undefined]);
    expect(page.problem).toMatch(/the view-source: scheme is not allowed/);
  });

  test("a code used twice is refused, and the connection it made is revoked", async () => {
    const { clientId, verifier, url } = await authorizationRequest(s.url);
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const first = await exchange(code, clientId, verifier);
    expect(first.status).toBe(200);
    expect((await mcpCall(first.body.access_token)).status).toBe(200);
    const again = await exchange(code, clientId, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    expect((await mcpCall(first.body.access_token)).status).toBe(401);
  });

  test("a redirect URI other than the registered one is refused at authorize; at the token endpoint, one other than the request's", async () => {
    const other = await authorizationRequest(s.url, { redirect: "http://127.0.0.1:7777/other" });
    const res = await fetch(other.url, { headers: cookie(token), redirect: "manual" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_request");
    // RFC 8252: a loopback redirect may use any port.
    const port = await authorizationRequest(s.url, { redirect: "http://127.0.0.1:9999/callback" });
    expect((await fetch(port.url, { headers: cookie(token), redirect: "manual" })).status).toBe(200);
    const { clientId, verifier, url } = await authorizationRequest(s.url);
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const mismatched = await exchange(code, clientId, verifier, { redirect_uri: "http://127.0.0.1:7778/callback" });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error).toBe("invalid_grant");
  });

  test("a token for another resource is refused: at authorize, at the token endpoint, and on /api/mcp when the public URL changed", async () => {
    const elsewhere = await authorizationRequest(s.url, { resource: "https://other.example/api/mcp" });
    const page = await errorPage(await fetch(elsewhere.url, { headers: cookie(token), redirect: "manual" }));
    expect(page.error).toBe("invalid_target");
    const { clientId, verifier, url } = await authorizationRequest(s.url);
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const wrong = await exchange(code, clientId, verifier, { resource: "https://other.example/api/mcp" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_target");
    const { clientId: c2, verifier: v2, url: u2 } = await authorizationRequest(s.url);
    const code2 = (await consent(u2, token, "allow")).location.searchParams.get("code")!;
    const tokens = (await exchange(code2, c2, v2)).body;
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    // A connection made under another public URL (PUBLIC_URL changed since) is refused here.
    await s.ownerPool.query("update app_public.connected_apps set resource = $1 where resource = $2", [
      "https://old.example/api/mcp",
      `${s.url}/api/mcp`,
    ]);
    const refused = await mcpCall(tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/not issued for this server/);
  });

  test("refresh tokens rotate: the new pair works, the old refresh token is refused and ends the connection", async () => {
    const { clientId, verifier, url } = await authorizationRequest(s.url);
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const first = (await exchange(code, clientId, verifier)).body;
    const second = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpCall(second.body.access_token)).status).toBe(200);
    const replay = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await mcpCall(second.body.access_token)).status).toBe(401);
  });
});

describe("consent and clients", () => {
  test("a request for read only offers only read access; the consent form is refused from another origin", async () => {
    const { token } = await signUp(s.url);
    const { url } = await authorizationRequest(s.url, { scope: "read" });
    const page = await fetch(url, { headers: cookie(token), redirect: "manual" });
    const html = await page.text();
    expect(html).toContain("Read only: see your training");
    expect(html).not.toContain("Allow read and write");
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [
        k,
        v.replace(/&amp;/g, "&"),
      ]),
    );
    form.set("decision", "allow");
    const forged = await fetch(`${s.url}/api/oauth/consent`, {
      method: "POST",
      headers: {
        ...cookie(token),
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: form,
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    const own = await fetch(`${s.url}/api/oauth/consent`, {
      method: "POST",
      headers: { ...cookie(token), "content-type": "application/x-www-form-urlencoded", origin: s.url },
      body: form,
      redirect: "manual",
    });
    expect(own.status).toBe(303);
    // "allow" never gives more than was asked.
    const code = new URL(own.headers.get("location")!).searchParams.get("code")!;
    const granted = await s.ownerPool.query("select access from app_private.oauth_codes where code_hash = $1", [
      createHash("sha256").update(code).digest(),
    ]);
    expect(granted.rows).toEqual([{ access: "read_only" }]);
  });

  test("registration takes https, loopback http (127.0.0.1, [::1], localhost) and reverse-domain private-use schemes; any other redirect URI gets invalid_redirect_uri", async () => {
    const register = (uri: string) =>
      post(s.url, "/api/oauth/register", {
        client_name: "R",
        redirect_uris: [REDIRECT, uri],
        token_endpoint_auth_method: "none",
      });
    // The accepted ones through the rule itself: registration is rate limited per address, and this file registers many clients.
    for (const good of [
      "https://app.example/cb",
      "http://127.0.0.1/cb",
      "http://[::1]:8080/cb",
      "http://localhost:3000/cb",
      "com.example.app:/oauth",
      "ai.example:/cb",
      "com.example.app://oauth/callback",
      "cursor://anysphere.cursor-mcp/oauth/callback",
      REDIRECT,
    ]) {
      expect([good, redirectUriProblem(good)]).toEqual([good, null]);
    }
    for (const bad of [
      "http://evil.example/cb",
      "http://localhost.evil.example/cb",
      "http://127.0.0.2/cb",
      "javascript:alert(1)",
      "data:text/html,x",
      "file:///tmp/cb",
      "https://app.example/cb#x",
      "view-source:https://evil.example/",
      "jar:https://evil.example/x.jar!/cb",
      "filesystem:https://evil.example/temporary/cb",
      "blob:https://evil.example/0",
      "wss://evil.example/cb",
      "myapp:/cb",
      "cursor://evil.example/oauth/callback",
      "cursor://anysphere.cursor-mcp/oauth/callback/x",
      "com.:/cb",
      "x-apple.systempreferences:cb",
      "1.example:/cb",
    ]) {
      const refused = await register(bad);
      expect([bad, refused.status, refused.body.error]).toEqual([bad, 400, "invalid_redirect_uri"]);
      expect(refused.body.error_description).toContain(bad);
    }
  });

  test("a confidential client: its secret is stored as a hash and checked at the token endpoint (401 invalid_client when wrong)", async () => {
    const { token } = await signUp(s.url);
    const registered = await post(s.url, "/api/oauth/register", {
      client_name: "Confidential",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId, client_secret: secret } = registered.body;
    expect(secret).toEqual(expect.any(String));
    const stored = await s.ownerPool.query(
      "select metadata::text || coalesce(encode(secret_hash, 'hex'), '') as text from app_private.oauth_clients where id = $1",
      [clientId],
    );
    expect(stored.rows[0].text).not.toContain(secret);
    expect(stored.rows[0].text).toContain(createHash("sha256").update(secret).digest("hex"));
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${s.url}/api/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource: `${s.url}/api/mcp`,
    }).toString();
    const code = (await consent(url, token, "allow")).location.searchParams.get("code")!;
    const base = {
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    };
    for (const wrong of [{}, { client_secret: "not-the-secret" }] as Record<string, string>[]) {
      const refused = await tokenRequest({ ...base, ...wrong });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe("invalid_client");
    }
    const granted = await tokenRequest({ ...base, client_secret: secret });
    expect(granted.status).toBe(200);
  });
});

describe("client_secret_basic (RFC 6749 2.3.1) and the method in use", () => {
  /** A client that registers without naming a method: RFC 7591's default, client_secret_basic. */
  class DefaultMethodProvider extends MemoryProvider {
    get clientMetadata() {
      const { token_endpoint_auth_method: _method, ...metadata } = super.clientMetadata;
      return metadata;
    }
  }
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
  const tokenWith = async (authorization: string, params: Record<string, string>) => {
    const res = await fetch(`${s.url}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization },
      body: new URLSearchParams(params),
    });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
  };

  test("a client registered without a method is told client_secret_basic, and the official client signs in with HTTP Basic", async () => {
    const metadata = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.token_endpoint_auth_methods_supported).toEqual([
      "none",
      "client_secret_basic",
      "client_secret_post",
    ]);
    expect(metadata.revocation_endpoint_auth_methods_supported).toEqual(metadata.token_endpoint_auth_methods_supported);
    const { token } = await signUp(s.url);
    const { client, provider } = await connect(token, "allow", new DefaultMethodProvider("Basic Assistant"));
    expect(provider.info).toMatchObject({
      token_endpoint_auth_method: "client_secret_basic",
      client_secret: expect.any(String),
    });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();

    // A refresh with Basic works; the body may repeat the same client_id, not another, nor the secret.
    const { client_id: id, client_secret: secret } = provider.info as { client_id: string; client_secret: string };
    const refreshed = await tokenWith(basic(id, secret), {
      grant_type: "refresh_token",
      refresh_token: provider.saved!.refresh_token!,
      client_id: id,
    });
    expect(refreshed.status).toBe(200);
    const next = { grant_type: "refresh_token", refresh_token: refreshed.body.refresh_token };
    const twice = await tokenWith(basic(id, secret), { ...next, client_secret: secret });
    expect([twice.status, twice.body.error]).toEqual([400, "invalid_request"]);
    const other = await tokenWith(basic(id, secret), { ...next, client_id: "another" });
    expect([other.status, other.body.error]).toEqual([400, "invalid_request"]);
    // Wrong secret, unknown client, and headers that are not Basic credentials: 401 invalid_client in JSON.
    for (const authorization of [
      basic(id, `${secret}x`),
      basic("no-such-client", secret),
      "Basic !!!",
      `Basic ${Buffer.from("no-colon").toString("base64")}`,
      `Basic ${Buffer.from("%E0%A4%A:x").toString("base64")}`,
    ]) {
      const refused = await tokenWith(authorization, next);
      expect([authorization, refused.status, refused.type, refused.body.error]).toEqual([
        authorization,
        401,
        expect.stringContaining("application/json"),
        "invalid_client",
      ]);
    }
    // The refresh token was not used by the refusals.
    expect((await tokenWith(basic(id, secret), next)).status).toBe(200);
  });

  test("registration names the method in use; one this server does not take is invalid_client_metadata", async () => {
    const register = (method?: string) =>
      post(s.url, "/api/oauth/register", {
        client_name: "Methods",
        redirect_uris: [REDIRECT],
        ...(method ? { token_endpoint_auth_method: method } : {}),
      });
    const none = await register("none");
    expect(none.status).toBe(201);
    expect(none.body.token_endpoint_auth_method).toBe("none");
    expect(none.body.client_secret).toBeUndefined();
    const postMethod = await register("client_secret_post");
    expect(postMethod.body).toMatchObject({
      token_endpoint_auth_method: "client_secret_post",
      client_secret: expect.any(String),
    });
    const omitted = await register();
    expect(omitted.body).toMatchObject({
      token_endpoint_auth_method: "client_secret_basic",
      client_secret: expect.any(String),
    });
    for (const method of ["private_key_jwt", "client_secret_jwt", "tls_client_auth"]) {
      const refused = await register(method);
      expect([refused.status, refused.body.error]).toEqual([400, "invalid_client_metadata"]);
      expect(refused.body.error_description).toContain(`"${method}" is not one this server takes`);
    }
  });

  test("an unknown client_id at the token and revocation endpoints is a JSON invalid_client", async () => {
    for (const path of ["token", "revoke"]) {
      const res = await fetch(`${s.url}/api/oauth/${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "x", token: "x", client_id: "nobody" }),
      });
      expect([path, res.status, res.headers.get("content-type")]).toEqual([
        path,
        401,
        expect.stringContaining("application/json"),
      ]);
      expect(await res.json()).toEqual({
        error: "invalid_client",
        error_description: "Unknown client_id; register again",
      });
    }
  });
});

let toolsProvider: MemoryProvider;
describe("tools", () => {
  let token: string;
  let client: Client;
  beforeAll(async () => {
    token = (await signUp(s.url)).token;
    ({ client, provider: toolsProvider } = await connect(token));
  });
  afterAll(async () => {
    await client.close();
  });

  test("tools/list: every tool with a description, an input schema and truthful annotations; the resources are listed", async () => {
    // No list-changed notifications will come (the tools are fixed; a stateless server cannot send them).
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false },
    });
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual([
      "delete_workout",
      "get_exercise_history",
      "get_progress_summary",
      "get_routine",
      "get_weekly_muscle_sets",
      "get_workout",
      "list_changes",
      "list_measurements",
      "list_programs",
      "list_routines",
      "list_workouts",
      "log_bodyweight",
      "log_measurements",
      "plan_next_workout",
      "preview_program",
      "save_routine",
      "save_workout",
      "search_exercises",
      "start_program",
      "undo_change",
    ]);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe("object");
      // An argument a tool does not know is refused, never ignored.
      expect([t.name, t.inputSchema.additionalProperties]).toEqual([t.name, false]);
      // What comes back is described: structuredContent follows this schema.
      expect([t.name, t.outputSchema?.type]).toEqual([t.name, "object"]);
    }
    for (const name of [
      "search_exercises",
      "list_routines",
      "get_routine",
      "list_workouts",
      "get_workout",
      "plan_next_workout",
      "get_exercise_history",
      "get_progress_summary",
    ]) {
      expect(byName[name].annotations).toMatchObject({ readOnlyHint: true });
    }
    for (const name of ["save_routine", "save_workout", "delete_workout", "log_bodyweight", "log_measurements"]) {
      expect(byName[name].annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    expect(byName.delete_workout.annotations!.idempotentHint).toBe(true);
    expect(byName.save_workout.annotations!.idempotentHint).toBe(false);
    // Saving a routine without an id creates it (a second identical save is refused): not idempotent, never "replaces by name".
    expect(byName.save_routine.annotations!.idempotentHint).toBe(false);
    expect(byName.save_routine.description).not.toMatch(/\(or name\)/);
    expect(byName.save_routine.description).toMatch(
      /Without an "id" it creates a new routine, and a name another routine already has is refused/,
    );
    // log_bodyweight's unit is the unit of the weight sent, not a conversion of the answer.
    expect(
      (byName.log_bodyweight.inputSchema.properties as Record<string, { description: string }>).unit.description,
    ).toMatch(/^The unit of the weight given/);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      "training-log://rules/set-text.md",
      "training-log://schemas/routine.schema.json",
      "training-log://schemas/workout.schema.json",
    ]);
    const schema = await client.readResource({ uri: "training-log://schemas/workout.schema.json" });
    expect(JSON.parse((schema.contents[0] as { text: string }).text).$schema).toMatch(/2020-12/);
    const rules = await client.readResource({ uri: "training-log://rules/set-text.md" });
    expect((rules.contents[0] as { text: string }).text).toContain("100x5");
  });

  test("a connected app's calls are charged to its own cost budget, as the database spent them", async () => {
    const { rows } = await s.ownerPool.query(
      `select c.id from app_public.connected_apps c
         join app_private.session_of_hash(sha256($1::bytea)) o on o.user_id = c.user_id`,
      [token],
    );
    expect(rows).toHaveLength(1);
    const payer = `app:${rows[0].id}`;
    const bucket = async () =>
      (
        await s.ownerPool.query("select tokens, held, updated_at from app_private.cost_buckets where payer = $1", [
          payer,
        ])
      ).rows[0] as { tokens: number; held: number; updated_at: Date } | undefined;
    const before = (await bucket())?.updated_at ?? new Date(0);
    text(await client.callTool({ name: "search_exercises", arguments: { words: "bench press", limit: 3 } }));
    let after = await bucket();
    // Charged once written since with no estimate held (the gate's claim also writes the row).
    for (let i = 0; i < 100 && !(after && after.updated_at > before && after.held === 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await bucket();
    }
    expect(after!.updated_at > before && after!.held === 0).toBe(true);
  });

  test("every tool works as the connected user, through GraphQL", async () => {
    const search = text(
      await client.callTool({ name: "search_exercises", arguments: { words: "bench press", limit: 3 } }),
    );
    expect(search.exercises[0].name).toBe("Bench Press");

    const routine = text(
      await client.callTool({
        name: "save_routine",
        arguments: {
          document: {
            name: "Push",
            unit: "kg",
            exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 80 }],
          },
        },
      }),
    );
    expect(routine.created).toBe(true);
    expect(text(await client.callTool({ name: "list_routines", arguments: {} }))).toEqual({
      routines: [{ id: routine.document.id, name: "Push" }],
    });
    expect(text(await client.callTool({ name: "get_routine", arguments: { routine: "push" } })).document.id).toBe(
      routine.document.id,
    );
    const sameName = await client.callTool({
      name: "save_routine",
      arguments: {
        document: { name: "push", unit: "kg", exercises: [{ exercise: "Squat", sets: 3, reps: 5, weight: 100 }] },
      },
    });
    expect(sameName.isError).toBe(true);
    expect(text(sameName)).toMatchObject({ code: "INVALID_DOCUMENT", path: "name" });
    const replaced = text(
      await client.callTool({
        name: "save_routine",
        arguments: {
          document: { ...routine.document, exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 82.5 }] },
        },
      }),
    );
    expect(replaced).toMatchObject({ created: false, document: { id: routine.document.id } });
    expect(text(await client.callTool({ name: "list_routines", arguments: {} })).routines).toEqual([
      { id: routine.document.id, name: "Push" },
    ]);

    const saved = text(await client.callTool({ name: "save_workout", arguments: { document: WORKOUT("2026-11-02") } }));
    expect(saved.created).toBe(true);
    const second = text(
      await client.callTool({
        name: "save_workout",
        arguments: { document: WORKOUT("2026-11-02", { name: "Evening", start: "2026-11-02T18:00:00Z" }) },
      }),
    );
    const onDate = text(await client.callTool({ name: "get_workout", arguments: { date: "2026-11-02" } }));
    expect(onDate.workouts.map((w: { id: string }) => w.id)).toEqual([saved.document.id, second.document.id]);
    expect(
      text(await client.callTool({ name: "get_workout", arguments: { id: saved.document.id } })).workouts[0]
        .exercises[0].sets,
    ).toEqual(["60x5", "80x5@8"]);
    expect(text(await client.callTool({ name: "get_workout", arguments: { date: "2026-11-03" } })).workouts).toEqual(
      [],
    );
    expect(
      text(await client.callTool({ name: "list_workouts", arguments: { limit: 5 } }))
        .workouts.map((w: { id: string }) => w.id)
        .sort(),
    ).toEqual([saved.document.id, second.document.id].sort());

    const plan = text(
      await client.callTool({ name: "plan_next_workout", arguments: { routine: "Push", date: "2026-11-05" } }),
    );
    expect(plan.document.exercises[0].exercise).toBe("Bench Press");
    // Each exercise's explanation, and whether its last work set is AMRAP.
    expect(plan.exercises).toEqual([
      expect.objectContaining({ position: 0, exercise: "Bench Press", amrap: false, explanation: expect.any(String) }),
    ]);
    expect(plan.exercises[0].explanation.length).toBeGreaterThan(10);
    const noRoutine = await client.callTool({ name: "plan_next_workout", arguments: { routine: "nope" } });
    expect(noRoutine.isError).toBe(true);
    expect(text(noRoutine)).toMatchObject({ code: "NOT_FOUND", error: expect.stringMatching(/"nope".*list_routines/) });

    const history = text(
      await client.callTool({ name: "get_exercise_history", arguments: { exercise: "bench press" } }),
    );
    expect(history.exercise).toBe("Bench Press");
    expect(history.records.heaviest.weight).toBe(80);
    expect(history.sessions.length).toBe(2);
    expect(history.said[0]).toMatch(
      /^Heaviest 80 kg x 5 on 2026-11-0\d; best estimated 1RM 93\.3 kg \(from 80 kg x 5\)/,
    );
    // A name that fits several exercises is answered with the choices, never a guess.
    const press = await client.callTool({ name: "get_exercise_history", arguments: { exercise: "press" } });
    expect(press.isError).toBe(true);
    expect(text(press)).toMatchObject({
      code: "AMBIGUOUS_EXERCISE",
      candidates: expect.arrayContaining(["Bench Press", "Overhead Press"]),
    });

    const progress = text(
      await client.callTool({ name: "get_progress_summary", arguments: { exercise: "bench press", weeks: 104 } }),
    );
    expect(progress.weeklyVolume.at(-1).volume).toBe(2 * (60 * 5 + 80 * 5));
    expect(progress.e1rm.sessions).toBe(2);

    const bodyweight = text(
      await client.callTool({ name: "log_bodyweight", arguments: { date: "2026-11-02", weight: 81.5, unit: "kg" } }),
    );
    expect(bodyweight).toMatchObject({ date: "2026-11-02", weight: 81.5, unit: "kg" });

    const deleted = text(await client.callTool({ name: "delete_workout", arguments: { id: second.document.id } }));
    expect(deleted.deleted.id).toBe(second.document.id);
    const gone = await client.callTool({ name: "get_workout", arguments: { id: second.document.id } });
    expect(gone.isError).toBe(true);
    expect(text(gone).code).toBe("NOT_FOUND");
    // What the tools saved is the user's own, seen through the API with their session.
    const seen = await gql(s.url, `{ viewer { workouts { id } } }`, {}, { token });
    expect(seen.body.data.viewer.workouts).toEqual([{ id: saved.document.id }]);
  });

  test("list_workouts honours since and until (both included) and refuses what it does not know; impossible dates name their field; log_bodyweight defaults to today", async () => {
    const { client: own } = await connect((await signUp(s.url)).token);
    const ids: Record<string, string> = {};
    for (const date of ["2026-10-01", "2026-10-02", "2026-10-03"]) {
      ids[date] = text(
        await own.callTool({ name: "save_workout", arguments: { document: WORKOUT(date) } }),
      ).document.id;
    }
    const listed = async (args: Record<string, unknown>) =>
      text(await own.callTool({ name: "list_workouts", arguments: args })).workouts.map((w: any) => w.date);
    expect(await listed({})).toEqual(["2026-10-03", "2026-10-02", "2026-10-01"]);
    expect(await listed({ since: "2026-10-02" })).toEqual(["2026-10-03", "2026-10-02"]);
    expect(await listed({ since: "2026-10-04" })).toEqual([]);
    expect(await listed({ until: "2026-10-02" })).toEqual(["2026-10-02", "2026-10-01"]);
    expect(await listed({ until: "2026-09-30" })).toEqual([]);
    expect(await listed({ since: "2026-10-02", until: "2026-10-02" })).toEqual(["2026-10-02"]);
    expect(await listed({ since: "2026-10-01", until: "2026-10-03", limit: 1 })).toEqual(["2026-10-03"]);
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      [
        "list_workouts",
        { since: "2026-10-03", until: "2026-10-02" },
        /since \(2026-10-03\) is after until \(2026-10-02\)/,
      ],
      ["list_workouts", { from: "2026-10-02" }, /from/],
      ["list_workouts", { since: "2026-02-29" }, /since: 2026-02-29 is not a day of the calendar/],
      ["list_workouts", { until: "2026-13-01" }, /until: 2026-13-01 is not a day of the calendar/],
      ["get_workout", { date: "2026-04-31" }, /date: 2026-04-31 is not a day of the calendar/],
      ["plan_next_workout", { routine: "x", date: "2026-02-30" }, /date: 2026-02-30 is not a day of the calendar/],
      ["log_bodyweight", { date: "2026-02-30", weight: 80 }, /date: 2026-02-30 is not a day of the calendar/],
      ["log_bodyweight", { date: "2026-11-02", weight: 80, note: "x" }, /note/],
      ["search_exercises", { words: "bench", limit: 3, exact: true }, /exact/],
    ];
    for (const [name, args, message] of refusals) {
      const refused: any = await own.callTool({ name, arguments: args });
      expect([name, args, refused.isError]).toEqual([name, args, true]);
      expect(refused.content[0].text).toMatch(message);
    }
    // The last good days: a leap day, and the end of a month.
    expect(await listed({ since: "2024-02-29", until: "2026-04-30" })).toEqual([]);
    const leap = await own.callTool({ name: "log_bodyweight", arguments: { date: "2024-02-29", weight: 80 } });
    expect(text(leap)).toMatchObject({ date: "2024-02-29" });
    // Without a date: today where the server runs (this process).
    const today = new Date().toLocaleDateString("en-CA");
    expect(text(await own.callTool({ name: "log_bodyweight", arguments: { weight: 80.5 } }))).toMatchObject({
      date: today,
      weight: 80.5,
    });
    await own.close();
  });

  test("an invalid document comes back as a tool error with its path and reason, and nothing is saved", async () => {
    const before = await gql(s.url, `{ viewer { workouts { id } } }`, {}, { token });
    const result = await client.callTool({
      name: "save_workout",
      arguments: {
        document: WORKOUT("2026-11-04", { exercises: [{ exercise: "Bench Press", sets: ["60x5", "lots"] }] }),
      },
    });
    expect(result.isError).toBe(true);
    const error = text(result);
    expect(error.code).toBe("INVALID_DOCUMENT");
    expect(error.path).toBe("exercises[0].sets[1]");
    expect(error.reason).toEqual(expect.any(String));
    expect(error.error).toContain("exercises[0].sets[1]");
    const after = await gql(s.url, `{ viewer { workouts { id } } }`, {}, { token });
    expect(after.body.data.viewer.workouts).toEqual(before.body.data.viewer.workouts);
  });
  test("a lb user over kg history: get_exercise_history and get_progress_summary say every weight in lb by the display rule", async () => {
    const lifter = await signUp(s.url, "Pound Lifter");
    await s.ownerPool.query("update app_public.users set unit = 'lb' where id = $1", [lifter.user.id]);
    const { client: own } = await connect(lifter.token);
    const document = {
      date: "2025-06-02",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["100x5", "105x3", "102.5x3"] }],
    };
    expect((await own.callTool({ name: "save_workout", arguments: { document } })).isError).toBeFalsy();
    const history = text(await own.callTool({ name: "get_exercise_history", arguments: { exercise: "bench" } }));
    // Hand-computed (kg / 0.45359237): 105 kg = 231.4853 lb; 100 kg = 220.4623 lb; e1RM 220.46 x (1 + 5/30) = 257.2 lb.
    expect(history.said[0]).toBe(
      "Heaviest 231.5 lb (105 kg) x 3 on 2025-06-02; best estimated 1RM 257.2 lb (from 220.5 lb x 5) on 2025-06-02.",
    );
    expect(history.said[1]).toBe("2025-06-02: estimated 1RM 257.2 lb, best set 231.5 lb x 3");
    const progress = text(
      await own.callTool({ name: "get_progress_summary", arguments: { exercise: "bench", weeks: 104 } }),
    );
    // 100x5 + 105x3 + 102.5x3 = 1122.5 kg = 2474.69 lb: whole.
    expect(progress.said).toContain("Week of 2025-06-02: 2,475 lb");
    for (const line of [...history.said, ...progress.said]) expect(line).not.toMatch(/\d\.\d\d/);
  });

  test("get_progress_summary covers the last calendar weeks ending this week, not the last weeks with training", async () => {
    const local = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const monday = new Date();
    while (monday.getDay() !== 1) monday.setDate(monday.getDate() - 1);
    monday.setDate(monday.getDate() - 14);
    const sunday = new Date(monday);
    sunday.setDate(sunday.getDate() - 1);
    // Deadlifts (this user's other workouts are bench presses) two weeks ago, on its Monday (the first
    // day of 3 weeks back), and on the Sunday before it (4 weeks back); none since.
    for (const day of [monday, sunday]) {
      const document = { date: local(day), unit: "kg", exercises: [{ exercise: "Deadlift", sets: ["140x5"] }] };
      expect((await client.callTool({ name: "save_workout", arguments: { document } })).isError).toBeFalsy();
    }
    const weeks = async (n: number) =>
      text(await client.callTool({ name: "get_progress_summary", arguments: { weeks: n, exercise: "deadlift" } }));
    expect(await weeks(2)).toMatchObject({ exercise: "Deadlift", weeklyVolume: [], e1rm: null });
    const three = await weeks(3);
    expect(three.since).toBe(local(monday));
    expect(three.weeklyVolume.map((w: { week: string }) => w.week)).toEqual([local(monday)]);
    expect(three.e1rm.sessions).toBe(1);
    expect((await weeks(4)).weeklyVolume).toHaveLength(2);
  });
});

describe("JSON-RPC messages and batches", () => {
  // The tools' connection (registration is rate limited per address, and this file registers many clients).
  const accessToken = () => toolsProvider.saved!.access_token;
  const rpc = async (body: unknown) => {
    const res = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken()}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 202 ? null : await res.json() };
  };

  test("a batch whose requests share an id is refused (-32600); distinct ids are each answered", async () => {
    const twice = await rpc([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 1, method: "ping" },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({ code: -32600, message: expect.stringMatching(/same/) });
    // The same value as a string and as a number are two ids.
    const distinct = await rpc([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: "1", method: "ping" },
    ]);
    expect(distinct.status).toBe(200);
    expect(distinct.body).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: "1", result: {} },
    ]);
  });

  test("a batch holds at most 10 messages: 10 tool calls are each answered, 11 are refused (-32600) and none runs", async () => {
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name: "log_bodyweight",
        arguments: { date: `2024-03-${String(id).padStart(2, "0")}`, weight: 70 + id },
      },
    });
    const ten = await rpc(Array.from({ length: 10 }, (_, i) => call(i + 1)));
    expect(ten.status).toBe(200);
    expect(ten.body.map((r: any) => [r.id, r.result.isError ?? false])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i + 1, false]),
    );
    const eleven = await rpc(Array.from({ length: 11 }, (_, i) => call(i + 11)));
    expect(eleven).toEqual({
      status: 400,
      body: {
        jsonrpc: "2.0",
        error: {
          code: -32600,
          message: "Invalid Request: a batch holds 1 to 10 messages (this one holds 11); send more in further requests",
        },
        id: null,
      },
    });
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.bodyweights where date >= '2024-03-11' and date <= '2024-03-21'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  test("a request cancelled in its own batch is dropped and the POST is answered", async () => {
    const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_workouts", arguments: {} } };
    const cancel = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 7, reason: "changed my mind" },
    };
    const alone = await rpc([call, cancel]);
    expect(alone.status).toBe(202);
    const withPing = await rpc([call, cancel, { jsonrpc: "2.0", id: 8, method: "ping" }]);
    expect(withPing.status).toBe(200);
    expect(withPing.body).toEqual([{ jsonrpc: "2.0", id: 8, result: {} }]);
  });

  test("a request the server leaves unanswered is answered with a timeout error once its time is up", async () => {
    const transport = new JsonResponseTransport({ timeoutMs: 20 });
    const seen: unknown[] = [];
    transport.onmessage = (message) => void seen.push(message);
    const responses = await transport.handle(
      [{ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "slow" } }],
      {},
    );
    expect(responses).toEqual([
      { jsonrpc: "2.0", id: 3, error: { code: -32001, message: expect.stringMatching(/timed out/) } },
    ]);
    // The server is told to stop the request.
    expect(seen.at(-1)).toMatchObject({ method: "notifications/cancelled", params: { requestId: 3 } });
  });
});

describe("read-only, disconnect, ban, account deletion", () => {
  test("a read-only connection reads, and the database refuses its save", async () => {
    const { token } = await signUp(s.url);
    const { client, html } = await connect(token, "allow_read");
    expect(html).toContain("Allow read only");
    const apps = await gql(s.url, `{ viewer { connectedApps { access } } }`, {}, { token });
    expect(apps.body.data.viewer.connectedApps).toEqual([{ access: "READ_ONLY" }]);
    expect(text(await client.callTool({ name: "list_workouts", arguments: {} }))).toEqual({ workouts: [] });
    const refused = await client.callTool({ name: "save_workout", arguments: { document: WORKOUT("2026-11-02") } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatchObject({ code: "FORBIDDEN", error: expect.stringMatching(/read only/) });
    const bodyweight = await client.callTool({ name: "log_bodyweight", arguments: { date: "2026-11-02", weight: 80 } });
    expect(text(bodyweight).code).toBe("FORBIDDEN");
    const seen = await gql(s.url, `{ viewer { workouts { id } bodyweightsByUserId { totalCount } } }`, {}, { token });
    expect(seen.body.data.viewer).toEqual({ workouts: [], bodyweightsByUserId: { totalCount: 0 } });
    await client.close();
  });

  test("disconnecting in Settings kills the connection at once; only with a session, only your own", async () => {
    const { token } = await signUp(s.url);
    const { client, provider } = await connect(token);
    const [app] = (await gql(s.url, `{ viewer { connectedApps { id } } }`, {}, { token })).body.data.viewer
      .connectedApps;
    // The app's own token cannot list or disconnect connections (the GraphQL API does not take it as a session).
    const other = await signUp(s.url);
    const foreign = await gql(
      s.url,
      `mutation($id: UUID!) { disconnectApp(input: {id: $id}) { id } }`,
      { id: app.id },
      { token: other.token },
    );
    expect(foreign.body.errors[0].extensions.code).toBe("NOT_FOUND");
    const created = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "k", access: READ_WRITE, expiresIn: DAYS_30}) { key } }`,
      {},
      { token },
    );
    const withKey = await gql(
      s.url,
      `mutation($id: UUID!) { disconnectApp(input: {id: $id}) { id } }`,
      { id: app.id },
      { key: created.body.data.createApiKey.key },
    );
    expect(withKey.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const listWithKey = await gql(
      s.url,
      `{ viewer { connectedApps { id } } }`,
      {},
      { key: created.body.data.createApiKey.key },
    );
    expect(listWithKey.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(200);
    const done = await gql(
      s.url,
      `mutation($id: UUID!) { disconnectApp(input: {id: $id}) { id } }`,
      { id: app.id },
      { token },
    );
    expect(done.body.data.disconnectApp.id).toBe(app.id);
    const malformed = await gql(
      s.url,
      `mutation($id: UUID!) { disconnectApp(input: {id: $id}) { id } }`,
      { id: "not-an-id" },
      { token },
    );
    expect(malformed.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(401);
    expect((await refreshWith(provider)).error).toBe("invalid_grant");
    await client.close().catch(() => {});
  });

  test("a ban stops the user's tokens at once (access and refresh)", async () => {
    const admin = await signUp(s.url);
    await s.ownerPool.query("update app_public.users set role = 'admin' where id = $1", [admin.user.id]);
    const { token, user } = await signUp(s.url);
    const { provider } = await connect(token);
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(200);
    const ban = await post(
      s.url,
      "/api/auth/admin/ban-user",
      { userId: user.id, banReason: "test" },
      { token: admin.token },
    );
    expect(ban.status).toBe(200);
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(401);
    expect((await refreshWith(provider)).error).toBe("invalid_grant");
    // An unban lets the person sign in again; the app's tokens stay ended (it connects anew).
    const unban = await post(s.url, "/api/auth/admin/unban-user", { userId: user.id }, { token: admin.token });
    expect(unban.status).toBe(200);
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(401);
    expect((await refreshWith(provider)).error).toBe("invalid_grant");
    const apps = await s.ownerPool.query(
      "select count(*)::int as n from app_public.connected_apps where user_id = $1",
      [user.id],
    );
    expect(apps.rows[0].n).toBe(0);
  });

  test("a code issued before a ban is not exchanged after it: no connection, no token", async () => {
    const admin = await signUp(s.url);
    await s.ownerPool.query("update app_public.users set role = 'admin' where id = $1", [admin.user.id]);
    const { token, user, email, password } = await signUp(s.url);
    const provider = new MemoryProvider();
    const first = new Client({ name: "test", version: "1.0.0" });
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider })),
    ).rejects.toThrow(UnauthorizedError);
    const { location } = await consent(provider.authorizationUrl!, token, "allow");
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();
    const ban = await post(s.url, "/api/auth/admin/ban-user", { userId: user.id }, { token: admin.token });
    expect(ban.status).toBe(200);
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    // The ban deleted the pending code.
    await expect(transport.finishAuth(code)).rejects.toThrow(/authorization code/);
    expect(provider.saved).toBeUndefined();
    // And the exchange checks the ban itself: a ban recorded without ban_user (straight in the
    // table) still refuses a code issued before it.
    const unban = await post(s.url, "/api/auth/admin/unban-user", { userId: user.id }, { token: admin.token });
    expect(unban.status).toBe(200);
    const again = await post(s.url, "/api/auth/sign-in/email", { email, password });
    const second = new MemoryProvider();
    await expect(
      new Client({ name: "test", version: "1.0.0" }).connect(
        new StreamableHTTPClientTransport(mcpUrl(), { authProvider: second }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    const code2 = (await consent(second.authorizationUrl!, again.body.token, "allow")).location.searchParams.get(
      "code",
    )!;
    await s.ownerPool.query("update app_public.users set banned = true where id = $1", [user.id]);
    await expect(
      new StreamableHTTPClientTransport(mcpUrl(), { authProvider: second }).finishAuth(code2),
    ).rejects.toThrow(/revoked grant/);
    expect(second.saved).toBeUndefined();
    const apps = await s.ownerPool.query(
      "select count(*)::int as n from app_public.connected_apps where user_id = $1",
      [user.id],
    );
    expect(apps.rows[0].n).toBe(0);
  });

  test("deleting the account removes its connections and tokens", async () => {
    const { token, user } = await signUp(s.url);
    const { provider } = await connect(token);
    const deleted = await gql(s.url, `mutation { deleteAccount(input: {}) { clientMutationId } }`, {}, { token });
    expect(deleted.body.errors).toBeUndefined();
    expect((await mcpCall(provider.saved!.access_token)).status).toBe(401);
    const left = await s.ownerPool.query(
      "select count(*)::int as n from app_public.connected_apps where user_id = $1",
      [user.id],
    );
    expect(left.rows[0].n).toBe(0);
    const tokens = await s.ownerPool.query(
      "select count(*)::int as n from app_private.oauth_tokens where token_hash = $1",
      [createHash("sha256").update(provider.saved!.access_token).digest()],
    );
    expect(tokens.rows[0].n).toBe(0);
  });

  test("GET and DELETE on /api/mcp: 401 without a token, 405 with one (a stateless server)", async () => {
    expect((await fetch(mcpUrl())).status).toBe(401);
    const { token } = await signUp(s.url);
    const { provider } = await connect(token);
    const get = await fetch(mcpUrl(), {
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
    const del = await fetch(mcpUrl(), {
      method: "DELETE",
      headers: { authorization: `Bearer ${provider.saved!.access_token}` },
    });
    expect(del.status).toBe(405);
  });
});
