// /log: the workout logger for the gym floor, phone first. Start from a routine's next workout
// (/log?routine=<id or name>: planned sets prefilled, each target's explanation apart from the
// user's notes) or empty; tick sets as they are done (the rest timer starts), change weights with
// steppers, see plates, last time and records; finish to save. Everything typed is kept in
// localStorage at once; the save carries the workout's idempotency key, so a save retried after a
// lost connection (automatically when the browser is back online) logs it once.
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { operations } from "@svc/sdk";
import { validateWorkoutDocument, type CanonicalRoutine, type CanonicalWorkout } from "@svc/sdk/documents";
import { Page } from "../../components/Page.tsx";
import { ErrorMessage, Loading } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ExercisePicker } from "../../components/ExercisePicker.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { request } from "../../graphql/client.ts";
import { useSession } from "../../auth/session.tsx";
import { useUserUnits } from "../../components/units.ts";
import { RoutineList } from "../routines/operations.ts";
import { isWorkoutId } from "../workouts/operations.ts";
import {
  DEFAULT_REST_SECONDS,
  emptyWorkout,
  loadDraft,
  newExercise,
  progressOf,
  storeDraft,
  typedNumber,
  workoutFromPlan,
  type LogWorkout,
  type SaveState,
} from "./draft.ts";
import { ExerciseCard } from "./ExerciseCard.tsx";
import { LastTime, LoggerPlan, SaveLoggedWorkout } from "./operations.ts";
import { saveWorkout } from "./save.ts";
import { RestTimerBar, unlockSound, useRestTimer, type RestTimer } from "./RestTimer.tsx";
import "./logger.css";

export default function Logger() {
  const { viewer } = useSession();
  if (!viewer) return <Loading />;
  return <LoggerFor userId={viewer.id} />;
}

function LoggerFor({ userId }: { userId: string }) {
  const [workout, setWorkout] = useState<LogWorkout | null>(() => loadDraft(userId));
  const [params, setParams] = useSearchParams();
  const routine = params.get("routine");
  const timer = useRestTimer(userId);

  // Kept as typed: every change is written before the next paint.
  useEffect(() => {
    storeDraft(userId, workout);
  }, [userId, workout]);

  let body;
  if (workout) {
    body = (
      <Logging
        workout={workout}
        setWorkout={setWorkout}
        userId={userId}
        timer={timer}
        otherRoutine={routine}
        onDismissOther={() => setParams({}, { replace: true })}
      />
    );
  } else if (routine) {
    body = (
      <StartFromRoutine
        routine={routine}
        onStart={(w) => {
          setWorkout(w);
          setParams({}, { replace: true });
        }}
      />
    );
  } else {
    body = <StartScreen onStart={setWorkout} />;
  }
  return (
    <div className={timer.state ? "logger with-rest-bar" : "logger"}>
      {body}
      <RestTimerBar timer={timer} />
    </div>
  );
}

