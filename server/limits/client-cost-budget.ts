// The GraphQL cost each caller may spend, as the database spent it, in token buckets held in
// PostgreSQL (app_private.cost_buckets) so every API process shares them: a flood of requests, each
// within the bound of one request, must not starve everyone else. Before a request runs, its static
// estimate (server/graphql/operation-cost.ts) must fit in what its payer has left; after it, the payer is
// charged what the request really cost (its database time and the bytes of its answer). Signed-out
// callers share their address's small budget, and all of them together one budget of this process
// (server/limits/signed-out-budget.ts). Every credential of one account (its sessions, API
// keys and connected apps) draws from one account budget, each within a share of its own, so more
// keys or sessions buy no more; an account's imports and exports have a budget of their own.
import type { Request, Response, NextFunction } from "express";
import type pg from "pg";
import type { Identity } from "../identity/identity.ts";
import { clientAddress } from "../http/client-address.ts";
import { log } from "../observability/logger.ts";
import { sendError } from "../http/http-error.ts";
import { rateLimitHeaders } from "./rate-limit-headers.ts";
import { answerBytes } from "../http/compression.ts";
import { SignedOutBudget } from "./signed-out-budget.ts";
import { CostLeases, COST_LEASE, type Bucket } from "./cost-lease.ts";

export type ClientCostLimits = {
  /** ADDRESS_COST_PER_MINUTE: everything signed out from one client address (users behind one NAT share it). */
  perAddressPerMinute: number;
  /** SESSION_COST_PER_MINUTE: the share of one live session, one API key or one connected app, within its account's. */
  perSessionPerMinute: number;
  /** ACCOUNT_COST_PER_MINUTE: everything interactive of one account, all its sessions, keys and apps together. */
  perAccountPerMinute?: number;
  /** BULK_COST_PER_MINUTE: one account's imports and exports (never from the interactive budgets). */
  bulkPerMinute?: number;
  /**
   * SIGNED_OUT_COST_PER_MINUTE: this process's share of everything signed out together, every
   * address at once (unset: SIGNED_OUT_ADDRESSES addresses' budgets).
   */
  signedOutPerMinute?: number;
  /** The buckets refill their budget over this many seconds (60 unless a test makes it longer). */
  windowSeconds?: number;
  /** A signed-out refusal is answered after this many ms (SIGNED_OUT_REFUSAL_PAUSE_MS). */
  signedOutRefusalPauseMs?: number;
  /**
   * COST_LEASE_SHARE: the share of a payer's smallest budget this process leases at a time and
   * spends in memory (server/limits/cost-lease.ts); 0: a statement per claim and per charge.
   */
  leaseShare?: number;
  /** COST_LEASE_SETTLE_MS: how often a lease in use is settled in PostgreSQL. */
  leaseSettleMs?: number;
};

export const CLIENT_COST_LIMITS: Required<
  Omit<ClientCostLimits, "signedOutPerMinute" | "signedOutRefusalPauseMs" | "leaseShare" | "leaseSettleMs">
> = {
  /** About 1 s of database time a minute: the catalog and the program library, browsed, fit many times. */
  perAddressPerMinute: 100_000,
  /** About 5 s of database time a minute: hundreds of page loads; one heavy report now and then. */
  perSessionPerMinute: 500_000,
  /** Two credentials' shares: a lifter's phone and a script at once; 50 keys buy no more. */
  perAccountPerMinute: 1_000_000,
  /** About 30 s of database time: five years of a Strong export (about 14 s) imports in one go. */
  bulkPerMinute: 3_000_000,
  windowSeconds: 60,
};

/**
 * Everything signed out together may spend what this many addresses may: about 5 s of database
 * time a minute in all with the defaults, a twelfth of one core; the rest stays for accounts.
 */
export const SIGNED_OUT_ADDRESSES = 5;

/**
 * A refusal of a signed-out budget (an address's, or everything signed out's) is answered after
 * this pause: a flood that retries at once (100 addresses sent 1,500 refused requests a second)
 * otherwise turns refusals into the load itself. It holds no database connection, only the
 * request's connection (bounded per address) and, past the body, its caller's slot.
 */
