// Cross-site request forgery: another origin's page cannot make the browser run a mutation, sign
// out or ban with the session cookie. SameSite=Lax does not cover another port or subdomain of the
// same site, so the server checks Sec-Fetch-Site / Origin on cookie-authenticated unsafe requests
// (server/http/cross-site-guard.ts). The attacker here is a page on another port of 127.0.0.1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gql, post, signUp } from "../../test/support/harness.ts";
import { useBrowserTest, signUpInBrowser } from "./support/browser.ts";

const web = useBrowserTest();
let attacker: Server;
let attackerUrl: string;

const CREATE_KEY = `mutation { createApiKey(input: { name: "planted", access: READ_WRITE, expiresIn: NEVER }) { key } }`;

function attackerPage(target: string) {
  const json = JSON.stringify({ query: CREATE_KEY, padding: "" }).slice(0, -2); // ends inside "padding"
  return `<!doctype html><html><body>
    <form id="text" method="POST" action="${target}/api/graphql" enctype="text/plain">
      <input type="hidden" name='${json.replace(/'/g, "&#39;")}' value='"}'><button>text/plain</button></form>
    <form id="urlencoded" method="POST" action="${target}/api/graphql">
      <input type="hidden" name="query" value='${CREATE_KEY.replace(/'/g, "&#39;")}'><button>urlencoded</button></form>
    <form id="signout" method="POST" action="${target}/api/auth/sign-out"><button>sign out</button></form>
  </body></html>`;
}

beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(attackerPage(web.server.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

/** The web app's own request: the cookie, and the origin a browser names. */
const own = (cookie: string) => ({ headers: { cookie, origin: web.server.url } });

async function keyNames(cookie: string) {
  const res = await gql(web.server.url, "{ viewer { apiKeys { name } } }", {}, own(cookie));
  return res.body.data.viewer.apiKeys.map((k: { name: string }) => k.name);
}

test("forms posted from another origin with the cookie are refused: no mutation, no sign-out", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Target" });
  const session = (await context.cookies()).find((c) => c.name === "svc_session")!;
  const cookie = `svc_session=${session.value}`;

  for (const form of ["text", "urlencoded", "signout"]) {
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    const [response] = await Promise.all([
      evil.waitForResponse((r) => r.url().startsWith(web.server.url) && r.request().method() === "POST"),
      evil.locator(`#${form} button`).click(),
    ]);
    // The browser did send the cookie (same site, other origin): the server refused it.
    expect(await response.request().headerValue("cookie")).toContain("svc_session=");
    expect([form, response.status()]).toEqual([form, 403]);
    await evil.close();
  }
  expect(await keyNames(cookie)).toEqual([]);
  expect((await gql(web.server.url, "{ viewer { name } }", {}, own(cookie))).body.data.viewer).toEqual({
    name: "Target",
  });

  // A script on the other origin cannot send JSON with the cookie either: the preflight fails.
  const evil = await context.newPage();
  await evil.goto(attackerUrl);
  const outcome = await evil.evaluate(
    async ([url, query]) => {
      try {
        const res = await fetch(`${url}/api/graphql`, {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query }),
        });
        return `status ${res.status}`;
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    },
    [web.server.url, CREATE_KEY],
  );
  expect(outcome).toBe("blocked: TypeError");
  expect(await keyNames(cookie)).toEqual([]);
  await context.close();
});

test("the cookie works for unsafe requests only when the browser says they are same-origin; tokens and keys need no browser headers", async () => {
  const { token } = await signUp(web.server.url, "Hdr");
  const cookie = `svc_session=${token}`;
  const send = (headers: Record<string, string>) =>
    gql(web.server.url, CREATE_KEY, {}, { headers: { cookie, ...headers } });

  const crossOrigin: Record<string, string>[] = [
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { "sec-fetch-site": "none" },
    { origin: "http://evil.example" },
    { origin: "null" },
  ];
  for (const headers of crossOrigin) {
    const res = await send(headers);
    expect([headers, res.status, res.body.errors?.[0]?.extensions?.code]).toEqual([headers, 403, "CROSS_SITE_REQUEST"]);
  }
  expect(await keyNames(cookie)).toEqual([]);

  // The cookie with neither Origin nor Sec-Fetch-Site: no browser sends that, so it is refused too.
  const unsaid = await send({});
  expect([unsaid.status, unsaid.body.errors?.[0]?.extensions?.code]).toEqual([403, "CROSS_SITE_REQUEST"]);
  expect(unsaid.body.errors[0].message).toMatch(/must say where it comes from \(Origin or Sec-Fetch-Site/);
  expect(await keyNames(cookie)).toEqual([]);
  // Our own page (as the browser vouches).
  expect((await send({ "sec-fetch-site": "same-origin" })).status).toBe(200);
  expect((await send({ origin: web.server.url })).status).toBe(200);
  // An explicit bearer token or key is not a cookie riding along: with no browser headers (the CLI,
  // the SDK, scripts) or any, it works.
  expect((await gql(web.server.url, CREATE_KEY, {}, { token })).status).toBe(200);
  expect(
    (await gql(web.server.url, CREATE_KEY, {}, { token, headers: { "sec-fetch-site": "cross-site" } })).status,
  ).toBe(200);
  expect(await keyNames(cookie)).toEqual(["planted", "planted", "planted", "planted"]);
  const key = (await gql(web.server.url, CREATE_KEY, {}, { token })).body.data.createApiKey.key;
  for (const keyHeader of ["authorization", "x-api-key"] as const) {
    const byKey = await gql(web.server.url, "{ viewer { name } }", {}, { key, keyHeader, headers: { cookie } });
    expect([keyHeader, byKey.status, byKey.body.data?.viewer]).toEqual([keyHeader, 200, { name: "Hdr" }]);
  }

  // Reads (GET) are not affected, and neither are the auth routes' JSON errors format.
  const read = await fetch(`${web.server.url}/api/auth/get-session`, { headers: { cookie } });
  expect([read.status, (await read.json()).user.name]).toEqual([200, "Hdr"]);
  const signOut = await post(
    web.server.url,
    "/api/auth/sign-out",
    {},
    { headers: { cookie, "sec-fetch-site": "cross-site" } },
  );
  expect(signOut.status).toBe(403);
  expect(signOut.body.code).toBe("CROSS_SITE_REQUEST");
  expect((await gql(web.server.url, "{ viewer { name } }", {}, own(cookie))).body.data.viewer).toEqual({
    name: "Hdr",
  });
});
