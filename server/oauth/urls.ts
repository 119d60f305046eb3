// The addresses of the MCP server and its OAuth endpoints, under the configured public URL
// (server/process/public-url.ts), never the request's Host: tokens are bound to this exact resource.
import type { Request } from "express";
import { publicOrigin } from "../process/public-url.ts";
import type { ConsentRequest } from "./consent.ts";
import { MCP_PATH, OAUTH_PATH } from "../http/paths.ts";

export const SIGN_IN_PATH = "/sign-in";

/** The MCP server's address (RFC 8707 resource indicator). */
export function resourceFor(req: Request): string {
  return new URL(MCP_PATH, publicOrigin(req)).href;
}

export function protectedResourceMetadataUrl(req: Request): string {
  return new URL(`/.well-known/oauth-protected-resource${MCP_PATH}`, publicOrigin(req)).href;
}

/** The authorization request again, as an address (where the sign-in returns to). */
export function authorizeAddress(request: ConsentRequest): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    resource: request.resource,
  });
  if (request.scope) params.set("scope", request.scope);
  if (request.state !== undefined) params.set("state", request.state);
  return `${OAUTH_PATH}/authorize?${params}`;
}

/** The web app's sign-in, coming back to the authorization request. */
export function signInAddress(request: ConsentRequest): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ next: authorizeAddress(request) })}`;
}
