// What every `svc` command shares: the client for the current instance, output to stdout/stderr,
// and one place that turns any error into one clear sentence and an exit code:
// 0 ok, 1 failure, 2 usage or invalid document, 4 not signed in or forbidden, 5 rate limited.
import { Command, Errors, Flags } from "@oclif/core";
import type { ClientOptions, SvcClient, Unit } from "@svc/sdk";
import { UNITS } from "@svc/sdk/documents";
import { CliError, DocumentError, EXIT, NotSignedInError, UsageError, SIGN_IN_HINT } from "./errors.ts";
import { resolve, type Resolved } from "./credentials.ts";
import { red, json, when, counted } from "./output.ts";
import { withSpinner } from "./progress.ts";

/** A `--unit kg|lb` flag; `description` says what the unit is for. */
export const unitFlag = (description = "Show weights in this unit.") => Flags.option({ options: UNITS, description })();
/** A `--effort rpe|rir` flag (how `@` ratings in set text are read). */
export const effortFlag = (description: string) => Flags.option({ options: ["rpe", "rir"] as const, description })();

/** A `--time-zone` flag: an IANA zone, refused with the same usage error by every command that takes one. */
export const timeZoneFlag = (description: string) =>
  Flags.string({
    description,
    parse: async (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
      } catch {
        throw new UsageError(`--time-zone ${zone} is not a time zone (e.g. Europe/Berlin, America/New_York, UTC).`);
      }
      return zone;
    },
  });

/** How `svc` names itself in the owner's signed-in devices. */
export async function clientName(): Promise<string> {
  const { hostname } = await import("node:os");
  return `svc CLI on ${hostname()}`;
}

/**
 * A command that shows data sets `static enableJsonFlag = true` and returns the data from `run()`:
 * oclif prints it for `--json` (and then oclif's `this.log` prints nothing), `this.log` prints it for people.
 */
export abstract class BaseCommand extends Command {
  /** Writes a value as JSON to standard output (what a command prints whatever the flags, e.g. a schema). */
  protected outJson(value: unknown): void {
    process.stdout.write(`${json(value)}\n`);
  }

  /** A note for the person at the terminal (standard error, so it never mixes with data). */
  protected note(text: string): void {
    process.stderr.write(`${text}\n`);
  }

  /**
   * Every SDK client a command talks through is made here: the seam tests replace to run a command
   * in-process with a client of their own, no server (cli/test/support/in-process.ts).
   */
  protected async createSdkClient(options: ClientOptions): Promise<SvcClient> {
    const { createClient } = await import("@svc/sdk");
    return createClient(options);
  }

  /** The instance and credentials to use (`SVC_URL`, `SVC_API_KEY`, then the saved ones). */
  protected resolved(): Resolved {
    return resolve();
  }

  /**
   * A client for the current instance. `auth: "required"` (the default) refuses to go on without a
   * credential; `"optional"` only needs an instance address. `timeoutMs` for a request that may
   * be given up quickly (the SDK's default is 30 s).
   */
  protected async client(
    options: { auth?: "required" | "optional"; timeoutMs?: number } = {},
  ): Promise<{ client: SvcClient; resolved: Resolved }> {
    const resolved = this.resolved();
    if (!resolved.url) {
      throw new NotSignedInError(
        resolved.apiKey ? "SVC_API_KEY is set but no server address is known: set SVC_URL too." : "Not signed in.",
      );
    }
    if ((options.auth ?? "required") === "required" && !resolved.apiKey && !resolved.token) {
      throw new NotSignedInError(`Not signed in to ${resolved.url}.`);
    }
    const client = await this.createSdkClient({
      url: resolved.url,
      apiKey: resolved.apiKey,
      token: resolved.token,
      clientName: await clientName(),
      timeoutMs: options.timeoutMs,
      // A short wait (a burst past a budget) is waited out, saying so on stderr; a long one is
      // reported at once with when to retry (exit 5) rather than leaving a person waiting.
      rateLimitRetries: RATE_LIMIT_RETRY.retries,
      maxRetryWaitSeconds: RATE_LIMIT_RETRY.maxWaitSeconds,
      onRateLimitWait: ({ seconds, attempt }) =>
        process.stderr.write(
          `Rate limited: waiting ${seconds} s before trying again (${attempt} of ${RATE_LIMIT_RETRY.retries})\n`,
        ),
      // An outage is usually seconds (a restart, a failover): reads wait it out, saying so.
      onUnavailableWait: ({ seconds, message }) =>
        this.note(`${message[0].toUpperCase()}${message.slice(1)} in ${counted(seconds, "second")}…`),
    });
    return { client, resolved };
  }

