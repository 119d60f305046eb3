// The routine and workout forms edit a JSON document in place: these helpers read and write one
// value at a path, and turn what a person typed into the JSON value the document validation judges
// (so a typed "abc" in Sets stays "abc" and the SDK names it, instead of the form guessing).
import { decimalText, parseAmount } from "../decimal.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Doc = { [key: string]: Json };
export type PathKey = string | number;

export function isObject(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `doc` with the value at `path` replaced; `undefined` removes the key (or array item). */
export function setIn(doc: Json, path: readonly PathKey[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(doc) ? [...doc] : [];
    if (rest.length === 0 && value === undefined) list.splice(head, 1);
    else list[head] = setIn(list[head] ?? null, rest, value);
    return list;
  }
  const object: Doc = isObject(doc) ? { ...doc } : {};
  if (rest.length === 0 && value === undefined) delete object[head];
  else object[head] = setIn(object[head] ?? null, rest, value);
  return object;
}

/** What a text box shows for a document value: a number in the app locale (`62,5` in German). */
export function toText(value: Json | undefined): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return decimalText(value);
  return typeof value === "string" ? value : String(value);
}

/**
 * The document value of a number-ish text box: empty -> left out, a plain number -> that number,
 * anything else -> the text itself (a reps range `8-12`, a rest `1:30`, or a mistake the
 * validation will name).
 */
export function fromNumberText(text: string): Json | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  // Written out whole (`7,5` too): `7.` or `7,` is still being typed and stays text until it is.
  const negative = trimmed.startsWith("-");
  const n = parseAmount(negative ? trimmed.slice(1) : trimmed);
  if (n !== null) return negative ? -n : n;
  return text;
}

/** The document value of a free text box: empty -> left out. */
export function fromText(text: string): Json | undefined {
  return text === "" ? undefined : text;
}

/** `exercises[2].reps` for ["exercises", 2, "reps"]: the path form the SDK and the server write. */
export function pathString(path: readonly PathKey[]): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return localDate(now);
}

export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Monday of this week (ISO weeks), as YYYY-MM-DD: the key of weekly volume. */
export function mondayOf(date = new Date()): string {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return localDate(d);
}
