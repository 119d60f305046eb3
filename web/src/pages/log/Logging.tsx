// The workout being logged: its exercises as cards of set rows, what a tick starts (afterTick.ts:
// the rest, or the superset partner's next set), removals with Undo, the workout's own fields,
// Finish (useSaveWorkout) and Discard. The screen is kept awake while it shows.
import { Fragment, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Page } from "../../components/Page.tsx";
import { ExercisePicker } from "../../components/ExercisePicker.tsx";
import { useRestSettings } from "../../components/restSettings.ts";
import { progressOf, type LogExercise, type LogSet, type LogWorkout } from "./draft.ts";
import { logReducer, type LogAction } from "./logState.ts";
import { afterTick, groupOf } from "./afterTick.ts";
import { memberLetter, roundOrder } from "./superset.ts";
import type { SupersetPlace } from "./ExerciseCard.tsx";
import { FinishArea } from "./FinishArea.tsx";
import { ExerciseCard } from "./ExerciseCard.tsx";
import { fillOnDone } from "./fill.ts";
import { useLoadedNames } from "./weightToChoose.ts";
import { cardTitles, lastByCard } from "./occurrences.ts";
import { useLastTime } from "./useLastTime.ts";
import { useCardTools } from "./useCardTools.ts";
import { unlockSound, type RestTimer } from "./RestTimer.tsx";
import { useRemoval } from "./useRemoval.ts";
import { useSaveWorkout } from "./useSaveWorkout.ts";
import { useWakeLock } from "./useWakeLock.ts";
import * as Parts from "./LoggingParts.tsx";
import { useLogText } from "./logText.ts";
import { appLocale, formatDateTime } from "../../format.ts";

/** Where the exercise sits in its superset, or null when it is in none. */
function supersetPlace(w: LogWorkout, x: LogExercise): SupersetPlace | null {
  const group = groupOf(w, x.key);
  const letter = memberLetter(group, x.key);
  if (!letter) return null;
  return { letter, partners: group.filter((g) => g.key !== x.key).map((g) => g.exercise), order: roundOrder(group) };
}

/** The first set not done yet: the row that shows the steppers until another is focused. */
function nextSet(w: LogWorkout): string | null {
  for (const x of w.exercises) for (const s of x.sets) if (!s.done) return s.key;
  return null;
}

