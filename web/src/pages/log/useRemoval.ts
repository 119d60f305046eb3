// Removing a set or an exercise, undoable for a few seconds: the last removal, what the status says,
// the action that puts it back, and where the Undo is offered (in the removed row's place, so it
// never covers an input). The focus goes to the removed row's neighbour, and back to the row on Undo.
import { useCallback, useEffect, useState } from "react";
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function useRemoval(
  workout: LogWorkout,
  dispatch: (action: LogAction) => void,
  focusAfterRender: (key: string) => void,
) {
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
        message: `Removed ${x.exercise}${doneSets ? ` and its ${plural(doneSets, "done set")}` : ""}.`,
        focus: `exercise:${x.key}`,
        place: { kind: "exercise", index: i },
        restore: { type: "insertExercise", index: i, exercise: x },
      });
    },
    [workout.exercises, dispatch, focusAfterRender],
  );

  const removeSet = useCallback(
    (x: LogExercise, j: number) => {
      const set = x.sets[j];
      dispatch({ type: "removeSet", exercise: x.key, set: set.key });
      const neighbour = x.sets[j + 1] ?? x.sets[j - 1];
      focusAfterRender(neighbour ? `set:${neighbour.key}` : `add-set:${x.key}`);
      setRemoval({
        message: `Removed ${x.exercise} set ${j + 1}${set.done ? " (done)" : ""}.`,
        focus: `set:${set.key}`,
        place: { kind: "set", exercise: x.key, index: j },
        restore: { type: "insertSet", exercise: x.key, index: j, set },
      });
    },
    [dispatch, focusAfterRender],
  );

  const undo = useCallback(() => {
    if (!removal?.restore) return;
    dispatch(removal.restore);
    if (removal.focus) focusAfterRender(removal.focus);
    setRemoval({ message: "Put back.", restore: null, focus: null, place: null });
  }, [removal, dispatch, focusAfterRender]);

  return { removal, removeExercise, removeSet, undo };
}
