// Months as the calendar reads them: `YYYY-MM` in the address, weeks Monday first.
import { localDate } from "../../components/documentValues.ts";
import { intlLocale } from "../../i18n/languages.ts";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month the address names (`2026-11`), else the month of `now`. */
export function monthOf(text: string | null, now = new Date()): { year: number; month: number } {
  const m = text ? MONTH.exec(text) : null;
  if (m) return { year: Number(m[1]), month: Number(m[2]) };
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

export function monthKey({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The month `by` months after (or before) this one. */
export function shiftMonth({ year, month }: { year: number; month: number }, by: number) {
  const d = new Date(year, month - 1 + by, 1);
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
}

/** The month's days (YYYY-MM-DD) as weeks of 7 cells, Monday first; null before the 1st and after the last. */
export function monthWeeks({ year, month }: { year: number; month: number }): (string | null)[][] {
  const first = new Date(year, month - 1, 1);
  const days = new Date(year, month, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(localDate(new Date(year, month - 1, d)));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The locale a date is written in: the app's language, or (English, and by default) the browser's own. */
function localeOf(language: string | undefined): string | undefined {
  return language && language !== "en" ? intlLocale(language) : undefined;
}

/** `November 2026` in the app's language (English: the browser's locale). */
export function monthName({ year, month }: { year: number; month: number }, language?: string): string {
  return new Date(year, month - 1, 1).toLocaleDateString(localeOf(language), { month: "long", year: "numeric" });
}

/** `Tuesday 3 November` (in the locale's order). */
export function dayName(day: string, language?: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(localeOf(language), {
    weekday: "long",
    day: "numeric",
    month: "long",
  });
}

/** The weekdays Monday first, each its full name and its column heading (`Mo` in English). */
export function weekdays(language?: string): { name: string; short: string }[] {
  const locale = localeOf(language);
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(2024, 0, 1 + i); // 1 January 2024 was a Monday
    const name = date.toLocaleDateString(locale ?? "en", { weekday: "long" });
    const short = !locale
      ? name.slice(0, 2)
      : date.toLocaleDateString(locale, { weekday: language === "ar" ? "narrow" : "short" });
    return { name, short };
  });
}
