// Removing a set or an exercise, undoable for a few seconds: the last removal, what the status says,
// the action that puts it back, and where the Undo is offered (in the removed row's place, so it
// never covers an input). The focus goes to the removed row's neighbour, and back to the row on Undo.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LogExercise, LogWorkout } from "./draft.ts";
import type { LogAction } from "./logState.ts";

/** How long a removal can be undone. */
export const UNDO_MS = 10_000;

export type RemovalPlace = { kind: "set"; exercise: string; index: number } | { kind: "exercise"; index: number };

export type Removal = {
  message: string;
  /** Puts it back; null once undone. */
  restore: LogAction | null;
  focus: string | null;
  place: RemovalPlace | null;
};

export function useRemoval(
  workout: LogWorkout,
  dispatch: (action: LogAction) => void,
  focusAfterRender: (key: string) => void,
) {
  const { t } = useTranslation("log");
  const [removal, setRemoval] = useState<Removal | null>(null);
  useEffect(() => {
    if (!removal) return;
    const id = setTimeout(() => setRemoval(null), UNDO_MS);
    return () => clearTimeout(id);
  }, [removal]);

  const removeExercise = useCallback(
    (x: LogExercise) => {
      const i = workout.exercises.findIndex((e) => e.key === x.key);
      const doneSets = x.sets.filter((s) => s.done).length;
      dispatch({ type: "removeExercise", exercise: x.key });
      const neighbour = workout.exercises[i + 1] ?? workout.exercises[i - 1];
      focusAfterRender(neighbour ? `exercise:${neighbour.key}` : "add-exercise");
      setRemoval({
        message: doneSets
          ? t("removal.exerciseWithDone", { exercise: x.exercise, count: doneSets })
          : t("removal.exercise", { exercise: x.exercise }),
        focus: `exercise:${x.key}`,
        place: { kind: "exercise", index: i },
        restore: { type: "insertExercise", index: i, exercise: x },
      });
    },
    [workout.exercises, dispatch, focusAfterRender, t],
  );

  const removeSet = useCallback(
    (x: LogExercise, j: number) => {
      const set = x.sets[j];
      dispatch({ type: "removeSet", exercise: x.key, set: set.key });
      const neighbour = x.sets[j + 1] ?? x.sets[j - 1];
      focusAfterRender(neighbour ? `set:${neighbour.key}` : `add-set:${x.key}`);
      setRemoval({
        message: t(set.done ? "removal.doneSet" : "removal.set", {
          name: t("set.name", { exercise: x.exercise, n: j + 1 }),
        }),
        focus: `set:${set.key}`,
        place: { kind: "set", exercise: x.key, index: j },
        restore: { type: "insertSet", exercise: x.key, index: j, set },
      });
    },
    [dispatch, focusAfterRender, t],
  );

  const undo = useCallback(() => {
    if (!removal?.restore) return;
    dispatch(removal.restore);
    if (removal.focus) focusAfterRender(removal.focus);
    setRemoval({ message: t("removal.putBack"), restore: null, focus: null, place: null });
  }, [removal, dispatch, focusAfterRender, t]);

  return { removal, removeExercise, removeSet, undo };
}
