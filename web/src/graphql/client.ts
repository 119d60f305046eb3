// The one way the app talks to /api/graphql. The browser's HttpOnly session cookie is the
// credential (same origin); no token is ever kept in script-readable storage.
import { print } from "@0no-co/graphql.web";
import type { TadaDocumentNode } from "gql.tada";
import { whileUnavailable } from "./serviceStatus.ts";
import { codeMessage, inputRuleText, networkMessage } from "../i18n/serverMessages.ts";

export const GRAPHQL_URL = "/api/graphql";

/** The server refused the operation; `code` is its stable `extensions.code`. */
export class ApiError extends Error {
  readonly code: string;
  readonly path: readonly (string | number)[] | undefined;
  readonly extensions: Record<string, unknown>;
  constructor(
    message: string,
    code: string,
    extensions: Record<string, unknown> = {},
    path?: readonly (string | number)[],
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.extensions = extensions;
    this.path = path;
  }
}

/** The request never got an answer (offline, server down): nothing was changed, try again. */
export class NetworkError extends Error {
  /** The HTTP status of an answer that was no GraphQL response; null when none came. */
  readonly status: number | null;
  constructor(
    message = "Could not reach the server. Check your connection and try again; nothing you typed was lost.",
    status: number | null = null,
  ) {
    super(message);
    this.name = "NetworkError";
    this.status = status;
  }
}

type GraphQLResponse = {
  data?: unknown;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
};

/** Runs one operation; resolves to its typed data or throws ApiError / NetworkError. Variables may be left out when the operation has none. */
export function request<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  ...[variables]: Variables extends Record<string, never> ? [variables?: Variables] : [variables: Variables]
): Promise<Result> {
  return runOperation(document, variables as Variables);
}

/** `request` with its variables always given: for code generic over the operation (the hooks), where the optional form cannot be told apart. */
export async function runOperation<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
): Promise<Result> {
  const read = !document.definitions.some((d) => d.kind === "OperationDefinition" && d.operation === "mutation");
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(document, variables);
    } catch (error) {
      // A read waits out an outage (a restart, a failover); a mutation is never sent twice.
      if (!read || !(error instanceof UnavailableError) || attempt > UNAVAILABLE_RETRIES) throw error;
      await whileUnavailable(new Promise((resolve) => setTimeout(resolve, error.retryAfter * 1000)));
    }
  }
}

/** How many times a read answered SERVICE_UNAVAILABLE is sent again. */
export const UNAVAILABLE_RETRIES = 3;

/** The service is unavailable for now (SERVICE_UNAVAILABLE, or a proxy's 502/503/504): try again in `retryAfter` seconds. */
export class UnavailableError extends ApiError {
  readonly retryAfter: number;
  constructor(message: string, retryAfter: number) {
    super(message, "SERVICE_UNAVAILABLE", { retryAfter });
    this.name = "UnavailableError";
    this.retryAfter = retryAfter;
  }
}

const PROXY_UNAVAILABLE = new Set([502, 503, 504]);
const retryAfterOf = (response: Response) =>
  Math.min(30, Math.max(1, Number(response.headers.get("retry-after")) || 2));

async function runOnce<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(GRAPHQL_URL, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
      body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
    });
  } catch {
    throw new NetworkError();
  }
  let body: GraphQLResponse;
  try {
    body = (await response.json()) as GraphQLResponse;
  } catch {
    if (PROXY_UNAVAILABLE.has(response.status))
      throw new UnavailableError(
        "The service is unavailable right now. Try again in a moment; nothing you typed was lost.",
        retryAfterOf(response),
      );
    throw new NetworkError(
      `The server answered ${response.status} without a GraphQL response. Try again in a moment.`,
      response.status,
    );
  }
  const first = body.errors?.[0];
  if (first?.extensions?.code === "SERVICE_UNAVAILABLE")
    throw new UnavailableError(first.message, retryAfterOf(response));
  if (first) {
    const code = typeof first.extensions?.code === "string" ? first.extensions.code : "ERROR";
    throw new ApiError(first.message, code, first.extensions ?? {}, first.path);
  }
  return body.data as Result;
}

/** A message fit to show a person for any error thrown by `request` or the auth calls, in the app's language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return codeMessage(error.code, error.message, error.extensions);
  if (error instanceof NetworkError) return networkMessage(error.status, error.message);
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The message of an INVALID_INPUT error about `field` (the server names the field first:
 * "name: must be ..." or "name must be ..."), for showing at that field; else null.
 */
export function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.code !== "INVALID_INPUT") return null;
  const match = error.message.match(/^([A-Za-z.[\]0-9]+):?\s+(.*)$/s);
  if (!match || match[1] !== field) return null;
  const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  // By its rule in the app's language (extensions.rule), else the server's words.
  const translated = inputRuleText(error.code, error.extensions);
  return translated ? sentence(translated) : codeMessage("INVALID_INPUT", sentence(match[2]));
}
