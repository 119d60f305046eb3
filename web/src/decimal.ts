// Numbers as the lifter types them, in any of the app's languages: `82.5` and `82,5` (and Arabic's
// decimal separator `٫`) read the same, and a number the app writes into a box (a planned or
// prefilled weight, a stepped one) is written with the app locale's separator (`62,5` in German).
// Pure (no i18n), so the logger's pure modules read and write with it too; format.ts re-exports it
// beside the formatters and tells it the locale's separator (setDecimalSeparator).

/** How the app locale writes a decimal: format.ts's decimalSeparator, given by setDecimalSeparator. */
let separatorOf: () => string = () => ".";

/** Tells decimalText where the app locale's decimal separator comes from (format.ts does, once). */
export function setDecimalSeparator(source: () => string): void {
  separatorOf = source;
}

/**
 * A number as a box shows it for the lifter to edit: `62.5` in English, `62,5` in German, no
 * thousands separator (parseDecimal reads it back, as it reads a point); "" for null.
 */
export function decimalText(value: number | null): string {
  if (value === null) return "";
  const text = String(value);
  const separator = separatorOf();
  return separator === "." ? text : text.replace(".", separator);
}

/**
 * A set's text as the app shows it (`62.5x5@7.5` reads `62,5x5@7,5` in German): its decimals in the
 * locale's separator. Only for reading: documents, boxes and what fills a row keep the text as written.
 */
export function localSetText(text: string): string {
  const separator = separatorOf();
  return separator === "." ? text : text.replace(/(\d)\.(\d)/g, `$1${separator}$2`);
}

/**
 * A number typed by the lifter: `82.5` and `82,5` both read 82.5 in every language (a weight never
 * carries a thousands separator in an input); spaces around are ignored. NaN for anything else
 * (empty included), so callers keep their own "required" rule.
 */
export function parseDecimal(text: string): number {
  const t = withPoint(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return Number.NaN;
  return Number(t);
}

/**
 * An amount typed where only 0 or more makes sense (a weight, a distance, a measurement), written out
 * whole (`7.5`, `7,5`; not `7.` or `.5`, which are still being typed), or null.
 */
export function parseAmount(text: string): number | null {
  const t = withPoint(text);
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** The text trimmed, its decimal comma (or Arabic `٫`) a point. */
function withPoint(text: string): string {
  return text
    .trim()
    .replace(/[\u066B]/g, ".")
    .replace(",", ".");
}

/**
 * A list of numbers typed in one box (`25, 20, 10, 2.5`; `25; 20; 2,5`; `25 20 2,5`): when the list is
 * spaced or uses `;`, a comma inside a number is its decimal comma; an unspaced `25,20,10` is split at
 * its commas. NaN for an entry that is no number.
 */
export function parseDecimalList(text: string): number[] {
  const spaced = /[\s;]/.test(text.trim());
  const parts = spaced ? text.split(/[\s;]+/).map((p) => p.replace(/^,|,$/g, "")) : text.split(",");
  return parts.filter((p) => p.trim() !== "").map(parseDecimal);
}
