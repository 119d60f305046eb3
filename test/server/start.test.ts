// `npm start` as an operator runs it: the real entry point in a child process on the embedded
// database. Data survives a restart (of `npm start` too), SIGTERM stops PostgreSQL too, a second start is refused,
// PUBLIC_URL names the OAuth addresses.
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync, rmSync, chmodSync, readFileSync } from "node:fs";
import { tmpdir, networkInterfaces } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { post, gql } from "../support/harness.ts";
import { startEntryPoint, waitForOutput, type Started } from "../support/entry-point.ts";

const root = path.resolve(import.meta.dirname, "../..");
let dataDir: string;

const start = (port: number, env: NodeJS.ProcessEnv = {}) => startEntryPoint(dataDir, port, env);
const waitFor = (started: Started, text: RegExp) => waitForOutput(started, text, 60000);

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "svc-start-"));
  chmodSync(dataDir, 0o777);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("start, answer, refuse a second start, stop cleanly, restart with the data kept", async () => {
  const port = await freePort();
  const first = start(port);
  await waitFor(first, /running at http:\/\/localhost:\d+/);
  expect(first.output()).toContain(`http://localhost:${port}/`);
  const url = `http://127.0.0.1:${port}`;
  expect((await gql(url, "{ viewer { id } }")).body).toEqual({ data: { viewer: null } });
  const signUp = await post(url, "/api/auth/sign-up/email", {
    name: "Keep",
    email: "keep@example.com",
    password: "keep-me-please",
  });
  expect(signUp.status).toBe(200);

  // A second start on the same data folder fails with a clear message and leaves the first running.
  const second = start(await freePort());
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/in use/);
  expect((await gql(url, "{ viewer { id } }")).body).toEqual({ data: { viewer: null } });

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);

  // Restarted behind an https address (PUBLIC_URL): the OAuth metadata names it whatever the
  // request's Host, and the session cookie is Secure.
  const again = start(port, { PUBLIC_URL: "https://train.example.com/" });
  await waitFor(again, /running at https:\/\/train\.example\.com\/ .*listening on 127\.0\.0\.1:\d+/);
  const signIn = await post(url, "/api/auth/sign-in/email", { email: "keep@example.com", password: "keep-me-please" });
  expect(signIn.status).toBe(200);
  expect(signIn.body.user.role).toBe("admin");
  expect(signIn.headers.get("set-cookie")).toMatch(/^svc_session=.*; Secure/i);
  const metadata = await (await fetch(`${url}/.well-known/oauth-authorization-server`)).json();
  expect([metadata.issuer, metadata.authorization_endpoint]).toEqual([
    "https://train.example.com",
    "https://train.example.com/api/oauth/authorize",
  ]);
  again.child.kill("SIGINT");
  expect(await again.exited).toBe(0);
  expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
}, 120000);

