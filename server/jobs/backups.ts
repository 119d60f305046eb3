// Scheduled backups of the embedded database (BACKUP_DIR; off by default): a background job on
// BACKUP_SCHEDULE (graphile-worker's crontab, UTC) writes the same archive `npm run backup` writes
// (db/backup.ts: a base backup while the service runs) into BACKUP_DIR, then deletes the oldest so
// that BACKUP_KEEP stay. One at a time (a queue of their own); a failed one is logged and counted
// like any job, and tried once only: the next one is the schedule's.
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseCrontab, type Task } from "graphile-worker";
import { backupDataDir } from "../../db/backup.ts";
import { log } from "../observability/logger.ts";

export type Backups = { dir: string; keep: number; schedule: string };

export const BACKUP_TASK = "backup_database";
export const DEFAULT_BACKUP_SCHEDULE = "0 3 * * *";
export const DEFAULT_BACKUP_KEEP = 7;
export const MAX_BACKUP_KEEP = 1000;
/** The scheduled backups' names, which sort by time: svc-backup-20260302T030000Z.tar.gz. */
const BACKUP_NAME = /^svc-backup-\d{8}T\d{6}Z\.tar\.gz$/;

export function backupFileName(at = new Date()): string {
  return `svc-backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}.tar.gz`;
}

/** The crontab line of the backups: one attempt, in a queue of their own (never two at once). */
export function backupCrontab(schedule: string): string {
  return `${schedule} ${BACKUP_TASK} ?max=1&queue=${BACKUP_TASK}`;
}

/** Whether graphile-worker reads `schedule` (five crontab fields); the error says what is wrong. */
export function checkBackupSchedule(schedule: string): void {
  try {
    parseCrontab(backupCrontab(schedule));
  } catch (error) {
    throw new Error(
      `BACKUP_SCHEDULE must be five crontab fields (minute hour day month weekday, UTC) such as "${DEFAULT_BACKUP_SCHEDULE}", got "${schedule}": ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** Deletes the oldest scheduled backups in `dir` beyond the newest `keep`; returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) rmSync(path.join(dir, name));
  return old;
}

/** The task: a backup of `dataDir` into the folder, then the oldest beyond `keep` deleted. */
export function backupTask(dataDir: string, { dir, keep }: Backups): Task {
  return async () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, backupFileName());
    const started = performance.now();
    await backupDataDir(dataDir, file, () => {});
    const removed = pruneBackups(dir, keep);
    log("info", "backup written", {
      file,
      bytes: statSync(file).size,
      durationMs: Math.round(performance.now() - started),
      removed: removed.length ? removed : undefined,
    });
  };
}
