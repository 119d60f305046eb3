// Password checks (bcrypt in PostgreSQL: sign-in, sign-up) on a small pool of their own, behind a
// bounded queue. A bcrypt takes about 90 ms of a core, so a flood of wrong passwords from many
// addresses (each within its attempts a minute) could otherwise hold every connection of the pool
// the sessions, sign-out and the admin routes use: there, get-session waited 4.3 s. Here the flood
// waits only for password checks, at most QUEUE long; past it a check is refused at once (429,
// Retry-After: 1) instead of waiting seconds. A check from a device that signed in to that account
// before (app_private.sign_in_device_known) goes ahead of the others, and strangers' checks hold all
// but one of the connections, so its owner signs in under a flood without waiting for a bcrypt
// that is already running, and the flood holds one core less.
import type pg from "pg";
import type { Response } from "express";
import { HttpError } from "../http/http-error.ts";
import { setRetryAfter } from "./rate-limit-headers.ts";

export type PasswordCheckLimits = {
  /** Checks waiting for a connection, besides those running; more are refused. */
  queue: number;
  /** The longest a check waits in the queue before it is refused. */
  waitMs: number;
};

export const PASSWORD_CHECK_LIMITS: PasswordCheckLimits = { queue: 8, waitMs: 2000 };

type Waiter = { start: () => void; refuse: (error: HttpError) => void; timer: NodeJS.Timeout };

const busy = (what: string) =>
  new HttpError("RATE_LIMITED", `Too many password checks are waiting; try again in a second (${what})`, {
    limit: "password-checks",
    retryAfter: 1,
  });

/** A queue of checks in front of `pool`, running at most its size at once. */
export function passwordChecks(pool: pg.Pool, limits: PasswordCheckLimits = PASSWORD_CHECK_LIMITS) {
  const size = pool.options.max ?? 1;
  // Strangers' checks at once: all the connections but one, kept for known devices.
  const strangersAtOnce = Math.max(1, size - 1);
  const ahead: Waiter[] = [];
  const behind: Waiter[] = [];
  let running = 0;
  let strangers = 0;
  const mayStart = (known: boolean) => running < size && (known || strangers < strangersAtOnce);
  const next = () => {
    const waiter = ahead.length ? ahead.shift() : mayStart(false) ? behind.shift() : undefined;
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.start();
  };
  const slot = (first: boolean) =>
    new Promise<void>((resolve, reject) => {
      if (mayStart(first)) {
        running += 1;
        if (!first) strangers += 1;
        return resolve();
      }
      // A check from a known device may push the last stranger out of a full queue.
      if (ahead.length + behind.length >= limits.queue) {
        const pushed = first ? behind.pop() : undefined;
        if (!pushed) return reject(busy("the queue is full"));
        clearTimeout(pushed.timer);
        pushed.refuse(busy("the queue is full"));
      }
      const line = first ? ahead : behind;
      const waiter: Waiter = {
        start: () => {
          running += 1;
          if (!first) strangers += 1;
          resolve();
        },
        refuse: reject,
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(busy(`none was free within ${limits.waitMs / 1000} s`));
        }, limits.waitMs),
      };
      line.push(waiter);
    });
  return {
    /**
     * Runs `check` on the pool once a connection is free; `knownDevice` goes ahead of the others.
     * Refused (429, `Retry-After` set on `res`) when the queue is full or none is free in time.
     */
    async run<T>(res: Response, check: (pool: pg.Pool) => Promise<T>, { knownDevice = false } = {}): Promise<T> {
      await slot(knownDevice).catch((error: HttpError) => {
        setRetryAfter(res, 1);
        throw error;
      });
      try {
        return await check(pool);
      } finally {
        running -= 1;
        if (!knownDevice) strangers -= 1;
        next();
      }
    },
    waiting: () => ahead.length + behind.length,
  };
}

export type PasswordChecks = ReturnType<typeof passwordChecks>;