  /** Runs a request with a spinner on standard error (only when it is a terminal). */
  protected spin<T>(text: string, work: Promise<T>): Promise<T> {
    return withSpinner(text, work);
  }

  /** Parses `unit` flags into the SDK's unit. */
  protected unit(value: string | undefined): Unit | undefined {
    return UNITS.find((unit) => unit === value);
  }

  async catch(error: Error & { oclif?: { exit?: number }; code?: string }): Promise<never> {
    if (error instanceof Errors.ExitError) throw error;
    const { message, exitCode, bare } = describe(error, this.id);
    process.stderr.write(bare ? `${message}\n` : `${red("Error:", process.stderr)} ${message}\n`);
    if (process.env.SVC_DEBUG && error.stack) process.stderr.write(`${error.stack}\n`);
    throw new Errors.ExitError(exitCode);
  }
}

/** How `svc` meets a 429: a Retry-After of at most `maxWaitSeconds` is waited, at most `retries` times. */
export const RATE_LIMIT_RETRY = { retries: 3, maxWaitSeconds: 10 } as const;

/** One clear sentence and the exit code for any error. */
/** Which limit a GraphQL 429 met, from its extensions (`budget` for what requests spend, `limit` otherwise). */
function rateLimitedWhat(extensions: Record<string, unknown>): string {
  if (extensions.limit === "concurrency") return "Rate limited: too many requests at once from this client";
  switch (extensions.budget) {
    case "session":
      return "Rate limited: this session's cost budget for the minute is spent (a large import or report spends it)";
    case "app":
      return "Rate limited: this connected app's cost budget for the minute is spent";
    case "address":
      return "Rate limited: the cost budget of your address, signed out, is spent";
    case "key":
      return "Rate limited: this API key's cost budget for the minute is spent";
    case "account":
      return "Rate limited: this account's cost budget for the minute is spent (all its sessions, keys and apps share it)";
    case "bulk":
      return "Rate limited: this account's budget for imports and exports for the minute is spent";
  }
  if (extensions.limit === "cost") return "Rate limited: this API key's cost budget for the minute is spent";
  return "Rate limited: too many requests with this API key";
}

