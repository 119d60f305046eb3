// What a history card shows of one workout: each exercise with its done sets in the lifter's unit
// (a long one as its count and best set), and the records set that day.
import { formatPace, paceSeconds, parseSet, type PaceUnit } from "@svc/sdk/documents";
import { localSetText } from "../../decimal.ts";
import { factSetText, unitName } from "@svc/sdk/weights";
import type { UnitName } from "../../components/units.ts";
import { useDistanceUnit } from "../../components/distanceUnit.ts";
import { useTranslation } from "react-i18next";
import type { Translate } from "../../components/richText.tsx";

/** More done sets than this and an exercise reads as "8 sets, best 100x5". */
export const SETS_LISTED = 5;

type HistorySet = { id: string; text: string; kind: string; done: boolean };
type HistoryExercise = { id: string; exercise: { id: string; name: string } | null; sets: readonly HistorySet[] };
export type HistoryWorkout = { unit: string; exercises: readonly HistoryExercise[] };

/** The heaviest done work set (more reps break a tie), else the first done set. */
export function bestSet(sets: readonly HistorySet[]): HistorySet {
  let best = sets[0];
  let bestScore = [-1, -1];
  for (const s of sets) {
    const p = parseSet(s.text);
    if (!p.ok || s.kind !== "work") continue;
    const score = [p.value.weight ?? 0, p.value.reps ?? p.value.seconds ?? 0];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** A cardio set with its pace in the lifter's distance unit: `5km 25:00 (5:00/km)`; any other set as it is. */
export function withPace(text: string, per: PaceUnit): string {
  const p = parseSet(text);
  if (!p.ok) return text;
  const pace = paceSeconds(p.value.distance, p.value.distanceUnit, p.value.seconds, per);
  return pace === null ? text : `${text} (${formatPace(pace)}/${per})`;
}

function setsText(sets: readonly HistorySet[], shown: (text: string) => string, t: Translate): string {
  if (sets.length <= SETS_LISTED) return sets.map((s) => shown(s.text)).join(", ");
  return t("history.setsBest", { count: sets.length, best: shown(bestSet(sets).text) });
}

export function HistorySets({ workout, unit }: { workout: HistoryWorkout; unit: UnitName }) {
  const { t } = useTranslation("workouts");
  const from = unitName(workout.unit) ?? unit;
  const per = useDistanceUnit(unit);
  const shown = (text: string) => localSetText(withPace(factSetText(text, from, unit), per));
  const exercises = workout.exercises
    .map((x) => ({ ...x, done: x.sets.filter((s) => s.done && s.kind !== "warmup") }))
    .filter((x) => x.done.length > 0);
  if (exercises.length === 0) return <span className="muted">{t("history.noSets")}</span>;
  return (
    <ul className="history-sets">
      {exercises.map((x) => (
        <li key={x.id}>
          <strong>{x.exercise?.name ?? t("history.exercise")}</strong> {setsText(x.done, shown, t)}
        </li>
      ))}
    </ul>
  );
}

/** The personal records of the workout, or a dash. */
export function HistoryRecords({
  workout,
  records,
  unit,
}: {
  workout: HistoryWorkout;
  /** The ids of the sets that are personal records. */
  records: ReadonlySet<string>;
  unit: UnitName;
}) {
  const { t } = useTranslation("workouts");
  const from = unitName(workout.unit) ?? unit;
  const held = workout.exercises.flatMap((x) =>
    x.sets
      .filter((s) => records.has(s.id))
      .map((s) => ({ id: s.id, name: x.exercise?.name ?? t("history.exercise"), text: s.text })),
  );
  if (held.length === 0) return <>—</>;
  return (
    <ul className="history-sets">
      {held.map((r) => (
        <li key={r.id}>
          {r.name} {localSetText(factSetText(r.text, from, unit))}
        </li>
      ))}
    </ul>
  );
}
