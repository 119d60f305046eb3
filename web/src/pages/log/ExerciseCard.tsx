// One exercise of the workout being logged: the plan's target and why (apart from the user's own
// note), last time and records beside it, its sets as rows, add/remove sets, the note.
import { Fragment, useId, type ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "../../graphql/hooks.ts";
import { formatWeight, type UnitName } from "../../components/units.ts";
import type { ResultOf } from "../../graphql/graphql.ts";
import { emptySet, type LogExercise, type LogSet } from "./draft.ts";
import { ExerciseRecordsOf, type LastTime } from "./operations.ts";
import { SetRow } from "./SetRow.tsx";

export type LastPerformance = NonNullable<NonNullable<ResultOf<typeof LastTime>["lastPerformance"]>[number]>;

function Records({ exerciseId }: { exerciseId: string }) {
  const query = useQuery(ExerciseRecordsOf, { id: exerciseId });
  const records = query.data?.exerciseById?.records;
  if (!records) return null;
  const { heaviest, bestE1rm } = records;
  if (!heaviest && !bestE1rm) return null;
  return (
    <p className="history-line">
      <span className="history-label">Records:</span>{" "}
      {heaviest ? (
        <>
          heaviest {formatWeight(heaviest.weight, heaviest.unit)} × {heaviest.reps}
        </>
      ) : null}
      {heaviest && bestE1rm ? " · " : null}
      {bestE1rm ? (
        <>
          best e1RM {formatWeight(bestE1rm.weight, bestE1rm.unit)} ({bestE1rm.setWeight}×{bestE1rm.reps})
        </>
      ) : null}
    </p>
  );
}

function History({ last }: { last: LastPerformance | undefined }) {
  if (!last) return null;
  if (!last.workoutId || last.sets.length === 0)
    return <p className="history-line muted">No history yet for this exercise.</p>;
  return (
    <>
      <p className="history-line">
        <span className="history-label">Last time</span> (<Link to={`/workouts/${last.workoutId}`}>{last.date}</Link>
        {last.unit ? (
          <>
            , <strong>in {last.unit}</strong>
          </>
        ) : null}
        ): {last.sets.map((s) => (s.done ? s.text : `${s.text} (not done)`)).join(", ")}
      </p>
      {last.exerciseId ? <Records exerciseId={last.exerciseId} /> : null}
    </>
  );
}

export function ExerciseCard({
  exercise,
  index,
  count,
  unit,
  effort,
  last,
  problems,
  undoAt,
  onChange,
  onRemove,
  onRemoveSet,
  onMove,
  onSetDone,
}: {
  exercise: LogExercise;
  index: number;
  count: number;
  unit: UnitName;
  effort: "rpe" | "rir";
  last: LastPerformance | undefined;
  /** Problem per set row index. */
  problems: Map<number, string>;
  /** The Undo of a set just removed, shown in its place (before the set now at `index`). */
  undoAt: { index: number; notice: ReactNode } | null;
  onChange: (exercise: LogExercise) => void;
  onRemove: () => void;
  onRemoveSet: (set: number) => void;
  onMove: (by: -1 | 1) => void;
  onSetDone: (set: number, done: boolean) => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const name = exercise.exercise;
  const setSets = (sets: LogSet[]) => onChange({ ...exercise, sets });
  const done = exercise.sets.filter((s) => s.done).length;
  return (
    <section className="log-exercise" aria-labelledby={headingId}>
      <div className="log-exercise-head">
        <h2 id={headingId} tabIndex={-1} data-focus={`exercise:${exercise.key}`}>
          {exercise.superset ? <span className="badge">{exercise.superset}</span> : null} {name}
        </h2>
        <span className="muted">
          {done}/{exercise.sets.length} done{exercise.rest ? ` · rest ${exercise.rest} s` : ""}
        </span>
      </div>
      {exercise.explanation ? (
        <p className="plan-note">
          <span className="history-label">Target:</span> {exercise.explanation}
        </p>
      ) : null}
      <div className="history" aria-label={`History of ${name}`} role="group">
        <History last={last} />
      </div>
      <ol className="set-rows">
        {exercise.sets.map((set, j) => (
          <Fragment key={set.key}>
            {undoAt?.index === j ? <li>{undoAt.notice}</li> : null}
            <SetRow
              exercise={name}
              index={j}
              set={set}
              unit={unit}
              effortScale={effort}
              increment={exercise.increment}
              problem={problems.get(j) ?? null}
              onChange={(next) => setSets(exercise.sets.map((s, k) => (k === j ? next : s)))}
              onDone={(d) => onSetDone(j, d)}
              onRemove={() => onRemoveSet(j)}
            />
          </Fragment>
        ))}
        {undoAt && undoAt.index >= exercise.sets.length ? <li>{undoAt.notice}</li> : null}
      </ol>
      <div className="actions">
        <button
          type="button"
          data-focus={`add-set:${exercise.key}`}
          onClick={() => setSets([...exercise.sets, emptySet(exercise.sets[exercise.sets.length - 1])])}
        >
          Add set<span className="visually-hidden"> to {name}</span>
        </button>
        <button type="button" className="quiet" disabled={index === 0} onClick={() => onMove(-1)}>
          Move up<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="quiet" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move down<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="quiet" onClick={onRemove}>
          Remove exercise<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <div className="field">
        <label htmlFor={noteId}>Note on {name}</label>
        <textarea
          id={noteId}
          className="note"
          rows={2}
          value={exercise.note}
          onChange={(e) => onChange({ ...exercise, note: e.target.value })}
        />
        <label className="field-check inline-check">
          <input
            type="checkbox"
            checked={exercise.pinned}
            onChange={(e) => onChange({ ...exercise, pinned: e.target.checked })}
          />{" "}
          Pin this note<span className="visually-hidden"> on {name}</span> (shown again next time)
        </label>
      </div>
    </section>
  );
}
