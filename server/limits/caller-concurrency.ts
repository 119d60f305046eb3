// How many requests one caller may have running at once on /api/graphql and /api/mcp, in this
// process: past the cap the next request waits briefly for a slot, then gets 429. Each API process
// has its own GraphQL pool and its own count, and the cap is below the pool's size, so no one
// caller can hold a process's pool while others wait for a connection.
// A caller is a session, API key or connected app once this process has seen its credential
// answered as live; until then, and for everything signed out, its client address (IPv6 by its
// /64): a credential is free to make up, so a made-up one must not open slots of its own.
import type { Request, Response, NextFunction } from "express";
import { readCredential, sha256 } from "../identity/credential.ts";
import type { Identity } from "../identity/identity.ts";
import { clientAddress, addressGroup } from "../http/client-address.ts";

export type CallerConcurrency = {
  /** CALLER_CONCURRENCY: requests one caller may have running at once in one process. */
  perCaller: number;
  /** How long a request past the cap waits for a slot before it is refused. */
  waitMs: number;
};

export const CALLER_CONCURRENCY: CallerConcurrency = { perCaller: 4, waitMs: 1000 };

/** Requests of one caller that may wait, per slot of the cap; past them, 429 at once. */
export const WAITING_PER_SLOT = 4;
/** Credentials remembered as live; past this the longest unseen is forgotten (it counts as its address again). */
const KNOWN_CREDENTIALS = 10_000;

type Waiter = { admit: () => void };
type CallerState = { running: number; waiting: Waiter[] };

/** Slots per caller: `acquire` resolves true once the request may run, false when refused. */
export class CallerSlots {
  private readonly callers = new Map<string, CallerState>();
  private readonly limits: CallerConcurrency;
  constructor(limits: CallerConcurrency) {
    this.limits = limits;
  }

  acquire(caller: string, gone: AbortSignal): Promise<boolean> {
    let state = this.callers.get(caller);
    if (!state) this.callers.set(caller, (state = { running: 0, waiting: [] }));
    if (state.running < this.limits.perCaller) {
      state.running += 1;
      return Promise.resolve(true);
    }
    if (state.waiting.length >= this.limits.perCaller * WAITING_PER_SLOT) return Promise.resolve(false);
    const waiting = state.waiting;
    return new Promise((resolve) => {
      const settle = (admitted: boolean) => {
        clearTimeout(timer);
        gone.removeEventListener("abort", refuse);
        resolve(admitted);
      };
      const waiter: Waiter = { admit: () => settle(true) };
      const refuse = () => {
        waiting.splice(waiting.indexOf(waiter), 1);
        settle(false);
      };
      const timer = setTimeout(refuse, this.limits.waitMs);
      gone.addEventListener("abort", refuse, { once: true });
      waiting.push(waiter);
    });
  }

  /** A running request ended: its slot passes to the caller's first waiting request, if any. */
  release(caller: string): void {
    const state = this.callers.get(caller);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) return next.admit();
    state.running -= 1;
    if (state.running <= 0) this.callers.delete(caller);
  }

  /** Requests running and waiting, over all callers. */
  count(): { running: number; waiting: number } {
    let running = 0;
    let waiting = 0;
    for (const state of this.callers.values()) {
      running += state.running;
      waiting += state.waiting.length;
    }
    return { running, waiting };
  }
}

/** Whose slots a live identity uses; null for signed out (its address) or not known yet. */
function callerOf(identity: Identity | undefined): string | null | undefined {
  switch (identity?.kind) {
    case "session":
      return `session:${identity.sessionId}`;
    case "key":
      return `key:${identity.keyId}`;
    case "oauth":
      return `app:${identity.connectionId}`;
    case "anonymous":
    case "dead-key":
      return null;
    default:
      return undefined; // not resolved (the request ended before): nothing learnt
  }
}

/** Credential hash -> caller, for credentials this process has seen live, most recently seen last. */
class KnownCredentials {
  private readonly callers = new Map<string, string>();
  get(hash: string): string | undefined {
    return this.callers.get(hash);
  }
  learn(hash: string, identity: Identity | undefined) {
    const caller = callerOf(identity);
    if (caller === undefined) return;
    this.callers.delete(hash);
    if (caller === null) return;
    this.callers.set(hash, caller);
    if (this.callers.size > KNOWN_CREDENTIALS) this.callers.delete(this.callers.keys().next().value!);
  }
}

const WHOSE: Record<string, string> = {
  session: "this session",
  key: "this API key",
  app: "this connected app",
  address: "your address (signed out)",
};

/** Answers a request refused for the cap: its path's error shape, the message and Retry-After. */
export type ConcurrencyRefusal = (res: Response, message: string, retryAfter: number) => void;

/**
 * The gate of one app: `gate(refuse)` is the middleware for one path, all paths sharing one count
 * per caller. A request's slot is released when its response closes, however it ends (answered,
 * failed, timed out, or its client gone); a request whose client leaves while it waits is dropped.
 */
export function callerConcurrencyGate(limits: CallerConcurrency = CALLER_CONCURRENCY) {
  const slots = new CallerSlots(limits);
  const known = new KnownCredentials();
  const gate =
    (refuse: ConcurrencyRefusal) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      if (req.method === "OPTIONS") return next();
      const credential = readCredential(req);
      const hash = credential && credential.kind !== "malformed" ? sha256(credential.value).toString("hex") : undefined;
      const caller = (hash && known.get(hash)) || `address:${addressGroup(clientAddress(req))}`;
      const gone = new AbortController();
      let running = false;
      // The slot is held until the request's database work has ended too (a cancelled query, a
      // query's commit after its answer): only then is its connection back in the pool.
      const done = () => {
        if (hash) known.learn(hash, req.identity);
        void (req.databaseWork?.spentMs() ?? Promise.resolve()).finally(() => slots.release(caller));
      };
      // However the request ends (answered, failed, timed out, its client gone), its response closes.
      res.once("close", () => (running ? done() : gone.abort()));
      const admitted = await slots.acquire(caller, gone.signal);
      if (!admitted) {
        if (gone.signal.aborted) return;
        const whose = WHOSE[caller.slice(0, caller.indexOf(":"))];
        const retryAfter = Math.max(1, Math.ceil(limits.waitMs / 1000));
        return refuse(
          res,
          `At most ${limits.perCaller} requests of one caller may run at once (${whose} has ${limits.perCaller} running); retry in ${retryAfter} s`,
          retryAfter,
        );
      }
      // The client left while the slot was handed over: it is free again at once.
      if (gone.signal.aborted) return done();
      running = true;
      next();
    };
  return { gate, slots };
}
