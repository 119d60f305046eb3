// What a history chart shows: its range (the last 3 months, the last year, or all) and how its
// value axis writes numbers (short enough never to be cut: 150,000 as 150k), with the app locale's
// decimal separator (`1,5k`, `82,5` in German: decimalText).
import { decimalText } from "../decimal.ts";

export const CHART_RANGES = [
  { key: "3m", label: "3 months", months: 3 },
  { key: "1y", label: "1 year", months: 12 },
  { key: "all", label: "All", months: null },
] as const;

export type ChartRange = (typeof CHART_RANGES)[number]["key"];

/** The first day (YYYY-MM-DD) a range shows, counted back from `today`; null for all. */
export function rangeStart(range: ChartRange, today: Date): string | null {
  const months = CHART_RANGES.find((r) => r.key === range)?.months ?? null;
  if (months === null) return null;
  const d = new Date(today.getFullYear(), today.getMonth() - months, today.getDate());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The index of the first of `days` (oldest first) a range shows. */
export function rangeFrom(days: readonly string[], range: ChartRange, today: Date): number {
  const start = rangeStart(range, today);
  if (start === null) return 0;
  const at = days.findIndex((d) => d.slice(0, 10) >= start);
  return at < 0 ? days.length : at;
}

/** The range a chart opens on: the last year when the history is longer and that year has 2 points or more, else all. */
export function defaultRange(days: readonly string[], today: Date): ChartRange {
  const from = rangeFrom(days, "1y", today);
  return from > 0 && days.length - from >= 2 ? "1y" : "all";
}

function short(value: number): string {
  return decimalText(Math.round(value * 10) / 10);
}

/** A value axis label: 150000 is `150k`, 1500 `1.5k` (`1,5k` in German), 2500000 `2.5M`, 82.5 `82.5`. */
export function axisNumber(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${short(value / 1_000_000)}M`;
  if (size >= 1_000) return `${short(value / 1_000)}k`;
  return short(value);
}
