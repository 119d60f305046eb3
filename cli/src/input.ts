// Reading a document from a file or from standard input (`-`), and checking it offline.
import { readFile } from "node:fs/promises";
import { UUID_PATTERN } from "@svc/sdk/documents";
import { UsageError, DocumentError } from "./errors.ts";
import { readStdinBytes } from "./prompt.ts";

export type Loaded = { source: string; document: unknown; bytes: number };

/**
 * Why a text is not JSON, in words (never the parser's own message): where, and what was found.
 * The position is found by a small scan of the JSON grammar (JSON.parse does not always say).
 */
export function jsonProblem(text: string): string {
  let at: number;
  try {
    at = errorPosition(text);
  } catch {
    return "it is not a JSON document"; // nested too deep to scan
  }
  if (at >= text.length) return "it ends before the document is complete";
  const lines = text.slice(0, at).split("\n");
  return `unexpected ${JSON.stringify(text[at])} at line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
}

const NUMBER_OR_LITERAL = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/y;

/** Index of the first character that cannot continue a JSON text (its length when it ends too early). */
function errorPosition(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new Position(i);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const string = () => {
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') return void i++;
      if (c < " ") fail();
      i += c === "\\" ? 2 : 1;
    }
    i = text.length;
    fail();
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (c === "{") {
          space();
          if (text[i] !== '"') fail();
          string();
          space();
          if (text[i] !== ":") fail();
          i++;
        }
        value();
        space();
        if (text[i] === ",") i++;
        else if (text[i] === close) return void i++;
        else fail();
      }
    }
    if (c === '"') return string();
    NUMBER_OR_LITERAL.lastIndex = i;
    const m = NUMBER_OR_LITERAL.exec(text);
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return text.length;
  } catch (error) {
    if (error instanceof Position) return error.at;
    throw error;
  }
}

class Position {
  at: number;
  constructor(at: number) {
    this.at = at;
  }
}

/**
 * The text (and bytes) of a file, or of standard input when `path` is `-` (`what` names it there,
 * e.g. "the document"), with where it came from; a path that cannot be read is a usage error saying why.
 */
export async function readInput(path: string, what: string): Promise<{ source: string; text: string; bytes: Buffer }> {
  const read = (source: string, bytes: Buffer) => ({ source, text: bytes.toString("utf8"), bytes });
  if (path === "-") {
    if (process.stdin.isTTY)
      throw new UsageError(`Nothing piped to standard input: give a file, or pipe ${what} to \`-\`.`);
    return read("standard input", await readStdinBytes(what));
  }
  try {
    return read(path, await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a folder"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    throw new UsageError(`Cannot read ${path}: ${why}.`);
  }
}

/** Reads and parses a JSON document from a path, or from standard input when `path` is `-`. */
export async function loadDocument(path: string): Promise<Loaded> {
  const input = await readInput(path, "the document");
  const { source } = input;
  let { text } = input;
  // Editors on Windows may start a UTF-8 file with a byte order mark; it is not part of the JSON.
  if (text.startsWith("\ufeff")) text = text.slice(1);
  if (!text.trim()) throw new UsageError(`${source} is empty: expected a JSON document.`);
  try {
    return { source, document: JSON.parse(text), bytes: Buffer.byteLength(text) };
  } catch {
    throw new UsageError(`${source} is not valid JSON: ${jsonProblem(text)}.`);
  }
}

/** A document must be a JSON object: said as `document: must be an object` (exit 2), before any request. */
export function requireObject(document: unknown, reason: string): void {
  if (typeof document !== "object" || document === null || Array.isArray(document))
    throw new DocumentError("document", reason);
}

/**
 * The error to show when the server refused a request as larger than its body limit (HTTP 413),
 * naming the file and its size; other errors are returned unchanged.
 */
export function tooLarge(error: unknown, loaded: Loaded, what: string): unknown {
  const e = error as { status?: number; code?: string; message?: string };
  if (e?.status !== 413 && e?.code !== "PAYLOAD_TOO_LARGE") return error;
  const size =
    loaded.bytes >= 1024 * 1024
      ? `${(loaded.bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(loaded.bytes / 1024)} KB`;
  const limit = e.message?.match(/larger than (\S+)/)?.[1];
  return new UsageError(
    `${loaded.source} is too large to send (${size}): the server accepts requests of at most ${limit ?? "its body limit"}. ${what}`,
  );
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
  if (
    !m ||
    !d ||
    d.getUTCFullYear() !== Number(m[1]) ||
    d.getUTCMonth() !== Number(m[2]) - 1 ||
    d.getUTCDate() !== Number(m[3])
  ) {
    throw new UsageError(`${flag} must be a date like 2026-03-01, not ${JSON.stringify(value)}.`);
  }
  return value;
}

/** Today in local time, as `YYYY-MM-DD`. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const UUID = new RegExp(UUID_PATTERN);
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
