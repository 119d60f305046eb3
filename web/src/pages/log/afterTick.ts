// What ticking a set starts: the rest (a warm-up's short one, or the exercise's), or, in a superset
// or circuit (exercises next to each other with the same `superset` label), the partner's next set:
// the round's rest starts only once every exercise of the round has done that set, from the rest
// of the round's last exercise.
import { DEFAULT_REST_SECONDS, type LogExercise, type LogWorkout } from "./draft.ts";

export type AfterTick =
  | { kind: "rest"; seconds: number; label: string }
  /** The round goes on: the focus moves to this set of the partner. */
  | { kind: "partner"; exercise: string; set: string }
  | { kind: "none" };

/** How the rest's label is written (the logger passes its language's; English otherwise). */
export type RestLabels = {
  /** `Bench Press set 2`. */
  setName: (exercise: string, n: number) => string;
  /** `round 1 of Curl + Pushdown`. */
  round: (round: number, exercises: string[]) => string;
};

export const ENGLISH_REST_LABELS: RestLabels = {
  setName: (exercise, n) => `${exercise} set ${n}`,
  round: (round, exercises) => `round ${round} of ${exercises.join(" + ")}`,
};

/** The exercises of the superset `exercise` belongs to, in order (just it when it has no label). */
export function groupOf(w: LogWorkout, exerciseKey: string): LogExercise[] {
  const i = w.exercises.findIndex((x) => x.key === exerciseKey);
  if (i < 0) return [];
  const label = w.exercises[i].superset;
  if (!label) return [w.exercises[i]];
  let start = i;
  while (start > 0 && w.exercises[start - 1].superset === label) start -= 1;
  let end = i;
  while (end + 1 < w.exercises.length && w.exercises[end + 1].superset === label) end += 1;
  return w.exercises.slice(start, end + 1);
}

const doneWork = (x: LogExercise) => x.sets.filter((s) => s.done && s.kind !== "warmup").length;

/**
 * After `set` of `exercise` was ticked done in `w` (the workout with the tick applied).
 * `warmupRest`: seconds after a warm-up set.
 */
export function afterTick(
  w: LogWorkout,
  exerciseKey: string,
  setKey: string,
  warmupRest: number,
  labels: RestLabels = ENGLISH_REST_LABELS,
): AfterTick {
  const group = groupOf(w, exerciseKey);
  const at = group.findIndex((x) => x.key === exerciseKey);
  if (at < 0) return { kind: "none" };
  const exercise = group[at];
  const index = exercise.sets.findIndex((s) => s.key === setKey);
  const set = exercise.sets[index];
  if (!set) return { kind: "none" };
  const label = labels.setName(exercise.exercise, index + 1);
  if (set.kind === "warmup") return { kind: "rest", seconds: warmupRest, label };
  if (group.length > 1) {
    // The round is the count of work sets done on the exercise just ticked.
    const round = doneWork(exercise);
    for (let step = 1; step < group.length; step += 1) {
      const partner = group[(at + step) % group.length];
      const next = partner.sets.find((s) => !s.done && s.kind !== "warmup");
      if (next && doneWork(partner) < round) return { kind: "partner", exercise: partner.key, set: next.key };
    }
    const last = group[group.length - 1];
    return {
      kind: "rest",
      seconds: last.rest ?? DEFAULT_REST_SECONDS,
      label: labels.round(
        round,
        group.map((x) => x.exercise),
      ),
    };
  }
  return { kind: "rest", seconds: exercise.rest ?? DEFAULT_REST_SECONDS, label };
}
