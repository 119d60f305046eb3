// Bodyweight over time, the same chart on Progress and on the Bodyweight page: the entries in the
// user's unit, oldest first (each converted when it was logged in the other unit).
import { factWeight } from "@svc/sdk/weights";
import { useTranslation } from "react-i18next";
import { LazyTimeChart as TimeChart } from "./LazyTimeChart.tsx";
import { unitOf, type UnitName } from "./units.ts";

export type BodyweightEntry = { date: string; weight: number; unit: string };

/** The entries (newest first, as the API lists them) in `unit`, oldest first. */
export function bodyweightsIn(entries: readonly BodyweightEntry[], unit: UnitName): { date: string; weight: number }[] {
  return [...entries].reverse().map((b) => ({
    date: b.date,
    weight: factWeight(b.weight, unitOf(b.unit), unit),
  }));
}

export function BodyweightChart({ entries, unit }: { entries: readonly BodyweightEntry[]; unit: UnitName }) {
  const { t } = useTranslation("components");
  const shown = bodyweightsIn(entries, unit);
  return (
    <TimeChart
      label={t("chart.bodyweight")}
      unit={unit}
      fromZero={false}
      days={shown.map((b) => b.date)}
      series={[{ label: t("chart.bodyweight"), values: shown.map((b) => b.weight) }]}
    />
  );
}
