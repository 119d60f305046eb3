// A target's parts (NextTarget.explanationParts) written with the web app's English catalogue and
// the server's own formats (a day as YYYY-MM-DD, `102.5 kg`, `1:30` and `45s`): the tests hold it
// equal to NextTarget.explanation, so the catalogue every translation starts from says what the
// server says, part for part.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { explanationFromParts, type ExplanationWriter } from "../../web/src/i18n/explanationParts.ts";

const catalogue = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../web/src/locales/en/explanations.json"), "utf8"),
) as { parts: Record<string, string> };

/** app_hidden.format_duration: `45s` under a minute, else `m:ss`. */
const serverDuration = (s: number) => (s < 60 ? `${s}s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`);

const english: ExplanationWriter = {
  message: (code, values) => {
    const message = catalogue.parts[code];
    return message === undefined ? null : String(new IntlMessageFormat(message, "en").format(values as never));
  },
  day: (iso) => iso,
  weight: (value, unit) => `${value} ${unit}`,
  number: (value) => String(value),
  duration: serverDuration,
};

/** The explanation the English catalogue writes from these parts (null: a code it lacks). */
export function englishFromParts(parts: unknown): string | null {
  return explanationFromParts(parts, english);
}

/**
 * Every target in a GraphQL answer (an object with explanation and explanationParts, at any depth)
 * has parts the English catalogue writes as its explanation.
 */
export function expectPartsSayExplanations(data: unknown): void {
  const found: { explanation: string; fromParts: string | null }[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) {
      const target = value as { explanation?: unknown; explanationParts?: unknown };
      if (typeof target.explanation === "string" && "explanationParts" in target)
        found.push({ explanation: target.explanation, fromParts: englishFromParts(target.explanationParts) });
      Object.values(value).forEach(walk);
    }
  };
  walk(data);
  expect(found.map((f) => f.fromParts)).toEqual(found.map((f) => f.explanation));
}
