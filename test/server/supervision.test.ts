// The embedded PostgreSQL under supervision, with the real entry point in child processes: after
// kill -9 of the server a new start stops the orphaned PostgreSQL cleanly and runs on the same data;
// after kill -9 of PostgreSQL the server exits non-zero with a clear message; a PostgreSQL that is
// not a dead server's own, or the folder of a live server, is never touched.
import { mkdtempSync, rmSync, chmodSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, OWNER_FILE } from "../../db/embedded.ts";
import { post, get } from "../support/harness.ts";
import { startEntryPoint, waitForOutput, type Started } from "../support/entry-point.ts";

// Every server a test starts, stopped after it whatever failed, so the next test finds the folder free.
const servers: Started[] = [];
function start(dataDir: string, port: number): Started {
  const started = startEntryPoint(dataDir, port);
  servers.push(started);
  return started;
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

const running = (started: Started) => waitForOutput(started, /running at/, 90000);

/** Alive and not a zombie (an orphan's exit is reaped by whoever adopted it, maybe later). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function gone(pid: number, ms = 20000): Promise<boolean> {
  const t0 = Date.now();
  while (alive(pid) && Date.now() - t0 < ms) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

/**
 * Readiness as a probe sees it, asked again until ready or `ms` have passed: each check has 2 s
 * (HEALTH_TIMEOUT_MS), which a first connection on a loaded machine can miss.
 */
async function healthWithin(url: string, ms: number) {
  const t0 = Date.now();
  let health = await get(url, "/api/health");
  while (health.status !== 200 && Date.now() - t0 < ms) {
    await new Promise((r) => setTimeout(r, 500));
    health = await get(url, "/api/health");
  }
  return health;
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

let dataDir: string;
const credentials = { email: "lifter@example.com", password: "survives-every-crash" };

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "svc-supervision-"));
  chmodSync(dataDir, 0o777);
});
afterAll(async () => {
  // Never leave a PostgreSQL behind, whatever failed.
  if (existsSync(path.join(dataDir, "pg", "postmaster.pid"))) {
    const pid = postmasterPid(dataDir);
    if (alive(pid)) {
      process.kill(pid, "SIGINT");
      await gone(pid);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("kill -9 of the server: the next start stops the orphaned PostgreSQL cleanly and runs on the same data", async () => {
  const port = await freePort();
  const first = start(dataDir, port);
  await running(first);
  const url = `http://127.0.0.1:${port}`;
  expect((await post(url, "/api/auth/sign-up/email", { name: "Lifter", ...credentials })).status).toBe(200);
  // The server records itself next to the data.
  expect(JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE), "utf8")).pid).toBe(first.child.pid);
  const orphan = postmasterPid(dataDir);

  first.child.kill("SIGKILL");
  await first.exited;
  expect(alive(orphan)).toBe(true);

  const second = start(dataDir, port);
  await running(second);
  expect(second.output()).toContain(
    `Stopping the embedded PostgreSQL (pid ${orphan}) left running by a server that is gone (pid ${first.child.pid})`,
  );
  expect(alive(orphan)).toBe(false);
  expect(postmasterPid(dataDir)).not.toBe(orphan);
  const signIn = await post(url, "/api/auth/sign-in/email", credentials);
  expect(signIn.status).toBe(200);
  expect(await healthWithin(url, 20_000)).toMatchObject({ status: 200, body: { ok: true, database: "up" } });

  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
  expect(existsSync(path.join(dataDir, OWNER_FILE))).toBe(false);
}, 180000);

test("kill -9 of PostgreSQL under a running server: the server exits non-zero and says why; a new start works", async () => {
  const port = await freePort();
  const server = start(dataDir, port);
  await running(server);
  const pid = postmasterPid(dataDir);
  process.kill(pid, "SIGKILL");
  expect(await server.exited).toBe(1);
  // The signal is named when the server hears of the exit before a pool does.
  expect(server.output()).toMatch(
    new RegExp(
      `The embedded PostgreSQL \\(pid ${pid}\\) stopped unexpectedly( \\(signal SIGKILL\\))?; the server exits so it can be restarted\\.`,
    ),
  );

  const again = start(dataDir, port);
  await running(again);
  expect((await post(`http://127.0.0.1:${port}`, "/api/auth/sign-in/email", credentials)).status).toBe(200);
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
}, 180000);

test("a PostgreSQL no server of ours claimed is refused, never stopped", async () => {
  const port = await freePort();
  const first = start(dataDir, port);
  await running(first);
  const pid = postmasterPid(dataDir);
  first.child.kill("SIGKILL");
  await first.exited;
  // As if it were started by hand: no record of a server.
  rmSync(path.join(dataDir, OWNER_FILE));

  const second = start(dataDir, await freePort());
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(
    `is in use by a PostgreSQL (pid ${pid}) that no Training Log server started; stop it first (kill -INT ${pid})`,
  );
  expect(alive(pid)).toBe(true);
  process.kill(pid, "SIGINT");
  expect(await gone(pid)).toBe(true);
}, 180000);

test("the record of a live server is a refusal; a pid reused by another process is not that server", async () => {
  const ownerFile = path.join(dataDir, OWNER_FILE);
  // This test process is alive: as the recorded server, the folder is in use.
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid }));
  const refused = start(dataDir, await freePort());
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toContain(`is in use by a running server (pid ${process.pid})`);
  expect(JSON.parse(readFileSync(ownerFile, "utf8")).pid).toBe(process.pid);

  // The same pid with another start time: a server that is gone, its pid now someone else's.
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, startTime: "1" }));
  const port = await freePort();
  const server = start(dataDir, port);
  await running(server);
  expect(JSON.parse(readFileSync(ownerFile, "utf8")).pid).toBe(server.child.pid);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}, 180000);
