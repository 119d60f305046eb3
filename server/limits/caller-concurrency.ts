// How many requests one caller may have running at once on /api/graphql and /api/mcp, in this
// process. Past the cap a request waits its turn in its caller's queue (first come, first served),
// so a burst is answered, not refused: each caller has a queue of its own, so one caller's burst
// never makes another caller wait at this gate. A caller's queue is bounded by what its rate limits
// could still admit (an API key this process knows has 10 requests left this minute queues 10; the
// rest go straight to their count, which refuses them) and by MAX_WAITING_PER_CALLER; a request
// still waiting after `waitMs` is refused with CONCURRENCY_LIMITED. Each API process has its own
// GraphQL pool and its own count, and the cap is below the pool's size, so no one caller can hold
// a process's pool. A caller is an account (all its sessions, API keys and connected apps
// together: more credentials buy no more slots) once this process has seen one of its credentials
// answered as live; for everything signed out, its client address (IPv6 by its /64): a credential
// is free to make up, so a made-up one must not open slots of its own. A session this process has
// not seen yet (or a connected app's token on /api/mcp) takes its address's slot while one is free;
// when its address has none free, it is looked up first (a few lookups at once per address), so a
// signed-in tenant of a shared address is never queued behind the address's other traffic.
import type { Request, Response, NextFunction } from "express";
import { readCredential, sha256 } from "../identity/credential.ts";
import type { Identity } from "../identity/identity.ts";
import { RATE_LIMIT_PER_MINUTE } from "../identity/api-key-meter.ts";
import { clientAddress, addressGroup } from "../http/client-address.ts";
import type { RouteCode } from "../../db/errors.ts";

export type CallerConcurrency = {
  /** CALLER_CONCURRENCY: requests one caller may have running at once in one process. */
  perCaller: number;
  /** How long a request past the cap waits for a slot before it is refused: long enough for a burst to drain. */
  waitMs: number;
};

export const CALLER_CONCURRENCY: CallerConcurrency = { perCaller: 4, waitMs: 30_000 };

/**
 * Requests of one caller that may wait at most, whatever its rate limits could still admit: a
 * script's burst of 130 (one more than a key's minute and its running slots) fits; past it,
 * CONCURRENCY_LIMITED at once.
 */
export const MAX_WAITING_PER_CALLER = 256;
/** Credentials remembered as live; past this the longest unseen is forgotten (it counts as its address again). */
const KNOWN_CREDENTIALS = 10_000;

/** What a caller's request-count limit still admits, as this process last heard it (an API key's minute). */
export type RequestRoom = { left: number; resetsAt: number };

/** Why a request was not given a slot. */
export type SlotRefusal = "queue-full" | "timed-out" | "gone" | { rate: RequestRoom };

type Waiter = { admit: () => void };
type CallerState = { running: number; waiting: Waiter[] };

/** Slots per caller: `acquire` resolves null once the request may run, or why it may not. */
export class CallerSlots {
  private readonly callers = new Map<string, CallerState>();
  private readonly rooms = new Map<string, RequestRoom>();
  private readonly limits: CallerConcurrency;
  constructor(limits: CallerConcurrency) {
    this.limits = limits;
  }

  /**
   * What a caller's rate limit still admits, heard from the statement that counted its latest
   * request: every request given a slot after this is counted after it, so `left` only shrinks.
   */
  learnRoom(caller: string, room: RequestRoom): void {
    this.rooms.delete(caller);
    this.rooms.set(caller, room);
    if (this.rooms.size > KNOWN_CREDENTIALS) this.rooms.delete(this.rooms.keys().next().value!);
  }

  /** Requests this caller's rate limit could still admit (Infinity when this process knows of no limit). */
  private room(caller: string): RequestRoom | null {
    const room = this.rooms.get(caller);
    if (room && room.resetsAt <= Date.now()) this.rooms.delete(caller);
    return room && room.resetsAt > Date.now() ? room : null;
  }

  /** A request given a slot goes on: it will be counted, so it takes one of what its caller has left. */
  proceed(caller: string): void {
    const room = this.room(caller);
    if (room) room.left -= 1;
  }

