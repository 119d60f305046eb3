// OAuth 2.1 for the MCP server, from the MCP SDK's handlers: metadata (RFC 9728 for /api/mcp,
// RFC 8414 for the server), dynamic registration (RFC 7591), authorize (with our consent page),
// token (code + PKCE S256, refresh rotation) and revocation. The metadata names the addresses
// under the configured public URL (PUBLIC_URL), whatever Host a request says.
import express, { type Request, type Response, type NextFunction } from "express";
import type pg from "pg";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { oauthProvider, clientsStore, checkClientSecret } from "./provider.ts";
import { sendError } from "../http/http-error.ts";
import { consentHandler } from "./consent.ts";
import { readableOAuthErrors } from "./readable-errors.ts";
import { authorizeErrorsOnOurPage } from "./authorize-errors.ts";
import { redirectUriProblem } from "./redirect-uri.ts";
import { SCOPES } from "./limits.ts";
import { resourceFor } from "./urls.ts";
import { MCP_PATH, OAUTH_PATH } from "../http/paths.ts";
import { publicOrigin } from "../process/public-url.ts";

export function authorizationServerMetadata(req: Request): OAuthMetadata {
  const origin = publicOrigin(req);
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
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
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

/** How a client may authenticate at the token and revocation endpoints (RFC 7591's names). */
const CLIENT_AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;

function refuseClient(res: Response, status: 400 | 401, error: string, description: string) {
  res.set("Access-Control-Allow-Origin", "*");
  res.set("Cache-Control", "no-store");
  if (status === 401) res.set("WWW-Authenticate", 'Basic realm="oauth"');
  res.status(status).json({ error, error_description: description });
}

/**
 * The client's id and secret from `Authorization: Basic` (RFC 6749 2.3.1: each form-urlencoded,
 * then `id:secret` in base64); null without that header, a problem when it is not one.
 */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null | string {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!header || !/^Basic\b/i.test(header)) return null;
  const decoded = m ? Buffer.from(m[1], "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  if (colon < 1) return "Authorization: Basic must hold base64 of client_id:client_secret";
  const form = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll("+", " "));
    } catch {
      return null;
    }
  };
  const id = form(decoded.slice(0, colon));
  const secret = form(decoded.slice(colon + 1));
  if (id === null || secret === null)
    return "Authorization: Basic holds a client_id or client_secret that is not form-encoded";
  return { id, secret };
}

/**
 * The token and revocation endpoints' client check before the SDK's: the client's credentials in
 * the body (client_secret_post, or none) or in `Authorization: Basic` (client_secret_basic), never
 * both; an unknown client gets 401 invalid_client (clients such as Claude register again only then;
 * the SDK says 400), and a confidential client's secret is checked against its hash (the SDK would
 * compare it in clear).
 */
function clientGate(store: ReturnType<typeof clientsStore>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const basic = basicCredentials(req.headers.authorization);
      if (typeof basic === "string") return refuseClient(res, 401, "invalid_client", basic);
      if (basic && (body.client_secret !== undefined || (body.client_id !== undefined && body.client_id !== basic.id)))
        return refuseClient(
          res,
          400,
          "invalid_request",
          "Give the client's credentials once: in Authorization: Basic or in the body, not both",
        );
      const clientId = basic ? basic.id : typeof body.client_id === "string" ? body.client_id : undefined;
      if (!clientId) return next(); // the SDK answers invalid_request
      const secret = basic ? basic.secret : typeof body.client_secret === "string" ? body.client_secret : undefined;
      const client = await store.row(clientId);
      const problem = client ? checkClientSecret(client, secret) : "Unknown client_id; register again";
      if (problem) return refuseClient(res, 401, "invalid_client", problem);
      // The SDK's handlers read the client from the body; its secret was checked here.
      req.body = { ...body, client_id: clientId };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Registration's client authentication method: RFC 7591's default (client_secret_basic) when none
 * is given, so the answer always names the method in use; one this server does not take is refused.
 */
function authMethodGate(req: Request, res: Response, next: NextFunction) {
  const body = req.method === "POST" ? (req.body as Record<string, unknown> | undefined) : undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return next();
  const method = body.token_endpoint_auth_method ?? "client_secret_basic";
  if (!CLIENT_AUTH_METHODS.includes(method as (typeof CLIENT_AUTH_METHODS)[number]))
    return refuseClient(
      res,
      400,
      "invalid_client_metadata",
      `token_endpoint_auth_method ${JSON.stringify(method)} is not one this server takes: ${CLIENT_AUTH_METHODS.join(", ")}`,
    );
  req.body = { ...body, token_endpoint_auth_method: method };
  next();
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

/** Where U+0000 is in a JSON value (a key or a string at any depth), as a path; null when nowhere. */
export function nulCharacterAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "the body" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterAt(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return `a key of ${path || "the body"}`;
      const found = nulCharacterAt(item, at);
      if (found) return found;
    }
  }
  return null;
}

/** PostgreSQL cannot store U+0000 in text or jsonb: refused as the client's error, anywhere in the metadata. */
function nulCharacterGate(req: Request, res: Response, next: NextFunction) {
  const at = req.method === "POST" ? nulCharacterAt(req.body) : null;
  if (!at) return next();
  res.set("Access-Control-Allow-Origin", "*");
  res.set("Cache-Control", "no-store");
  res.status(400).json({ error: "invalid_client_metadata", error_description: `${at} must not contain U+0000` });
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
  router.use(`${OAUTH_PATH}/authorize`, authorizeErrorsOnOurPage(store), authorizationHandler({ provider, ...limit }));
  router.use(
    `${OAUTH_PATH}/token`,
    express.urlencoded({ extended: false, limit: "16kb" }),
    clientGate(store),
    tokenHandler({ provider, ...limit }),
  );
  router.use(
    `${OAUTH_PATH}/register`,
    express.json({ limit: "16kb" }),
    nulCharacterGate,
    redirectUriGate,
    authMethodGate,
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
