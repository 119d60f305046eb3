// Errors the CLI raises itself, each with its exit code. Errors from the SDK are mapped in base.ts.
/**
 * 3: a dry run that would not import as is (names to map first). 6: the service is unavailable
 * (retried, still down). 7: a document saved over a version it is no longer at (nothing saved).
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  wouldNotImport: 3,
  forbidden: 4,
  rateLimited: 5,
  unavailable: 6,
  conflict: 7,
} as const;

export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.failure) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** An invalid document: printed as `path: reason`, nothing else; exit 2. */
export class DocumentError extends CliError {
  readonly path: string;
  readonly reason: string;
  constructor(path: string, reason: string) {
    super(path ? `${path}: ${reason}` : reason, EXIT.usage);
    this.name = "DocumentError";
    this.path = path;
    this.reason = reason;
  }
}

/** A wrong argument, flag, file or input: exit 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage);
    this.name = "UsageError";
  }
}

/** No instance or no credential to use: exit 4, with how to sign in. */
export class NotSignedInError extends CliError {
  constructor(message = "Not signed in.") {
    super(`${message} ${SIGN_IN_HINT}`, EXIT.forbidden);
    this.name = "NotSignedInError";
  }
}

export const SIGN_IN_HINT = "Run `svc login` to sign in (or set SVC_URL and SVC_API_KEY).";
