// OAuth 2.1 for the MCP server, from the MCP SDK's handlers: metadata (RFC 9728 for /api/mcp,
// RFC 8414 for the server), dynamic registration (RFC 7591), authorize (with our consent page),
// token (code + PKCE S256, refresh rotation) and revocation. The metadata names the addresses the
// client reached us by, so one instance answers under any host its operator gives it.
import express, { type Request, type Response, type NextFunction } from "express";
import type pg from "pg";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { oauthProvider, clientsStore, checkClientSecret } from "./provider.ts";
import { sendError } from "../http-error.ts";
import { consentHandler } from "./consent.ts";
import { readableOAuthErrors } from "./readable-errors.ts";
import { redirectUriProblem } from "./redirect-uri.ts";
import { SCOPES } from "./limits.ts";
import { MCP_PATH, OAUTH_PATH, originOf, resourceFor } from "./urls.ts";

export function authorizationServerMetadata(req: Request): OAuthMetadata {
  const origin = originOf(req);
  const at = (path: string) => new URL(`${OAUTH_PATH}/${path}`, origin).href;
  return {
    issuer: new URL("/", origin).href.replace(/\/$/, ""),
    authorization_endpoint: at("authorize"),
    token_endpoint: at("token"),
    registration_endpoint: at("register"),
    revocation_endpoint: at("revoke"),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    scopes_supported: SCOPES,
    service_documentation: new URL("/", origin).href,
  };
}

export function protectedResourceMetadata(req: Request): OAuthProtectedResourceMetadata {
  return {
    resource: resourceFor(req),
    authorization_servers: [authorizationServerMetadata(req).issuer],
    scopes_supported: SCOPES,
    bearer_methods_supported: ["header"],
    resource_name: "Training Log",
  };
}

// Public documents: any origin may read them (browser-based MCP clients).
function publicJson(build: (req: Request) => unknown) {
  return (req: Request, res: Response) => {
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Cross-Origin-Resource-Policy", "cross-origin");
    res.json(build(req));
  };
}

/**
 * The token endpoint's client check before the SDK's: an unknown client gets 401 invalid_client
 * (clients such as Claude register again only then; the SDK says 400), and a confidential
 * client's secret is checked against its hash (the SDK would compare it in clear).
 */
function clientGate(store: ReturnType<typeof clientsStore>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const clientId = typeof body.client_id === "string" ? body.client_id : undefined;
      if (!clientId) return next(); // the SDK answers invalid_request
      const client = await store.row(clientId);
      const problem = client
        ? checkClientSecret(client, typeof body.client_secret === "string" ? body.client_secret : undefined)
        : "Unknown client_id; register again";
      if (problem) {
        res.set("Access-Control-Allow-Origin", "*");
        res.set("Cache-Control", "no-store");
        res.set("WWW-Authenticate", 'Basic realm="oauth"');
        res.status(401).json({ error: "invalid_client", error_description: problem });
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Registration's redirect URIs checked before the SDK's metadata schema, which would refuse some
 * (javascript:) as invalid_client_metadata with a raw schema message: every refused redirect URI
 * gets RFC 7591's invalid_redirect_uri with a sentence.
 */
function redirectUriGate(req: Request, res: Response, next: NextFunction) {
  const uris = req.method === "POST" ? (req.body as { redirect_uris?: unknown } | undefined)?.redirect_uris : undefined;
  if (!Array.isArray(uris)) return next();
  for (const uri of uris) {
    const problem = typeof uri === "string" ? redirectUriProblem(uri) : "redirect_uris must be strings";
    if (problem) {
      res.set("Access-Control-Allow-Origin", "*");
      res.set("Cache-Control", "no-store");
      res.status(400).json({ error: "invalid_redirect_uri", error_description: problem });
      return;
    }
  }
  next();
}

export type OAuthRouteOptions = {
  /** Requests per address in each handler's window (the SDK's defaults unless set; false: none). */
  rateLimit?: false;
};

export function oauthRoutes(ownerPool: pg.Pool, options: OAuthRouteOptions = {}) {
  const router = express.Router();
  const provider = oauthProvider(ownerPool);
  const store = clientsStore(ownerPool);
  const limit = options.rateLimit === false ? { rateLimit: false as const } : {};

  router.get("/.well-known/oauth-authorization-server", publicJson(authorizationServerMetadata));
  router.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, publicJson(protectedResourceMetadata));
  router.get("/.well-known/oauth-protected-resource", publicJson(protectedResourceMetadata));
  // Any other well-known document is missing, said in JSON: clients probe several (openid-configuration),
  // and the web app's page would look like a document to them.
  router.use("/.well-known", (_req, res) =>
    sendError(
      res,
      "NOT_FOUND",
      "No such well-known document (this server has oauth-authorization-server and oauth-protected-resource)",
    ),
  );

  router.use(OAUTH_PATH, readableOAuthErrors);
  router.use(`${OAUTH_PATH}/authorize`, authorizationHandler({ provider, ...limit }));
  router.use(
    `${OAUTH_PATH}/token`,
    express.urlencoded({ extended: false, limit: "16kb" }),
    clientGate(store),
    tokenHandler({ provider, ...limit }),
  );
  router.use(
    `${OAUTH_PATH}/register`,
    express.json({ limit: "16kb" }),
    redirectUriGate,
    clientRegistrationHandler({ clientsStore: store, ...limit }),
  );
  router.use(
    `${OAUTH_PATH}/revoke`,
    express.urlencoded({ extended: false, limit: "16kb" }),
    clientGate(store),
    revocationHandler({ provider, ...limit }),
  );
  router.post(
    `${OAUTH_PATH}/consent`,
    express.urlencoded({ extended: false, limit: "16kb" }),
    consentHandler(ownerPool, store),
  );
  return router;
}
