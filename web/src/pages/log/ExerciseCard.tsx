// One exercise of the workout being logged: the plan's target and why (apart from the user's own
// note), last time and records beside it, its sets as compact rows under one line of column
// names, add/remove sets, the note.
import { Fragment, useId, type ReactNode } from "react";
import { effortLabel, type UnitName } from "../../components/units.ts";
import { emptySet, type LogExercise, type LogSet } from "./draft.ts";
import type { LogAction } from "./logState.ts";
import { History, previousOf, type LastPerformance } from "./LastTime.tsx";
import { SetRow } from "./SetRow.tsx";

export type { LastPerformance } from "./LastTime.tsx";

export function ExerciseCard({
  exercise,
  index,
  count,
  unit,
  effort,
  last,
  problems,
  undoAt,
  activeSet,
  dispatch,
  onActivate,
  onRemove,
  onRemoveSet,
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
  /** The key of the set being worked on (it shows the steppers). */
  activeSet: string | null;
  dispatch: (action: LogAction) => void;
  onActivate: (set: string) => void;
  onRemove: () => void;
  onRemoveSet: (set: number) => void;
  onSetDone: (set: LogSet, done: boolean) => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const name = exercise.exercise;
  const key = exercise.key;
  const done = exercise.sets.filter((s) => s.done).length;
  const edit = (patch: Partial<Pick<LogExercise, "note" | "pinned">>) =>
    dispatch({ type: "editExercise", exercise: key, patch });
  return (
    <section className="log-exercise" aria-labelledby={headingId}>
      <div className="log-exercise-head">
        <h2 id={headingId} tabIndex={-1} data-focus={`exercise:${key}`}>
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
        <History last={last} unit={unit} />
      </div>
      <div className="set-columns" aria-hidden="true">
        <span>Set</span>
        <span>Last</span>
        <span>{unit}</span>
        <span>{exercise.sets.some((s) => s.measure === "time") ? "Sec" : "Reps"}</span>
        <span>{effortLabel(effort)}</span>
        <span>Done</span>
        <span />
      </div>
      <ol className="set-rows">
        {exercise.sets.map((set, j) => (
          <Fragment key={set.key}>
            {undoAt?.index === j ? <li>{undoAt.notice}</li> : null}
            <SetRow
              exercise={name}
              index={j}
              set={set}
              previous={previousOf(last, j, unit)}
              unit={unit}
              effortScale={effort}
              increment={exercise.increment}
              problem={problems.get(j) ?? null}
              active={activeSet === set.key}
              onActivate={() => onActivate(set.key)}
              onChange={(patch) => dispatch({ type: "editSet", exercise: key, set: set.key, patch })}
              onDone={(d) => onSetDone(set, d)}
              onRemove={() => onRemoveSet(j)}
            />
          </Fragment>
        ))}
        {undoAt && undoAt.index >= exercise.sets.length ? <li>{undoAt.notice}</li> : null}
      </ol>
      <div className="actions">
        <button
          type="button"
          data-focus={`add-set:${key}`}
          onClick={() =>
            dispatch({ type: "addSet", exercise: key, set: emptySet(exercise.sets[exercise.sets.length - 1]) })
          }
        >
          Add set<span className="visually-hidden"> to {name}</span>
        </button>
        <button
          type="button"
          className="quiet"
          disabled={index === 0}
          onClick={() => dispatch({ type: "moveExercise", exercise: key, by: -1 })}
        >
          Move up<span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="quiet"
          disabled={index === count - 1}
          onClick={() => dispatch({ type: "moveExercise", exercise: key, by: 1 })}
        >
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
          onChange={(e) => edit({ note: e.target.value })}
        />
        <label className="field-check inline-check">
          <input type="checkbox" checked={exercise.pinned} onChange={(e) => edit({ pinned: e.target.checked })} />
          <span>
            Pin this note<span className="visually-hidden"> on {name}</span> (shown again next time)
          </span>
        </label>
      </div>
    </section>
  );
}
