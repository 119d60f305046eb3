// What a GraphQL request asks for, read from its body without parsing the document: its operation's
// name (for the request log) and type (for the metrics).
/** A GraphQL operation name is a plain identifier; anything else is left out. */
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const COMMENTS = /^\s*(?:#[^\n]*\n\s*)*/;
const NAMED_OPERATION = new RegExp(
  `${COMMENTS.source}(?:query|mutation|subscription)\\s+([A-Za-z_][A-Za-z0-9_]{0,99})\\b`,
);

type Body = { operationName?: unknown; query?: unknown };

/** `operationName`, else the name of the document's first operation (`query Name ...`). */
export function operationName(body: unknown): string | undefined {
  const { operationName: given, query } = (body ?? {}) as Body;
  if (typeof given === "string") return OPERATION_NAME.test(given) ? given : undefined;
  return typeof query === "string" ? NAMED_OPERATION.exec(query.slice(0, 1000))?.[1] : undefined;
}

/**
 * `query`, `mutation` or `subscription`: the operation named by `operationName`, else the
 * document's first (`{ ... }` alone is a query); `unknown` when the body holds no document.
 */
export function operationType(body: unknown): "query" | "mutation" | "subscription" | "unknown" {
  const { operationName: given, query } = (body ?? {}) as Body;
  if (typeof query !== "string") return "unknown";
  if (typeof given === "string" && OPERATION_NAME.test(given)) {
    const named = new RegExp(`\\b(query|mutation|subscription)\\s+${given}\\b`).exec(query);
    if (named) return named[1] as "query" | "mutation" | "subscription";
  }
  const first = new RegExp(`${COMMENTS.source}(query|mutation|subscription|\\{)`).exec(query.slice(0, 1000));
  if (!first) return "unknown";
  return first[1] === "{" ? "query" : (first[1] as "query" | "mutation" | "subscription");
}
