// What an exercise card's tools do on the page: add an exercise with last time's sets, pair it in
// a superset (with one of the workout or a new one), and ask the server for a warm-up ramp.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FoundExercise } from "../../components/ExercisePicker.tsx";
import { request } from "../../graphql/client.ts";
import { exerciseFromLastTime } from "./addExercise.ts";
import { typedNumber, type LogExercise, type LogWorkout } from "./draft.ts";
import type { CardTools } from "./ExerciseActions.tsx";
import type { LastSets } from "./fill.ts";
import type { LogAction } from "./logState.ts";
import { LastTime, WarmupSets } from "./operations.ts";
import { rampTarget, warmupRows } from "./warmups.ts";

export function useCardTools(
  workout: LogWorkout,
  lastByName: ReadonlyMap<string, LastSets>,
  edit: (action: LogAction) => void,
): { addExercise: (found: FoundExercise) => Promise<LogExercise>; toolsFor: (x: LogExercise) => CardTools } {
  const { t } = useTranslation("log");
  /** A change that could not be made, said at its exercise (warm-ups with no connection). */
  const [cardNotice, setCardNotice] = useState<{ exercise: string; message: string } | null>(null);

  /** Adds the exercise with last time's sets (asked now: its card shows them at once). */
  const addExercise = async (found: FoundExercise): Promise<LogExercise> => {
    let history = lastByName.get(found.name);
    if (!history)
      history = await request(LastTime, { exercises: [found.name] })
        .then((answer) => answer.lastPerformance?.[0] ?? undefined)
        .catch(() => undefined);
    const exercise = exerciseFromLastTime(found, history, workout.unit, workout.effort);
    edit({ type: "addExercise", exercise });
    return exercise;
  };

  const addWarmups = async (x: LogExercise) => {
    const target = rampTarget(x);
    if (!target) return;
    try {
      const answer = await request(WarmupSets, {
        workSet: `${typedNumber(target.weight)}x${target.reps || 5}`,
        unit: workout.unit,
        step: String(x.increment),
        trainingMax: x.trainingMax ? String(x.trainingMax) : null,
      });
      const rows = warmupRows(
        (answer.warmupSets ?? []).filter((t): t is string => typeof t === "string"),
        workout.effort,
      );
      if (rows.length === 0)
        setCardNotice({
          exercise: x.key,
          message: t("warmups.none"),
        });
      else {
        setCardNotice(null);
        edit({ type: "addWarmups", exercise: x.key, sets: rows });
      }
    } catch {
      setCardNotice({ exercise: x.key, message: t("warmups.offline") });
    }
  };

  const toolsFor = (x: LogExercise): CardTools => ({
    others: workout.exercises.filter((o) => o.key !== x.key),
    onPair: (partner) => edit({ type: "superset", exercise: x.key, with: partner.key }),
    onPairNew: (found) =>
      void addExercise(found).then((added) => edit({ type: "superset", exercise: added.key, with: x.key })),
    onAddWarmups: rampTarget(x) && !x.sets.some((s) => s.kind === "warmup") ? () => void addWarmups(x) : null,
    notice: cardNotice?.exercise === x.key ? cardNotice.message : null,
  });

  return { addExercise, toolsFor };
}
