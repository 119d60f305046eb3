// What fills an empty row when Done is tapped on it, as Strong's greyed values do: the set at the
// same position last time (the row's Last column), else the nearest filled set above it today. A
// weight logged in the other unit comes in the workout's unit at a loadable number (the exercise's
// step, @svc/sdk/weights' prefill rule). Only the row's empty boxes are filled; its kind stays. A row
// of a loaded exercise with reps but no weight gets the weight alone the same way (from a set above
// of its own kind), so a program's "weight to choose" is chosen once, not on every set and week.
import { distanceFill } from "./distanceSet.ts";
import { setFromDocument, setText, type LogExercise, type LogSet } from "./draft.ts";
import { needsWeight } from "./weightToChoose.ts";
import { prefillWeight } from "@svc/sdk/weights";
import type { UnitName } from "../../components/units.ts";
import { decimalText, parseDecimal } from "../../decimal.ts";

const LB_PER_KG = 2.2046226218;

/** Last time's sets of an exercise as the logger reads them (the LastTime query's answer). */
export type LastSets = { unit: string | null; sets: readonly { text: string }[] } | undefined;

/** A weight in another unit, unrounded (a training max the server takes percentages of). */
export function weightIn(weight: number, from: UnitName, to: UnitName): number {
  if (from === to) return weight;
  return to === "lb" ? weight * LB_PER_KG : weight / LB_PER_KG;
}

/** `weight` (typed in `from`) in `to`, rounded to `step`: what a lifter would load (@svc/sdk/weights' prefill rule). */
export function loadableIn(weight: string, from: UnitName, to: UnitName, step: number): string {
  if (weight === "" || from === to) return weight;
  const n = parseDecimal(weight);
  return Number.isFinite(n) ? decimalText(prefillWeight(n, from, to, step)) : weight;
}

/** A row holding nothing to log yet (no reps, or no time for a timed set). */
export function isEmptyRow(set: LogSet): boolean {
  return setText(set) === null;
}

/** Last time's set at `index` as a row in the workout's unit, when there is one. */
export function lastRow(
  last: LastSets,
  index: number,
  unit: UnitName,
  step: number,
  effort: "rpe" | "rir",
): LogSet | null {
  const text = last?.sets[index]?.text;
  if (!text) return null;
  const row = setFromDocument(text, effort);
  if (isEmptyRow(row)) return null;
  const from: UnitName = last?.unit === "lb" ? "lb" : last?.unit === "kg" ? "kg" : unit;
  return { ...row, weight: loadableIn(row.weight, from, unit, step) };
}

/** The boxes to fill on row `index` of `x`, or null when nothing is there to fill from. */
export function fillFor(
  x: LogExercise,
  index: number,
  last: LastSets,
  unit: UnitName,
  effort: "rpe" | "rir",
): Partial<LogSet> | null {
  const row = x.sets[index];
  if (!row) return null;
  const source =
    lastRow(last, index, unit, x.increment, effort) ?? x.sets.slice(0, index).findLast((s) => !isEmptyRow(s));
  if (!source) return null;
  const patch: Partial<LogSet> = {};
  if (row.weight.trim() === "" && source.weight !== "") patch.weight = source.weight;
  if (!row.bodyweight && source.bodyweight) patch.bodyweight = true;
  if (source.measure === "distance") {
    if (isEmptyRow(row)) Object.assign(patch, distanceFill(source));
  } else if (source.measure === "time") {
    if (row.seconds.trim() === "") Object.assign(patch, { seconds: source.seconds, measure: "time" as const });
  } else if (row.reps.trim() === "") Object.assign(patch, { reps: source.reps, measure: "reps" as const });
  return isEmptyRow({ ...row, ...patch }) ? null : patch;
}

/** A weight for row `index`, which has none: its Last column's, else the nearest set above today of its kind with one. */
export function weightFor(
  x: LogExercise,
  index: number,
  last: LastSets,
  unit: UnitName,
  effort: "rpe" | "rir",
): string | null {
  const row = x.sets[index];
  const lifted = (s: LogSet | null | undefined) => (s && !s.bodyweight && s.weight.trim() !== "" ? s.weight : null);
  return (
    lifted(lastRow(last, index, unit, x.increment, effort)) ??
    lifted(x.sets.slice(0, index).findLast((s) => s.kind === row?.kind && lifted(s) !== null))
  );
}

/** What Done on `set` puts in first, or why it is refused: nothing to fill from, or a loaded set's weight to choose. */
export function fillOnDone(
  x: LogExercise,
  set: LogSet,
  last: LastSets,
  w: { unit: UnitName; effort: "rpe" | "rir" },
  loaded: boolean,
): { patch: Partial<LogSet> | null } | { refused: "nothing" | "chooseWeight" } {
  const index = x.sets.indexOf(set);
  if (index < 0) return { patch: null };
  let patch: Partial<LogSet> | null = null;
  if (isEmptyRow(set)) {
    patch = fillFor(x, index, last, w.unit, w.effort);
    if (!patch) return { refused: "nothing" };
  }
  if (needsWeight({ ...set, ...patch }, loaded)) {
    const weight = weightFor(x, index, last, w.unit, w.effort);
    if (weight === null) return { refused: "chooseWeight" };
    patch = { ...patch, weight };
  }
  return { patch };
}
