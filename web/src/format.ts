// How the app writes dates, times, numbers and durations: through Intl, in the app's language
// (i18n/). When the browser's own locale is of that language (`en-GB`, `de-AT`), its regional
// conventions are kept; otherwise the language's own (`de`: `82,5`, `2. Dez. 2026`).
// Arabic keeps Western digits (`ar-u-nu-latn`, i18n/languages.ts intlLocale), the browser's `ar-EG` too.
import { currentLanguage, intlLocale } from "./i18n/index.ts";
import { SOURCE_LANGUAGE } from "./i18n/languages.ts";
import { setDecimalSeparator } from "./decimal.ts";

/** The Intl locale of the app's language (see the top of this file). */
export function appLocale(): string {
  const language = currentLanguage();
  const browser = typeof navigator === "undefined" ? undefined : navigator.language;
  if (browser && browser.split("-")[0].toLowerCase() === language.split("-")[0].toLowerCase()) {
    try {
      return intlLocale(Intl.getCanonicalLocales(browser)[0]);
    } catch {
      // a tag Intl refuses: the language's own
    }
  }
  return intlLocale(language);
}

/** A date-only value (`2026-11-30`, or a week's `2026-11-30T00:00:00`): its year, month and day. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.0+)?)?)?$/;

/**
 * A day (a workout's date, a week's Monday) as the app's language writes it: `30.11.2026`,
 * `30 nov 2026`, `30 نوفمبر 2026`. The day is the one written: it is formatted in UTC, so no time
 * zone west of UTC moves it to the day before. English keeps the ISO `2026-11-30` that the docs,
 * the tests' accessible names and the addresses use. Anything not a day is returned as it is.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "—";
  const parts = DAY_ONLY.exec(day);
  if (!parts) return day;
  const [, y, m, d] = parts;
  if (currentLanguage() === SOURCE_LANGUAGE) return `${y}-${m}-${d}`;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toLocaleDateString(appLocale(), { dateStyle: "medium", timeZone: "UTC" });
}

/** A date: a day (`2026-11-30`) as formatDay writes it, a moment (a timestamp) on the local day. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  if (DAY_ONLY.test(iso)) return formatDay(iso);
  return new Date(iso).toLocaleDateString(appLocale(), { dateStyle: "medium" });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(appLocale(), { dateStyle: "medium", timeStyle: "short" });
}

export function formatTime(date: Date): string {
  return date.toLocaleTimeString(appLocale());
}

/** A weekday's name (`long`: Monday, `short`: Mon) for a date, or for 1 = Monday ... 7 = Sunday. */
export function formatWeekday(day: Date | number, width: "long" | "short" = "long"): string {
  // 2024-01-01 was a Monday.
  const date = typeof day === "number" ? new Date(Date.UTC(2024, 0, day)) : day;
  return new Intl.DateTimeFormat(appLocale(), {
    weekday: width,
    ...(typeof day === "number" ? { timeZone: "UTC" } : {}),
  }).format(date);
}

/** A number in the app's locale (`82.5`, `82,5`), up to `maximumFractionDigits` (default 2) decimals. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(appLocale(), { maximumFractionDigits: 2, ...options }).format(value);
}

/** A duration in the app's language: `1 h 5 min`, `45 s` (Intl units, narrow-ish `short` style). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(appLocale(), { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const parts = [h ? unit(h, "hour") : "", m ? unit(m, "minute") : "", rest || (!h && !m) ? unit(rest, "second") : ""];
  return parts.filter(Boolean).join(" ");
}

const separators = new Map<string, string>();

/** The app locale's decimal separator (`.` or `,`). */
export function decimalSeparator(): string {
  const locale = appLocale();
  let separator = separators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    separators.set(locale, separator);
  }
  return separator;
}

// The numbers the app writes into boxes (decimalText) take the app locale's separator.
setDecimalSeparator(decimalSeparator);

/** Reading what the lifter typed, and writing a number into a box: web/src/decimal.ts (pure, for the logger's pure modules too). */
export { parseDecimal, parseAmount, parseDecimalList, decimalText } from "./decimal.ts";
