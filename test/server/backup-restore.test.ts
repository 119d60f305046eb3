// Backup and restore as an operator runs them: `npm run backup` against a running `npm start` while
// lifters keep logging workouts, `npm run restore` into another folder, then the service started on
// the restored folder. Every workout acknowledged before the backup began is there, and each
// writer's workouts are a gap-free prefix of what it sent (nothing half-restored); the lifter signs
// in with their password (the role passwords travel in the backup). Refused with a message and
// nothing written: a non-empty target folder, a file that is not a backup, a backup file name in use.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, chmodSync, readdirSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../db/embedded.ts";
import { post, signUp, logWorkout } from "../support/harness.ts";
import { startEntryPoint, waitForOutput, type Started } from "../support/entry-point.ts";

const root = path.resolve(import.meta.dirname, "../..");
const WRITERS = 3;
const folders: string[] = [];
/** A folder of the test's; `shared`: the postgres system user writes there too when the tests run as root. */
const folder = (prefix: string, shared = true) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (shared) chmodSync(dir, 0o777);
  folders.push(dir);
  return dir;
};
// The writers measure the backup, not the per-client cost budgets (the servers read these at start).
const budgets = { SESSION_COST_PER_MINUTE: "1000000000000", ADDRESS_COST_PER_MINUTE: "1000000000000" };
beforeAll(() => Object.assign(process.env, budgets));
afterAll(() => {
  for (const name of Object.keys(budgets)) delete process.env[name];
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** `npm run <script> -- <file>` with SVC_DATA_DIR, as an operator types it; its exit code and output. */
function npmRun(script: "backup" | "restore", file: string, dataDir: string) {
  let out = "";
  const child = spawn("npm", ["run", "--silent", script, "--", file], {
    cwd: root,
    env: { ...process.env, SVC_DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { exited, output: () => out };
}

async function started(dataDir: string): Promise<{ server: Started; url: string }> {
  const port = await freePort();
  const server = startEntryPoint(dataDir, port);
  await waitForOutput(server, /running at/, 90_000);
  return { server, url: `http://127.0.0.1:${port}` };
}

async function stop(server: Started) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

/** The owner's connection to a running server's embedded database (its port and role password on disk). */
async function ownerClient(dataDir: string): Promise<pg.Client> {
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const { owner } = JSON.parse(readFileSync(path.join(dataDir, "roles.json"), "utf8"));
  const client = new pg.Client({ host: "127.0.0.1", port, user: "svc_owner", password: owner, database: "svc" });
  client.on("error", () => {});
  await client.connect();
  return client;
}

test("a backup taken under writes restores elsewhere with every acknowledged workout, consistently", async () => {
  const source = folder("svc-backup-source-");
  const { server, url } = await started(source);
  const file = path.join(folder("svc-backup-file-", false), "backup.tar.gz");
  let written: Written;
  try {
    written = await writeWhileBackingUp(url, source, file);
  } finally {
    await stop(server);
  }
  // With the service stopped, the backup starts its PostgreSQL itself.
  const stopped = npmRun("backup", `${file}.stopped`, source);
  expect(await stopped.exited).toBe(0);
  expect(stopped.output()).toContain("The service is not running: starting its PostgreSQL for the backup");
  expect(existsSync(path.join(source, "server.json"))).toBe(false);
  await restoreAndCheck(file, written);
}, 240_000);

type Written = { lifter: Awaited<ReturnType<typeof signUp>>; beforeBackup: number[]; sent: number[] };

/** Logs workouts from WRITERS writers while `npm run backup` runs; what each had acknowledged before is kept. */
async function writeWhileBackingUp(url: string, source: string, file: string): Promise<Written> {
  const lifter = await signUp(url, "Backed Up", { password: "keep-this-password" });
  // Some bulk, so the copy takes a while under the writes.
  const owner = await ownerClient(source);
  await owner.query(
    `insert into app_public.workouts (user_id, date, start, name, unit, effort)
     select $1, d, d + time '12:00', 'bulk ' || n, 'kg', 'rpe'
       from generate_series(1, 20000) n, lateral (select date '2000-01-01' + n as d) dd`,
    [lifter.user.id],
  );
  await owner.end();

  // Each writer logs workouts one after another: "w<writer>-<n>", n counting up.
  const acknowledged = Array.from({ length: WRITERS }, () => 0);
  const sent = Array.from({ length: WRITERS }, () => 0);
  let writing = true;
  const writers = acknowledged.map(async (_, w) => {
    while (writing) {
      sent[w] += 1;
      await logWorkout(url, lifter.token, {
        date: "2026-03-02",
        name: `w${w}-${sent[w]}`,
        exercises: [{ exercise: "Bench Press", sets: ["60x5"] }],
      });
      acknowledged[w] = sent[w];
    }
  });
  while (acknowledged.some((n) => n < 5)) await new Promise((r) => setTimeout(r, 50));

  const beforeBackup = [...acknowledged];
  const backup = npmRun("backup", file, source);
  expect(await backup.exited).toBe(0);
  const afterBackup = [...acknowledged];
  writing = false;
  await Promise.all(writers);
  expect(backup.output()).toMatch(/Backup started at WAL/);
  expect(backup.output()).toMatch(/Copying the data files: [\d.]+ of [\d.]+ MiB \(100 %\)/);
  expect(backup.output()).toMatch(/Backup written to .*backup\.tar\.gz/);
  // The writes went on while the backup ran.
  expect(afterBackup.reduce((a, n) => a + n, 0)).toBeGreaterThan(beforeBackup.reduce((a, n) => a + n, 0));
  return { lifter, beforeBackup, sent };
}

/** Restores `file` into a new folder, starts the service there, and checks what came back. */
async function restoreAndCheck(file: string, { lifter, beforeBackup, sent }: Written) {
  const target = folder("svc-backup-target-");
  const restore = npmRun("restore", file, target);
  expect(await restore.exited).toBe(0);
  expect(restore.output()).toMatch(/Reading the backup: [\d.]+ of [\d.]+ MiB \(100 %\)/);
  expect(restore.output()).toMatch(/Restored into .*: 1 users, \d+ workouts/);

  const restored = await started(target);
  try {
    const signIn = await post(restored.url, "/api/auth/sign-in/email", {
      email: lifter.email,
      password: "keep-this-password",
    });
    expect(signIn.status).toBe(200);
    const client = await ownerClient(target);
    const { rows } = await client.query<{ name: string }>(
      "select name from app_public.workouts where name like 'w%-%' or name like 'bulk %'",
    );
    await client.end();
    expect(rows.filter((r) => r.name.startsWith("bulk ")).length).toBe(20000);
    for (let w = 0; w < WRITERS; w++) {
      const numbers = rows
        .filter((r) => r.name.startsWith(`w${w}-`))
        .map((r) => Number(r.name.slice(`w${w}-`.length)))
        .sort((a, b) => a - b);
      // A prefix with no gap, holding at least what was acknowledged before the backup began.
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(beforeBackup[w]);
      expect(numbers.length).toBeLessThanOrEqual(sent[w]);
    }
  } finally {
    await stop(restored.server);
  }
}

test("restore refuses a folder with anything in it, and a file that is not a backup, writing nothing", async () => {
  const target = folder("svc-restore-busy-");
  writeFileSync(path.join(target, "keep.txt"), "mine");
  const notBackup = path.join(folder("svc-restore-file-"), "notes.tar.gz");
  writeFileSync(notBackup, "just some text");

  const busy = npmRun("restore", notBackup, target);
  expect(await busy.exited).toBe(1);
  expect(busy.output()).toContain(
    `Restore failed: SVC_DATA_DIR ${target} is not empty (keep.txt); a restore never writes over data`,
  );
  expect(readdirSync(target)).toEqual(["keep.txt"]);

  const empty = path.join(folder("svc-restore-empty-"), "new-folder");
  const wrong = npmRun("restore", notBackup, empty);
  expect(await wrong.exited).toBe(1);
  expect(wrong.output()).toMatch(/Restore failed: .*notes\.tar\.gz is not a Training Log backup/);
  expect(existsSync(empty)).toBe(false);

  const missing = npmRun("restore", path.join(target, "nowhere.tar.gz"), empty);
  expect(await missing.exited).toBe(1);
  expect(missing.output()).toMatch(/Restore failed: .*nowhere\.tar\.gz: no such file/);
}, 60_000);

test("backup refuses a file name in use, a folder others may write to, and a folder without an embedded database", async () => {
  const taken = path.join(folder("svc-backup-taken-", false), "backup.tar.gz");
  writeFileSync(taken, "an older backup");
  const dataDir = folder("svc-backup-nodata-");
  const inUse = npmRun("backup", taken, dataDir);
  expect(await inUse.exited).toBe(1);
  expect(inUse.output()).toContain(`Backup failed: ${taken} already exists; give the backup a new file name`);
  expect(readFileSync(taken, "utf8")).toBe("an older backup");

  // A folder every user may add files to: someone could leave a link at the backup's name.
  const open = path.join(folder("svc-backup-open-"), "backup.tar.gz");
  const refused = npmRun("backup", open, dataDir);
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toContain(`Backup failed: ${path.dirname(open)} can be written by other users`);
  expect(readdirSync(path.dirname(open))).toEqual([]);

  const fresh = path.join(path.dirname(taken), "new.tar.gz");
  const noData = npmRun("backup", fresh, dataDir);
  expect(await noData.exited).toBe(1);
  expect(noData.output()).toContain(`Backup failed: ${dataDir} holds no embedded database (no pg/PG_VERSION)`);
  expect(existsSync(fresh)).toBe(false);
}, 60_000);
