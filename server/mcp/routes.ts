// The remote MCP server at /api/mcp (Streamable HTTP, stateless: every POST is answered on its own,
// in JSON, so any process of the cluster can take it). A connected app's OAuth access token is required;
// its tools run GraphQL in this process against the same schema, as the token's user: the
// request's pgSettings carry the token's hash and RLS decides, read-only connections through the
// read-only role.
import type { Request, Response, NextFunction } from "express";
import type pg from "pg";
import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { JSON_RPC_CODES } from "../../db/errors.ts";
import { createTrainingLogServer } from "@svc/sdk/mcp";
import { readCredential } from "../identity/credential.ts";
import { log } from "../observability/logger.ts";
import { oauthProvider, type ConnectionInfo } from "../oauth/provider.ts";
import { protectedResourceMetadataUrl, resourceFor } from "../oauth/urls.ts";
import { graphqlRunner, type SchemaSource } from "./graphql-runner.ts";
import { JsonResponseTransport, readMessages, answer } from "./json-transport.ts";

/** A 401 naming the resource metadata; `error` is null when the request had no credentials (RFC 6750 3.1: then no error code). */
function unauthorized(req: Request, res: Response, error: string | null, description: string) {
  const metadata = protectedResourceMetadataUrl(req);
  const problem = error ? `error="${error}", error_description="${description.replace(/"/g, "'")}", ` : "";
  res.set("WWW-Authenticate", `Bearer ${problem}resource_metadata="${metadata}"`);
  res.status(401).json({ ...(error ? { error } : {}), error_description: description });
}

export function mcpRoutes(ownerPool: pg.Pool, getSchema: SchemaSource) {
  const provider = oauthProvider(ownerPool);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A key is for scripts on /api/graphql; an assistant connects through OAuth.
      const credential = readCredential(req);
      if (credential?.kind === "key" || (credential?.kind === "malformed" && req.get("x-api-key") !== undefined)) {
        unauthorized(
          req,
          res,
          "invalid_token",
          "API keys do not work on the MCP server: connect the app with its OAuth sign-in (it starts from this 401)",
        );
        return;
      }
      const header = req.get("authorization");
      if (!header) {
        unauthorized(req, res, null, "Sign in: this server needs an OAuth access token (see resource_metadata)");
        return;
      }
      const token = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
      let info: AuthInfo;
      try {
        if (!token) throw new InvalidTokenError("Authorization must be `Bearer <access token>`");
        info = await provider.verifyAccessToken(token);
        // Tokens are for this server's address only (RFC 8707): one for another host is refused.
        if (info.resource?.href !== resourceFor(req))
          throw new InvalidTokenError("This token was not issued for this server");
      } catch (error) {
        if (error instanceof InvalidTokenError) return unauthorized(req, res, "invalid_token", error.message);
        throw error;
      }
      if (req.method !== "POST") {
        // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
        res.set("Allow", "POST, OPTIONS");
        res.status(405).json({
          jsonrpc: "2.0",
          error: {
            code: JSON_RPC_CODES.SERVER_ERROR,
            message: "Method not allowed: this MCP server answers POST only (stateless)",
          },
          id: null,
        });
        return;
      }
      const read = readMessages(req, res);
      if (!read) return;
      const connection = (info.extra as { connection: ConnectionInfo }).connection;
      req.identity = { kind: "oauth", ...connection };
      req.resolveIdentity = async () => req.identity;
      const server = createTrainingLogServer(graphqlRunner(getSchema, req, res), { access: connection.access });
      const transport = new JsonResponseTransport();
      await server.connect(transport);
      await answer(transport, req, res, read, info);
    } catch (error) {
      log("error", "MCP request failed", { error: (error as Error).message });
      next(error);
    }
  };
}
