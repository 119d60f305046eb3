// Requests refused by a limit are counted, not logged one by one: a flood of them (429s, bodies
// over the limit, wrong passwords) would otherwise write a line each, 66 MB an hour. Each interval
// with refusals writes one warn line, `requests refused`, with the counts by status and path.
import { log } from "./logger.ts";

/** One line a minute at most. */
export const DEFAULT_REFUSAL_INTERVAL_MS = 60_000;

/** The refusals counted rather than logged: a limit's answers, and a failed sign-in. */
export function isCountedRefusal(status: number, path: string): boolean {
  return status === 429 || status === 413 || (status === 401 && path.startsWith("/api/auth/sign-in"));
}

export class RefusalTally {
  private counts = new Map<string, number>();
  private since = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = DEFAULT_REFUSAL_INTERVAL_MS) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  count(status: number, path: string): void {
    const key = `${status} ${path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Writes the interval's line (if anything was refused) and starts the next interval. */
  flush(): void {
    const now = Date.now();
    if (this.counts.size) {
      const refused = Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
      const total = [...this.counts.values()].reduce((sum, n) => sum + n, 0);
      log("warn", "requests refused", { total, seconds: Math.round((now - this.since) / 1000), refused });
    }
    this.counts.clear();
    this.since = now;
  }

  /** The app is closing: the last interval's counts are written. */
  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
