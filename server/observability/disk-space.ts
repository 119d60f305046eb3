// The embedded database's disk: PostgreSQL stops (and the service with it) when its folder's disk
// is full, so free space below DISK_FREE_WARN_MB is said before that, in readiness (`disk: "low"`)
// and in the log, once each time it falls below (and once when it is back).
import { statfsSync } from "node:fs";
import { log } from "./logger.ts";

/** DISK_FREE_WARN_MB's default: 1 GiB, a few hours of a busy instance's WAL and logs. */
export const DEFAULT_DISK_FREE_WARN_MB = 1024;
/** How often the primary process looks, whatever readiness probes do. */
export const DISK_CHECK_INTERVAL_MS = 60_000;

export type DiskWatch = { dir: string; warnBelowBytes: number };
export type DiskStatus = "ok" | "low" | "unknown";

/** Bytes an unprivileged process may still write on the disk of `dir`. */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** "low" below the threshold, "unknown" when there is nothing to watch (an external database) or it cannot be read. */
export function diskStatus(watch: DiskWatch | undefined): { disk: DiskStatus; free?: number } {
  if (!watch || watch.warnBelowBytes <= 0) return { disk: "unknown" };
  try {
    const free = freeBytes(watch.dir);
    return { disk: free < watch.warnBelowBytes ? "low" : "ok", free };
  } catch {
    return { disk: "unknown" };
  }
}

const MB = 1024 * 1024;

/** Logs when free space crosses the threshold (either way); call it as often as you like. */
export function diskWarner(watch: DiskWatch | undefined): () => DiskStatus {
  let last: DiskStatus = "ok";
  return () => {
    const { disk, free } = diskStatus(watch);
    if (disk === "low" && last !== "low")
      log("warn", "free disk space for the database is low: free some, or PostgreSQL stops when the disk is full", {
        dir: watch!.dir,
        freeMb: Math.floor(free! / MB),
        warnBelowMb: Math.floor(watch!.warnBelowBytes / MB),
      });
    if (disk === "ok" && last === "low")
      log("info", "free disk space for the database is above the threshold again", {
        dir: watch!.dir,
        freeMb: Math.floor(free! / MB),
      });
    if (disk !== "unknown") last = disk;
    return disk;
  };
}

/** Looks every DISK_CHECK_INTERVAL_MS in this process; the returned function stops it. */
export function watchDiskSpace(watch: DiskWatch | undefined, everyMs = DISK_CHECK_INTERVAL_MS): () => void {
  if (!watch || watch.warnBelowBytes <= 0) return () => {};
  const check = diskWarner(watch);
  check();
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
