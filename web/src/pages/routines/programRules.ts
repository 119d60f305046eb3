// How a routine's exercise progresses, as the routine page says it: the rule (a training-max cycle,
// stages, or the routine's or its own progression), its target in words, and where it is now (the
// cycle week or the stage the next workout plans, as progression says).
import type { CanonicalRoutine } from "../../documents.ts";
import type { Translate } from "../../components/richText.tsx";

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

/** A rule (ruleOf) or progression as the routine pages name it: "linear", "stages (GZCLP)". */
export function ruleName(rule: string, t: Translate, long = false): string {
  switch (rule) {
    case "cycle":
      return long ? t("rule.cycleLong") : t("rule.cycle");
    case "stages":
      return long ? t("rule.stagesLong") : t("rule.stages");
    case "linear":
      return t("rule.linear");
    case "greyskull":
      return t("rule.greyskull");
    case "double":
      return t("rule.double");
    case "time":
      return t("rule.time");
    case "none":
      return t("rule.none");
    default:
      return rule;
  }
}

/** The routine's progression in words: its rules, each once ("training-max cycle (5/3/1)", "linear"). */
export function progressionSummary(routine: CanonicalRoutine, t: Translate): string {
  const rules = [...new Set(routine.exercises.map((x) => ruleOf(x, routine)))];
  return (rules.length ? rules : [routine.progression]).map((r) => ruleName(r, t, true)).join(t("rule.separator"));
}

/**
 * Where the exercise is in its program, as progression plans the next workout (NextTarget.week and
 * stage, from 1): "week 2 of 3", or "stage 2 of 3: 6x2+". Null without a cycle or stages.
 */
export function placeOf(
  x: RoutineExercise,
  target: { week?: number | null; stage?: number | null } | undefined,
  t: Translate,
): string | null {
  const p = programOf(x);
  if (p.cycle && target?.week) return t("rule.weekOf", { week: target.week, weeks: p.cycle.length });
  const stage = target?.stage ? p.stages?.[target.stage - 1] : undefined;
  if (p.stages && stage !== undefined)
    return t("rule.stageOf", { stage: target!.stage, stages: p.stages.length, scheme: stage.replace(/\s/g, "") });
  return null;
}

/** An exercise's target in words: sets x reps or time, or its cycle's or stages' shape (never "3 x —"). */
export function targetText(x: RoutineExercise, formatSeconds: (s: number) => string, t: Translate): string {
  const p = programOf(x);
  if (p.cycle) return t("target.cycle", { sets: x.sets, weeks: p.cycle.length });
  if (p.stages) return t("target.stages", { stages: p.stages.join(", ") });
  if (x.time !== undefined) return `${x.sets} × ${formatSeconds(x.time)}`;
  if (x.reps === undefined) return `${x.sets} × —`;
  return t("target.reps", { sets: x.sets, reps: String(x.reps) });
}
