// The request log: one line per request once its answer is sent (or its client went away), with
// the request id, method, path (never the query string), status, duration and who called (kind,
// user id, key id; never a token, key, cookie or body). A request slower than the threshold is
// logged at warn level with `slow: true`, so an operator can grep for what to look at. A request
// refused by a limit is counted instead (refusal-tally.ts), unless it was slow.
import type { Request, Response, NextFunction } from "express";
import { log, type LogFields } from "./logger.ts";
import { isCountedRefusal, type RefusalTally } from "./refusal-tally.ts";
import { operationName } from "./graphql-operation.ts";

/** LOG_SLOW_MS default: ten times a heavy ordinary request, under the statement timeout. */
export const DEFAULT_SLOW_REQUEST_MS = 1000;

/** Who called, in words an operator can search for; ids only. */
export function callerFields(req: Request): LogFields {
  const identity = req.identity;
  switch (identity?.kind) {
    case "session":
      return { caller: "session", userId: identity.userId };
    case "key":
      return { caller: "key", userId: identity.userId, keyId: identity.keyId, access: identity.access };
    case "dead-key":
      return { caller: "unknown-key" };
    case "oauth":
      return { caller: "app", userId: identity.userId, connectionId: identity.connectionId, access: identity.access };
    default:
      // A key refused before it was resolved (rate limited) or a request answered before identity.
      return {
        caller:
          req.presentedCredential === "key" ? "key" : req.presentedCredential === "session" ? "session" : "anonymous",
      };
  }
}

export function requestLog({
  slowMs = DEFAULT_SLOW_REQUEST_MS,
  refusals,
}: { slowMs?: number; refusals?: RefusalTally } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const slow = durationMs >= slowMs;
      const path = req.originalUrl.split("?")[0];
      if (refusals && !slow && res.headersSent && isCountedRefusal(res.statusCode, path))
        return refusals.count(res.statusCode, path);
      const operation = req.method === "POST" ? operationName(req.body) : undefined;
      const fields: LogFields = {
        requestId: res.get("x-request-id"),
        method: req.method,
        path,
        // A request its client gave up on before any answer has no status (res.statusCode would say 200).
        ...(res.headersSent ? { status: res.statusCode } : {}),
        durationMs,
        ...callerFields(req),
        ...(operation ? { operation } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
        ...(req.databaseWork?.reason ? { cancelled: req.databaseWork.reason } : {}),
        ...(slow ? { slow: true } : {}),
      };
      const level = res.statusCode >= 500 ? "error" : slow ? "warn" : "info";
      log(level, "request", fields);
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