export const SIGNED_OUT_REFUSAL_PAUSE_MS = 1000;

const SIGNED_OUT_BUDGETS = new Set<BudgetName>(["address", "signed-out"]);

/** Whether a refusal is of a signed-out budget, answered after the pause. */
export function pausedRefusal(refusal: CostRefusal): boolean {
  return SIGNED_OUT_BUDGETS.has(refusal.budget);
}

/**
 * What a request really cost: 1 unit per 10 µs its connections were held, 1 per 1,000 bytes answered.
 * One hold of a connection (a transaction: a query's statements, or one save) is counted for at
 * most `maxMsPerHold`, a fifth of a signed-in minute: a statement that waits 5 s on another's row
 * lock holds a connection but spends no database CPU, and must not lock its lifter out for a minute.
 */
export const SPENT_UNITS = { perDatabaseMs: 100, answerBytesPerUnit: 1000, maxMsPerHold: 1000 } as const;

export function spentCost({ databaseMs, answerBytes }: { databaseMs: number; answerBytes: number }): number {
  return Math.ceil(databaseMs * SPENT_UNITS.perDatabaseMs) + Math.floor(answerBytes / SPENT_UNITS.answerBytesPerUnit);
}

/**
 * Who pays for a request; SQL names the buckets (app_private.cost_payers): signed in, its account's
 * and its credential's share (a session left to SQL by its hash), or with `bulk` (an import or
 * export) its account's bulk bucket alone; signed out (a made-up token too), its address.
 */
export type CostPayer = {
  sessionHash?: string;
  credential?: string;
  userId?: string;
  address?: string;
  bulk?: boolean;
};

export function payerOf(identity: Identity, address?: string, bulk = false): CostPayer {
  switch (identity.kind) {
    case "key":
      return { credential: `key:${identity.keyId}`, userId: identity.userId, bulk };
    case "oauth":
      return { credential: `app:${identity.connectionId}`, userId: identity.userId, bulk };
    case "session":
      return { credential: `session:${identity.sessionId}`, userId: identity.userId, bulk };
    case "unresolved-session":
      return { sessionHash: identity.tokenHash, address, bulk };
    default:
      return { address };
  }
}

export type BudgetName = "session" | "key" | "app" | "address" | "account" | "bulk" | "signed-out";
export type CostRefusal = {
  budget: BudgetName;
  limit: number;
  remaining: number;
  /** Seconds until the estimate fits again. */
  retryAfter: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  windowSeconds: number;
  message: string;
};

/** The estimates one request's gate took (several for an MCP request), given back when it is charged. */
/** `fromMemory`: the estimate of what the request answers from memory with no SQL (introspection), charged as spent. */
/** `bulk`: every operation admitted was an import or export, paid from the account's bulk budget. */
/** `account`: the account SQL found the payer to be when it claimed (a session left to SQL by its hash included). */
/** `settled`: what was charged already, before the request's next operation was admitted (chargeSoFar). */
/** `signedOut`: what of `claimed` was taken from everything signed out's budget too (the payer was signed out). */
/** `payer`: whom the first operation was admitted for (a session left to SQL by its hash stays so when charged). */
export type CostClaims = {
  claimed: number;
  payer?: CostPayer;
  signedOut?: number;
  fromMemory?: number;
  bulk?: boolean;
  account?: string;
  settled?: { spent: number; claimed: number; signedOut?: number };
};

export type ClientCostBudget = {
  /**
   * Before an operation runs: takes `estimate` from the payer's bucket when it fits (added to
   * `claims`) and answers null, or answers why not (nothing taken).
   */
  admit(payer: CostPayer, estimate: number, claims?: CostClaims): Promise<CostRefusal | null>;
  /**
   * After the request: charges `spent` less what its gate took (`claimed`), in one statement; never
   * refuses. `signedOut`: what of `claimed` everything signed out's budget gave; it is charged `spent` too.
   */
  charge(payer: CostPayer, spent: number, claimed?: number, signedOut?: number): Promise<void>;
  /** Without a round trip: the refusal of any operation when this process knows not 1 unit can be left (of the interactive budget, and of the bulk one if known), else null. */
  /** `pauseMs`: how long a signed-out refusal waits before it is answered (pausedRefusal). */
  pauseMs: number;
  spentOut(payer: CostPayer): CostRefusal | null;
  /** Settles every lease and gives back what they held (the app closes). */
  close(): Promise<void>;
};

