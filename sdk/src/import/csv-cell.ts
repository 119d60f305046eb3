/**
 * One CSV cell as the export writes it and the importer reads it back. A text cell beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
 * Sheets (CSV injection: `=HYPERLINK(...)` in a workout name typed by anyone, or an imported file,
 * or an assistant), so it is written with a leading `'`, OWASP's advice: spreadsheets then show the
 * text as it is. readCsv takes that `'` off again, so svc reads its own file back exactly.
 * Numbers (weights, reps, seconds, RPE) are written as numbers, never prefixed: a spreadsheet reads
 * `-5` as the number, not a formula, and other apps' importers need the number.
 * No CSV parser here: the web app's export loads this as it is.
 */

/** Text a spreadsheet would run as a formula, after any `'` already in front of it (those are kept). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Whether the export writes this text with a leading `'`. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * A text cell with its leading `'` when it starts like a formula (`=1+1` -> `'=1+1`; `'=x`, which
 * already starts with one, -> `''=x`, so that reading back gives `'=x` again).
 */
export function guardFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** The text guardFormula was given: one `'` off a cell that starts with `'` and then like a formula. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A value as one CSV cell: quoted when it holds a quote, comma or line break; text guarded, numbers as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : guardFormula(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
