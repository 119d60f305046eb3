// With LOG_FORMAT=json a log collector parses every line of standard output and error as a JSON
// object, so nothing may print around the log: what libraries print through `console`, node's
// process warnings and an uncaught error (node prints its stack trace over many lines) go through
// the log instead, one line each, a stack trace as the `stack` field. What only node's native code
// writes (a V8 out-of-memory report) cannot be caught here.
import { format } from "node:util";
import { log, logFormat, type LogLevel } from "./logger.ts";

const CONSOLE_LEVELS: Record<"log" | "info" | "debug" | "warn" | "error" | "trace", LogLevel> = {
  log: "info",
  info: "info",
  debug: "info",
  warn: "warn",
  error: "error",
  trace: "error",
};

/** With LOG_FORMAT=json, makes everything this process prints by itself a JSON log line. */
export function keepOutputJson(env: NodeJS.ProcessEnv = process.env): void {
  let json: boolean;
  try {
    json = logFormat(env) === "json";
  } catch {
    return; // a wrong LOG_FORMAT is refused at start, in the log's own words
  }
  if (!json) return;
  routeConsole();
  routeWarnings();
  routeUncaughtErrors();
}

/** `console.error("failed:", error)` as `{message: "failed: <error's message>", stack}`. */
function routeConsole(): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const text = format(...args.map((arg) => (arg instanceof Error ? arg.message : arg)));
      log(level, text, error ? { stack: error.stack } : {});
    };
  }
}

/** Node's own printer of warnings (`(node:123) Warning: ...`) replaced by a log line. */
function routeWarnings(): void {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => log("warn", warning.message, { warning: warning.name, stack: warning.stack }));
}

/** An uncaught error or unhandled rejection ends the process with exit code 1 as node's default does, logged as one line. */
function routeUncaughtErrors(): void {
  process.on("uncaughtException", (error, origin) => {
    const message = origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception";
    const fields = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
    log("error", message, fields);
    process.exit(1); // the log is flushed on exit (log-sink.ts)
  });
}
