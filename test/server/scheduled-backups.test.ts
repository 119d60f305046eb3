// Scheduled backups of the embedded database (server/jobs/backups.ts), off unless BACKUP_DIR is
// set: the real entry point with BACKUP_KEEP=2 runs three backup jobs one after another, keeps the
// newest two (and nothing else in the folder is touched), and the newest restores with
// `npm run restore` holding the lifter. The settings' edges are refused at start with what to set.
import pg from "pg";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { readConfig } from "../../server/process/config.ts";
import { backupFileName, pruneBackups } from "../../server/jobs/backups.ts";
import { signUp } from "../support/harness.ts";
import { startEntryPoint, waitForOutput } from "../support/entry-point.ts";

const root = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("off by default; BACKUP_KEEP from 1 to 1000; a schedule graphile-worker reads; embedded only", () => {
  expect(readConfig({}).backups).toBeUndefined();
  expect(readConfig({ BACKUP_DIR: "/srv/backups" }).backups).toEqual({
    dir: "/srv/backups",
    keep: 7,
    schedule: "0 3 * * *",
  });
  expect(readConfig({ BACKUP_DIR: "b", BACKUP_KEEP: "1" }).backups?.keep).toBe(1);
  expect(readConfig({ BACKUP_DIR: "b", BACKUP_KEEP: "1000" }).backups?.keep).toBe(1000);
  for (const keep of ["0", "1001", "2.5", "x"])
    expect(() => readConfig({ BACKUP_DIR: "b", BACKUP_KEEP: keep })).toThrow(
      `BACKUP_KEEP must be a whole number from 1 to 1000 (backups kept), got "${keep}"`,
    );
  expect(readConfig({ BACKUP_DIR: "b", BACKUP_SCHEDULE: "30 */6 * * 1-5" }).backups?.schedule).toBe("30 */6 * * 1-5");
  expect(() => readConfig({ BACKUP_DIR: "b", BACKUP_SCHEDULE: "daily" })).toThrow(
    'BACKUP_SCHEDULE must be five crontab fields (minute hour day month weekday, UTC) such as "0 3 * * *", got "daily"',
  );
  expect(() => readConfig({ BACKUP_DIR: "b", BACKUP_SCHEDULE: "61 3 * * *" })).toThrow("BACKUP_SCHEDULE must be");
  expect(() => readConfig({ BACKUP_KEEP: "3" })).toThrow(
    "BACKUP_KEEP is set but BACKUP_DIR is not: set BACKUP_DIR to turn scheduled backups on",
  );
  expect(() => readConfig({ BACKUP_DIR: "b", DATABASE_URL: "postgres://u:p@db:5432/svc" })).toThrow(
    "BACKUP_DIR backs up the embedded database, but DATABASE_URL is set",
  );
});

test("pruning keeps the newest scheduled backups and nothing else is touched", () => {
  const dir = folder("svc-prune-");
  const names = [0, 1, 2, 3].map((day) => backupFileName(new Date(Date.UTC(2026, 2, 1 + day, 3))));
  expect(names[0]).toBe("svc-backup-20260301T030000Z.tar.gz");
  for (const name of [...names, "notes.txt", "svc-backup-by-hand.tar.gz"]) writeFileSync(path.join(dir, name), "");
  expect(pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
  expect(readdirSync(dir).sort()).toEqual([...names.slice(2), "notes.txt", "svc-backup-by-hand.tar.gz"].sort());
  expect(pruneBackups(dir, 2)).toEqual([]);
});

test("three scheduled backups with BACKUP_KEEP=2: the newest two stay, and the newest restores", async () => {
  const dataDir = folder("svc-scheduled-");
  const backups = path.join(folder("svc-scheduled-dir-"), "backups");
  const port = await freePort();
  const server = startEntryPoint(dataDir, port, {
    BACKUP_DIR: backups,
    BACKUP_KEEP: "2",
    LOG_FORMAT: "json",
    SVC_LOG: "",
  });
  const written = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { message: string; file?: string; removed?: string[] })
      .filter((record) => record.message === "backup written");
  let owner: pg.Client | undefined;
  try {
    await waitForOutput(server, /running at/, 90_000);
    expect(server.output()).toContain(`Backups of the embedded database into ${backups} on \\"0 3 * * *\\" (UTC)`);
    await signUp(`http://127.0.0.1:${port}`, "Kept");
    const pgPort = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
    const { owner: password } = JSON.parse(readFileSync(path.join(dataDir, "roles.json"), "utf8"));
    owner = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "svc_owner", password, database: "svc" });
    await owner.connect();
    // As the schedule queues them: three runs, in the backups' queue (one at a time), a second apart at least.
    for (let i = 0; i < 3; i++) {
      await owner.query(
        "select graphile_worker.add_job('backup_database', queue_name := 'backup_database', max_attempts := 1)",
      );
      const t0 = Date.now();
      while (written().length < i + 1) {
        if (Date.now() - t0 > 120_000) throw new Error(`no backup:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1100));
    }
    const files = written().map((record) => path.basename(record.file!));
    expect(new Set(files).size).toBe(3);
    expect(written()[2].removed).toEqual([files[0]]);
    expect(readdirSync(backups).sort()).toEqual(files.slice(1).sort());
  } finally {
    await owner?.end();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }

  const target = folder("svc-scheduled-restored-");
  const newest = path.join(backups, readdirSync(backups).sort().at(-1)!);
  let out = "";
  const restore = spawn("npm", ["run", "--silent", "restore", "--", newest], {
    cwd: root,
    env: { ...process.env, SVC_DATA_DIR: target, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  restore.stdout.on("data", (d) => (out += d));
  restore.stderr.on("data", (d) => (out += d));
  expect(await new Promise((resolve) => restore.on("exit", resolve))).toBe(0);
  expect(out).toMatch(/Restored into .*: 1 users, 0 workouts/);
}, 300_000);
