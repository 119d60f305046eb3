// The Express app: auth routes, the key gate and guard, then PostGraphile at /api/graphql.
import express, { type Request, type Response, type NextFunction } from "express";
import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { postgraphile } from "postgraphile";
import { grafserv } from "postgraphile/grafserv/express/v4";
import { makePreset } from "./graphql/preset.ts";
import type { Services } from "./services.ts";
import { GRAPHQL_PATH, MCP_PATH, AUTH_PATH, ADMIN_PATH, OAUTH_PATH } from "./http/paths.ts";
import { lowerCaseMediaType, jsonUnlessGraphqlResponseAsked } from "./http/media-type.ts";
import {
  CLIENT_COST_LIMITS,
  clientCostBudget,
  chargeSpentCost,
  refuseSpentOut,
  type ClientCostLimits,
} from "./limits/client-cost-budget.ts";
import { sessionIdentity, resolveSession } from "./identity/session.ts";
import { deferApiKey } from "./identity/api-key-meter.ts";
import { authRoutes } from "./identity/auth-routes.ts";
import { passwordChecks, PASSWORD_CHECK_LIMITS, type PasswordCheckLimits } from "./limits/password-checks.ts";
import { HttpError, sendError } from "./http/http-error.ts";
import { JSON_RPC_CODES, STANDARD_MESSAGES, type RouteCode } from "../db/errors.ts";
import { isOutage, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "../db/outage.ts";
import { adminRoutes } from "./identity/admin-routes.ts";
import { log } from "./observability/logger.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { requestId } from "./http/request-id.ts";
import { requestLog, DEFAULT_SLOW_REQUEST_MS } from "./observability/request-log.ts";
import { RefusalTally, DEFAULT_REFUSAL_INTERVAL_MS } from "./observability/refusal-tally.ts";
import { requestMetrics } from "./observability/request-metrics.ts";
import type { TrustProxy } from "./http/client-address.ts";
import { AUTH_LIMITS, type AuthLimits } from "./limits/auth-limits.ts";
import type { Pools } from "./process/database.ts";
import { healthRoutes } from "./observability/health.ts";
import type { DiskWatch } from "./observability/disk-space.ts";
import { watchRequests } from "./process/shutdown.ts";
import {
  databaseTimePlugin,
  requestDatabaseWork,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from "./graphql/database-time.ts";
import { webApp } from "./http/web-app.ts";
import { pageStatus } from "./http/page-status.ts";
import { compressAnswers, keepSecretsUncompressed } from "./http/compression.ts";
import { crossSiteGuard } from "./http/cross-site-guard.ts";
import { defaultPublicUrl } from "./process/public-url.ts";
import { BODY_LIMIT, BODY_LIMIT_BYTES, bodyLimit, refuseLargeBodiesBeforeContinue } from "./http/body-limit.ts";
import { mcpCors } from "./mcp/cors.ts";
import { appTokenIdentity } from "./oauth/access-token.ts";
import { mcpRefusal } from "./mcp/refusal.ts";
import { lazyHandler } from "./http/lazy-handler.ts";
import {
  callerConcurrencyGate,
  CALLER_CONCURRENCY,
  type CallerConcurrency,
  type SlotDenial,
} from "./limits/caller-concurrency.ts";
import { PoolShares, poolShareLimits, type PoolShareLimits } from "./limits/pool-shares.ts";
import { parseAllowPrivate } from "./http/outbound-address.ts";
import { CONNECTION_BOUNDS, boundConnections, serverOptions, type ConnectionBounds } from "./http/connection-bounds.ts";

export type AppOptions = {
  /** Every pool comes from server/process/database.ts (createPools), which owns them. */
  pools: Pools;
  dev?: boolean;
  statementTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default: the socket's address. */
  trustProxy?: TrustProxy;
  /** Per-address sign-in and sign-up limits; AUTH_LIMITS unless overridden. */
  authLimits?: Partial<AuthLimits>;
  /** A request at least this long is logged as slow (LOG_SLOW_MS). */
  slowRequestMs?: number;
  /** The code the first sign-up (the instance's admin) must give (server/identity/setup-code.ts); none: no code asked. */
  setupCode?: string;
  /** How often the counts of refused requests are logged (DEFAULT_REFUSAL_INTERVAL_MS: a minute). */
  refusalIntervalMs?: number;
  /** The cost budgets charged as spent (signed out per address; session, key, app); CLIENT_COST_LIMITS unless overridden. */
  clientCostLimits?: Partial<ClientCostLimits>;
  /** Requests one caller may run at once in this process (CALLER_CONCURRENCY); CALLER_CONCURRENCY unless overridden. */
  callerConcurrency?: Partial<CallerConcurrency>;
  /** How the GraphQL pool is shared (server/limits/pool-shares.ts); the pool's size, half of it signed out, unless overridden. */
  poolShares?: Partial<PoolShareLimits>;
  /** Count requests in the metrics (METRICS_PORT set; server/observability/request-metrics.ts). */
  metrics?: boolean;
  /** The OAuth routes' per-address limits (the MCP SDK's defaults); false turns them off (tests sign many apps in from one address). */
  oauthRateLimit?: false;
  /** PUBLIC_URL's origin (server/process/public-url.ts); unset: the loopback address at the port the server listens on. */
  publicUrl?: string;
  /** GRAPHQL_MAX_RESPONSE_BYTES: the longest answer /api/graphql sends (OPERATION_LIMITS.responseBytes unless overridden). */
  responseMaxBytes?: number;
  /** Timeouts and caps of connections before a request is read (server/http/connection-bounds.ts); CONNECTION_BOUNDS unless overridden. */
  connectionBounds?: Partial<ConnectionBounds>;
  /** The password checks' queue (server/limits/password-checks.ts); PASSWORD_CHECK_LIMITS unless overridden. */
  passwordChecks?: Partial<PasswordCheckLimits>;
  /** A built web app to serve instead of web/dist (tests that deploy a new version under a running page). */
  webDist?: string;
  /** The embedded database's folder and DISK_FREE_WARN_MB: readiness says `disk: "low"` below it (server/disk-space.ts). */
  disk?: DiskWatch;
  /** WEBHOOK_ALLOW_PRIVATE: the non-public addresses a webhook may be registered at (server/http/outbound-address.ts); none unless set. */
  webhookAllowPrivate?: string;
};
export type App = {
  app: express.Express;
  server: Server;
  close: () => Promise<void>;
  /** Imports the routes loaded on first use (MCP, OAuth): call once listening, so no request waits for them. */
  loadRoutes: () => Promise<void>;
};

type BodyParserError = { status?: number; type?: string; code?: string; limit?: number };

/** A body express.json could not read, or could not hand to PostgreSQL, as a refusal; null for anything else. */
function bodyRefusal(error: BodyParserError): { code: RouteCode; message: string } | null {
  if (error.type === "entity.parse.failed")
    return { code: "BAD_REQUEST", message: "The request body is not valid JSON" };
  if (error.type === "entity.too.large")
    return {
      code: "PAYLOAD_TOO_LARGE",
      // A route's own smaller limit (OAuth's 16 kB) is named as it is.
      message: `The request body is larger than ${error.limit && error.limit < BODY_LIMIT_BYTES ? `${error.limit / 1024} kB` : BODY_LIMIT}`,
    };
  if (error.type === "charset.unsupported" || error.type === "encoding.unsupported") {
    return { code: "UNSUPPORTED_MEDIA_TYPE", message: (error as Error).message };
  }
  if (error.code === "22021") return { code: "BAD_REQUEST", message: STANDARD_MESSAGES["22021"] };
  if (error.status && error.status >= 400 && error.status < 500)
    return { code: "BAD_REQUEST", message: (error as Error).message ?? "Bad request" };
  return null;
}

/**
 * A JSON body that is no object answered with a code: express.json reads `null` as a body of null,
 * which grafserv takes for a body not read yet (it waited for the request stream, already read,
 * until the client gave up), and grafserv refuses an array (a batch), a number or a string with
 * a bare message.
 */
function objectBodyOnly(req: Request, res: Response, next: NextFunction) {
  if (!req.is("json") || (typeof req.body === "object" && req.body !== null && !Array.isArray(req.body))) return next();
  const message = Array.isArray(req.body)
    ? "Batched operations (a JSON array) are not supported: send one operation per request"
    : 'The body must be a JSON object like {"query": "{ viewer { id } }"}';
  return sendError(res, "BAD_REQUEST", message, {}, "graphql");
}

/** The database out of service: 503 with Retry-After, in the shape of the endpoint asked (JSON-RPC on /api/mcp). */
function answerOutage(req: Request, res: Response, error: unknown) {
  log("warn", "database unavailable", {
    path: req.path,
    error: (error as Error).message,
    code: (error as { code?: string }).code,
  });
  const retryAfter = OUTAGE_RETRY_AFTER_SECONDS;
  res.set("Retry-After", String(retryAfter));
  if (req.path.startsWith(MCP_PATH)) {
    const data = { code: "SERVICE_UNAVAILABLE", retryAfter };
    res
      .status(503)
      .json({ jsonrpc: "2.0", error: { code: JSON_RPC_CODES.SERVER_ERROR, message: OUTAGE_MESSAGE, data }, id: null });
    return;
  }
  sendError(
    res,
    "SERVICE_UNAVAILABLE",
    OUTAGE_MESSAGE,
    { retryAfter },
    req.path.startsWith(GRAPHQL_PATH) ? "graphql" : "route",
  );
}

function graphqlConcurrencyRefusal(res: Response, { code, message, retryAfter, limit }: SlotDenial) {
  res.set("Retry-After", String(retryAfter));
  sendError(res, code, message, { limit, retryAfter }, "graphql");
}

/** The connections `pools` may open: descriptors kept for them (server/http/connection-bounds.ts). */
function poolConnections(pools: Pools): number {
  const all = [
    pools.account,
    pools.password,
    pools.identity,
    pools.graphql,
    pools.worker,
    pools.health,
    pools.ownerHealth,
  ];
  return all.reduce((sum, pool) => sum + (pool.options.max ?? 10), 0);
}

export async function createApp({
  pools,
  dev = false,
  statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  trustProxy = false,
  authLimits,
  slowRequestMs = DEFAULT_SLOW_REQUEST_MS,
  refusalIntervalMs = DEFAULT_REFUSAL_INTERVAL_MS,
  setupCode,
  clientCostLimits,
  callerConcurrency,
  poolShares,
  oauthRateLimit,
  webDist,
  metrics = false,
  publicUrl,
  responseMaxBytes,
  connectionBounds,
  disk,
  passwordChecks: passwordCheckLimits,
  webhookAllowPrivate,
}: AppOptions): Promise<App> {
  const app = express();
  const bounds = { ...CONNECTION_BOUNDS, ...connectionBounds };
  const server = createServer(serverOptions(bounds), app);
  app.set("trust proxy", trustProxy);
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  // Requests at once per caller (CALLER_CONCURRENCY), the gate mounted below.
  const { gate, slots } = callerConcurrencyGate({ ...CALLER_CONCURRENCY, ...callerConcurrency });
  const services: Services = {
    // Held in PostgreSQL; charged by the operation guard and after each request.
    clientCostBudget: clientCostBudget(pools.identity, { ...CLIENT_COST_LIMITS, ...clientCostLimits }),
    // The sign-in limits: the auth routes' and deleteAccount's password checks count failures alike.
    authLimits: { ...AUTH_LIMITS, ...authLimits },
    responseMaxBytes,
    outboundPolicy: parseAllowPrivate(webhookAllowPrivate),
    callerSlots: slots,
    // The GraphQL pool's connections handed out in turn by account, signed out within a share.
    poolShares: new PoolShares({ ...poolShareLimits(pools.graphql.options.max ?? 10), ...poolShares }),
    publicUrl: publicUrl ? () => publicUrl : defaultPublicUrl(server),
    connections: boundConnections(server, bounds, {
      poolConnections: poolConnections(pools),
      isProxy: trustProxy === false ? undefined : (address) => trusted(address, 0),
    }),
  };
  const costBudget = services.clientCostBudget;
  app.services = services;
  app.disable("x-powered-by");
  app.use(securityHeaders());
  app.use(requestId());
  const refusals = new RefusalTally(refusalIntervalMs);
  app.locals.refusals = refusals;
  app.use(requestLog({ slowMs: slowRequestMs, refusals }));
  if (metrics) app.use(requestMetrics());
  // Pages and JSON compressed by Accept-Encoding, except what keepSecretsUncompressed marks below.
  app.use(compressAnswers());
  // API answers carry tokens (sign-up, sign-in, createApiKey) and personal data: no cache may keep them.
  app.use("/api", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // First of all: a body over the limit is refused before it is read, or once it passes the limit.
  app.use(bodyLimit());
  // Before identity and body parsing: health checks touch only their own pools.
  app.use(healthRoutes(pools, { disk }));
  // Before any route: an unsafe request from another origin may not ride on the session cookie.
  app.use(crossSiteGuard(GRAPHQL_PATH));
  // Before the body is read: a request past its caller's cap waits (or is refused) holding nothing.
  app.use(
    GRAPHQL_PATH,
    gate(graphqlConcurrencyRefusal, (token) => resolveSession(pools.identity, token)),
  );
  // Imported on their first request (server/http/lazy-handler.ts), or by loadRoutes once listening.
  const mcpRoute = lazyHandler(async () =>
    (await import("./mcp/routes.ts")).mcpRoutes(pools.identity, () => pgl.getSchemaResult()),
  );
  const oauthRoute = lazyHandler(
    async () => (await import("./oauth/routes.ts")).oauthRoutes(pools.account, { rateLimit: oauthRateLimit }),
    (req) => req.path.startsWith("/.well-known") || req.path.startsWith(OAUTH_PATH),
  );
  // An unseen app token at a shared address is looked up first, like an unseen session.
  app.use(
    MCP_PATH,
    mcpCors,
    gate(mcpRefusal, (token) => appTokenIdentity(pools.identity, token)),
  );
  // Not strict: `null` or `"x"` is valid JSON; the routes then say it must be an object.
  const json = express.json({ limit: BODY_LIMIT_BYTES, strict: false });
  // The OAuth routes read their own bodies, at most 16 kB (server/oauth/routes.ts): read here first,
  // a registration could store 1 MB.
  app.use((req, res, next) => (req.path.startsWith(OAUTH_PATH) ? next() : json(req, res, next)));
  // Once the body says which GraphQL operation it is: a secret beside caller-chosen text is never compressed (BREACH).
  app.use(keepSecretsUncompressed(GRAPHQL_PATH));
  // The MCP server takes a connected app's OAuth token, never a session or a key (server/mcp/).
  // Its tools' database work ends with the request, as on /api/graphql (server/graphql/database-time.ts).
  app.use(MCP_PATH, requestDatabaseWork(requestTimeoutMs), chargeSpentCost(costBudget), mcpRoute);
  app.use(sessionIdentity(pools.identity, GRAPHQL_PATH));
  // A key is not a sign-in: it works only on /api/graphql.
  app.use(AUTH_PATH, (req, res, next) => {
    if (req.presentedCredential === "key")
      return sendError(res, "UNAUTHORIZED", "API keys work only on /api/graphql; sign in with a session");
    next();
  });
  app.use(
    AUTH_PATH,
    authRoutes(
      pools.account,
      services.authLimits,
      passwordChecks(pools.password, { ...PASSWORD_CHECK_LIMITS, ...passwordCheckLimits }),
      setupCode,
    ),
  );
  app.use(ADMIN_PATH, adminRoutes(pools.account));
  // OAuth for MCP clients: metadata, registration, authorize with the consent page, token.
  app.use(oauthRoute);
  // What an operation may do and cost is checked inside grafserv (server/graphql/operation-guard.ts).
  app.use(
    GRAPHQL_PATH,
    lowerCaseMediaType(),
    jsonUnlessGraphqlResponseAsked(),
    deferApiKey(pools.identity),
    refuseSpentOut(costBudget),
    objectBodyOnly,
    requestDatabaseWork(requestTimeoutMs),
    chargeSpentCost(costBudget),
  );

  const pgl = postgraphile({
    extends: [makePreset({ pool: pools.graphql, dev, services })],
    plugins: [databaseTimePlugin(statementTimeoutMs)],
  });
  const serv = pgl.createServ(grafserv);
  server.on("checkContinue", refuseLargeBodiesBeforeContinue(app));
  const requests = watchRequests(server);
  await serv.addTo(app, server, false);

  // The web app at / (after the API, so /api/... never reaches it).
  const web = await webApp({
    dev,
    server,
    say: (message) => log("info", message),
    dist: webDist,
    pageStatus: pageStatus(pools.account),
  });
  app.use(web.handler);
  app.use((_req, res) => sendError(res, "NOT_FOUND", "No such route"));
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    // Already answered (a body refused while its reader still waited): Express ends the connection.
    if (res.headersSent) return next(error);
    const shape = req.path.startsWith(GRAPHQL_PATH) ? "graphql" : "route";
    if (error instanceof HttpError) return sendError(res, error.code, error.message, error.details, shape);
    if (isOutage(error)) return answerOutage(req, res, error);
    const refusal = bodyRefusal(error as BodyParserError);
    if (refusal) return sendError(res, refusal.code, refusal.message, {}, shape);
    const errorId = randomUUID();
    log("error", "unexpected error", { errorId, path: req.path, error: (error as Error).message });
    sendError(res, "INTERNAL_ERROR", `Internal server error (error id ${errorId})`, {}, shape);
  });

  return {
    app,
    server,
    close: async () => {
      await requests.close();
      await web.close();
      await pgl.release();
      await costBudget.close();
      refusals.close();
    },
    loadRoutes: async () => {
      await Promise.all([mcpRoute.load(), oauthRoute.load()]);
    },
  };
}
