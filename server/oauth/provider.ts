// The OAuth 2.1 authorization server behind the MCP server, as the MCP SDK's OAuthServerProvider:
// clients registered dynamically, codes with PKCE (S256, checked by the SDK's token handler),
// rotating refresh tokens and short-lived access tokens. Everything is kept in PostgreSQL through
// app_private functions (the oauth_* ones in data/schema/), and only as SHA-256 hashes.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Response } from "express";
import type pg from "pg";
import type { OAuthServerProvider, AuthorizationParams } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type {
  OAuthClientInformationFull,
  OAuthTokens,
  OAuthTokenRevocationRequest,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
  InvalidScopeError,
  InvalidClientMetadataError,
  InvalidRequestError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { sha256 } from "../identity/credential.ts";
import { ACCESS_TOKEN_PREFIX, liveAccessToken } from "./access-token.ts";
import { renderConsent, type ConsentRequest } from "./consent.ts";
import { accessForScopes, OAUTH_LIMITS, SCOPES } from "./limits.ts";
import { resourceFor, signInAddress } from "./urls.ts";
import { redirectUriProblem } from "./redirect-uri.ts";

/** The registration fields this server reads (RFC 7591); the rest of a registration is not stored. */
const KEPT_METADATA = [
  "client_name",
  "grant_types",
  "response_types",
  "token_endpoint_auth_method",
  "scope",
  "client_id_issued_at",
] as const;

function keptMetadata(client: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(KEPT_METADATA.filter((k) => client[k] !== undefined).map((k) => [k, client[k]]));
}

export const REFRESH_TOKEN_PREFIX = "mcpr_";

const newSecret = (prefix = "") => prefix + randomBytes(32).toString("base64url");

/** What the MCP route knows about the caller once its token is checked. */
export type ConnectionInfo = {
  userId: string;
  connectionId: string;
  access: "read_only" | "read_write";
  tokenHash: string;
};

type ClientRow = {
  id: string;
  name: string;
  redirect_uris: string[];
  metadata: Record<string, unknown>;
  secret_hash: Buffer | null;
  secret_expires_at: Date | null;
};

/** Registered clients; a confidential client's secret is kept as a hash and checked by `checkClientSecret`. */
export function clientsStore(
  ownerPool: pg.Pool,
): OAuthRegisteredClientsStore & { row(id: string): Promise<ClientRow | null> } {
  async function row(id: string): Promise<ClientRow | null> {
    if (id.length > 100) return null;
    const { rows } = await ownerPool.query("select * from app_private.oauth_client($1)", [id]);
    return rows[0]?.id ? rows[0] : null;
  }
  return {
    row,
    async getClient(id) {
      const client = await row(id);
      if (!client) return undefined;
      // Without client_secret: the SDK's handlers would compare it in clear; the route checked it already.
      return {
        ...(client.metadata as object),
        client_id: client.id,
        redirect_uris: client.redirect_uris,
      } as OAuthClientInformationFull;
    },
    async registerClient(registration) {
      // The SDK's registration handler gives every client an id before it stores it.
      const client = registration as OAuthClientInformationFull;
      const { client_secret, client_secret_expires_at } = client;
      const metadata = keptMetadata(client);
      const name = (client.client_name ?? "").trim() || "Unnamed app";
      if (name.length > 200) throw new InvalidClientMetadataError("client_name must be at most 200 characters");
      if (client.redirect_uris.length > 10) throw new InvalidClientMetadataError("redirect_uris: at most 10");
      // The redirect URIs were checked by the route (redirect-uri.ts) before the SDK's handler.
      await ownerPool
        .query("select app_private.oauth_register_client($1, $2, $3, $4, $5, $6)", [
          client.client_id,
          name,
          client.redirect_uris,
          metadata,
          client_secret ? sha256(client_secret) : null,
          client_secret_expires_at ? new Date(client_secret_expires_at * 1000) : null,
        ])
        .catch((error: { code?: string; message?: string }) => {
          // SQL's refusal of the name (a bidi control or zero-width character), naming client_name.
          if (error.code === "SVBAD") throw new InvalidClientMetadataError(error.message ?? "client_name is refused");
          throw error;
        });
      // Echoed back as kept (the secret too, once): nothing the server ignores.
      return {
        ...metadata,
        client_id: client.client_id,
        redirect_uris: client.redirect_uris,
        ...(client_secret ? { client_secret, client_secret_expires_at } : {}),
      } as OAuthClientInformationFull;
    },
  };
}

/** A confidential client's secret against its stored hash; a public client has none to check. */
export function checkClientSecret(client: ClientRow, secret: string | undefined): string | null {
  if (!client.secret_hash) return null;
  if (!secret) return "Client secret is required";
  if (!timingSafeEqual(sha256(secret), client.secret_hash)) return "Invalid client_secret";
  if (client.secret_expires_at && client.secret_expires_at.getTime() < Date.now()) return "Client secret has expired";
  return null;
}

export function oauthProvider(ownerPool: pg.Pool): OAuthServerProvider {
  const store = clientsStore(ownerPool);

  async function issueTokens(
    status: string,
    access: string | null,
    accessToken: string,
    refreshToken: string,
  ): Promise<OAuthTokens> {
    switch (status) {
      case "ok":
        return {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: OAUTH_LIMITS.accessTokenSeconds,
          refresh_token: refreshToken,
          scope: access === "read_write" ? SCOPES.join(" ") : "read",
        };
      case "reused":
        throw new InvalidGrantError("This grant was already used; the connection it made is revoked");
      case "expired":
        throw new InvalidGrantError("This grant has expired");
      case "redirect_mismatch":
        throw new InvalidGrantError("redirect_uri does not match the one of the authorization request");
      case "resource_mismatch":
        throw new InvalidTargetError("resource does not match the one the grant was given for");
      default:
        throw new InvalidGrantError("Unknown or revoked grant");
    }
  }

  return {
    get clientsStore() {
      return store;
    },

    // The consent page, or the web app's sign-in first (it comes back here).
    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      const req = res.req;
      const resource = resourceFor(req);
      if (params.resource && params.resource.href !== resource) {
        throw new InvalidTargetError(`resource must be ${resource}: this server's tokens are for it only`);
      }
      // A client registered before the allowlist of redirect URIs may hold one it no longer allows.
      const problem = redirectUriProblem(params.redirectUri);
      if (problem) throw new InvalidRequestError(problem);
      const unknown = (params.scopes ?? []).filter((scope) => !SCOPES.includes(scope));
      if (unknown.length)
        throw new InvalidScopeError(`Unknown scope ${unknown.join(" ")}; this server knows ${SCOPES.join(" ")}`);
      const request: ConsentRequest = {
        clientId: client.client_id,
        clientName: (await store.row(client.client_id))?.name ?? "Unnamed app",
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        state: params.state,
        scope: params.scopes?.join(" ") || undefined,
        resource,
        access: accessForScopes(params.scopes),
      };
      if (req.identity?.kind !== "session") {
        res.redirect(302, signInAddress(request));
        return;
      }
      const { rows } = await ownerPool.query("select name, email::text from app_public.users where id = $1", [
        req.identity.userId,
      ]);
      renderConsent(res, request, rows[0] ? `${rows[0].name} (${rows[0].email})` : "");
    },

    async challengeForAuthorizationCode(client, code) {
      const { rows } = await ownerPool.query("select app_private.oauth_code_challenge($1, $2) as challenge", [
        sha256(code),
        client.client_id,
      ]);
      if (!rows[0].challenge) throw new InvalidGrantError("Unknown, expired or already used authorization code");
      return rows[0].challenge;
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
      const accessToken = newSecret(ACCESS_TOKEN_PREFIX);
      const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
      // OAuth 2.1: redirect_uri is sent again when the request had one; ours always has one.
      if (!redirectUri) throw new InvalidGrantError("redirect_uri is required");
      const { rows } = await ownerPool.query(
        "select status, access from app_private.oauth_exchange_code($1, $2, $3, $4, $5, $6, $7, $8)",
        [
          sha256(code),
          client.client_id,
          redirectUri,
          resource?.href ?? null,
          sha256(accessToken),
          sha256(refreshToken),
          OAUTH_LIMITS.accessTokenSeconds,
          OAUTH_LIMITS.refreshTokenSeconds,
        ],
      );
      return issueTokens(rows[0].status, rows[0].access, accessToken, refreshToken);
    },

    async exchangeRefreshToken(client, refreshToken, scopes, resource) {
      const unknown = (scopes ?? []).filter((scope) => !SCOPES.includes(scope));
      if (unknown.length) throw new InvalidScopeError(`Unknown scope ${unknown.join(" ")}`);
      const accessToken = newSecret(ACCESS_TOKEN_PREFIX);
      const nextRefresh = newSecret(REFRESH_TOKEN_PREFIX);
      const { rows } = await ownerPool.query(
        "select status, access from app_private.oauth_refresh($1, $2, $3, $4, $5, $6, $7)",
        [
          sha256(refreshToken),
          client.client_id,
          resource?.href ?? null,
          sha256(accessToken),
          sha256(nextRefresh),
          OAUTH_LIMITS.accessTokenSeconds,
          OAUTH_LIMITS.refreshTokenSeconds,
        ],
      );
      return issueTokens(rows[0].status, rows[0].access, accessToken, nextRefresh);
    },

    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const row = await liveAccessToken(ownerPool, token);
      if (!row) throw new InvalidTokenError("Unknown, expired or revoked access token");
      const connection: ConnectionInfo = {
        userId: row.user_id,
        connectionId: row.connection_id,
        access: row.access,
        tokenHash: row.tokenHash.toString("hex"),
      };
      return {
        token,
        clientId: row.connection_id,
        scopes: row.access === "read_write" ? [...SCOPES] : ["read"],
        expiresAt: Math.floor(new Date(row.expires_at).getTime() / 1000),
        resource: new URL(row.resource),
        extra: { connection },
      };
    },

    async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest) {
      await ownerPool.query("select app_private.oauth_revoke($1, $2)", [sha256(request.token), client.client_id]);
    },
  };
}
