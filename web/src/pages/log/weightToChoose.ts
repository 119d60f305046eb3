// A set of a loaded exercise (barbell, dumbbell, machine, cable, kettlebell, counted in reps) is never
// ticked without a weight: a program's assistance lift started with its weight to choose is planned
// `x10`, and Done asks for the weight at the row instead of saving a weightless set.
import { useMemo } from "react";
import { useExerciseIndex, type ExerciseIndex } from "../../components/exerciseIndex.ts";
import type { LogSet } from "./draft.ts";

const LOADED = new Set(["barbell", "dumbbell", "machine", "cable", "kettlebell"]);

/** The names and aliases (lower case) of the loaded exercises the index knows. */
export function loadedNames(index: ExerciseIndex | null): ReadonlySet<string> {
  const names = new Set<string>();
  for (const x of index?.exercises ?? []) {
    if (x.kind !== "reps" || !LOADED.has(x.equipment)) continue;
    for (const name of [x.name, ...x.aliases]) if (name) names.add(name.toLowerCase());
  }
  return names;
}

/** Whether `set` has reps but no weight while its exercise is lifted with one. */
export function needsWeight(set: LogSet, loaded: boolean): boolean {
  return loaded && set.measure === "reps" && !set.bodyweight && set.weight.trim() === "" && set.reps.trim() !== "";
}

/** The loaded exercises' names from the index kept in this browser (refreshed once per page load). */
export function useLoadedNames(userId: string): ReadonlySet<string> {
  const index = useExerciseIndex(userId);
  return useMemo(() => loadedNames(index), [index]);
}
