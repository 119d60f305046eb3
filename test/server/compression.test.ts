// Compressed answers over real HTTP, read raw (node:http does not decode): the web build's
// precompressed files by Accept-Encoding (br, gzip, none) with Vary, pages and large GraphQL
// queries compressed on the fly, and the answers that hold a secret beside caller-chosen text
// (sign-in, sign-up, createApiKey) never compressed.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Response } from "express";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { useTestServer, signUp } from "../support/harness.ts";
import { COMPRESS_MIN_BYTES, answerBytes, compressAnswers } from "../../server/http/compression.ts";

const s = useTestServer();

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  base = s.url,
) {
  return new Promise<Raw>((resolve, reject) => {
    // A connection of its own: a kept-alive one may be closed by the server just as it is reused.
    const options = { method: init.method ?? "GET", headers: init.headers, agent: false };
    const req = request(`${base}${path}`, options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

function decoded(res: Raw): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.body).toString("utf8");
  if (encoding === undefined) return res.body.toString("utf8");
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

const varies = (res: Raw) =>
  String(res.headers.vary ?? "")
    .toLowerCase()
    .split(/,\s*/)
    .includes("accept-encoding");

function graphql(query: string, token: string, acceptEncoding: string) {
  return raw("/api/graphql", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "accept-encoding": acceptEncoding,
    },
    body: JSON.stringify({ query }),
  });
}

/**
 * The app's main script's address (react-dom and the router), from the page's list of files to
 * fetch early; the page's own script is a small boot script, below the size worth compressing.
 */
async function entryScript(): Promise<string> {
  const page = decoded(await raw("/", { headers: { accept: "text/html" } }));
  const src = /<link rel="modulepreload" crossorigin href="(\/assets\/main-[^"]+\.js)"/.exec(page)?.[1];
  if (!src) throw new Error(`no main script in ${page}`);
  return src;
}

describe("the web build's files", () => {
  test.each([
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
    ["", undefined],
  ])("Accept-Encoding %j: sent as %s, the same script, Vary: Accept-Encoding", async (acceptEncoding, expected) => {
    const src = await entryScript();
    const plain = await raw(src, { headers: { "accept-encoding": "identity" } });
    const res = await raw(src, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(expected);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toBe(plain.body.toString("utf8"));
    if (expected) expect(Number(res.headers["content-length"])).toBeLessThan(plain.body.length / 2);
  });

  test("a page address: the app's page compressed, Vary: Accept-Encoding", async () => {
    const res = await raw("/progress", { headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toContain('<div id="root">');
  });

  test("/robots.txt: plain text that turns every crawler away", async () => {
    const res = await raw("/robots.txt", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(decoded(res)).toMatch(/^User-agent: \*\nDisallow: \/$/m);
  });
});

describe("answers compressed on the fly", () => {
  const LARGE_QUERY = "{ allExercises(first: 200) { nodes { id name equipment region } } }";

  test.each([
    ["br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ])("a large GraphQL query under Accept-Encoding %s: sent as %s", async (acceptEncoding, expected) => {
    const { token } = await signUp(s.url, "Reader");
    const res = await graphql(LARGE_QUERY, token, acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(expected);
    expect(varies(res)).toBe(true);
    const text = decoded(res);
    expect(text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(text).data.allExercises.nodes.length).toBeGreaterThan(20);
  });

  test("an answer under the threshold goes out as it is", async () => {
    const { token } = await signUp(s.url, "Reader");
    const res = await graphql("{ __typename }", token, "gzip, br");
    expect(res.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

/**
 * createApiKey with its new key beside more than a kilobyte the caller chose: the key's name (an
 * attacker's guess at a key) repeated under aliases.
 */
async function createKeyWithEcho(token: string, acceptEncoding: string) {
  const name = `svc_${"x".repeat(76)}`;
  const echoes = Array.from({ length: 16 }, (_, i) => `echo${i}: apiKey { name }`).join(" ");
  const res = await graphql(
    `mutation { createApiKey(input: { name: "${name}", access: READ_ONLY, expiresIn: DAYS_30 }) { key ${echoes} } }`,
    token,
    acceptEncoding,
  );
  if (res.headers["content-encoding"] === undefined && JSON.parse(res.body.toString("utf8")).errors)
    throw new Error(`createApiKey failed: ${res.body}`);
  return res;
}

test("the bytes an answer had before compression are kept (the cost budget charges them): res.json and writeHead's own headers", async () => {
  const body = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i, name: `row ${i}` })) });
  const seen: Record<string, number> = {};
  const app = express();
  app.use(compressAnswers());
  app.use((req, res, next) => {
    res.on("close", () => (seen[req.path] = answerBytes(res as Response)));
    next();
  });
  app.get("/json", (_req, res) => void res.type("json").send(body));
  app.get("/write-head", (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const path of ["/json", "/write-head"]) {
      const res = await raw(path, { headers: { "accept-encoding": "br" } }, base);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.body.length).toBeLessThan(body.length / 2);
      await new Promise((r) => setTimeout(r, 50));
      expect([path, seen[path]]).toEqual([path, Buffer.byteLength(body)]);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("answers holding a secret beside caller-chosen text are never compressed (BREACH)", () => {
  test("createApiKey: the new key beside a kilobyte and more of the caller's choosing, sent as it is", async () => {
    const { token } = await signUp(s.url, "Key Maker");
    const res = await createKeyWithEcho(token, "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toMatch(/no-transform/);
    expect(res.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(res.body.toString("utf8")).data.createApiKey.key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
  });

  test("sign-up and sign-in: the session token sent as it is, no-transform for a proxy in front", async () => {
    const email = `breach-${Date.now()}@example.com`;
    const password = "correct horse battery";
    const headers = { "content-type": "application/json", "accept-encoding": "gzip, br" };
    const signedUp = await raw("/api/auth/sign-up/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "x".repeat(100), email, password }),
    });
    const signedIn = await raw("/api/auth/sign-in/email", {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    for (const res of [signedUp, signedIn]) {
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers["cache-control"]).toMatch(/no-transform/);
      expect(typeof JSON.parse(res.body.toString("utf8")).token).toBe("string");
    }
  });

  test("a query naming the same fields is compressed: only the mutation is kept as it is", async () => {
    const { token } = await signUp(s.url, "Writer");
    await createKeyWithEcho(token, "identity");
    const echoes = Array.from({ length: 16 }, (_, i) => `echo${i}: apiKeys { name }`).join(" ");
    const query = await graphql(`{ viewer { ${echoes} } }`, token, "gzip");
    expect(query.headers["content-encoding"]).toBe("gzip");
    expect(query.headers["cache-control"]).not.toMatch(/no-transform/);
    const mutation = await createKeyWithEcho(token, "gzip");
    expect(mutation.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(mutation.headers["content-encoding"]).toBeUndefined();
  });
});
