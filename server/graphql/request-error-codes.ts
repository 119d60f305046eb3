// grafserv answers a request it cannot run itself, without maskError: a method other than POST, an
// Accept it cannot serve, a syntax error, an operation the schema does not have, a variable of the
// wrong type. Each such error gets its code here, so every error of /api/graphql has one; a 405
// also says which method is allowed.
import type { Result } from "postgraphile/grafserv";
import { REQUEST_CODES } from "../../db/errors.ts";

type AnswerError = { message?: unknown; extensions?: Record<string, unknown> };

/** The code of a request error grafserv sent without one. */
function codeOf(statusCode: number | undefined, error: AnswerError): string {
  if (statusCode === 405) return REQUEST_CODES.METHOD_NOT_ALLOWED;
  if (statusCode === 406) return REQUEST_CODES.NOT_ACCEPTABLE;
  if (typeof error.message === "string" && error.message.startsWith("Syntax Error"))
    return REQUEST_CODES.GRAPHQL_PARSE_FAILED;
  return REQUEST_CODES.GRAPHQL_VALIDATION_FAILED;
}

/** The answer with a code on each error that had none (only an answer with errors is parsed). */
export function withRequestErrorCodes(result: Result | null): Result | null {
  if (result?.type !== "buffer" || !result.buffer.includes('"errors"')) return result;
  let answer: { errors?: AnswerError[] };
  try {
    answer = JSON.parse(result.buffer.toString("utf8")) as typeof answer;
  } catch {
    return result;
  }
  const uncoded = Array.isArray(answer.errors) ? answer.errors.filter((e) => !e?.extensions?.code) : [];
  if (!uncoded.length) return result;
  for (const error of uncoded) error.extensions = { ...error.extensions, code: codeOf(result.statusCode, error) };
  const buffer = Buffer.from(JSON.stringify(answer));
  const headers: Record<string, string> = { ...result.headers, "content-length": String(buffer.length) };
  if (result.statusCode === 405) headers.allow = "POST";
  return { ...result, buffer, headers };
}
