// The auth routes (/api/auth/*). The server sets the HttpOnly session cookie on sign-up and
// sign-in; the token in the response body is deliberately ignored (scripts never hold it).
import { ApiError, NetworkError, errorMessage } from "../graphql/client.ts";
import { formatDateTime, formatTime } from "../format.ts";
import { i18n } from "../i18n/index.ts";
import { codeMessage } from "../i18n/serverMessages.ts";

export type AuthUser = { id: string; name: string; email: string; role: string };

/**
 * A refusal from an auth route, with the route's stable code and what the app can say about it: an
 * ApiError, so errorMessage says it by its code in the app's language (the ban routes' refusals).
 */
export class AuthError extends ApiError {
  readonly status: number;
  readonly retryAfterSeconds: number | null;
  readonly banReason: string | null;
  readonly banExpires: string | null;
  /** Whether the server said what the ban is (a null end then means it has none). */
  readonly banKnown: boolean;
  constructor(status: number, body: Record<string, unknown>, retryAfter: string | null) {
    super(
      typeof body.message === "string" ? body.message : `The server answered ${status}`,
      typeof body.code === "string" ? body.code : "ERROR",
      // A refused value's field and rule (sign-up's name), as GraphQL's INVALID_INPUT gives them.
      typeof body.rule === "string" && typeof body.field === "string" ? body : {},
    );
    this.name = "AuthError";
    this.status = status;
    this.retryAfterSeconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
    this.banReason = typeof body.banReason === "string" ? body.banReason : null;
    this.banExpires = typeof body.banExpires === "string" ? body.banExpires : null;
    this.banKnown = "banExpires" in body;
  }
}

export async function postAuthRoute(path: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new NetworkError();
  }
  let json: Record<string, unknown> = {};
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    if (response.ok) return {};
  }
  if (!response.ok) throw new AuthError(response.status, json ?? {}, response.headers.get("retry-after"));
  return json ?? {};
}

/** Creates the account weighing in `unit` (the server defaults to kg). */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  unit: "kg" | "lb";
  /** The first account of an instance reachable from elsewhere: the code the server printed in its log. */
  setupCode?: string;
}): Promise<AuthUser> {
  const body = await postAuthRoute("/api/auth/sign-up/email", input);
  return body.user as AuthUser;
}

export async function signIn(input: { email: string; password: string }): Promise<AuthUser> {
  const body = await postAuthRoute("/api/auth/sign-in/email", input);
  return body.user as AuthUser;
}

export async function signOut(): Promise<void> {
  await postAuthRoute("/api/auth/sign-out", {});
}

/** What to tell a person whose sign-in or sign-up was refused, in the app's language (auth.json). */
export function describeAuthError(error: unknown, now = new Date()): string {
  if (!(error instanceof AuthError)) return errorMessage(error);
  const t = (key: string, values: Record<string, unknown> = {}) => i18n.t(`auth:refusals.${key}`, values);
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return t("wrongPassword");
    case "BANNED_USER": {
      const reason = error.banReason ? t("banReason", { reason: error.banReason }) : "";
      const end = error.banExpires
        ? t("banEnds", { end: formatDateTime(error.banExpires) })
        : error.banKnown
          ? t("banNoEnd")
          : "";
      return [t("banned"), reason, end].filter(Boolean).join(" ");
    }
    case "TOO_MANY_ATTEMPTS": {
      if (error.retryAfterSeconds === null) return t("tooManyAttemptsNoWait");
      const at = new Date(now.getTime() + error.retryAfterSeconds * 1000);
      return t("tooManyAttempts", { wait: formatWait(error.retryAfterSeconds), time: formatTime(at) });
    }
    case "USER_ALREADY_EXISTS":
      return t("alreadyExists");
    default:
      return codeMessage(error.code, error.message);
  }
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return i18n.t("auth:wait.seconds", { count: seconds });
  return i18n.t("auth:wait.minutes", { count: Math.ceil(seconds / 60) });
}

/**
 * A 400's message about a field of the auth forms, in the app's language: the auth routes name the
 * field first in a few fixed forms (server/http/request-body.ts: "password must be at least 8
 * characters"); `label` is the field's translated label. Another form: the server's words.
 */
export function describeFieldProblem(message: string, label: string): string {
  const problem = message.replace(/^\w+ /, "");
  const t = (key: string, values: Record<string, unknown> = {}) =>
    i18n.t(`auth:problems.${key}`, { field: label, ...values });
  let m: RegExpMatchArray | null;
  if (problem === "must not be empty") return t("empty");
  if ((m = problem.match(/^must be at least (\d+) characters$/))) return t("tooShort", { min: Number(m[1]) });
  if ((m = problem.match(/^must be at most (\d+) characters$/))) return t("tooLong", { max: Number(m[1]) });
  if ((m = problem.match(/^must be at most (\d+) bytes \(UTF-8\)$/))) return t("tooLongBytes", { max: Number(m[1]) });
  if (problem === "must be an email address") return t("notEmail");
  return message.charAt(0).toUpperCase() + message.slice(1);
}
