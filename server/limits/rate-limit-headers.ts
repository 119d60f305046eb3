// The headers of every per-minute limit the service counts (API keys' requests and GraphQL cost,
// admin calls): RateLimit-Limit/-Remaining/-Reset for the first quota, which older clients read,
// and the IETF draft's RateLimit-Policy and RateLimit naming each quota
// (draft-ietf-httpapi-ratelimit-headers). Retry-After goes with every 429 the service sends.
import type { Response } from "express";

/** One counted quota of a one-minute window: its name in the headers, its limit and what is used. */
export type Quota = { name: string; limit: number; used: number };

const WINDOW_SECONDS = 60;

/** Whole seconds until a counting window ends, at least 1 (what Retry-After and the Reset headers say). */
export function secondsUntil(windowEnd: Date | string, now = Date.now()): number {
  return Math.max(1, Math.ceil((new Date(windowEnd).getTime() - now) / 1000));
}

/** The headers naming each quota (the first also as RateLimit-Limit/-Remaining/-Reset). */
export function rateLimitHeaders(
  quotas: readonly Quota[],
  resetSeconds: number,
  windowSeconds = WINDOW_SECONDS,
): Record<string, string> {
  const [first] = quotas;
  const remaining = (q: Quota) => Math.max(0, Math.floor(q.limit - q.used));
  return {
    "ratelimit-limit": String(first.limit),
    "ratelimit-remaining": String(remaining(first)),
    "ratelimit-reset": String(resetSeconds),
    "ratelimit-policy": quotas.map((q) => `"${q.name}";q=${q.limit};w=${windowSeconds}`).join(", "),
    ratelimit: quotas.map((q) => `"${q.name}";r=${remaining(q)};t=${resetSeconds}`).join(", "),
  };
}

export function setRateLimitHeaders(res: Response, quotas: readonly Quota[], resetSeconds: number): void {
  res.set(rateLimitHeaders(quotas, resetSeconds));
}

/** When to try again, on a 429. */
export function setRetryAfter(res: Response, seconds: number): void {
  res.set("Retry-After", String(seconds));
}
