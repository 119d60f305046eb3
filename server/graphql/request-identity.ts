// A GraphQL request's session is resolved by SQL in the request's own transaction
// (server/graphql/request-transaction.ts). An operation that ran no SQL (`{ __typename }`, an error before
// execution) leaves it unresolved: it is looked up before the answer goes out, so the request log
// still names the caller.
import type { Request } from "express";

/** The Express request grafserv is answering. */
export const expressRequest = (event: { requestDigest: { requestContext?: unknown } }) =>
  (event.requestDigest.requestContext as { expressv4?: { req?: Request } } | undefined)?.expressv4?.req;

export const RequestIdentityPlugin: GraphileConfig.Plugin = {
  name: "RequestIdentityPlugin",
  description: "Resolves a GraphQL request's session before its answer when no SQL resolved it",
  version: "1.0.0",
  grafserv: {
    middleware: {
      async processRequest(next, event) {
        const result = await next();
        const req = expressRequest(event);
        if (req?.identity?.kind === "unresolved-session") await req.resolveIdentity().catch(() => {});
        return result;
      },
    },
  },
};
