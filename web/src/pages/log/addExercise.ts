// An exercise added mid-workout comes with last time's sets (weights in the workout's unit at
// loadable numbers, reps, kinds; none done), as Strong does; with no history, one empty set.
import type { FoundExercise } from "../../components/ExercisePicker.tsx";
import type { UnitName } from "../../components/units.ts";
import { newExercise, type LogExercise } from "./draft.ts";
import { lastRow, type LastSets } from "./fill.ts";

export function exerciseFromLastTime(
  found: Pick<FoundExercise, "name" | "kind" | "equipment">,
  last: LastSets,
  unit: UnitName,
  effort: "rpe" | "rir",
): LogExercise {
  const base = newExercise(found.name, unit, found.kind, found.equipment);
  const count = last?.sets.length ?? 0;
  const sets = Array.from({ length: count }, (_, i) => lastRow(last, i, unit, base.increment, effort)).flatMap((row) =>
    row ? [{ ...row, done: false }] : [],
  );
  return sets.length > 0 ? { ...base, sets } : base;
}
