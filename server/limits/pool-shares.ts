// The GraphQL pool's connections handed to waiting requests fairly: by account, round-robin, with
// everything signed out together one turn of the round and at most a bounded share of the pool.
// The caller gate (caller-concurrency.ts) bounds each caller to a few requests at once; this one
// stands in front of the pool itself, so when connections are all taken, the next one freed goes
// to the next account in turn, not to whoever queued first: a victim waits behind at most one
// request of each other account (and one signed-out request) however much any of them sends, where
// the pool's own first-come queue put it behind every request queued before it. Signed-out requests
// (every client address, and a credential the cost gate's claim found no live one) together
// hold at most `signedOut` connections, so many addresses cannot crowd out signed-in users; within
// that share, addresses take turns the same way. A ticket is taken before `pool.connect()` and given
// back with the connection, so the pool itself never queues. Heavy operations (an estimate of at
// least HEAVY_ESTIMATE: grouped aggregates over a long history, many fuzzy searches) first take a
// turn in a lane of their own, `heavy` at once, shared the same way: one account's 50 keys running
// such queries held every core, and a victim's light read waited for the CPU, not for a connection.
import type { Request } from "express";
import { clientAddress, addressGroup } from "../http/client-address.ts";

/** How a process's GraphQL connections are shared. */
export type PoolShareLimits = {
  /** Connections handed out at once: the process's GraphQL pool size. */
  connections: number;
  /** Of those, what signed-out requests may hold together. */
  signedOut: number;
  /** Of those, what heavy operations may hold together (0: no lane of their own). */
  heavy?: number;
};

/** Half the pool, at least one, for signed-out requests together: the other half stays for accounts; one heavy operation at a time. */
export function poolShareLimits(connections: number): PoolShareLimits {
  return { connections, signedOut: Math.max(1, Math.floor(connections / 2)), heavy: HEAVY_AT_ONCE };
}

/**
 * Heavy operations running at once in each API process: with one process per core but one (the
 * default WEB_CONCURRENCY), heavy work holds at most one core less than the machine has.
 */
export const HEAVY_AT_ONCE = 1;

/** An operation estimated at half one request's bound (OPERATION_LIMITS.cost) or more is heavy. */
export const HEAVY_ESTIMATE = 25_000;

/**
 * Whose turn a request takes: an account (`account:<id>`) or a client address (`address:<group>`,
 * signed out); `heavy`: its estimate is at least HEAVY_ESTIMATE.
 */
export type PoolCaller = { key: string; signedOut: boolean; heavy?: boolean };

type Waiter = () => void;

/** Queues by key, served in turn: the first key's first waiter, then that key goes to the back. */
class Rotation {
  private readonly queues = new Map<string, Waiter[]>();
  get size() {
    return this.queues.size;
  }
  push(key: string, waiter: Waiter) {
    const queue = this.queues.get(key);
    if (queue) queue.push(waiter);
    else this.queues.set(key, [waiter]);
  }
  /** The next waiter in turn (not of `skip`), its key moved to the back of the round (or dropped once empty). */
  take(skip: string | null = null): Waiter | undefined {
    for (const [key, queue] of this.queues) {
      if (key === skip) continue;
      const waiter = queue.shift()!;
      this.queues.delete(key);
      if (queue.length) this.queues.set(key, queue);
      return waiter;
    }
    return undefined;
  }
  waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }
}

/** The round's turn that stands for every signed-out request together. */
const SIGNED_OUT = "\0signed-out";

export class PoolShares {
  readonly limits: PoolShareLimits;
  private running = 0;
  private signedOutRunning = 0;
  /** Accounts in turn, with one key (SIGNED_OUT) for all signed-out requests, whose own turns are in `signedOutTurns`. */
  private readonly turns = new Rotation();
  private readonly signedOutTurns = new Rotation();
  /** Requests that have had a connection before and ask for another: first come, before any turn. */
  private readonly resuming: { signedOut: boolean; grant: Waiter }[] = [];
  /** The callers' keys in the order they were given connections (the last GRANT_LOG): what a test reads. */
  readonly grants: string[] = [];
  /** Heavy operations' turns, before they take one here. */
  readonly heavyLane: PoolShares | undefined;