export function describe(error: unknown, commandId?: string): { message: string; exitCode: number; bare?: boolean } {
  // An invalid document is printed as `path: reason` and nothing else.
  if (error instanceof DocumentError) return { message: error.message, exitCode: error.exitCode, bare: true };
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  const e = error as Error & {
    name?: string;
    code?: string;
    path?: string;
    reason?: string;
    retryAfter?: number;
    extensions?: Record<string, unknown>;
    status?: number;
    parse?: unknown;
    oclif?: { exit?: number };
  };
  // Flag and argument errors from oclif's parser.
  if (e instanceof Errors.CLIError) {
    const text = e.message.replace(/\nSee more help with --help$/, "").trim();
    const help = commandId ? `svc ${commandId.replaceAll(":", " ")} --help` : "svc --help";
    return { message: `${text}\nSee \`${help}\`.`, exitCode: EXIT.usage };
  }
  switch (e?.name) {
    case "InvalidDocumentError":
      return { message: e.path ? `${e.path}: ${e.reason}` : `${e.reason}`, exitCode: EXIT.usage, bare: true };
    case "RateLimitedError": {
      const seconds = Math.max(1, Number(e.retryAfter) || 60);
      const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString();
      // The auth routes' 429s (an account locked for this address, this address's sign-in or
      // sign-up limit) explain themselves in their body; a key's limit is named here.
      const fromAuthRoute = typeof e.extensions?.message === "string";
      const what = fromAuthRoute ? e.message.replace(/;.*$/, "") : rateLimitedWhat(e.extensions ?? {});
      return {
        message: `${what}. Try again in ${counted(seconds, "second")} (at ${at}).`,
        exitCode: EXIT.rateLimited,
      };
    }
    case "ForbiddenError": {
      if (e.code === "BANNED_USER") return { message: bannedMessage(e.extensions ?? {}), exitCode: EXIT.forbidden };
      // Signing in again helps only when the problem is the sign-in itself (not a read-only key,
      // not a user who is not an admin).
      const signInHelps = e.code === "UNAUTHORIZED" || /\bsign(ed)?[- ]in\b|not signed/i.test(e.message);
      return {
        message: signInHelps ? `${sentence(e.message)} ${SIGN_IN_HINT}` : sentence(e.message),
        exitCode: EXIT.forbidden,
      };
    }
    case "ServiceUnavailableError": {
      const seconds = Math.max(1, Number(e.retryAfter) || 2);
      return {
        message: `The service is unavailable right now (its database is down, restarting or read-only). Try again in ${counted(seconds, "second")}.`,
        exitCode: EXIT.unavailable,
      };
    }
    case "NetworkError":
      return { message: `${sentence(e.message)}`, exitCode: EXIT.failure };
    case "NotFoundError":
      return { message: sentence(e.message), exitCode: EXIT.failure };
    case "VersionConflictError":
      return { message: versionConflictMessage(e.extensions ?? {}), exitCode: EXIT.conflict };
    case "SvcError":
      // A value the server refused or needs (GraphQL INVALID_INPUT, MISSING_INPUT; HTTP 400 from an auth route).
      if (e.code === "INVALID_INPUT" || e.code === "MISSING_INPUT" || e.status === 400)
        return { message: sentence(e.message), exitCode: EXIT.usage };
      return { message: sentence(e.message), exitCode: EXIT.failure };
    default:
      break;
  }
  if (error instanceof UsageError) return { message: error.message, exitCode: EXIT.usage };
  return {
    message: `Unexpected error: ${sentence(e?.message ?? String(error))} (set SVC_DEBUG=1 for details)`,
    exitCode: EXIT.failure,
  };
}

/** A save over a stale version: what differs, and how to save again over the current version. */
export function versionConflictMessage(details: Record<string, unknown>): string {
  const differences = Array.isArray(details.differences) ? details.differences.map(String) : [];
  const current = (details.current ?? {}) as { id?: string };
  const kind = details.kind === "workout" ? "workout" : "routine";
  const differs = differences.length ? ` It now differs from yours in: ${differences.join(", ")}.` : "";
  return (
    `This ${kind} was saved elsewhere since version ${String(details.sentVersion)} (it is at version ${String(details.currentVersion)} now): nothing was saved.${differs}` +
    ` Read it again (\`svc ${kind} show ${current.id ?? "<id>"} --json\`), merge your change, and apply it with "version": ${String(details.currentVersion)} (or without "version" to replace it anyway).`
  );
}

/** What a banned user is told: the reason and when the ban ends (signing in again will not help). */
export function bannedMessage(details: Record<string, unknown>): string {
  const reason = typeof details.banReason === "string" && details.banReason.trim() ? details.banReason.trim() : null;
  const ends = typeof details.banExpires === "string" ? details.banExpires : null;
  return `This account is banned${reason ? ` (reason: ${reason})` : ""}; ${ends ? `the ban ends ${when(ends)}` : "the ban has no end date"}. Contact the server's admin if you think this is a mistake.`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
