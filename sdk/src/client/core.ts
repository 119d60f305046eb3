/**
 * The request core every area of the client shares: the instance address, GraphQL requests (with
 * waiting out rate limits), `/api/auth/*` calls and the signed-in checks.
 */
import {
  SvcError,
  NetworkError,
  RateLimitedError,
  ServiceUnavailableError,
  ForbiddenError,
  NotFoundError,
  errorFromCode,
} from "../errors.ts";
import { operationText, type TadaDocumentNode } from "../graphql.ts";
import * as ops from "../operations.ts";

export type ClientOptions = {
  /** Base address of the instance, e.g. `https://log.example.com` (no `/api` suffix). */
  url: string;
  /** A personal API key (`svc_...`). */
  apiKey?: string;
  /** A session token from `auth.signIn` / `auth.signUp`. */
  token?: string;
  /** Sent as `x-client-name`: how this client appears in the owner's signed-in devices. */
  clientName?: string;
  /** Milliseconds before a request is abandoned with a `NetworkError`; default 30000. */
  timeoutMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * How many times a GraphQL request refused with `RATE_LIMITED` or `CONCURRENCY_LIMITED` is sent again after waiting the
   * server's `Retry-After`; default 2. 0 throws `RateLimitedError` at once.
   */
  rateLimitRetries?: number;
  /** A `Retry-After` longer than this many seconds is not waited for (the error is thrown); default 60. */
  maxRetryWaitSeconds?: number;
  /** Called before each wait for `Retry-After` (e.g. to tell a user why nothing happens). */
  onRateLimitWait?: (info: { seconds: number; attempt: number }) => void;
  /**
   * How many times a query (never a mutation: it may have been saved) answered `SERVICE_UNAVAILABLE`
   * (the service's database down, read-only or restarting; or a proxy's 502/503/504) is sent again
   * after `Retry-After`; default 3. 0 throws `ServiceUnavailableError` at once.
   */
  unavailableRetries?: number;
  /** Called before each such wait, with "the service is unavailable, retrying" and the seconds. */
  onUnavailableWait?: (info: { seconds: number; attempt: number; message: string }) => void;
};

/** What a client tells a person while it waits out an outage. */
export const UNAVAILABLE_RETRYING = "the service is unavailable, retrying";

/** A document whose operation is a mutation (its first operation keyword, comments skipped). */
export function isMutation(query: string): boolean {
  const text = query.replace(/#[^\n]*/g, "").replace(/"""[\s\S]*?"""|"(?:[^"\\]|\\.)*"/g, '""');
  return /(^|\})\s*mutation\b/.test(text);
}

/** A proxy in front of the service (nginx, HAProxy) answering for it while it is out of order. */
const PROXY_UNAVAILABLE = new Set([502, 503, 504]);

type GraphQLBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

function describeFetchFailure(url: string, error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `The server at ${url} did not answer in time`;
  const code = e?.cause?.code;
  const why =
    code === "ECONNREFUSED"
      ? "connection refused"
      : code === "ENOTFOUND" || code === "EAI_AGAIN"
        ? "host not found"
        : code === "ECONNRESET"
          ? "connection reset"
          : code === "CERT_HAS_EXPIRED" || code?.startsWith("ERR_TLS") || code?.includes("CERT")
            ? "TLS certificate problem"
            : (code ?? e?.cause?.message ?? (error as Error)?.message ?? "unknown error");
  return `Could not reach the Training Log server at ${url} (${why})`;
}

function authError(status: number, body: unknown, retryAfterHeader: string | null): SvcError {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === "string" ? record.message : `The server answered HTTP ${status}`;
  const code = typeof record.code === "string" ? record.code : undefined;
  const options = { status, extensions: record, retryAfterHeader };
  if (status === 429) return errorFromCode(code ?? "RATE_LIMITED", message, options);
  if (status === 401) {
    return code === "INVALID_EMAIL_OR_PASSWORD"
      ? new SvcError(code, message, options)
      : new ForbiddenError(code ?? "UNAUTHORIZED", message, options);
  }
  if (status === 403) return new ForbiddenError(code ?? "FORBIDDEN", message, options);
  if (status === 404) return new NotFoundError(message, options);
  if (code) return errorFromCode(code, message, options);
  return new SvcError(status >= 500 ? "INTERNAL_ERROR" : "INVALID_INPUT", message, options);
}

function proxyUnavailable(status: number, retryAfter: string | null): ServiceUnavailableError {
  return new ServiceUnavailableError(
    `The service is unavailable (HTTP ${status} from the server or a proxy in front of it)`,
    Math.max(1, Math.ceil(Number(retryAfter) || 2)),
    { status },
  );
}

type DocumentNode = TadaDocumentNode<unknown, unknown>;
/** No argument for an operation without variables; its variables otherwise. */
type VariablesArgument<Variables> =
  Variables extends Record<string, never> ? [variables?: Variables] : [variables: Variables];

