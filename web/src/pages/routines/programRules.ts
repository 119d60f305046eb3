// How a routine's exercise progresses, as the routine page says it: the rule (a training-max cycle,
// stages, or the routine's or its own progression), its target in words, and where it is now (the
// cycle week or the stage the next workout plans, as progression says).
import type { CanonicalRoutine } from "../../documents.ts";

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

/**
 * Where the exercise is in its program, as progression plans the next workout (NextTarget.week and
 * stage, from 1): "week 2 of 3", or "stage 2 of 3: 6x2+". Null without a cycle or stages.
 */
export function placeOf(
  x: RoutineExercise,
  target: { week?: number | null; stage?: number | null } | undefined,
): string | null {
  const p = programOf(x);
  if (p.cycle && target?.week) return `week ${target.week} of ${p.cycle.length}`;
  const stage = target?.stage ? p.stages?.[target.stage - 1] : undefined;
  if (p.stages && stage !== undefined)
    return `stage ${target!.stage} of ${p.stages.length}: ${stage.replace(/\s/g, "")}`;
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
