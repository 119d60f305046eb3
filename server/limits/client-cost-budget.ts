// The GraphQL cost each caller may spend, as the database spent it, in token buckets held in
// PostgreSQL (app_private.cost_buckets) so every API process shares them: a flood of requests, each
// within the bound of one request, must not starve everyone else. Before a request runs, its static
// estimate (server/graphql/operation-cost.ts) must fit in what its payer has left; after it, the payer is
// charged what the request really cost (its database time and the bytes of its answer). Signed-out
// callers share their address's small budget; a live session, an API key and a connected app each
// have the signed-in one.
import type { Request, Response, NextFunction } from "express";
import type pg from "pg";
import type { Identity } from "../identity/identity.ts";
import { clientAddress } from "../http/client-address.ts";
import { log } from "../observability/logger.ts";
import { sendError } from "../http/http-error.ts";
import { rateLimitHeaders } from "./rate-limit-headers.ts";
import { answerBytes } from "../http/compression.ts";

export type ClientCostLimits = {
  /** ADDRESS_COST_PER_MINUTE: everything signed out from one client address (users behind one NAT share it). */
  perAddressPerMinute: number;
  /** SESSION_COST_PER_MINUTE: one live session, one API key or one connected app. */
  perSessionPerMinute: number;
  /** The buckets refill their budget over this many seconds (60 unless a test makes it longer). */
  windowSeconds?: number;
};

export const CLIENT_COST_LIMITS: Required<ClientCostLimits> = {
  /** About 1 s of database time a minute: the catalog and the program library, browsed, fit many times. */
  perAddressPerMinute: 100_000,
  /** About 5 s of database time a minute: hundreds of page loads; one heavy report now and then. */
  perSessionPerMinute: 500_000,
  windowSeconds: 60,
};

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

/** Who may pay for a request; SQL picks (app_private.cost_payer): key, app, a live session, else the address. */
export type CostPayer = { sessionHash?: string; keyId?: string; appId?: string; address?: string };

export function payerOf(identity: Identity, address?: string): CostPayer {
  switch (identity.kind) {
    case "key":
      return { keyId: identity.keyId };
    case "oauth":
      return { appId: identity.connectionId };
    case "session":
    case "unresolved-session":
      return { sessionHash: identity.tokenHash, address };
    default:
      return { address };
  }
}

export type BudgetName = "session" | "key" | "app" | "address";
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
export type CostClaims = { claimed: number; fromMemory?: number };

export type ClientCostBudget = {
  /**
   * Before an operation runs: takes `estimate` from the payer's bucket when it fits (added to
   * `claims`) and answers null, or answers why not (nothing taken).
   */
  admit(payer: CostPayer, estimate: number, claims?: CostClaims): Promise<CostRefusal | null>;
  /** After the request: charges `spent` less what its gate took (`claimed`), in one statement; never refuses. */
  charge(payer: CostPayer, spent: number, claimed?: number): Promise<void>;
  /** Without a round trip: the refusal of any operation when this process knows not 1 unit can be left, else null. */
  spentOut(payer: CostPayer): CostRefusal | null;
};

type Bucket = { payer: string; budget: number; tokens: number; held: number };
type Level = Bucket & { at: number };

const WHOSE: Record<BudgetName, string> = {
  session: "this session's",
  key: "this API key's",
  app: "this connected app's",
  address: "your address's (signed out)",
};
/** Past this many payers remembered, the oldest levels are forgotten (they only save reads). */
const REMEMBERED = 10_000;

/** The budgets of one app, on `pool` (never a request's own transaction). */
export function clientCostBudget(pool: pg.Pool, limits: ClientCostLimits = CLIENT_COST_LIMITS): ClientCostBudget {
  const windowSeconds = limits.windowSeconds ?? CLIENT_COST_LIMITS.windowSeconds;
  const budgets = [limits.perSessionPerMinute, limits.perAddressPerMinute, windowSeconds];
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
  const keyOf = (p: CostPayer) => `${p.keyId ?? ""}|${p.appId ?? ""}|${p.sessionHash ?? ""}|${p.address ?? ""}`;
  const args = (p: CostPayer) => [
    p.sessionHash ? Buffer.from(p.sessionHash, "hex") : null,
    p.keyId ?? null,
    p.appId ?? null,
    p.address ?? null,
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
  return {
    async admit(payer, estimate, claims) {
      const key = keyOf(payer);
      const last = known.get(key);
      if (last && upperBound(last) < estimate) return refusal(last, upperBound(last), estimate);
      const claimed = await pool.query<Bucket>({
        name: "svc_claim_cost",
        text: "select payer, budget, tokens, held from app_private.claim_cost($1, $2, $3, $4, $5, $6, $7, $8)",
        values: [...args(payer), ...budgets, estimate],
      });
      if (claimed.rows[0]) {
        remember(key, claimed.rows[0]);
        if (claims) claims.claimed += estimate;
        return null;
      }
      const { rows } = await pool.query<Bucket>({
        name: "svc_cost_left",
        text: "select payer, budget, tokens, held from app_private.cost_left($1, $2, $3, $4, $5, $6, $7)",
        values: [...args(payer), ...budgets],
      });
      remember(key, rows[0]);
      return refusal(known.get(key)!, rows[0].tokens, estimate);
    },
    spentOut(payer) {
      const last = known.get(keyOf(payer));
      return last && upperBound(last) < 1 ? refusal(last, upperBound(last), null) : null;
    },
    async charge(payer, spent, claimed = 0) {
      const { rows } = await pool.query<Bucket>({
        name: "svc_charge_cost",
        text: "select payer, budget, tokens, held from app_private.charge_cost($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        values: [...args(payer), ...budgets, claimed, spent],
      });
      remember(keyOf(payer), rows[0]);
    },
  };
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
      (req.databaseWork?.spentMs() ?? Promise.resolve(0))
        .then((databaseMs) => {
          const spent = spentCost({ databaseMs, answerBytes: bytes }) + (claims.fromMemory ?? 0);
          if (spent === 0 && claims.claimed === 0) return;
          const payer = payerOf(req.identity ?? { kind: "anonymous" }, clientAddress(req));
          return budget.charge(payer, spent, claims.claimed);
        })
        .catch((error: Error) => log("warn", "a request's cost was not charged", { error: error.message }));
    });
    next();
  };
}

/**
 * Middleware for /api/graphql, before the body is looked at: a caller this process knows has
 * nothing left is refused at once (a flood of refusals should cost the server little). A request
 * with a key is left to the guard (the key is looked up there).
 */
export function refuseSpentOut(budget: ClientCostBudget) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.identity.kind === "unresolved-key") return next();
    const refused = budget.spentOut(payerOf(req.identity, clientAddress(req)));
    if (!refused) return next();
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
  };
}

declare module "express-serve-static-core" {
  interface Request {
    /** What the request's gates took from its payer's cost budget (chargeSpentCost gives it back). */
    costClaims?: CostClaims;
  }
}
