// How the app writes dates, times, numbers and durations: through Intl, in the app's language
// (i18n/). When the browser's own locale is of that language (`en-GB`, `de-AT`), its regional
// conventions are kept; otherwise the language's own (`de`: `82,5`, `2. Dez. 2026`).
// Arabic keeps Western digits (`ar-u-nu-latn`, i18n/languages.ts intlLocale), the browser's `ar-EG` too.
import { currentLanguage, intlLocale } from "./i18n/index.ts";

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

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
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

/** The app locale's decimal separator (`.` or `,`). */
export function decimalSeparator(): string {
  return new Intl.NumberFormat(appLocale()).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
}

/** Reading what the lifter typed: web/src/decimal.ts (pure, for the logger's pure modules too). */
export { parseDecimal, parseAmount, parseDecimalList } from "./decimal.ts";
