// The log of the real server process (server/main.ts, as `npm start` runs it) with LOG_FORMAT=json:
// every line it writes, on both streams, from start to stop, is one JSON object; each request has
// its line; no session token, key or password appears anywhere. A wrong LOG_FORMAT stops the start.
import { spawn } from "node:child_process";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase, post } from "../support/harness.ts";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(env: Record<string, string>) {
  let out = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, SVC_LOG: "", GRAPHILE_ENV: "production", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

test("LOG_FORMAT=json: every line of the server's output parses; a line per request; no secret", async () => {
  const db = await freshDatabase();
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: db.ownerUrl,
    AUTH_DATABASE_URL: db.authUrl,
    LOG_FORMAT: "json",
  });
  try {
    const t0 = Date.now();
    while (!/running at http:\/\/localhost/.test(server.output())) {
      if (server.child.exitCode !== null || Date.now() - t0 > 60_000) throw new Error(`no start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `http://127.0.0.1:${port}`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const up = await post(url, "/api/auth/sign-up/email", {
      name: "Ops",
      email: `ops-${randomBytes(4).toString("hex")}@example.com`,
      password,
    });
    const created = await post(
      url,
      "/api/graphql",
      {
        query: 'mutation { createApiKey(input: { name: "ops", access: READ_WRITE, expiresIn: DAYS_30 }) { key } }',
      },
      { token: up.body.token },
    );
    const key = created.body.data.createApiKey.key as string;
    const viewer = await post(url, "/api/graphql", { query: "{ viewer { id } }" }, { key, keyHeader: "x-api-key" });
    expect(viewer.body.data.viewer.id).toBe(up.body.user.id);
    const ids = [up, created, viewer].map((r) => r.headers.get("x-request-id"));

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .split("\n")
      .filter((l) => l !== "");
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    expect(
      parsed.every((r) => typeof r.time === "string" && typeof r.level === "string" && typeof r.message === "string"),
    ).toBe(true);
    const requests = parsed.filter((r) => r.message === "request");
    for (const id of ids) expect(requests.filter((r) => r.requestId === id)).toHaveLength(1);
    expect(requests.find((r) => r.requestId === ids[2])).toMatchObject({
      caller: "key",
      userId: up.body.user.id,
      status: 200,
    });
    expect(parsed.some((r) => /running at/.test(r.message))).toBe(true);
    expect(parsed.some((r) => r.message === "Stopped")).toBe(true);
    const all = server.output();
    for (const secret of [up.body.token, key, password]) expect(all.includes(secret)).toBe(false);
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await db.drop();
  }
}, 120_000);

test("a LOG_FORMAT other than text or json stops the start with a clear message", async () => {
  const server = startServer({
    PORT: String(await freePort()),
    DATABASE_URL: "postgres://nowhere.invalid/x",
    LOG_FORMAT: "xml",
  });
  expect(await server.exited).toBe(1);
  expect(server.output()).toBe('Could not start: LOG_FORMAT must be text or json, got "xml"\n');
});
