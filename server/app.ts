// The Express app: auth routes, the key gate and guard, then PostGraphile at /api/graphql.
import express, { type Request, type Response, type NextFunction } from "express";
import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { postgraphile } from "postgraphile";
import { grafserv } from "postgraphile/grafserv/express/v4";
import { makePreset, GRAPHQL_PATH } from "../plugins/preset.ts";
import { sessionIdentity, apiKeyGate } from "./identity.ts";
import { graphqlGuard } from "./graphql-guard.ts";
import { authRoutes, BadRequest } from "./auth-routes.ts";
import { adminRoutes } from "./admin-routes.ts";
import { log } from "./logger.ts";
import { securityHeaders } from "./security-headers.ts";

export const BODY_LIMIT = "1mb";

export type AppOptions = { ownerPool: pg.Pool; authPool: pg.Pool; dev?: boolean };
export type App = { app: express.Express; server: Server; close: () => Promise<void> };

export async function createApp({ ownerPool, authPool, dev = false }: AppOptions): Promise<App> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(securityHeaders());
  app.use((req, res, next) => {
    const id = req.get("x-request-id")?.slice(0, 100) || randomUUID();
    res.set("x-request-id", id);
    next();
  });
  // Not strict: `null` or `"x"` is valid JSON; the routes then say it must be an object.
  app.use(express.json({ limit: BODY_LIMIT, strict: false }));
  app.use(sessionIdentity(ownerPool));
  // A key is not a sign-in: it works only on /api/graphql.
  app.use("/api/auth", (req, res, next) => {
    if (req.presentedCredential === "key") {
      res.status(401).json({ code: "UNAUTHORIZED", message: "API keys work only on /api/graphql; sign in with a session" });
      return;
    }
    next();
  });
  app.use("/api/auth", authRoutes(ownerPool));
  app.use("/api/auth/admin", adminRoutes(ownerPool));
  // Key lookups commit their counter without waiting for the disk: a crash may forget the last few
  // increments, which matters to nobody, and every keyed request saves an fsync.
  const counterPool = new pg.Pool({
    connectionString: (ownerPool as unknown as { options: { connectionString: string } }).options.connectionString,
    options: "-c synchronous_commit=off",
    max: 5,
  });
  counterPool.on("error", () => {});
  app.use(GRAPHQL_PATH, apiKeyGate(counterPool), graphqlGuard());

  const pgl = postgraphile(makePreset({ pool: authPool, dev }));
  const serv = pgl.createServ(grafserv);
  const server = createServer(app);
  await serv.addTo(app, server, false);

  app.get("/", (_req, res) => {
    res.type("text/plain").send(`Training Log. GraphQL API: POST ${GRAPHQL_PATH}\n`);
  });
  app.use((_req, res) => {
    res.status(404).json({ code: "NOT_FOUND", message: "No such route" });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const err = error as { status?: number; type?: string; message?: string };
    const isGraphQL = req.path.startsWith(GRAPHQL_PATH);
    let status = 500;
    let message = "Internal server error";
    if (error instanceof BadRequest) {
      status = 400;
      message = error.message;
    } else if (err.type === "entity.parse.failed") {
      status = 400;
      message = "The request body is not valid JSON";
    } else if (err.type === "entity.too.large") {
      status = 413;
      message = `The request body is larger than ${BODY_LIMIT}`;
    } else if ((err as { code?: string }).code === "22021") {
      status = 400;
      message = "A text value contains the character U+0000, which cannot be stored";
    } else if (err.status && err.status >= 400 && err.status < 500) {
      status = err.status;
      message = err.message ?? "Bad request";
    } else {
      const errorId = randomUUID();
      log("error", "unexpected error", { errorId, path: req.path, error: err.message });
      message = `Internal server error (error id ${errorId})`;
    }
    const code = status === 400 ? "BAD_REQUEST" : status === 413 ? "PAYLOAD_TOO_LARGE" : status === 500 ? "INTERNAL_ERROR" : "ERROR";
    if (isGraphQL) res.status(status).json({ errors: [{ message, extensions: { code } }] });
    else res.status(status).json({ code, message });
  });

  return {
    app,
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await pgl.release();
      await counterPool.end();
    },
  };
}
