// Refuses, before anything runs, the mutations a caller may not attempt: any mutation when signed
// out or with a read-only key, and session-only fields (keys, devices, account) with a key.
// The database enforces the same rules again (roles and RLS); this gives a clean FORBIDDEN.
import type { Request, Response, NextFunction } from "express";
import { parse, Kind, type OperationDefinitionNode, type DocumentNode } from "graphql";

/** Root fields that need a signed-in session; an API key is refused even for its owner. */
export const SESSION_ONLY_FIELDS = new Set([
  "createApiKey",
  "revokeApiKey",
  "signOutSession",
  "signOutOtherSessions",
  "deleteAccount",
]);

function forbidden(res: Response, message: string) {
  res.status(200).json({ errors: [{ message, extensions: { code: "FORBIDDEN" } }], data: null });
}

function selectedOperation(doc: DocumentNode, operationName: unknown): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (typeof operationName === "string" && operationName) return ops.find((o) => o.name?.value === operationName);
  return ops.length === 1 ? ops[0] : undefined;
}

export function graphqlGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || typeof req.body?.query !== "string") return next();
    let doc: DocumentNode;
    try {
      doc = parse(req.body.query);
    } catch {
      return next(); // grafserv reports syntax errors in the usual GraphQL shape
    }
    const op = selectedOperation(doc, req.body.operationName);
    if (!op) return next();
    const identity = req.identity;
    if (op.operation === "mutation") {
      if (identity.kind === "anonymous" || identity.kind === "dead-key") {
        return forbidden(res, "Sign in (or use a valid API key) to make changes");
      }
      if (identity.kind === "key" && identity.access === "read_only") {
        return forbidden(res, "This API key is read only; mutations need a read and write key");
      }
    }
    if (identity.kind === "key" || identity.kind === "dead-key") {
      const fields = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).map((s) => s.name.value);
      const sessionOnly = fields.find((f) => SESSION_ONLY_FIELDS.has(f));
      if (sessionOnly) return forbidden(res, `${sessionOnly} needs a signed-in session; API keys cannot use it`);
    }
    next();
  };
}
