/**
 * Checks on a document's raw JSON values, made before the validation walk and before the server
 * hands the document to PostgreSQL:
 * - objects and arrays nested deeper than MAX_DEPTH (a valid document nests 5 deep);
 * - text (a string or a key) holding U+0000, which PostgreSQL text cannot store;
 * - text holding an unpaired UTF-16 surrogate (`"\ud800"`), which is not Unicode and which
 *   PostgreSQL refuses too.
 * The values are visited in the walk's order (object keys in code point order, arrays by index,
 * depth first), with an explicit stack, so a document nested 100,000 deep costs no recursion.
 * The first bad value is reported at its path; the root is `document`.
 */
import { REASONS } from "./reasons.ts";

/** Deepest nesting of objects and arrays a document may have (the root object is level 1). */
export const MAX_DEPTH = 16;

/** Orders strings by Unicode code point (as PostgreSQL `collate "C"` on UTF-8 does). */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The reason a piece of text cannot be stored, or null. */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return REASONS.nul;
  if (UNPAIRED_SURROGATE.test(text)) return REASONS.surrogate;
  return null;
}

export type ValueProblem = { path: string; reason: string };

/** A value to visit, or a key already found bad (reported when its turn comes). */
type Entry = { value: unknown; path: string; level: number } | { problem: string; path: string };

/** The first value of `document` that breaks one of the rules above, or null. */
export function firstBadJsonValue(document: unknown): ValueProblem | null {
  const stack: Entry[] = [{ value: document, path: "", level: 1 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if ("problem" in entry) return { path: entry.path, reason: entry.problem };
    const { value, path, level } = entry;
    const at = path === "" ? "document" : path;
    if (typeof value === "string") {
      const reason = textProblem(value);
      if (reason) return { path: at, reason };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (level > MAX_DEPTH) return { path: at, reason: REASONS.depth };
    const children: Entry[] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        children.push({ value: value[i], path: `${path}[${i}]`, level: level + 1 });
    } else {
      for (const key of Object.keys(value).sort(compareCodePoints)) {
        const child = path === "" ? key : `${path}.${key}`;
        const problem = textProblem(key);
        children.push(
          problem
            ? { problem, path: child }
            : { value: (value as Record<string, unknown>)[key], path: child, level: level + 1 },
        );
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}
