// Warm-ups sit above the work sets: a set whose kind becomes warm-up moves up to the other
// warm-ups, the ramp "Add warm-ups" brings goes above set 1 (lightest first), and a warm-up is
// never AMRAP. How heavy a ramp is comes from the server (Query.warmupSets: the routine's scheme,
// 5/3/1's percentages of the training max), the one home of that rule.
import { setFromDocument, type LogExercise, type LogSet } from "./draft.ts";

/** `x` with `added` warm-ups put after its own and every warm-up above the other sets (order kept otherwise). */
export function withWarmups(x: LogExercise, added: readonly LogSet[]): LogExercise {
  const fresh = added.filter((s) => !x.sets.some((t) => t.key === s.key));
  const all = [...x.sets, ...fresh].map((s) => (s.kind === "warmup" && s.amrap ? { ...s, amrap: false } : s));
  const warmups = [...all.filter((s) => s.kind === "warmup")];
  const ordered = [...warmups, ...all.filter((s) => s.kind !== "warmup")];
  const same = ordered.length === x.sets.length && ordered.every((s, i) => s === x.sets[i]);
  return same ? x : { ...x, sets: ordered };
}

/** The first work set of the exercise with a weight and reps: what a ramp leads to. */
export function rampTarget(x: LogExercise): LogSet | null {
  return (
    x.sets.find((s) => s.kind === "work" && s.weight.trim() !== "" && !s.bodyweight && s.measure === "reps") ?? null
  );
}

/** Warm-up rows from the server's set texts (`w:40x5`), not done. */
export function warmupRows(texts: readonly string[], effort: "rpe" | "rir"): LogSet[] {
  return texts.map((t) => ({
    ...setFromDocument({ set: t, done: false }, effort),
    kind: "warmup" as const,
    amrap: false,
  }));
}