test("with DATABASE_URL it uses that server, migrates an empty database and starts no embedded PostgreSQL", async () => {
  const pg = (await import("pg")).default;
  const { testEnv } = await import("../support/harness.ts");
  const { urlFor } = await import("../../db/scratch.ts");
  const { rootUrl } = testEnv();
  const name = `svc_external_${process.pid}`;
  const admin = new pg.Client({ connectionString: rootUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const emptyDataDir = mkdtempSync(path.join(tmpdir(), "svc-external-"));
  try {
    const port = await freePort();
    let out = "";
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SVC_DATA_DIR: emptyDataDir,
        DATABASE_URL: urlFor(rootUrl, name),
        GRAPHILE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const t0 = Date.now();
    while (!/running at/.test(out)) {
      if (Date.now() - t0 > 60000 || child.exitCode !== null) throw new Error(out);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(out).toMatch(/Using the PostgreSQL server at DATABASE_URL/);
    expect(out).not.toMatch(/embedded/);
    expect(existsSync(path.join(emptyDataDir, "pg"))).toBe(false);
    const url = `http://127.0.0.1:${port}`;
    expect((await gql(url, "{ viewer { id } }")).body).toEqual({ data: { viewer: null } });
    const signUp = await post(url, "/api/auth/sign-up/email", {
      name: "Ext",
      email: "ext@example.com",
      password: "external-db",
    });
    expect(signUp.status).toBe(200);
    const me = await gql(url, "{ viewer { name } }", {}, { token: signUp.body.token });
    expect(me.body.data.viewer).toEqual({ name: "Ext" });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(emptyDataDir, { recursive: true, force: true });
  }
}, 120000);

/** `npm start` on `dir`, with its output collected and the Node server it runs found. */
async function npmStart(dir: string, port: number) {
  let out = "";
  const npm = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SVC_DATA_DIR: dir, DATABASE_URL: "", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  npm.stdout!.on("data", (d) => (out += d));
  npm.stderr!.on("data", (d) => (out += d));
  const exited = new Promise((resolve) => npm.on("exit", resolve));
  const t0 = Date.now();
  while (!/running at/.test(out)) {
    if (Date.now() - t0 > 60000 || npm.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 100));
  }
  const children = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, "utf8").trim().split(/\s+/);
  const server = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/main.ts"))!;
  return { npm, exited, output: () => out, serverPid: Number(server) };
}

test("`npm start`: Node's memory settings, SIGTERM to npm stops the server and PostgreSQL, a restart keeps the data", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-npm-start-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  try {
    const first = await npmStart(dir, port);
    // The young generation bounded and glibc's arenas few: without them an idle server holds
    // about 100 MiB more (docs/operations.md#footprint).
    const args = readFileSync(`/proc/${first.serverPid}/cmdline`, "utf8").split("\0");
    expect(args).toContain("--max-semi-space-size=8");
    expect(readFileSync(`/proc/${first.serverPid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    const email = `npm-${Date.now()}@example.com`;
    const up = await post(url, "/api/auth/sign-up/email", { name: "Npm", email, password: "npm-password-1" });
    const logged = await gql(
      url,
      "mutation($d: JSON) { applyWorkoutDocument(input: {document: $d}) { workout { id } } }",
      {
        d: { date: "2026-03-02", name: "Before the restart", exercises: [{ exercise: "Bench Press", sets: ["60x5"] }] },
      },
      { token: up.body.token },
    );
    expect(logged.body.errors).toBeUndefined();
    first.npm.kill("SIGTERM");
    await first.exited;
    const t1 = Date.now();
    while (existsSync(path.join(dir, "pg", "postmaster.pid")) && Date.now() - t1 < 20000)
      await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(path.join(dir, "pg", "postmaster.pid"))).toBe(false);
    await expect(fetch(`${url}/`)).rejects.toThrow();
    expect(first.output()).toMatch(/Stopped/);

    const second = await npmStart(dir, port);
    try {
      const read = await gql(url, "{ viewer { workouts(limit: 10) { date name } } }", {}, { token: up.body.token });
      expect(read.body).toEqual({
        data: { viewer: { workouts: [{ date: "2026-03-02", name: "Before the restart" }] } },
      });
    } finally {
      second.npm.kill("SIGTERM");
      await second.exited;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180000);

/** An IPv4 address of this machine other than the loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
}

const answers = (url: string) =>
  fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

test("HOST: this machine only by default; 0.0.0.0 opens it; an address not of this machine is refused by name", async () => {
  const outside = outsideAddress();
  if (!outside) {
    console.warn(
      "start.test.ts: this machine has no address but the loopback, so HOST's default is not checked from outside",
    );
    return;
  }
  const port = await freePort();
  const closed = start(port);
  await waitFor(closed, /running at http:\/\/localhost:\d+\/ /);
  expect(await answers(`http://127.0.0.1:${port}`)).toBe(200);
  expect(await answers(`http://${outside}:${port}`)).toBe("ECONNREFUSED");
  closed.child.kill("SIGTERM");
  expect(await closed.exited).toBe(0);

  const open = start(port, { HOST: "0.0.0.0" });
  await waitFor(open, /running at .*listening on 0\.0\.0\.0:\d+/);
  expect(await answers(`http://${outside}:${port}`)).toBe(200);
  open.child.kill("SIGTERM");
  expect(await open.exited).toBe(0);

  const elsewhere = start(port, { HOST: "192.0.2.254" === outside ? "192.0.2.253" : "192.0.2.254" });
  expect(await elsewhere.exited).toBe(1);
  expect(elsewhere.output()).toMatch(/HOST 192\.0\.2\.25\d is not an address of this machine/);
}, 180000);
