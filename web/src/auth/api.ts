// The auth routes (/api/auth/*). The server sets the HttpOnly session cookie on sign-up and
// sign-in; the token in the response body is deliberately ignored (scripts never hold it).
import { NetworkError } from "../graphql/client.ts";
import { formatDateTime, formatTime } from "../format.ts";

export type AuthUser = { id: string; name: string; email: string; role: string };

/** A refusal from an auth route, with the route's stable code and what the app can say about it. */
export class AuthError extends Error {
  readonly code: string;
  readonly status: number;
  readonly retryAfterSeconds: number | null;
  readonly banReason: string | null;
  readonly banExpires: string | null;
  /** Whether the server said what the ban is (a null end then means it has none). */
  readonly banKnown: boolean;
  constructor(status: number, body: Record<string, unknown>, retryAfter: string | null) {
    super(typeof body.message === "string" ? body.message : `The server answered ${status}`);
    this.name = "AuthError";
    this.status = status;
    this.code = typeof body.code === "string" ? body.code : "ERROR";
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

/** What to tell a person whose sign-in or sign-up was refused. */
export function describeAuthError(error: unknown, now = new Date()): string {
  if (!(error instanceof AuthError)) return error instanceof Error ? error.message : String(error);
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "Wrong email or password. Check both and try again.";
    case "BANNED_USER": {
      const reason = error.banReason ? ` Reason: ${error.banReason}.` : "";
      const end = error.banExpires
        ? ` The ban ends ${formatDateTime(error.banExpires)}.`
        : error.banKnown
          ? " The ban has no end date."
          : "";
      return `This account is banned.${reason}${end}`;
    }
    case "TOO_MANY_ATTEMPTS": {
      if (error.retryAfterSeconds === null) return error.message;
      const at = new Date(now.getTime() + error.retryAfterSeconds * 1000);
      return `Too many failed sign-in attempts for this email. Try again in ${formatWait(error.retryAfterSeconds)} (at ${formatTime(at)}).`;
    }
    case "USER_ALREADY_EXISTS":
      return "An account with this email already exists. Sign in instead.";
    default:
      return error.message;
  }
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
