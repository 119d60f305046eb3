// Refuses, before anything runs, the mutations a caller may not attempt: any mutation when signed
// out or with a read-only key, and session-only fields (keys, devices, account) with a key.
// The database enforces the same rules again (roles and RLS); this gives a clean FORBIDDEN.
// It also bounds the size of an operation (depth, fields, root fields) before it is planned.
import type { Request, Response, NextFunction } from "express";
import { parse, Kind, type OperationDefinitionNode, type DocumentNode, type SelectionSetNode, type FragmentDefinitionNode } from "graphql";

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

/** The root field names an operation selects, through fragment spreads and inline fragments too. */
export function rootFieldNames(doc: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFieldNames(doc, selection.selectionSet, seen));
    else if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = doc.definitions.find(
        (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment) names.push(...rootFieldNames(doc, fragment.selectionSet, seen));
    }
  }
  return names;
}

/** Bounds on one operation, so a single request cannot make the planner work for seconds. */
export const QUERY_LIMITS = { depth: 12, fields: 2000, rootFields: 25 } as const;

/** Depth and field count of a selection, following fragments (each spread counted where used). */
export function measureSelection(doc: DocumentNode, selectionSet: SelectionSetNode, depth = 1, seen: string[] = []): { depth: number; fields: number } {
  let maxDepth = depth;
  let fields = 0;
  for (const selection of selectionSet.selections) {
    let inner: SelectionSetNode | undefined;
    let nextDepth = depth;
    if (selection.kind === Kind.FIELD) {
      fields += 1;
      inner = selection.selectionSet;
      nextDepth = depth + 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = selection.selectionSet;
    } else if (!seen.includes(selection.name.value)) {
      inner = doc.definitions.find(
        (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      )?.selectionSet;
      seen = [...seen, selection.name.value];
    }
    if (inner) {
      const m = measureSelection(doc, inner, nextDepth, seen);
      maxDepth = Math.max(maxDepth, m.depth);
      fields += m.fields;
    }
    if (fields > QUERY_LIMITS.fields || maxDepth > QUERY_LIMITS.depth) break;
  }
  return { depth: maxDepth, fields };
}

function tooComplex(res: Response, message: string) {
  res.status(400).json({ errors: [{ message, extensions: { code: "QUERY_TOO_COMPLEX" } }] });
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
    const roots = rootFieldNames(doc, op.selectionSet);
    if (roots.length > QUERY_LIMITS.rootFields) {
      return tooComplex(res, `An operation may select at most ${QUERY_LIMITS.rootFields} root fields (this one selects ${roots.length})`);
    }
    const size = measureSelection(doc, op.selectionSet);
    if (size.depth > QUERY_LIMITS.depth) return tooComplex(res, `An operation may nest at most ${QUERY_LIMITS.depth} levels deep`);
    if (size.fields > QUERY_LIMITS.fields) return tooComplex(res, `An operation may select at most ${QUERY_LIMITS.fields} fields`);
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
      const sessionOnly = roots.find((f) => SESSION_ONLY_FIELDS.has(f));
      if (sessionOnly) return forbidden(res, `${sessionOnly} needs a signed-in session; API keys cannot use it`);
    }
    next();
  };
}
