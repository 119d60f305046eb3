// Reading a document from a file or from standard input (`-`), and checking it offline.
import { readFile } from "node:fs/promises";
import { UsageError, DocumentError } from "./errors.ts";
import { readStdin } from "./prompt.ts";

export type Loaded = { source: string; document: unknown };

/** Reads and parses a JSON document from a path, or from standard input when `path` is `-`. */
export async function loadDocument(path: string): Promise<Loaded> {
  let text: string;
  let source: string;
  if (path === "-") {
    source = "standard input";
    if (process.stdin.isTTY) throw new UsageError("Nothing piped to standard input: give a file, or pipe a document to `-`.");
    text = await readStdin("the document");
  } else {
    source = path;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : (error as Error).message;
      throw new UsageError(`Cannot read ${path}: ${why}.`);
    }
  }
  if (!text.trim()) throw new UsageError(`${source} is empty: expected a JSON document.`);
  try {
    return { source, document: JSON.parse(text) };
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON (${(error as Error).message.replace(/^JSON\.parse: /, "")}).`);
  }
}

/** Throws the offline validator's first problem as `path: reason` (exit 2). */
export function checked<T>(result: { valid: true; document: T } | { valid: false; path: string; reason: string }): T {
  if (!result.valid) throw new DocumentError(result.path, result.reason);
  return result.document;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD`, or a usage error naming the flag. */
export function checkDate(value: string, flag: string): string {
  const m = DATE.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new UsageError(`${flag} must be a date like 2026-03-01, not ${JSON.stringify(value)}.`);
  }
  return value;
}

/** Today in local time, as `YYYY-MM-DD`. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Seconds in a duration like `90s`, `30m`, `12h`, `7d`, `2w`, `1y`. */
export function parseDuration(value: string, flag: string): number {
  const m = /^\s*(\d+)\s*(s|m|h|d|w|y)\s*$/i.exec(value);
  const seconds = m ? Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86400, w: 604800, y: 31536000 }[m[2].toLowerCase() as "s"] : NaN;
  if (!m || !Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new UsageError(`${flag} must be a duration like 12h, 7d, 2w or 1y, not ${JSON.stringify(value)}.`);
  }
  return seconds;
}