  /**
   * `roomOf`: whose rate limit bounds the wait (an API key within its account), the caller's own
   * unless given; null when the request's rate limit has already counted (and admitted) it.
   */
  acquire(caller: string, gone: AbortSignal, roomOf: string | null = caller): Promise<SlotRefusal | null> {
    let state = this.callers.get(caller);
    if (!state) this.callers.set(caller, (state = { running: 0, waiting: [] }));
    // Each request waiting takes one of what is left once it runs: past that, waiting is in vain.
    // (Counted against the whole caller's queue: a bound that can only be tighter than the key's.)
    const room = roomOf === null ? null : this.room(roomOf);
    if (room && state.waiting.length >= room.left) return Promise.resolve({ rate: room });
    if (state.running < this.limits.perCaller) {
      state.running += 1;
      return Promise.resolve(null);
    }
    if (state.waiting.length >= MAX_WAITING_PER_CALLER) return Promise.resolve("queue-full");
    const waiting = state.waiting;
    return new Promise((resolve) => {
      const settle = (refused: SlotRefusal | null) => {
        clearTimeout(timer);
        gone.removeEventListener("abort", leave);
        resolve(refused);
      };
      const waiter: Waiter = { admit: () => settle(null) };
      const refuse = (why: SlotRefusal) => () => {
        waiting.splice(waiting.indexOf(waiter), 1);
        settle(why);
      };
      const leave = refuse("gone");
      const timer = setTimeout(refuse("timed-out"), this.limits.waitMs);
      gone.addEventListener("abort", leave, { once: true });
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

  /** Whether the caller already runs as many requests as it may (the next would wait). */
  full(caller: string): boolean {
    return (this.callers.get(caller)?.running ?? 0) >= this.limits.perCaller;
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

/**
 * Whose slots a live identity uses: its account, every session, key and connected app of it
 * together; null for signed out (its address) or undefined when not known yet.
 */
export function callerOf(identity: Identity | undefined): string | null | undefined {
  switch (identity?.kind) {
    case "session":
    case "key":
    case "oauth":
      return `account:${identity.userId}`;
    case "anonymous":
    case "dead-key":
      return null;
    default:
      return undefined; // not resolved (the request ended before): nothing learnt
  }
}

/** Whose request count bounds a caller's queue: an API key's own minute. */
const roomOf = (identity: Identity | undefined) => (identity?.kind === "key" ? `key:${identity.keyId}` : undefined);

type KnownCaller = { caller: string; room?: string };

/**
 * Credential hash -> caller, for credentials this process has seen answered, most recently seen
 * last: null for one answered as no live credential (a made-up or ended one: it never comes alive).
 */
class KnownCredentials {
  private readonly callers = new Map<string, KnownCaller | null>();
  get(hash: string): KnownCaller | null | undefined {
    return this.callers.get(hash);
  }
  learn(hash: string, identity: Identity | undefined) {
    const caller = callerOf(identity);
    if (caller === undefined) return;
    this.callers.delete(hash);
    this.callers.set(hash, caller === null ? null : { caller, room: roomOf(identity) });
    if (this.callers.size > KNOWN_CREDENTIALS) this.callers.delete(this.callers.keys().next().value!);
  }
}

/**
 * Looks up a bearer token this process has not seen answered: on /api/graphql a session's, on
 * /api/mcp a connected app's access token; its live identity, or signed out.
 */
export type SessionLookup = (token: string) => Promise<Identity>;

const WHOSE: Record<string, string> = {
  account: "this account, all its sessions, keys and apps together,",
  address: "your address (signed out)",
};

/** A request not given a slot: its code, message and Retry-After, answered in its path's error shape. */
export type SlotDenial = { code: RouteCode; message: string; retryAfter: number; limit: "concurrency" | "requests" };
export type ConcurrencyRefusal = (res: Response, denial: SlotDenial) => void;

function denial(why: Exclude<SlotRefusal, "gone">, caller: string, limits: CallerConcurrency): SlotDenial {
  const whose = WHOSE[caller.slice(0, caller.indexOf(":"))];
  if (typeof why === "object") {
    const retryAfter = Math.max(1, Math.ceil((why.rate.resetsAt - Date.now()) / 1000));
    return {
      code: "RATE_LIMITED",
      limit: "requests",
      retryAfter,
      message: `Rate limit of ${RATE_LIMIT_PER_MINUTE} requests a minute reached for this key: its requests running and waiting take what is left of this minute; retry in ${retryAfter} s`,
    };
  }
  const retryAfter = 1;
  const cause =
    why === "queue-full"
      ? `${MAX_WAITING_PER_CALLER} more are already waiting`
      : `none of its ${limits.perCaller} slots came free within ${limits.waitMs / 1000} s`;
  return {
    code: "CONCURRENCY_LIMITED",
    limit: "concurrency",
    retryAfter,
    message: `At most ${limits.perCaller} requests of one caller may run at once (${whose} has ${limits.perCaller} running) and ${cause}; retry in ${retryAfter} s`,
  };
}

/**
 * The gate of one app: `gate(refuse, lookUp)` is the middleware for one path, all paths sharing one
 * count per caller; `lookUp` resolves a bearer token the way that path reads it. A request's slot is released when its response closes, however it
 * ends (answered, failed, timed out, or its client gone); a request whose client leaves while it
 * waits is dropped.
 */
export function callerConcurrencyGate(limits: CallerConcurrency = CALLER_CONCURRENCY) {
  const slots = new CallerSlots(limits);
  // Lookups of sessions not seen yet, per address: as many at once as a caller's slots, the rest in turn.
  const lookups = new CallerSlots(limits);
  const known = new KnownCredentials();
  /** An unseen session at an address with no slot free: looked up in its address's turn (undefined: it waited in vain). */
  const lookedUp = async (address: string, hash: string, token: string, lookUp: SessionLookup, gone: AbortSignal) => {
    if ((await lookups.acquire(address, gone, null)) !== null) return undefined;
    try {
      known.learn(hash, await lookUp(token));
    } catch {
      return undefined; // not known: counted as its address, as before it is seen
    } finally {
      lookups.release(address);
    }
    return known.get(hash);
  };
  const gate =
    (refuse: ConcurrencyRefusal, lookUp?: SessionLookup) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      if (req.method === "OPTIONS") return next();
      const credential = readCredential(req);
      const hash = credential && credential.kind !== "malformed" ? sha256(credential.value).toString("hex") : undefined;
      const address = `address:${addressGroup(clientAddress(req))}`;
      const gone = new AbortController();
      let seen = hash ? known.get(hash) : undefined;
      if (seen === undefined && hash && credential?.kind === "session" && lookUp && slots.full(address)) {
        const left = () => gone.abort();
        res.once("close", left);
        seen = await lookedUp(address, hash, credential.value, lookUp, gone.signal);
        res.off("close", left);
        if (gone.signal.aborted) return;
      }
      const caller = seen?.caller ?? address;
      const room = seen?.room ?? caller;
      req.concurrencyCaller = caller;
      // A key's count answered: what is left of its minute bounds the key's queue from now on.
      req.heardRequestRoom = (identity, left) => slots.learnRoom(roomOf(identity)!, left);
      let running = false;
      // The slot is held until the request's database work has ended too (a cancelled query, a
      // query's commit after its answer): only then is its connection back in the pool.
      const done = () => {
        if (hash) known.learn(hash, req.identity);
        void (req.databaseWork?.spentMs() ?? Promise.resolve()).finally(() => slots.release(caller));
      };
      // However the request ends (answered, failed, timed out, its client gone), its response closes.
      res.once("close", () => (running ? done() : gone.abort()));
      const refused = await slots.acquire(caller, gone.signal, room);
      if (refused === "gone") return;
      if (typeof refused === "object" && refused) {
        // Past what its minute still admits: it does not wait, its count answers it at once (429
        // with the key's headers). Should the count admit it after all (requests given slots
        // before it were not counted yet), it waits for a slot there.
        req.slotAfterCount = async () => {
          const after = await slots.acquire(caller, gone.signal, null);
          if (after === null) running = true;
          if (after === null && gone.signal.aborted) done();
          return after === null || after === "gone" ? null : denial(after, caller, limits);
        };
        return next();
      }
      if (refused) return refuse(res, denial(refused, caller, limits));
      // The client left while the slot was handed over: it is free again at once.
      if (gone.signal.aborted) return done();
      running = true;
      slots.proceed(room);
      next();
    };
  return { gate, slots };
}

declare module "express-serve-static-core" {
  interface Request {
    /** Set by the concurrency gate: told what a key's count left of its minute, as soon as SQL answers. */
    heardRequestRoom?: (identity: Extract<Identity, { kind: "key" }>, room: RequestRoom) => void;
    /** Set by the concurrency gate for a request it let through uncounted past its key's minute: a slot once the count admits it. */
    slotAfterCount?: () => Promise<SlotDenial | null>;
  }
}