  constructor(limits: PoolShareLimits) {
    this.limits = limits;
    const heavy = limits.heavy ?? 0;
    this.heavyLane =
      heavy > 0 ? new PoolShares({ connections: heavy, signedOut: Math.min(heavy, limits.signedOut) }) : undefined;
  }

  /**
   * Resolves with the release of a ticket once the caller may take a connection. `resuming`: the
   * request has had a connection before (a mutation's payload, a second statement): it goes before
   * every new request, or a request half done would wait behind new ones it could starve behind.
   * A heavy caller waits for its turn in the heavy lane first.
   */
  async acquire(caller: PoolCaller, resuming = false): Promise<() => void> {
    if (!caller.heavy || !this.heavyLane) return this.take(caller, resuming);
    const leaveLane = await this.heavyLane.acquire({ ...caller, heavy: false }, resuming);
    const release = await this.take(caller, resuming);
    return () => {
      release();
      leaveLane();
    };
  }

  private take(caller: PoolCaller, resuming: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.running += 1;
        if (caller.signedOut) this.signedOutRunning += 1;
        this.grants.push(caller.key);
        if (this.grants.length > GRANT_LOG) this.grants.shift();
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.running -= 1;
          if (caller.signedOut) this.signedOutRunning -= 1;
          this.handOut();
        });
      };
      if (resuming) this.resuming.push({ signedOut: caller.signedOut, grant });
      else if (caller.signedOut) {
        this.signedOutTurns.push(caller.key, grant);
        this.turns.push(SIGNED_OUT, () => this.signedOutTurns.take()!());
      } else this.turns.push(caller.key, grant);
      this.handOut();
    });
  }

  /** Free connections go to the waiting in turn; signed-out turns are skipped while their share is held. */
  private handOut() {
    while (this.running < this.limits.connections && (this.turns.size || this.resuming.length)) {
      const signedOutFull = this.signedOutRunning >= this.limits.signedOut;
      const again = this.resuming.findIndex((waiter) => !waiter.signedOut || !signedOutFull);
      if (again >= 0) {
        this.resuming.splice(again, 1)[0].grant();
        continue;
      }
      const next = this.turns.take(signedOutFull ? SIGNED_OUT : null);
      if (!next) return;
      next();
    }
  }

  /** Connections handed out and requests waiting for one, signed out among them. */
  count(): { running: number; waiting: number; signedOutRunning: number; signedOutWaiting: number } {
    return {
      running: this.running,
      waiting: this.turns.waiting() + this.resuming.length,
      signedOutRunning: this.signedOutRunning,
      signedOutWaiting: this.signedOutTurns.waiting() + this.resuming.filter((w) => w.signedOut).length,
    };
  }
}

const GRANT_LOG = 1000;

/**
 * Whose turn a request's connection takes: a live credential's account (a key or app looked up, a
 * session SQL or this process has seen answered, or the account the cost gate's claim found its
 * session hash to be), else what the caller gate counted it as: its account when the credential is
 * known live here, otherwise its client address (signed out).
 */
export function poolCallerOf(req: Request): PoolCaller {
  const identity = req.identity;
  // Imports and exports are bounded by their own budget, and are not held up behind a lane.
  const heavy = !req.costClaims?.bulk && (req.costClaims?.claimed ?? 0) >= HEAVY_ESTIMATE;
  if (identity?.kind === "session" || identity?.kind === "key" || identity?.kind === "oauth")
    return { key: `account:${identity.userId}`, signedOut: false, heavy };
  const claimed = req.costClaims?.account;
  if (claimed) return { key: `account:${claimed}`, signedOut: false, heavy };
  const counted = req.concurrencyCaller ?? `address:${addressGroup(clientAddress(req))}`;
  return { key: counted, signedOut: !counted.startsWith("account:"), heavy };
}

declare module "express-serve-static-core" {
  interface Request {
    /** Set by the caller gate (caller-concurrency.ts): whose slots the request took, `account:<id>` or `address:<group>`. */
    concurrencyCaller?: string;
  }
}