/** The instance address, `request`, `auth` and the signed-in checks of a client's options. */
export function createRequestCore(options: ClientOptions) {
  if (typeof options?.url !== "string" || !/^https?:\/\/[^/]/i.test(options.url)) {
    throw new SvcError("INVALID_INPUT", "url must be an http:// or https:// address");
  }
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const secret = options.apiKey ?? options.token;

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { "content-type": "application/json", accept: "application/json", ...extra };
    if (secret) h.authorization = `Bearer ${secret}`;
    if (options.clientName) h["x-client-name"] = options.clientName;
    return h;
  }

  async function send(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new NetworkError(base, describeFetchFailure(base, error), { cause: error });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new NetworkError(base, describeFetchFailure(base, error), { cause: error });
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        if (PROXY_UNAVAILABLE.has(res.status)) throw proxyUnavailable(res.status, res.headers.get("retry-after"));
        throw new SvcError(
          "BAD_RESPONSE",
          `The server at ${base} did not answer like a Training Log server (HTTP ${res.status}, not JSON)`,
          { status: res.status },
        );
      }
    }
    return { status: res.status, body, retryAfter: res.headers.get("retry-after") };
  }

  const retries = Math.max(0, Math.floor(options.rateLimitRetries ?? 2));
  const maxWaitSeconds = options.maxRetryWaitSeconds ?? 60;
  const unavailableRetries = Math.max(0, Math.floor(options.unavailableRetries ?? 3));

  /**
   * Runs any GraphQL operation: a typed document (see `operations`) gives data typed from the
   * schema; a query text gives `T`. Returns `data` or throws the first error as a typed error. A
   * key over its rate limit is answered before anything runs, so waiting `Retry-After` and sending
   * the same request again is safe, also for a mutation; at most `rateLimitRetries` times.
   */
  function request<Result, Variables>(
    document: TadaDocumentNode<Result, Variables>,
    ...rest: VariablesArgument<Variables>
  ): Promise<Result>;
  function request<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>;
  async function request(operation: string | DocumentNode, variables: unknown = {}): Promise<unknown> {
    const query = typeof operation === "string" ? operation : operationText(operation);
    const read = !isMutation(query);
    let limited = 0;
    let unavailable = 0;
    for (;;) {
      try {
        return await requestOnce(query, variables ?? {});
      } catch (error) {
        if (error instanceof ServiceUnavailableError && read && unavailable < unavailableRetries) {
          const seconds = Math.min(error.retryAfter, maxWaitSeconds);
          unavailable += 1;
          options.onUnavailableWait?.({ seconds, attempt: unavailable, message: UNAVAILABLE_RETRYING });
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          continue;
        }
        const waitable =
          error instanceof RateLimitedError && (error.code === "RATE_LIMITED" || error.code === "CONCURRENCY_LIMITED");
        const wait = waitable ? error.retryAfter : Infinity;
        limited += 1;
        if (limited > retries || wait > maxWaitSeconds) throw error;
        options.onRateLimitWait?.({ seconds: wait, attempt: limited });
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  }

  async function requestOnce(query: string, variables: unknown): Promise<unknown> {
    const { status, body, retryAfter } = await send("/api/graphql", {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ query, variables }),
    });
    const result = (body ?? {}) as GraphQLBody;
    const first = Array.isArray(result.errors) ? result.errors[0] : undefined;
    if (first) {
      const extensions = first.extensions ?? {};
      const code =
        typeof extensions.code === "string" ? extensions.code : status === 429 ? "RATE_LIMITED" : "GRAPHQL_ERROR";
      throw errorFromCode(code, first.message ?? "Request failed", {
        status,
        extensions,
        retryAfterHeader: retryAfter,
      });
    }
    if (status === 429) throw new RateLimitedError("Too many requests", Number(retryAfter) || 60, { status });
    if (PROXY_UNAVAILABLE.has(status)) throw proxyUnavailable(status, retryAfter);
    if (status < 200 || status >= 300 || !result.data || typeof result.data !== "object") {
      throw new SvcError(
        "BAD_RESPONSE",
        `The server at ${base} did not answer like a Training Log server (HTTP ${status}, no GraphQL data)`,
        { status },
      );
    }
    return result.data;
  }

  async function auth<T>(
    path: string,
    payload?: Record<string, unknown>,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const { status, body, retryAfter } = await send(
      `/api/auth${path}`,
      payload === undefined
        ? { method: "GET", headers: headers(extraHeaders) }
        : { method: "POST", headers: headers(extraHeaders), body: JSON.stringify(payload) },
    );
    if (status < 200 || status >= 300) throw authError(status, body, retryAfter);
    return body as T;
  }

  async function viewerId(): Promise<string> {
    const { viewer } = await request(ops.VIEWER_ID);
    if (!viewer) throw new ForbiddenError("FORBIDDEN", "Not signed in");
    return viewer.id;
  }

  function signedIn<T>(viewer: T | null): T {
    if (!viewer) throw new ForbiddenError("FORBIDDEN", "Not signed in");
    return viewer;
  }

  return { base, request, auth, viewerId, signedIn };
}

export type RequestCore = ReturnType<typeof createRequestCore>;
