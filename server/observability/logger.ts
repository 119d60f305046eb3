// One line per event: readable text on a terminal, or JSON lines with LOG_FORMAT=json (one object
// per line: time, level, message and the fields). Never pass a token, key, password, cookie or body.
// SVC_LOG=silent drops everything (the tests' default); `captureLog` lets a test read the lines.
// Lines are written without blocking the event loop and flushed when the process exits (log-sink.ts).
import { writeLog } from "./log-sink.ts";

export type LogLevel = "info" | "warn" | "error";
export type LogFormat = "text" | "json";
export type LogFields = Record<string, unknown>;

export const LOG_FORMATS: readonly LogFormat[] = ["text", "json"];

/** LOG_FORMAT, checked: `text` (the default) or `json`. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): LogFormat {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return "text";
  if (raw === "text" || raw === "json") return raw;
  throw new Error(`LOG_FORMAT must be text or json, got "${env.LOG_FORMAT}"`);
}

type Sink = (line: string, level: LogLevel) => void;
let capture: Sink | undefined;

/**
 * Sends every log line to `sink` (even with SVC_LOG=silent) until the returned function is called.
 * For tests that read the server's log.
 */
export function captureLog(sink: Sink): () => void {
  capture = sink;
  return () => {
    if (capture === sink) capture = undefined;
  };
}

export function log(level: LogLevel, message: string, fields: LogFields = {}): void {
  if (!capture && process.env.SVC_LOG === "silent") return;
  let format: LogFormat;
  try {
    format = logFormat();
  } catch {
    format = "json"; // a wrong LOG_FORMAT is refused at start (server/process/config.ts); never lose a line over it
  }
  const time = new Date().toISOString();
  const line =
    format === "json" ? JSON.stringify({ time, level, message, ...fields }) : textLine(time, level, message, fields);
  if (capture) return capture(line, level);
  writeLog(level === "info" ? "stdout" : "stderr", line + "\n");
}

/** `2026-03-01T10:00:00.000Z INFO  message key=value key="two words"`; absent fields left out. */
function textLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
  const parts = [time, level.toUpperCase().padEnd(5), oneLine(message)];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    parts.push(`${key}=${textValue(value)}`);
  }
  return parts.join(" ");
}

function textValue(value: unknown): string {
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return /^[\w.:/@+-]+$/.test(text) ? text : JSON.stringify(text);
}

// A message from elsewhere (an error's text) must not start a second line that looks like a record.
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}
