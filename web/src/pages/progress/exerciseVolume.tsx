// Weekly volume split into parts (by exercise, by body region): the parts with the most volume in
// the weeks shown each get a column, the rest add up to "Other"; each row's columns sum to the
// week's total.
import { useTranslation } from "react-i18next";
import { formatTotal } from "../../components/units.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { TableBox, type VolumeWeek } from "./tables.tsx";
import { formatDay } from "../../format.ts";

/** Exercises shown as their own column; the rest are summed as "Other". */
export const TOP_EXERCISES = 4;

/** One group of `groupedAggregates(groupBy: [EXERCISE_ID, WEEK])`: keys are [exercise id, week]. */
export type ExerciseWeekGroup = {
  keys: readonly (string | null)[] | null;
  sum: { volumeKg: number; volumeLb: number } | null;
};

export type VolumeBreakdown = {
  /** The parts with a column, most volume first. */
  parts: { key: string; label: string }[];
  /** Per week (as given, oldest first): the volume of each part with a column, then of the others. */
  rows: { week: string; total: number; byPart: number[]; other: number }[];
};

/** Rounded to the hundredth so float sums print like the API's totals. */
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The weeks' volume split by `partOf(exercise id)` (the exercise itself, its region), in the
 * user's unit; at most `columns` parts get a column, headed by `labelOf(part)`.
 */
export function volumeBreakdown(
  weeks: VolumeWeek[],
  groups: readonly ExerciseWeekGroup[],
  {
    partOf,
    labelOf,
    columns,
  }: { partOf: (exerciseId: string) => string; labelOf: (part: string) => string; columns: number },
  unit: string,
): VolumeBreakdown {
  const shown = new Set(weeks.map((w) => w.week));
  // part -> week -> volume in the user's unit
  const volumes = new Map<string, Map<string, number>>();
  for (const group of groups) {
    const [exerciseId, week] = group.keys ?? [];
    const day = week?.slice(0, 10);
    if (!exerciseId || !day || !shown.has(day) || !group.sum) continue;
    const value = unit === "lb" ? group.sum.volumeLb : group.sum.volumeKg;
    if (value === 0) continue;
    const part = partOf(exerciseId);
    const byWeek = volumes.get(part) ?? new Map<string, number>();
    byWeek.set(day, (byWeek.get(day) ?? 0) + value);
    volumes.set(part, byWeek);
  }
  const totals = [...volumes].map(([part, byWeek]) => ({
    part,
    total: [...byWeek.values()].reduce((a, b) => a + b, 0),
  }));
  totals.sort((a, b) => b.total - a.total || labelOf(a.part).localeCompare(labelOf(b.part)));
  const parts = totals.slice(0, columns).map((t) => t.part);
  const rest = totals.slice(columns).map((t) => t.part);
  return {
    parts: parts.map((key) => ({ key, label: labelOf(key) })),
    rows: weeks.map((w) => ({
      week: w.week,
      total: w.volume,
      byPart: parts.map((part) => round(volumes.get(part)?.get(w.week) ?? 0)),
      other: round(rest.reduce((sum, part) => sum + (volumes.get(part)?.get(w.week) ?? 0), 0)),
    })),
  };
}

export function VolumeBreakdownTable({
  breakdown,
  unit,
  caption,
}: {
  breakdown: VolumeBreakdown;
  unit: string;
  caption: string;
}) {
  const { t } = useTranslation("progress");
  const { parts, rows } = breakdown;
  const hasOther = rows.some((r) => r.other > 0);
  return (
    <TableBox label={caption} rows={rows.length}>
      <CardTable
        caption={t("tables.newestFirst", { caption })}
        rows={[...rows].reverse()}
        rowKey={(r) => r.week}
        columns={[
          { label: t("tables.weekOf"), cell: (r) => formatDay(r.week) },
          ...parts.map((part, i) => ({
            label: part.label,
            cell: (r: (typeof rows)[number]) => formatTotal(r.byPart[i], unit),
          })),
          hasOther && { label: t("regions.other"), cell: (r) => formatTotal(r.other, unit) },
          { label: t("tables.total"), cell: (r) => formatTotal(r.total, unit) },
        ]}
      />
    </TableBox>
  );
}
