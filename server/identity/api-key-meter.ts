// An API key on /api/graphql: looked up, counted and charged its operation's cost in one statement
// once the operation guard (server/graphql/operation-guard.ts) has measured the operation.
import type { Request, Response, NextFunction } from "express";
import type pg from "pg";
import { secondsUntil, setRateLimitHeaders } from "../limits/rate-limit-headers.ts";
import { OPERATION_LIMITS } from "../graphql/operation-cost.ts";
import { readCredential, sha256 } from "./credential.ts";
import type { KeyIdentity, KeyLimitReached, KeyUse } from "./identity.ts";

export const RATE_LIMIT_PER_MINUTE = 120;

/** Both of a key's per-minute limits, requests and GraphQL cost, in the rate-limit headers. */
function setKeyLimitHeaders(res: Response, requestCount: number, costUsed: number, resetSeconds: number) {
  setRateLimitHeaders(
    res,
    [
      { name: "requests", limit: RATE_LIMIT_PER_MINUTE, used: requestCount },
      { name: "cost", limit: OPERATION_LIMITS.keyCostPerMinute, used: costUsed },
    ],
    resetSeconds,
  );
}

function limitReached(limit: KeyLimitReached["limit"], resetSeconds: number): KeyLimitReached {
  const what =
    limit === "requests" ? `${RATE_LIMIT_PER_MINUTE} requests` : `GraphQL cost of ${OPERATION_LIMITS.keyCostPerMinute}`;
  return {
    limit,
    retryAfter: resetSeconds,
    message: `Rate limit of ${what} a minute reached for this key; retry in ${resetSeconds} s`,
  };
}

/**
 * On /api/graphql: a key is neither looked up nor counted here, but once the operation guard has
 * measured the operation (`req.useApiKey`), in one statement that looks the key up, counts the
 * request and spends the operation's cost (committed on its own, so it counts even if the request
 * fails). A request refused before its operation is measured (a syntax error, a body that is no
 * GraphQL request) is counted with no cost before its answer goes out (OperationGuardPlugin), or
 * when the response closes for anything that never reached GraphQL.
 */
export function deferApiKey(ownerPool: pg.Pool) {
  return (req: Request, res: Response, next: NextFunction) => {
    const credential = readCredential(req);
    if (credential?.kind !== "key") return next();
    const hash = sha256(credential.value);
    const unresolved = { kind: "unresolved-key", keyHash: hash.toString("hex") } as const;
    req.identity = unresolved;
    let used: Promise<KeyUse> | undefined;
    req.useApiKey = (cost: number, write: boolean) => {
      used ??= useApiKey(ownerPool, req, res, { hash, keyHash: unresolved.keyHash }, cost, write);
      return used;
    };
    // Answered (or given up by the client) without reaching GraphQL: counted all the same.
    res.on("close", () => {
      if (!used) req.useApiKey!(0, false).catch(() => {});
    });
    next();
  };
}

async function useApiKey(
  ownerPool: pg.Pool,
  req: Request,
  res: Response,
  { hash, keyHash }: { hash: Buffer; keyHash: string },
  cost: number,
  write: boolean,
): Promise<KeyUse> {
  const budget = OPERATION_LIMITS.keyCostPerMinute;
  const charged = Math.min(Math.ceil(cost), budget + 1); // more than the budget never fits; stays a SQL int
  const { rows } = await ownerPool.query({
    // Prepared once per connection: PostgreSQL neither parses nor plans it again (66 vs 95 µs a call).
    name: "svc_use_api_key",
    text: `select api_key_id, user_id, access, request_count, cost_before, cost_used, cost_fits, window_end
             from app_private.use_api_key($1, $2, $3, $4, $5)`,
    values: [hash, charged, RATE_LIMIT_PER_MINUTE, budget, write],
  });
  const row = rows[0];
  if (!row?.api_key_id) {
    req.identity = { kind: "dead-key" };
    return { kind: "dead" };
  }
  const identity: KeyIdentity = {
    kind: "key",
    userId: row.user_id,
    keyId: row.api_key_id,
    access: row.access,
    keyHash,
  };
  req.identity = identity;
  req.heardRequestRoom?.(identity, {
    left: RATE_LIMIT_PER_MINUTE - row.request_count,
    resetsAt: new Date(row.window_end).getTime(),
  });
  const resetSeconds = secondsUntil(row.window_end);
  if (!res.headersSent) setKeyLimitHeaders(res, row.request_count, row.cost_used, resetSeconds);
  if (row.request_count > RATE_LIMIT_PER_MINUTE) return { kind: "limited", ...limitReached("requests", resetSeconds) };
  if (row.cost_before >= budget) return { kind: "limited", ...limitReached("cost", resetSeconds) };
  const noSlot = await req.slotAfterCount?.();
  if (noSlot) return { kind: "limited", limit: "concurrency", retryAfter: noSlot.retryAfter, message: noSlot.message };
  if (row.cost_fits) return { kind: "live", identity, costRefused: null };
  // Judged on what was spent when this request was counted: concurrent requests of one key cannot
  // together pass the budget (the spend is part of the count's statement).
  const left = Math.max(0, budget - row.cost_before);
  return {
    kind: "live",
    identity,
    costRefused: {
      limit: "cost",
      retryAfter: resetSeconds,
      message: `This operation costs ${charged}, more than the ${left} left of this key's GraphQL cost budget (${budget} a minute); retry in ${resetSeconds} s`,
    },
  };
}
