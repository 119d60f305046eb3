// Each error of an answer of /api/graphql counted by its extensions.code (svc_graphql_errors_total,
// metrics.ts), a refusal also by the limit or cost budget it met: what clients were told, whichever
// layer told them (the guard, the mask, grafserv's own validation), read from the answer itself;
// or, for an answer sent before grafserv (a caller already spent out), from `res.locals.graphqlErrors`.
import { graphqlErrors } from "./metrics.ts";

/** The codes whose `limit` (or cost `budget`) says which limit refused the request. */
const REFUSALS = new Set(["RATE_LIMITED", "CONCURRENCY_LIMITED"]);

type Extensions = { code?: unknown; limit?: unknown; budget?: unknown };
type AnswerError = { extensions?: Extensions };

/** Counts one error by its extensions. */
export function countGraphqlError({ code, limit, budget }: Extensions = {}): void {
  const named = typeof code === "string" ? code : "none";
  const refusedBy = REFUSALS.has(named) ? String(budget ?? limit ?? "") : "";
  graphqlErrors.inc({ code: named, limit: refusedBy });
}

/** Counts the errors of a GraphQL answer's body (only an answer that has errors is parsed). */
export function countGraphqlErrors(body: Buffer): void {
  if (!body.includes('"errors"')) return;
  let errors: unknown;
  try {
    ({ errors } = JSON.parse(body.toString("utf8")) as { errors?: unknown });
  } catch {
    return;
  }
  if (!Array.isArray(errors)) return;
  for (const error of errors as AnswerError[]) countGraphqlError(error?.extensions);
}
