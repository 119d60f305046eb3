// Each answered request in the metrics (server/observability/metrics.ts): count and duration by route (the
// route's pattern, never the raw path: ids and page addresses would make a series each), method,
// status and GraphQL operation type; 429s as rate-limit refusals; cancelled database work.
import type { Request, Response, NextFunction } from "express";
import { httpRequests, httpDuration, rateLimitRefusals, requestsCancelled } from "./metrics.ts";
import { operationType } from "./graphql-operation.ts";
import { countGraphqlError } from "./graphql-errors.ts";
import { GRAPHQL_PATH, MCP_PATH } from "../http/paths.ts";

/** The route a request matched, as a pattern; unmatched addresses fall into a few groups. */
export function routeLabel(req: Request): string {
  if (req.route?.path && typeof req.route.path === "string") return `${req.baseUrl}${req.route.path}`;
  const path = req.originalUrl.split("?")[0];
  if (path === GRAPHQL_PATH) return GRAPHQL_PATH;
  if (path === MCP_PATH || path.startsWith(`${MCP_PATH}/`)) return MCP_PATH;
  if (path === "/api" || path.startsWith("/api/")) return "/api/*";
  if (path.startsWith("/assets/")) return "/assets/*";
  return "/*";
}

export function requestMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = httpDuration.startTimer();
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      const route = routeLabel(req);
      const operation_type = route === GRAPHQL_PATH && req.method === "POST" ? operationType(req.body) : "none";
      const labels = { route, method: req.method, operation_type };
      stop(labels);
      // A client that went away before any answer has no status.
      httpRequests.inc({ ...labels, status: res.headersSent ? String(res.statusCode) : "none" });
      if (res.headersSent && res.statusCode === 429) rateLimitRefusals.inc({ route });
      for (const error of (res.locals.graphqlErrors ?? []) as Parameters<typeof countGraphqlError>[0][])
        countGraphqlError(error);
      const reason = req.databaseWork?.reason;
      if (reason)
        requestsCancelled.inc({ reason: reason.startsWith("request took longer") ? "request_timeout" : "client_gone" });
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
