// How a routine's exercise progresses, as the routine page says it: the rule (a training-max cycle,
// stages, or the routine's or its own progression), its target in words, and where it is now (the
// cycle week or the stage the next workout plans, read from the planned sets).
import type { CanonicalRoutine, CanonicalWorkout } from "../../documents.ts";

export type RoutineExercise = CanonicalRoutine["exercises"][number];
/** The program fields of an exercise (those the SDK of this version knows are typed; the others read as unknown). */
type ProgramFields = {
  trainingMax?: number;
  cycle?: string[][];
  stages?: string[];
  increment?: number;
  rounding?: number;
};

export function programOf(x: RoutineExercise): ProgramFields {
  return x as RoutineExercise & ProgramFields;
}

/** The rule that plans the exercise: cycle, stages, or a progression's name. */
export function ruleOf(x: RoutineExercise, routine: CanonicalRoutine): string {
  const p = programOf(x);
  if (p.cycle) return "cycle";
  if (p.stages) return "stages";
  return x.progression ?? routine.progression;
}

const RULE_NAMES: Record<string, string> = {
  cycle: "training-max cycle (5/3/1)",
  stages: "stages (GZCLP)",
};

/** The routine's progression in words: its rules, each once ("training-max cycle (5/3/1)", "linear"). */
export function progressionSummary(routine: CanonicalRoutine): string {
  const rules = [...new Set(routine.exercises.map((x) => ruleOf(x, routine)))];
  return (rules.length ? rules : [routine.progression]).map((r) => RULE_NAMES[r] ?? r).join(", ");
}

/** Sets x reps of a planned exercise's work sets, with the last one's `+` (`3x5+`). */
function shapeOf(sets: unknown[]): { count: number; reps: string[] } {
  const texts = sets.map((s) => (typeof s === "string" ? s : String((s as { set?: unknown }).set ?? "")));
  const work = texts.filter((t) => !/^\s*(w|d|rp)\s*:/i.test(t));
  return { count: work.length, reps: work.map((t) => /x\s*(\d+)\s*(\+?)/i.exec(t)?.slice(1, 3).join("") ?? "") };
}

/**
 * Where the exercise is in its program, from the next workout's planned sets: the cycle's week
 * whose reps they follow ("week 2 of 3"), or the stage whose sets x reps they are ("stage 2 of 3:
 * 6x2+"). Null when the plan matches no single week or stage.
 */
export function placeOf(x: RoutineExercise, planned: CanonicalWorkout["exercises"][number] | undefined): string | null {
  const p = programOf(x);
  if (!planned) return null;
  const shape = shapeOf(planned.sets);
  if (p.cycle) {
    const weeks = p.cycle.map((week, i) => ({
      i,
      reps: week.map((s) => /x\s*(\d+)\s*(\+?)/i.exec(s)?.slice(1, 3).join("") ?? ""),
    }));
    const bare = (reps: string[]) => reps.map((r) => r.replace("+", "")).join(",");
    // The reps tell the weeks apart (5/3/1: 5s, 3s, 5-3-1); a deload week of 5s differs from the first by its `+`.
    let found = weeks.filter((w) => bare(w.reps) === bare(shape.reps));
    if (found.length > 1) found = found.filter((w) => w.reps.join(",") === shape.reps.join(","));
    return found.length === 1 ? `week ${found[0].i + 1} of ${p.cycle.length}` : null;
  }
  if (p.stages) {
    const stages = p.stages
      .map((s, i) => ({ i, s: s.replace(/\s/g, ""), m: /^(\d+)[xX×](\d+)(\+?)$/.exec(s.replace(/\s/g, "")) }))
      .filter((s) => s.m && Number(s.m[1]) === shape.count && shape.reps.every((r) => r.replace("+", "") === s.m![2]));
    return stages.length === 1 ? `stage ${stages[0].i + 1} of ${p.stages.length}: ${stages[0].s}` : null;
  }
  return null;
}

/** An exercise's target in words: sets x reps or time, or its cycle's or stages' shape (never "3 x —"). */
export function targetText(x: RoutineExercise, formatSeconds: (s: number) => string): string {
  const p = programOf(x);
  if (p.cycle) return `${x.sets} sets a week, ${p.cycle.length}-week cycle`;
  if (p.stages) return `stages ${p.stages.join(", ")}`;
  if (x.time !== undefined) return `${x.sets} × ${formatSeconds(x.time)}`;
  return `${x.sets} × ${x.reps ?? "—"}${x.reps !== undefined ? " reps" : ""}`;
}
