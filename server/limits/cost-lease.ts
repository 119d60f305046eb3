// Each API process leases a slice of a payer's cost buckets and spends it in memory, so a request
// whose payer's lease has room runs no budget statement of its own: only when the lease runs out
// (or once every settle interval while it is used) does the process settle in one statement
// (app_private.lease_costs): what its requests spent is charged, what it still held is given back,
// the estimates waiting meanwhile are claimed and, when they all fit, the next slice. A slice was
// taken from the buckets in PostgreSQL, so all processes together admit no more than the buckets
// hold; what a request spends beyond its estimate reaches PostgreSQL within one settle interval
// (sooner at the next claim). With no slice, every claim and every charge is a statement.
import type { CostPayer } from "./client-cost-budget.ts";

export type Bucket = { payer: string; budget: number; tokens: number; held: number };
/** What a claim answered for one estimate: admitted or not, what was left once it was judged, and the payer's account. */
export type Judged = { admitted: boolean; left: number; level: Bucket; account: string | null };
/** app_private.lease_costs: settles `spent`, gives back `returned`, claims `estimates` in order, then `slice` if all fit. */
export type LeaseStatement = (
  payer: CostPayer,
  settlement: { returned: number; spent: number },
  estimates: number[],
  slice: number,
) => Promise<Bucket & { admitted: boolean[]; lefts: number[]; account: string | null; leased: number }>;

export type LeaseOptions = {
  /** The tokens a lease takes at a time for a payer (0: none, a statement per claim and per charge). */
  sliceOf: (payer: CostPayer) => number;
  /** A lease in use is settled this often; one unused this long is given back whole. */
  settleMs: number;
};

/** COST_LEASE_SHARE and COST_LEASE_SETTLE_MS: a twentieth of a payer's smallest budget, settled every second. */
export const COST_LEASE = { share: 0.05, settleMs: 1000 } as const;

type Outcome = { ok: true; answer: Judged } | { ok: false; error: unknown };
type Lease = {
  payer: CostPayer;
  /** What PostgreSQL holds for this process: the running requests' estimates and the free rest. */
  held: number;
  /** The estimates of the requests admitted and not charged yet. */
  running: number;
  /** What charged requests spent, not settled yet. */
  spent: number;
  /** The payer's account as the last statement found it; undefined before any answered. */
  account: string | null | undefined;
  level?: Bucket;
  usedAt: number;
  /** Claims gathered while a statement is out: sent together in the next. */
  waiting: { estimate: number; settle: (outcome: Outcome) => void }[];
  /** Charges to settle at once (no slice), told when the statement settling them has run. */
  charged: (() => void)[];
  out: boolean;
};

const free = (lease: Lease) => lease.held - lease.running - lease.spent;

export class CostLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly timer: NodeJS.Timeout;
  private readonly send: LeaseStatement;
  private readonly options: LeaseOptions;
  /** Told each bucket level a statement answered (the budget's memory of levels). */
  private readonly onLevel: (key: string, level: Bucket) => void;

  constructor(send: LeaseStatement, options: LeaseOptions, onLevel: (key: string, level: Bucket) => void) {
    this.send = send;
    this.options = options;
    this.onLevel = onLevel;
    this.timer = setInterval(() => this.settleEach(), options.settleMs);
    this.timer.unref();
  }

  /** Takes `estimate` from the payer's lease when it has room (no statement), else claims it in the next statement. */
  admit(key: string, payer: CostPayer, estimate: number): Judged | Promise<Judged> {
    const lease = this.leaseOf(key, payer);
    lease.usedAt = performance.now();
    if (lease.account !== undefined && !lease.out && free(lease) >= estimate) {
      lease.running += estimate;
      return { admitted: true, left: free(lease), level: lease.level!, account: lease.account };
    }
    return new Promise<Judged>((resolve, reject) => {
      lease.waiting.push({
        estimate,
        settle: (outcome) => (outcome.ok ? resolve(outcome.answer) : reject(outcome.error)),
      });
      if (!lease.out) void this.flush(key, lease);
    });
  }

  /**
   * A request admitted with `claimed` has ended having spent `spent`: noted in memory and settled
   * with the lease's next statement; with no slice at once (the promise ends once it has run).
   */
  charge(key: string, payer: CostPayer, claimed: number, spent: number): Promise<void> {
    const lease = this.leaseOf(key, payer);
    lease.running -= claimed;
    lease.spent += spent;
    if (this.options.sliceOf(payer) > 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      lease.charged.push(resolve);
      if (!lease.out) void this.flush(key, lease);
    });
  }

  /** Every lease settled and given back (the process stops). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const idle = [...this.leases].filter(([, lease]) => !lease.out);
    await Promise.all(idle.map(([key, lease]) => this.flush(key, lease, "return")));
  }

  private leaseOf(key: string, payer: CostPayer): Lease {
    let lease = this.leases.get(key);
    if (!lease) {
      lease = {
        payer,
        held: 0,
        running: 0,
        spent: 0,
        account: undefined,
        usedAt: 0,
        waiting: [],
        charged: [],
        out: false,
      };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /**
   * One statement for the lease: settles what was spent, gives back what it held beyond the running
   * requests, claims the waiting estimates and asks for the next slice when a claim waits or the
   * lease is in use ("renew"), never when it is given back ("return"). Never rejects: a failed
   * statement fails its claims and leaves its settlement in memory for the next.
   */
  private flush(key: string, lease: Lease, next: "claim" | "renew" | "return" = "claim"): Promise<void> {
    const batch = lease.waiting.splice(0);
    const charged = lease.charged.splice(0);
    const slice = next === "return" || (next === "claim" && batch.length === 0) ? 0 : this.options.sliceOf(lease.payer);
    const settlement = { returned: lease.held - lease.running, spent: lease.spent };
    lease.held = lease.running;
    lease.spent = 0;
    lease.out = true;
    const estimates = batch.map((b) => b.estimate);
    return this.send(lease.payer, settlement, estimates, slice)
      .then(
        ({ admitted, lefts, account, leased, ...level }) => {
          lease.level = level;
          lease.account = account;
          this.onLevel(key, level);
          batch.forEach((b, i) => {
            if (admitted[i]) {
              lease.held += b.estimate;
              lease.running += b.estimate;
            }
            b.settle({ ok: true, answer: { admitted: admitted[i], left: lefts[i], level, account } });
          });
          lease.held += leased;
        },
        (error: unknown) => {
          lease.held += settlement.returned;
          lease.spent += settlement.spent;
          batch.forEach((b) => b.settle({ ok: false, error }));
        },
      )
      .finally(() => {
        lease.out = false;
        charged.forEach((told) => told());
        if (lease.waiting.length > 0 || lease.charged.length > 0) void this.flush(key, lease);
        else if (lease.held === 0 && lease.running === 0 && lease.spent === 0 && this.leases.get(key) === lease)
          this.leases.delete(key);
      });
  }

  /** Every settle interval: a lease in use settles what it spent and renews; one unused since the last is given back. */
  private settleEach(): void {
    const now = performance.now();
    for (const [key, lease] of this.leases) {
      if (lease.out) continue;
      const idle = now - lease.usedAt >= this.options.settleMs;
      if (idle && (lease.held !== lease.running || lease.spent !== 0)) void this.flush(key, lease, "return");
      else if (!idle && lease.spent !== 0) void this.flush(key, lease, "renew");
    }
  }
}
