// The workout being logged: its exercises as cards of set rows, what a tick starts (afterTick.ts:
// the rest, or the superset partner's next set), removals with Undo, the workout's own fields,
// Finish (useSaveWorkout) and Discard. The screen is kept awake while it shows.
import { Fragment, useMemo, useState } from "react";
import { Page } from "../../components/Page.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ExercisePicker } from "../../components/ExercisePicker.tsx";
import { useRestSettings } from "../../components/restSettings.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { newExercise, progressOf, type LogExercise, type LogSet, type LogWorkout } from "./draft.ts";
import { logReducer, type LogAction } from "./logState.ts";
import { afterTick } from "./afterTick.ts";
import { ExerciseCard } from "./ExerciseCard.tsx";
import { LastTime } from "./operations.ts";
import { unlockSound, type RestTimer } from "./RestTimer.tsx";
import { useRemoval } from "./useRemoval.ts";
import { useSaveWorkout } from "./useSaveWorkout.ts";
import { useWakeLock } from "./useWakeLock.ts";
import * as Parts from "./LoggingParts.tsx";

/** The first set not done yet: the row that shows the steppers until another is focused. */
function nextSet(w: LogWorkout): string | null {
  for (const x of w.exercises) for (const s of x.sets) if (!s.done) return s.key;
  return null;
}

export function Logging({
  workout,
  dispatch,
  timer,
  storageFailed,
  otherRoutine,
  onDismissOther,
}: {
  workout: LogWorkout;
  dispatch: (action: LogAction) => void;
  timer: RestTimer;
  storageFailed: boolean;
  otherRoutine: string | null;
  onDismissOther: () => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  const [focused, setFocused] = useState<string | null>(null);
  const [rest] = useRestSettings();
  const focusAfterRender = Parts.useFocusAfterRender();
  const { finish, problems, clearProblems } = useSaveWorkout(workout, dispatch, timer.stop);
  const { removal, removeExercise, removeSet, undo } = useRemoval(workout, dispatch, focusAfterRender);
  Parts.useFocusHeadingOnStart();
  useWakeLock(true);
  const names = useMemo(() => workout.exercises.map((x) => x.exercise), [workout.exercises]);
  const last = useQuery(LastTime, { exercises: names }, { skip: names.length === 0 });
  const lastByName = new Map((last.data?.lastPerformance ?? []).flatMap((x) => (x ? [[x.exercise, x] as const] : [])));
  const sets = workout.exercises.flatMap((x) => x.sets);
  const activeSet = focused && sets.some((s) => s.key === focused) ? focused : nextSet(workout);
  const edit = (action: LogAction) => {
    clearProblems();
    dispatch(action);
  };

  const tick = (x: LogExercise, set: LogSet, done: boolean) => {
    const action: LogAction = { type: "tick", exercise: x.key, set: set.key, done };
    dispatch(action);
    const label = `${x.exercise} set ${x.sets.indexOf(set) + 1}`;
    if (!done) {
      // Ticked by mistake: its rest is not running.
      if (timer.state?.label === label) timer.stop();
      return;
    }
    unlockSound();
    const next = afterTick(logReducer(workout, action)!, x.key, set.key, rest.warmupSeconds);
    if (next.kind === "rest" && next.seconds > 0) timer.start(next.seconds, next.label);
    if (next.kind === "partner") {
      setFocused(next.set);
      focusAfterRender(`done:${next.set}`);
    }
  };

  const undoNotice = removal?.restore ? <Parts.UndoNotice message={removal.message} onUndo={undo} /> : null;
  const place = removal?.place;
  const { done, total } = progressOf(workout);
  return (
    <Page title={workout.routineName ? `Workout: ${workout.routineName}` : "Workout"}>
      {otherRoutine ? <Parts.OtherRoutineNotice onDismiss={onDismissOther} /> : null}
      <Parts.StorageNotice failed={storageFailed} />
      <p className="muted log-meta">
        Started {new Date(workout.start).toLocaleTimeString(undefined, { timeStyle: "short" })} · {done} of {total} set
        {total === 1 ? "" : "s"} done · weights in {workout.unit}
      </p>
      {workout.exercises.length === 0 ? (
        <p className="state state-empty">No exercises yet. Find one below to add it.</p>
      ) : null}
      {workout.exercises.map((x, i) => (
        <Fragment key={x.key}>
          {place?.kind === "exercise" && place.index === i ? undoNotice : null}
          <ExerciseCard
            exercise={x}
            index={i}
            count={workout.exercises.length}
            unit={workout.unit}
            effort={workout.effort}
            last={lastByName.get(x.exercise)}
            problems={
              new Map(
                [...problems].filter(([k]) => k.startsWith(`${i}:`)).map(([k, v]) => [Number(k.split(":")[1]), v]),
              )
            }
            undoAt={
              place?.kind === "set" && place.exercise === x.key && undoNotice
                ? { index: place.index, notice: undoNotice }
                : null
            }
            activeSet={activeSet}
            dispatch={edit}
            onActivate={setFocused}
            onRemove={() => removeExercise(x)}
            onRemoveSet={(j) => removeSet(x, j)}
            onSetDone={(set, isDone) => tick(x, set, isDone)}
          />
        </Fragment>
      ))}
      {place?.kind === "exercise" && place.index >= workout.exercises.length ? undoNotice : null}
      <div className="section" data-focus="add-exercise">
        <ExercisePicker
          label="Add an exercise"
          onPick={(found) =>
            edit({ type: "addExercise", exercise: newExercise(found.name, workout.unit, found.kind, found.equipment) })
          }
        />
      </div>
      <Parts.WorkoutFields workout={workout} dispatch={edit} />
      <Parts.SaveStatus save={workout.save} onRetry={() => void finish()} />
      {/* Always present, so a screen reader announces what is put in it; the Undo button is in the removed row's place. */}
      <div className="visually-hidden" role="status">
        {removal ? `${removal.message}${removal.restore ? " Undo is offered in its place." : ""}` : null}
      </div>
      <div className="form-actions finish">
        <button
          type="button"
          className="primary"
          disabled={workout.save.status === "saving"}
          onClick={() => void finish()}
        >
          {workout.save.status === "saving" ? "Saving…" : "Finish workout"}
        </button>
        <button type="button" className="quiet" onClick={() => setDiscarding(true)}>
          Discard workout…
        </button>
      </div>
      <ConfirmDialog
        open={discarding}
        title="Discard this workout?"
        confirmLabel="Discard workout"
        danger
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          timer.stop();
          dispatch({ type: "end" });
        }}
      >
        <p>
          Everything logged in this workout ({done} set{done === 1 ? "" : "s"} done) is removed from this device.
          Nothing was saved to your history yet{workout.workoutId ? " except an earlier save, which stays" : ""}.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