function StartScreen({ onStart }: { onStart: (w: LogWorkout) => void }) {
  const { unit, effort } = useUserUnits();
  const routines = useQuery(RoutineList, {});
  const [, setParams] = useSearchParams();
  const list = routines.data?.viewer?.routines ?? [];
  return (
    <Page title="Start a workout">
      <section className="section" aria-labelledby="from-routine">
        <h2 id="from-routine">From a routine</h2>
        {routines.error ? <ErrorMessage error={routines.error} onRetry={() => void routines.reload()} /> : null}
        {routines.loading && !routines.data ? <Loading /> : null}
        {routines.data && list.length === 0 ? (
          <p className="muted">
            No routines yet. <Link to="/routines/new">Create a routine</Link> to have each workout planned for you.
          </p>
        ) : null}
        <ul className="start-list">
          {list.map((r) => (
            <li key={r.id}>
              <button type="button" className="primary" onClick={() => setParams({ routine: r.id })}>
                Start {r.name}
              </button>
              <span className="muted">
                {" "}
                {r.exercises.length} exercise{r.exercises.length === 1 ? "" : "s"}, the next workout planned
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="from-nothing">
        <h2 id="from-nothing">Empty</h2>
        <p>
          <button type="button" onClick={() => onStart(emptyWorkout(unit, effort))}>
            Start an empty workout
          </button>
        </p>
        <p className="muted">
          Add exercises as you go. To log a past session with its date, use{" "}
          <Link to="/workouts/new">the workout form</Link>.
        </p>
      </section>
    </Page>
  );
}

/**
 * The routine's rest and increment of each planned exercise: by position (the plan keeps the
 * routine's order), else by name. An increment in another unit than the plan's is not used.
 */
function routineFieldsOf(
  routine: CanonicalRoutine | null,
  plan: CanonicalWorkout,
): { rests: (number | null)[]; increments: (number | null)[] } {
  const exercises = routine?.exercises ?? [];
  const same = plan.exercises.map((x, i) =>
    exercises[i] && exercises.length === plan.exercises.length
      ? exercises[i]
      : exercises.find((r) => r.exercise.toLowerCase() === x.exercise.toLowerCase()),
  );
  return {
    rests: same.map((r) => (typeof r?.rest === "number" ? r.rest : null)),
    increments: same.map((r) => {
      const increment = (r as { increment?: unknown } | undefined)?.increment;
      return typeof increment === "number" && routine?.unit === plan.unit ? increment : null;
    }),
  };
}

function StartFromRoutine({ routine, onStart }: { routine: string; onStart: (w: LogWorkout) => void }) {
  // Explanations are asked of the routine by id (Routine.nextTargets); a routine named in the address is planned without them.
  const byId = isWorkoutId(routine);
  const plan = useQuery(LoggerPlan, {
    ref: routine,
    id: byId ? routine : "00000000-0000-0000-0000-000000000000",
    byId,
  });
  const started = useRef(false);
  const doc = plan.data?.routineDocument as (CanonicalRoutine & { id: string }) | null | undefined;
  const next = plan.data?.nextWorkout as CanonicalWorkout | null | undefined;
  useEffect(() => {
    if (started.current || !doc || !next) return;
    started.current = true;
    const targets = plan.data?.routineById?.nextTargets ?? [];
    const explanations = next.exercises.map((_, i) => targets.find((t) => t?.position === i)?.explanation ?? null);
    onStart(workoutFromPlan(next, { routineName: doc.name, ...routineFieldsOf(doc, next), explanations }));
  }, [doc, next, onStart, plan.data]);
  return (
    <Page title="Start a workout">
      {plan.error ? <ErrorMessage error={plan.error} onRetry={() => void plan.reload()} /> : null}
      {plan.data && (!doc || !next) ? (
        <p className="state state-error" role="alert">
          You have no routine “{routine}”. <Link to="/log">Choose another</Link>.
        </p>
      ) : (
        <Loading label="Planning the next workout…" />
      )}
    </Page>
  );
}

/** How long a removal can be undone. */
const UNDO_MS = 10_000;

/**
 * The last removal: what the status says, how to put it back (null once undone) and where the
 * Undo is offered: in the removed set's or exercise's place, so it never covers an input.
 */
type Removal = {
  message: string;
  restore: ((w: LogWorkout) => LogWorkout) | null;
  focus: string | null;
  place: { kind: "set"; exercise: string; index: number } | { kind: "exercise"; index: number } | null;
};

function UndoNotice({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="undo-notice">
      <span>{message}</span>
      <button type="button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}

/** Focuses the element marked data-focus=<key> (or the field inside it). */
function focusMarked(key: string) {
  const marked = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
  const target =
    marked && marked.tabIndex < 0 && !marked.hasAttribute("tabindex")
      ? marked.querySelector<HTMLElement>("input")
      : marked;
  target?.focus();
}

function Logging({
  workout,
  setWorkout,
  userId,
  timer,
  otherRoutine,
  onDismissOther,
}: {
  workout: LogWorkout;
  setWorkout: (update: (w: LogWorkout | null) => LogWorkout | null) => void;
  userId: string;
  timer: RestTimer;
  otherRoutine: string | null;
  onDismissOther: () => void;
}) {
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState(false);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const saving = useRef(false);
  const names = useMemo(() => workout.exercises.map((x) => x.exercise), [workout.exercises]);
  const last = useQuery(LastTime, { exercises: names }, { skip: names.length === 0 });
  const [removal, setRemoval] = useState<Removal | null>(null);
  // Where the focus goes after the next render (a removed row's neighbour, a restored row).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const key = focusNext.current;
    if (key === null) return;
    focusNext.current = null;
    focusMarked(key);
  });
  // A workout just started (its start button is gone): the focus goes to the page's heading, not the body.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  useEffect(() => {
    if (!removal) return;
    const id = setTimeout(() => setRemoval(null), UNDO_MS);
    return () => clearTimeout(id);
  }, [removal]);

  const update = useCallback((fn: (w: LogWorkout) => LogWorkout) => setWorkout((w) => (w ? fn(w) : w)), [setWorkout]);
  const setSave = useCallback((save: SaveState) => update((w) => ({ ...w, save })), [update]);

  const finish = useCallback(async () => {
    if (saving.current) return;
    saving.current = true;
    try {
      const finishing = workout.finishedAt ? workout : { ...workout, finishedAt: new Date().toISOString() };
      if (finishing !== workout) update((w) => ({ ...w, finishedAt: finishing.finishedAt }));
      const outcome = await saveWorkout(finishing, {
        validate: (doc) => validateWorkoutDocument(doc, { unit: workout.unit, effort: workout.effort }),
        send: (document, key) => request(SaveLoggedWorkout, { document, key }),
        onSaving: () => setSave({ status: "saving" }),
      });
      if (outcome.kind === "saved") {
        // The bodyweight typed here is also the day's bodyweight (Progress charts it); the workout keeps it either way.
        const bodyweight = typedNumber(finishing.bodyweight);
        if (bodyweight !== null && bodyweight > 0) {
          await request(operations.LOG_BODYWEIGHT, {
            input: { date: finishing.date, weight: bodyweight, unit: finishing.unit === "lb" ? "LB" : "KG" },
          }).catch(() => {});
        }
        storeDraft(userId, null);
        timer.stop();
        setWorkout(() => null);
        navigate(`/log/summary/${outcome.workoutId}`);
        return;
      }
      if (outcome.kind === "conflict") {
        // The key logged this workout already (an earlier save whose answer was lost, then an edit): replace it.
        update((w) => ({ ...w, workoutId: outcome.workoutId }));
        setSave({ status: "waiting", message: "Saving your latest changes to the workout already logged…" });
        return;
      }
      if (outcome.kind === "invalid") {
        setProblems(outcome.problems);
        setSave({ status: "failed", message: outcome.message, path: outcome.path });
        return;
      }
      setSave(
        outcome.kind === "offline"
          ? {
              status: "waiting",
              message:
                "Not saved yet: the server cannot be reached. Your workout is kept on this device and saved as soon as the connection is back.",
            }
          : { status: "failed", message: outcome.message },
      );
    } finally {
      saving.current = false;
    }
  }, [workout, userId, timer, navigate, setWorkout, update, setSave]);

  // A save waiting for the connection goes again when the browser is back online, and every 15 s.
  const waiting = workout.save.status === "waiting";
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!waiting) return;
    const retry = () => void finishRef.current();
    window.addEventListener("online", retry);
    const id = setInterval(retry, 15000);
    const soon = setTimeout(retry, 300);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(id);
      clearTimeout(soon);
    };
  }, [waiting]);

  const undoNotice = removal?.restore ? (
    <UndoNotice
      message={removal.message}
      onUndo={() => {
        update(removal.restore!);
        focusNext.current = removal.focus;
        setRemoval({ message: "Put back.", restore: null, focus: null, place: null });
      }}
    />
  ) : null;

  const { done, total } = progressOf(workout);
  const lastByName = new Map(
    (last.data?.lastPerformance ?? []).filter((x) => x !== null).map((x) => [x!.exercise, x!]),
  );
  const title = workout.routineName ? `Workout: ${workout.routineName}` : "Workout";

  return (
    <Page title={title}>
      {otherRoutine ? (
        <div className="notice" role="status">
          <p>This workout is still in progress. Finish or discard it before starting another.</p>
          <button type="button" onClick={onDismissOther}>
            OK
          </button>
        </div>
      ) : null}
      <p className="muted log-meta">
        Started {new Date(workout.start).toLocaleTimeString(undefined, { timeStyle: "short" })} · {done} of {total} set
        {total === 1 ? "" : "s"} done · weights in {workout.unit} · kept on this device as you type
      </p>
      {workout.exercises.length === 0 ? (
        <p className="state state-empty">No exercises yet. Find one below to add it.</p>
      ) : null}
      {workout.exercises.map((x, i) => (
        <Fragment key={x.key}>
          {removal?.place?.kind === "exercise" && removal.place.index === i ? undoNotice : null}
          <ExerciseCard
            undoAt={
              removal?.place?.kind === "set" && removal.place.exercise === x.key && undoNotice
                ? { index: removal.place.index, notice: undoNotice }
                : null
            }
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
            onChange={(next) => {
              setProblems(new Map());
              update((w) => ({
                ...w,
                save: w.save.status === "failed" ? { status: "logging" } : w.save,
                exercises: w.exercises.map((e, k) => (k === i ? next : e)),
              }));
            }}
            onRemove={() => {
              const doneSets = x.sets.filter((s) => s.done).length;
              update((w) => ({ ...w, exercises: w.exercises.filter((e) => e.key !== x.key) }));
              const neighbour = workout.exercises[i + 1] ?? workout.exercises[i - 1];
              focusNext.current = neighbour ? `exercise:${neighbour.key}` : "add-exercise";
              setRemoval({
                message: `Removed ${x.exercise}${doneSets ? ` and its ${doneSets} done set${doneSets === 1 ? "" : "s"}` : ""}.`,
                focus: `exercise:${x.key}`,
                place: { kind: "exercise", index: i },
                restore: (w) => ({ ...w, exercises: [...w.exercises.slice(0, i), x, ...w.exercises.slice(i)] }),
              });
            }}
            onRemoveSet={(j) => {
              const set = x.sets[j];
              update((w) => ({
                ...w,
                exercises: w.exercises.map((e) =>
                  e.key === x.key ? { ...e, sets: e.sets.filter((s) => s.key !== set.key) } : e,
                ),
              }));
              const neighbour = x.sets[j + 1] ?? x.sets[j - 1];
              focusNext.current = neighbour ? `set:${neighbour.key}` : `add-set:${x.key}`;
              setRemoval({
                message: `Removed ${x.exercise} set ${j + 1}${set.done ? " (done)" : ""}.`,
                focus: `set:${set.key}`,
                place: { kind: "set", exercise: x.key, index: j },
                restore: (w) => ({
                  ...w,
                  exercises: w.exercises.map((e) =>
                    e.key === x.key ? { ...e, sets: [...e.sets.slice(0, j), set, ...e.sets.slice(j)] } : e,
                  ),
                }),
              });
            }}
            onMove={(by) =>
              update((w) => {
                const list = [...w.exercises];
                const [moved] = list.splice(i, 1);
                list.splice(i + by, 0, moved);
                return { ...w, exercises: list };
              })
            }
            onSetDone={(j, isDone) => {
              update((w) => ({
                ...w,
                exercises: w.exercises.map((e, k) =>
                  k === i ? { ...e, sets: e.sets.map((s, m) => (m === j ? { ...s, done: isDone } : s)) } : e,
                ),
              }));
              const label = `${x.exercise} set ${j + 1}`;
              if (isDone) {
                unlockSound();
                timer.start(x.rest ?? DEFAULT_REST_SECONDS, label);
              } else if (timer.state?.label === label) {
                // Ticked by mistake: its rest is not running.
                timer.stop();
              }
            }}
          />
        </Fragment>
      ))}
      {removal?.place?.kind === "exercise" && removal.place.index >= workout.exercises.length ? undoNotice : null}
      <div className="section" data-focus="add-exercise">
        <ExercisePicker
          label="Add an exercise"
          onPick={(found) =>
            update((w) => ({
              ...w,
              exercises: [...w.exercises, newExercise(found.name, w.unit, found.kind, found.equipment)],
            }))
          }
        />
      </div>
      <section className="section stack" aria-labelledby="about-workout">
        <h2 id="about-workout">This workout</h2>
        <div className="field">
          <label htmlFor="workout-notes">Workout notes</label>
          <textarea
            id="workout-notes"
            className="note"
            rows={3}
            value={workout.notes}
            onChange={(e) => update((w) => ({ ...w, notes: e.target.value }))}
          />
        </div>
        <div className="row row-top">
          <div className="field">
            <label htmlFor="workout-name">Workout name</label>
            <input
              id="workout-name"
              value={workout.name}
              onChange={(e) => update((w) => ({ ...w, name: e.target.value }))}
            />
          </div>
          <div className="field">
            <label htmlFor="workout-bodyweight">Bodyweight ({workout.unit})</label>
            <input
              id="workout-bodyweight"
              inputMode="decimal"
              value={workout.bodyweight}
              onChange={(e) => update((w) => ({ ...w, bodyweight: e.target.value }))}
            />
          </div>
        </div>
      </section>
      <SaveStatus save={workout.save} onRetry={() => void finish()} />
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
          setWorkout(() => null);
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

function SaveStatus({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  if (save.status === "waiting") {
    return (
      <div className="state state-waiting" role="status">
        <p>{save.message}</p>
        <button type="button" onClick={onRetry}>
          Try again now
        </button>
      </div>
    );
  }
  if (save.status === "failed") {
    return (
      <div className="state state-error" role="alert">
        <p>Not saved: {save.message}</p>
      </div>
    );
  }
  return null;
}
