/**
 * Reading the other apps' CSV files: records with the line each starts on (csv-parse), the
 * delimiter of the header line, and the field readers every importer shares (numbers with a decimal
 * point or comma, durations, dates with month names in several languages, local times to instants).
 */
// csv-parse's browser build (it carries its own Buffer), so the web app reads files with this same
// code; Node runs it as fast once warm.
import { parse } from "csv-parse/browser/esm/sync";
import { ImportParseError } from "./model.ts";
import { zoneOffsetAt } from "./time-zone.ts";
import { unguardFormula } from "./csv-cell.ts";

export type CsvRecord = { line: number; fields: string[] };

/** The header line's delimiter: the one of `,` `;` tab that splits it into the most fields. */
export function headerDelimiter(text: string): string {
  const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  let best = ",";
  let most = 0;
  for (const d of [",", ";", "\t"]) {
    const n = header.split(d).length;
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

/**
 * Every record (the header first) with the line it starts on, each cell as written before the
 * export's formula guard (unguardFormula); a malformed file names its line.
 */
export function readCsv(text: string, delimiter = headerDelimiter(text)): CsvRecord[] {
  try {
    const records = parse(text.replace(/^\uFEFF/, ""), {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line the record ends on; a record starts where the one before ended.
    let previousEnd = 0;
    const out: CsvRecord[] = [];
    for (const { record, info } of records) {
      // A cell the export wrote with a leading ' (a text starting like a spreadsheet formula) reads back as it was.
      out.push({ line: firstLine(text, previousEnd, info.lines), fields: record.map(unguardFormula) });
      previousEnd = info.lines;
    }
    return out;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    throw new ImportParseError(
      e.lines ?? 1,
      null,
      `not readable as CSV (${e.message.replace(/^Invalid [^:]*: /, "")})`,
    );
  }
}

/** A record after a blank line starts later than the line after the previous record: skip blanks. */
function firstLine(text: string, previousEnd: number, end: number): number {
  if (end === previousEnd + 1) return end;
  const lines = text.split(/\r?\n/);
  let line = previousEnd + 1;
  while (line < end && lines[line - 1]?.trim() === "") line++;
  return line;
}

/** Cells by header name (case- and space-insensitive), reading a record with its line. */
export function normalizeHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
}

/**
 * A number cell: empty is null; `102.5`, `102,5` (a decimal comma) and `1,234.5` are read;
 * anything else is an error naming the line and column.
 */
export function numberCell(value: string | undefined, line: number, column: string): number | null {
  const t = (value ?? "").trim();
  if (t === "") return null;
  let normalized = t;
  if (/^-?\d+,\d+$/.test(t)) normalized = t.replace(",", ".");
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) normalized = t.replaceAll(",", "");
  const n = Number(normalized);
  if (!/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(normalized) || !Number.isFinite(n)) {
    throw new ImportParseError(line, column, `${JSON.stringify(t)} is not a number`);
  }
  return n;
}

/** A count cell (reps): a whole number >= 0, or null when empty. */
export function countCell(value: string | undefined, line: number, column: string): number | null {
  const n = numberCell(value, line, column);
  if (n === null) return null;
  if (n < 0 || !Number.isInteger(Math.round(n * 1000) / 1000) || Math.abs(n - Math.round(n)) > 1e-6) {
    throw new ImportParseError(line, column, `${JSON.stringify(value!.trim())} is not a whole number of reps`);
  }
  return Math.round(n);
}

/** A duration cell: seconds (`90`), `h:mm:ss`, `m:ss`, or `1h 5m 3s` forms; null when empty. */
export function durationCell(value: string | undefined, line: number, column: string): number | null {
  const t = (value ?? "").trim();
  if (t === "") return null;
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  let m = /^(\d+):([0-5]?\d):([0-5]?\d)$/.exec(t);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  m = /^(\d+):([0-5]?\d)$/.exec(t);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(t);
  if (m && (m[1] || m[2] || m[3])) return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  throw new ImportParseError(line, column, `${JSON.stringify(t)} is not a duration`);
}

/** Month names and abbreviations (lower case, without a trailing dot) in the apps' languages. */
const MONTHS: string[][] = [
  [
    "jan",
    "january",
    "januar",
    "janv",
    "janvier",
    "ene",
    "enero",
    "gen",
    "gennaio",
    "jan",
    "janeiro",
    "januari",
    "stycz",
    "styczeń",
    "января",
    "янв",
    "jänner",
    "jän",
  ],
  [
    "feb",
    "february",
    "februar",
    "févr",
    "février",
    "fev",
    "feb",
    "febrero",
    "febbraio",
    "fevereiro",
    "februari",
    "luty",
    "lut",
    "февраля",
    "фев",
    "fév",
  ],
  ["mar", "march", "märz", "mär", "mars", "marzo", "março", "maart", "mrt", "marzec", "mar", "марта", "мар"],
  ["apr", "april", "avr", "avril", "abr", "abril", "aprile", "kwiecień", "kwi", "апреля", "апр"],
  ["may", "mai", "mayo", "mag", "maggio", "maio", "mei", "maj", "мая", "май"],
  ["jun", "june", "juni", "juin", "junio", "giu", "giugno", "junho", "czerwiec", "cze", "июня", "июн"],
  ["jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio", "julho", "lipiec", "lip", "июля", "июл"],
  ["aug", "august", "août", "aout", "ago", "agosto", "augustus", "sierpień", "sie", "августа", "авг"],
  [
    "sep",
    "sept",
    "september",
    "septembre",
    "sept",
    "septiembre",
    "set",
    "settembre",
    "setembro",
    "wrzesień",
    "wrz",
    "сентября",
    "сен",
  ],
  [
    "oct",
    "october",
    "okt",
    "oktober",
    "octobre",
    "octubre",
    "ott",
    "ottobre",
    "out",
    "outubro",
    "październik",
    "paź",
    "октября",
    "окт",
  ],
  ["nov", "november", "novembre", "noviembre", "novembro", "listopad", "lis", "ноября", "ноя"],
  [
    "dec",
    "december",
    "dez",
    "dezember",
    "déc",
    "décembre",
    "dic",
    "diciembre",
    "dicembre",
    "dezembro",
    "grudzień",
    "gru",
    "декабря",
    "дек",
  ],
];
/**
 * Languages whose month names Intl gives (every short and long form, alone and in a date: Polish
 * `sty`/`stycznia`, Russian `февр.`/`сент.`/`нояб.`), added to the table so it follows ICU's own
 * (Node and browsers share it) rather than a hand-written copy.
 */
export const MONTH_LOCALES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "nl",
  "pl",
  "ru",
  "cs",
  "tr",
  "uk",
  "sv",
  "da",
  "nb",
  "fi",
] as const;

/** The month names of `locale` as Intl writes them, each form's twelve from one formatter. */
function intlMonthNames(locale: string): string[][] {
  const forms: string[][] = [];
  for (const style of ["short", "long"] as const) {
    for (const context of [{}, { day: "numeric" as const }]) {
      const format = new Intl.DateTimeFormat(locale, { ...context, month: style, timeZone: "UTC" });
      forms.push(
        Array.from(
          { length: 12 },
          (_, month) =>
            format
              .formatToParts(new Date(Date.UTC(2021, month, 15)))
              .find((p) => p.type === "month")
              ?.value.toLowerCase()
              .replace(/\.$/, "") ?? "",
        ),
      );
    }
  }
  return forms;
}

/**
 * Every name to its month (1-12): the written table first, then Intl's. Built on first use, not at
 * load: its 64 formatters cost about half a second of CPU, which every process that imports the SDK
 * (the server, each `svc` command) paid though most never read a month name.
 */
let monthOf: Map<string, number> | null = null;
function monthTable(): Map<string, number> {
  if (monthOf) return monthOf;
  const table = new Map<string, number>();
  MONTHS.forEach((names, i) => names.forEach((n) => table.set(n, i + 1)));
  for (const locale of MONTH_LOCALES) {
    let forms: string[][];
    try {
      forms = intlMonthNames(locale);
    } catch {
      continue; // A runtime without this language: its names are simply not known.
    }
    for (const names of forms)
      names.forEach((key, month) => {
        // Numeric months (Czech writes `15. 1.`) are not names; the first meaning of a name wins.
        if (key && !/^\d+$/.test(key) && !table.has(key)) table.set(key, month + 1);
      });
  }
  monthOf = table;
  return table;
}

/** The month (1-12) a name or abbreviation means, in any of the languages above, or null. */
export function monthNumber(name: string): number | null {
  const key = name.toLowerCase().replace(/\.$/, "");
  return monthTable().get(key) ?? null;
}

export type WallTime = { date: string; time: string };

const pad = (n: number | string) => String(n).padStart(2, "0");

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A date (and time) cell as the apps write them: `2026-04-06 17:18:00`, `2026-04-06T17:18:00`,
 * `2026-04-06`, `6 Apr 2026, 17:18`, `6. Apr. 2026, 17:18`, `Apr 6, 2026, 5:18 PM`,
 * `6 апр. 2026 г., 17:18`, `9 de abr. de 2026, 17:18`. A wall-clock time (no zone).
 */
export function wallTimeCell(value: string | undefined, line: number, column: string): WallTime {
  const t = (value ?? "").trim();
  const bad = () => new ImportParseError(line, column, `${JSON.stringify(t)} is not a date`);
  let y: number, mo: number, d: number;
  let h = 12,
    mi = 0,
    s = 0;
  let rest: string;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/.exec(t);
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    rest = m[4];
  } else if ((m = /^(\d{1,2})\.?\s+(?:de\s+)?([^\s\d.,]+)\.?,?\s+(?:de\s+)?(\d{4})(?:\s*[гр]\.)?(.*)$/iu.exec(t))) {
    // Portuguese and Spanish write `9 de abr. de 2026`.
    const month = monthNumber(m[2]);
    if (!month) throw bad();
    [y, mo, d] = [Number(m[3]), month, Number(m[1])];
    rest = m[4];
  } else if ((m = /^([^\s\d.,]+)\.?\s+(\d{1,2}),?\s+(\d{4})(.*)$/u.exec(t))) {
    const month = monthNumber(m[1]);
    if (!month) throw bad();
    [y, mo, d] = [Number(m[3]), month, Number(m[2])];
    rest = m[4];
  } else if ((m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(.*)$/.exec(t))) {
    // Day first (FitNotes and most locales outside the US write it so).
    [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
    rest = m[4];
  } else throw bad();
  rest = rest
    .replace(/^[\s,T]+/, "")
    // The word Intl's long forms put before the time: `at`, `um`, `à`, `a las`, `às`, `alle ore`, `в`, `kl.`.
    .replace(/^(?:at|um|à|a las|às|alle ore|om|в|v|о|kl\.|klo)\s+/iu, "")
    .replace(/\s*(Z|[+-]\d{2}:?\d{2})$/, "")
    .trim();
  if (rest !== "") {
    const tm = /^(\d{1,2})[:.](\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([aApP]\.?[mM]\.?)?$/.exec(rest);
    if (!tm) throw bad();
    h = Number(tm[1]);
    mi = Number(tm[2]);
    s = Number(tm[3] ?? 0);
    if (tm[4]) {
      const pm = /p/i.test(tm[4]);
      if (h < 1 || h > 12) throw bad();
      h = (h % 12) + (pm ? 12 : 0);
    }
    if (h > 23 || mi > 59 || s > 59) throw bad();
  }
  if (!realDate(y, mo, d)) throw bad();
  return { date: `${y}-${pad(mo)}-${pad(d)}`, time: `${pad(h)}:${pad(mi)}:${pad(s)}` };
}

const offsets = new Map<string, number>();

/** Minutes east of UTC of a time zone at a wall-clock time (Intl; `UTC` is 0), remembered per zone and hour. */
function zoneOffsetMinutes(timeZone: string, wall: WallTime): number {
  const key = `${timeZone} ${wall.date} ${wall.time.slice(0, 2)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  // The zone's offset at (about) that instant; good to the hour around a DST change.
  const offset = zoneOffsetAt(timeZone, Date.parse(`${wall.date}T${wall.time}Z`));
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The instant of a wall-clock time in a time zone, as ISO 8601 with its offset (`...+02:00`). */
export function startInZone(wall: WallTime, timeZone: string): string {
  const offset = zoneOffsetMinutes(timeZone, wall);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${wall.date}T${wall.time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The time zone of this process or browser (what a file's wall-clock times are read in by default). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
