// A target's explanation written from its parts (NextTarget.explanationParts: [{code, params}],
// docs/explanations.md) through a catalogue: each part is the message `parts.<code>` of the
// explanations namespace, with its params written first (a date, a weight, seconds, a part of its
// own; whole numbers stay numbers for ICU's plurals). Pure: the app gives its catalogue and Intl
// formatters (targetExplanation.ts), the API test the English catalogue and the server's.

export type ExplanationPart = { code: string; params?: Record<string, unknown> };

export type ExplanationWriter = {
  /** The message of a part's code, with its params; null when the catalogue has no such code. */
  message: (code: string, values: Record<string, unknown>) => string | null;
  day: (iso: string) => string;
  weight: (value: number, unit: string) => string;
  number: (value: number) => string;
  duration: (seconds: number) => string;
};

// Params a part may leave out (nothing lifted, nothing short): they read as nothing.
const OPTIONAL = { lifted: "", short: "" };
const SECONDS = /(^s|S)econds$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A param as the message takes it; undefined when it has a shape this app cannot read. */
function paramValue(key: string, value: unknown, w: ExplanationWriter): unknown {
  if (key === "date" && typeof value === "string") return w.day(value);
  if (typeof value === "number") {
    if (SECONDS.test(key)) return w.duration(value);
    return Number.isInteger(value) ? value : w.number(value);
  }
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.code === "string") return partText(value as ExplanationPart, w) ?? undefined;
  if (isRecord(value) && typeof value.weight === "number" && typeof value.unit === "string")
    return w.weight(value.weight, value.unit);
  return undefined;
}

/** One part in words, or null when its code or a param is unknown. */
export function partText(part: ExplanationPart, w: ExplanationWriter): string | null {
  const values: Record<string, unknown> = { ...OPTIONAL };
  for (const [key, value] of Object.entries(part.params ?? {})) {
    const written = paramValue(key, value, w);
    if (written === undefined) return null;
    values[key] = written;
  }
  return w.message(part.code, values);
}

/** The whole explanation (its sentences joined by a space), or null when any part cannot be written. */
export function explanationFromParts(parts: unknown, w: ExplanationWriter): string | null {
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const texts: string[] = [];
  for (const part of parts) {
    const text = isRecord(part) && typeof part.code === "string" ? partText(part as ExplanationPart, w) : null;
    if (text === null) return null;
    texts.push(text);
  }
  return texts.join(" ");
}