type Level = Bucket & { at: number };

const WHOSE: Record<BudgetName, string> = {
  session: "this session's",
  key: "this API key's",
  app: "this connected app's",
  address: "your address's (signed out)",
  account: "this account's (all its sessions, keys and apps together)",
  bulk: "this account's import and export",
  "signed-out": "everything signed out's (every address together)",
};
/** Past this many payers remembered, the oldest levels are forgotten (they only save reads). */
const REMEMBERED = 10_000;

/** The budgets of one app, on `pool` (never a request's own transaction). */
export function clientCostBudget(pool: pg.Pool, limits: ClientCostLimits = CLIENT_COST_LIMITS): ClientCostBudget {
  const windowSeconds = limits.windowSeconds ?? CLIENT_COST_LIMITS.windowSeconds;
  const budgets = [
    limits.perSessionPerMinute,
    limits.perAccountPerMinute ?? CLIENT_COST_LIMITS.perAccountPerMinute,
    limits.perAddressPerMinute,
    limits.bulkPerMinute ?? CLIENT_COST_LIMITS.bulkPerMinute,
    windowSeconds,
  ];
  const pauseMs = limits.signedOutRefusalPauseMs ?? SIGNED_OUT_REFUSAL_PAUSE_MS;
  const signedOut = new SignedOutBudget(
    limits.signedOutPerMinute ?? SIGNED_OUT_ADDRESSES * limits.perAddressPerMinute,
    windowSeconds,
  );
  // The last level this process saw per payer. Besides the refill, a bucket only gains what running
  // requests hold (given back when they spend less): with both, an upper bound, enough to refuse
  // without a round trip, never to admit.
  const known = new Map<string, Level>();
  const remember = (key: string, row: Bucket) => {
    if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
    known.delete(key);
    known.set(key, { ...row, at: performance.now() });
  };
  const upperBound = (level: Level) =>
    Math.min(
      level.budget,
      level.tokens + level.held + (level.budget * (performance.now() - level.at)) / 1000 / windowSeconds,
    );
  const keyOf = (p: CostPayer) =>
    `${p.bulk ? "bulk" : ""}|${p.credential ?? ""}|${p.userId ?? ""}|${p.sessionHash ?? ""}|${p.address ?? ""}`;
  const args = (p: CostPayer) => [
    p.sessionHash ? Buffer.from(p.sessionHash, "hex") : null,
    p.credential ?? null,
    p.userId ?? null,
    p.address ?? null,
    p.bulk ?? false,
  ];
  const refusal = (level: Level, tokens: number, estimate: number | null): CostRefusal => {
    const budget = level.payer.slice(0, level.payer.indexOf(":")) as BudgetName;
    const secondsFor = (units: number) => Math.max(1, Math.ceil((units * windowSeconds) / level.budget));
    const retryAfter = secondsFor((estimate ?? 1) - tokens);
    const remaining = Math.max(0, Math.floor(tokens));
    const what =
      estimate === null
        ? "Nothing is left"
        : `This operation's estimated cost of ${estimate} is more than the ${remaining} left`;
    return {
      budget,
      limit: level.budget,
      remaining,
      retryAfter,
      resetSeconds: secondsFor(level.budget - tokens),
      windowSeconds,
      message: `${what} of ${WHOSE[budget]} GraphQL cost budget (${level.budget} every ${windowSeconds} s, charged as spent); retry in ${retryAfter} s`,
    };
  };
  // What each payer's requests claim and spend, kept per process in leases settled in batches.
  const share = limits.leaseShare ?? COST_LEASE.share;
  const sliceOf = (p: CostPayer) =>
    share *
    (isAddressOnly(p)
      ? limits.perAddressPerMinute
      : p.bulk
        ? (limits.bulkPerMinute ?? CLIENT_COST_LIMITS.bulkPerMinute)
        : limits.perSessionPerMinute);
  const leases = new CostLeases(
    async (payer, { returned, spent }, estimates, slice) => {
      const { rows } = await pool.query<
        Bucket & { admitted: boolean[]; lefts: number[]; account: string | null; leased: number }
      >({
        name: "svc_lease_costs",
        text: `select admitted, lefts, payer, budget, tokens, held, account, leased
                 from app_private.lease_costs($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        values: [...args(payer), ...budgets, returned, spent, estimates, slice],
      });
      return rows[0];
    },
    { sliceOf, settleMs: limits.leaseSettleMs ?? COST_LEASE.settleMs },
    remember,
  );
  const signedOutLevel = (): Level => ({
    payer: "signed-out:all",
    budget: signedOut.budget,
    tokens: signedOut.left(),
    held: 0,
    at: performance.now(),
  });
  const signedOutRefusal = (estimate: number | null) => {
    const level = signedOutLevel();
    return refusal(level, level.tokens, estimate);
  };
  const admitNow = async (payer: CostPayer, estimate: number, claims?: CostClaims): Promise<CostRefusal | null> => {
    const key = keyOf(payer);
    const last = known.get(key);
    if (last && upperBound(last) < estimate) return refusal(last, upperBound(last), estimate);
    // An address is known signed out before SQL is asked; a session token once SQL found it live or not.
    const address = isAddressOnly(payer);
    if (address && !signedOut.claim(estimate)) return signedOutRefusal(estimate);
    const giveBack = () => address && signedOut.charge(0, estimate);
    const { admitted, left, account } = await Promise.resolve(leases.admit(key, payer, estimate)).catch(
      (error: unknown) => {
        giveBack();
        throw error;
      },
    );
    if (claims && account) claims.account = account;
    if (!admitted) {
      giveBack();
      return refusal(known.get(key)!, left, estimate);
    }
    const madeUpSession = !address && !payer.userId && !account;
    if (madeUpSession && !signedOut.claim(estimate)) {
      await leases.charge(key, payer, estimate, 0);
      return signedOutRefusal(estimate);
    }
    if (claims) {
      claims.payer ??= payer;
      claims.claimed += estimate;
      if (address || madeUpSession) claims.signedOut = (claims.signedOut ?? 0) + estimate;
    }
    return null;
  };
  const afterPause = async (refused: CostRefusal | null) => {
    if (refused && pauseMs > 0 && pausedRefusal(refused)) await new Promise((r) => setTimeout(r, pauseMs));
    return refused;
  };
  return {
    pauseMs,
    admit: (payer, estimate, claims) => admitNow(payer, estimate, claims).then(afterPause),
    spentOut(payer) {
      if (isAddressOnly(payer) && signedOut.left() < 1) return signedOutRefusal(null);
      const last = known.get(keyOf(payer));
      if (!last || upperBound(last) >= 1) return null;
      // The body is not read yet, so it may be an import or export: one whose bulk budget this
      // process knows has room is left to the gate.
      const bulk = payer.userId || payer.sessionHash ? known.get(keyOf({ ...payer, bulk: true })) : undefined;
      return bulk && upperBound(bulk) >= 1 ? null : refusal(last, upperBound(last), null);
    },
    async charge(payer, spent, claimed = 0, signedOutClaimed) {
      if (signedOutClaimed !== undefined || isAddressOnly(payer)) signedOut.charge(spent, signedOutClaimed ?? 0);
      await leases.charge(keyOf(payer), payer, claimed, spent);
    },
    close: () => leases.close(),
  };
}

/** A payer SQL needs not be asked about to know it is signed out: an address, with no credential. */
function isAddressOnly(payer: CostPayer): boolean {
  return !payer.userId && !payer.sessionHash && !payer.credential;
}

/**
 * Charges an account's bulk budget for work done outside a request (an import job, on the worker's
 * pool): 1 unit per 10 µs of database time, as a request's is charged.
 */
export function bulkCharge(pool: pg.Pool, limits: ClientCostLimits = CLIENT_COST_LIMITS) {
  // Charged at once: the worker holds no lease.
  const budget = clientCostBudget(pool, { ...limits, leaseShare: 0 });
  return (userId: string, databaseMs: number) =>
    budget.charge({ userId, bulk: true }, spentCost({ databaseMs, answerBytes: 0 }));
}

/**
 * A request's charge so far (its database time, the bytes `answered`, what it answered from
 * memory), less what was charged already, and its payer: charged once its response has closed,
 * and by chargeSoFar between the operations of one request.
 */
async function unsettled(req: Request, claims: CostClaims, answered: number) {
  const databaseMs = await (req.databaseWork?.spentMs() ?? Promise.resolve(0));
  const total = spentCost({ databaseMs, answerBytes: answered }) + (claims.fromMemory ?? 0);
  const settled = claims.settled ?? { spent: 0, claimed: 0 };
  const bulk = claims.bulk ?? false;
  const payer = claims.payer
    ? { ...claims.payer, ...("bulk" in claims.payer ? { bulk } : {}) }
    : payerOf(req.identity ?? { kind: "anonymous" }, clientAddress(req), bulk);
  const signedOut = claims.signedOut === undefined ? undefined : claims.signedOut - (settled.signedOut ?? 0);
  return { payer, total, spent: total - settled.spent, claimed: claims.claimed - settled.claimed, signedOut };
}

/**
 * Between two operations of one request (an MCP batch's tool calls): what the first spent is
 * charged before the next is admitted, so a batch stops being admitted once its payer's budget
 * is spent, not on what the first's estimate left.
 */
export async function chargeSoFar(budget: ClientCostBudget, req: Request): Promise<void> {
  const claims = req.costClaims;
  if (!claims) return;
  const { payer, total, spent, claimed, signedOut } = await unsettled(req, claims, 0);
  if (spent === 0 && claimed === 0) return;
  await budget.charge(payer, spent, claimed, signedOut);
  claims.settled = { spent: total, claimed: claims.claimed, signedOut: claims.signedOut };
}

/**
 * Middleware for /api/graphql and /api/mcp: once the response has closed and the request's
 * database work has ended, its payer is charged what it spent, less what its gates took (a client
 * that went away pays too).
 */
export function chargeSpentCost(budget: ClientCostBudget) {
  return (req: Request, res: Response, next: NextFunction) => {
    const claims: CostClaims = { claimed: 0 };
    req.costClaims = claims;
    res.on("close", () => {
      // As written, before compression (server/http/compression.ts).
      const bytes = answerBytes(res);
      unsettled(req, claims, bytes)
        .then(({ payer, spent, claimed, signedOut }) => {
          if (spent === 0 && claimed === 0) return;
          return budget.charge(payer, spent, claimed, signedOut);
        })
        .catch((error: Error) => log("warn", "a request's cost was not charged", { error: error.message }));
    });
    next();
  };
}

/**
 * Middleware for /api/graphql, before the body is looked at: a caller this process knows has
 * nothing left is refused without a statement (a flood of refusals should cost the server little),
 * signed out after the pause. A request with a key is left to the guard (the key is looked up there).
 */
export function refuseSpentOut(budget: ClientCostBudget) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.identity.kind === "unresolved-key") return next();
    const refused = budget.spentOut(payerOf(req.identity, clientAddress(req)));
    if (!refused) return next();
    if (budget.pauseMs > 0 && pausedRefusal(refused)) setTimeout(() => refuse(res, refused), budget.pauseMs);
    else refuse(res, refused);
  };
}

function refuse(res: Response, refused: CostRefusal) {
  if (res.destroyed) return;
  const quota = { name: refused.budget, limit: refused.limit, used: refused.limit - refused.remaining };
  res.set(rateLimitHeaders([quota], refused.resetSeconds, refused.windowSeconds));
  res.set("Retry-After", String(refused.retryAfter));
  sendError(
    res,
    "RATE_LIMITED",
    refused.message,
    { limit: "cost", budget: refused.budget, retryAfter: refused.retryAfter },
    "graphql",
  );
}

declare module "express-serve-static-core" {
  interface Request {
    /** What the request's gates took from its payer's cost budget (chargeSpentCost gives it back). */
    costClaims?: CostClaims;
  }
}