export function Logging({
  userId,
  workout,
  dispatch,
  timer,
  storageFailed,
  otherRoutine,
  onDismissOther,
}: {
  userId: string;
  workout: LogWorkout;
  dispatch: (action: LogAction) => void;
  timer: RestTimer;
  storageFailed: boolean;
  otherRoutine: string | null;
  onDismissOther: () => void;
}) {
  const { t } = useTranslation("log");
  const text = useLogText();
  const [focused, setFocused] = useState<string | null>(null);
  /** A row whose Done was refused: nothing in it to fill it from, or no weight for a loaded exercise. */
  const [unfilled, setUnfilled] = useState<{ set: string; message: string } | null>(null);
  const loaded = useLoadedNames(userId);
  const [rest] = useRestSettings();
  const focusAfterRender = Parts.useFocusAfterRender();
  const { finish, problems, clearProblems } = useSaveWorkout(workout, dispatch, timer.stop);
  const { removal, removeExercise, removeSet, undo } = useRemoval(workout, dispatch, focusAfterRender);
  Parts.useFocusHeadingOnStart();
  useWakeLock(true);
  const names = useMemo(() => workout.exercises.map((x) => x.exercise), [workout.exercises]);
  const lastByName = useLastTime(userId, names, workout.routine);
  const lastByKey = lastByCard(workout.exercises, lastByName);
  const titles = cardTitles(workout.exercises, text.setCount);
  const sets = workout.exercises.flatMap((x) => x.sets);
  const activeSet = focused && sets.some((s) => s.key === focused) ? focused : nextSet(workout);
  const edit = (action: LogAction) => {
    clearProblems();
    if (action.type === "editSet" && action.set === unfilled?.set) setUnfilled(null);
    dispatch(action);
  };

  const { addExercise, toolsFor } = useCardTools(workout, lastByName, edit);

  const tick = (x: LogExercise, set: LogSet, done: boolean) => {
    let ticked = workout;
    if (done) {
      // Done on an empty row, or a loaded one with no weight: filled first from Last or the set above.
      const filled = fillOnDone(x, set, lastByKey.get(x.key), workout, loaded.has(x.exercise.toLowerCase()));
      if ("refused" in filled) {
        setUnfilled({
          set: set.key,
          message: filled.refused === "nothing" ? t("fill.nothing") : t("fill.chooseWeight"),
        });
        return;
      }
      if (filled.patch) {
        const fill: LogAction = { type: "editSet", exercise: x.key, set: set.key, patch: filled.patch };
        edit(fill);
        ticked = logReducer(workout, fill)!;
      }
    }
    setUnfilled(null);
    const action: LogAction = { type: "tick", exercise: x.key, set: set.key, done };
    dispatch(action);
    const label = text.setName(x.exercise, x.sets.indexOf(set) + 1);
    if (!done) {
      // Ticked by mistake: its rest is not running.
      if (timer.state?.label === label) timer.stop();
      return;
    }
    unlockSound();
    const next = afterTick(logReducer(ticked, action)!, x.key, set.key, rest.warmupSeconds, text);
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
    <Page title={workout.routineName ? t("page.workoutOf", { routine: workout.routineName }) : t("page.workout")}>
      {otherRoutine ? <Parts.OtherRoutineNotice onDismiss={onDismissOther} /> : null}
      <Parts.StorageNotice failed={storageFailed} />
      <p className="muted log-meta">
        {t("page.meta", {
          time: new Date(workout.start).toLocaleTimeString(appLocale(), { timeStyle: "short" }),
          done,
          total,
          unit: workout.unit,
        })}
      </p>
      {workout.plannedOffline ? (
        <p className="notice">{t("page.plannedOffline", { when: formatDateTime(workout.plannedOffline) })}</p>
      ) : null}
      {workout.exercises.length === 0 ? <p className="state state-empty">{t("page.noExercises")}</p> : null}
      {workout.exercises.map((x, i) => (
        <Fragment key={x.key}>
          {place?.kind === "exercise" && place.index === i ? undoNotice : null}
          <ExerciseCard
            exercise={x}
            index={i}
            count={workout.exercises.length}
            unit={workout.unit}
            effort={workout.effort}
            title={titles[i]}
            last={lastByKey.get(x.key)}
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
            unfilled={unfilled}
            dispatch={edit}
            onActivate={setFocused}
            onRemove={() => removeExercise(x)}
            onRemoveSet={(j) => removeSet(x, j)}
            onSetDone={(set, isDone) => tick(x, set, isDone)}
            superset={supersetPlace(workout, x)}
            tools={toolsFor(x)}
          />
        </Fragment>
      ))}
      {place?.kind === "exercise" && place.index >= workout.exercises.length ? undoNotice : null}
      <div className="section" data-focus="add-exercise">
        <ExercisePicker label={t("page.addExercise")} onPick={(found) => void addExercise(found)} />
      </div>
      <Parts.WorkoutFields workout={workout} dispatch={edit} />
      <Parts.SaveStatus save={workout.save} onRetry={() => void finish()} />
      {/* Always present, so a screen reader announces what is put in it; the Undo button is in the removed row's place. */}
      <div className="visually-hidden" role="status">
        {removal ? (removal.restore ? t("removal.undoOffered", { message: removal.message }) : removal.message) : null}
      </div>
      <FinishArea
        workout={workout}
        last={lastByKey}
        loaded={loaded}
        dispatch={edit}
        finish={finish}
        onDiscard={() => {
          timer.stop();
          dispatch({ type: "end" });
        }}
        focusAfterRender={focusAfterRender}
      />
    </Page>
  );
}
