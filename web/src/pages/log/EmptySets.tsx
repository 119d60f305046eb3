// Finish with empty sets: instead of a refused save, each empty set (and each exercise left with no
// set) is named, with Fill (from its Last column or the set above, when there is one) and Remove,
// and one button removes them all and saves.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { LogWorkout } from "./draft.ts";
import { fillFor, isEmptyRow, type LastSets } from "./fill.ts";
import { logReducer, type LogAction } from "./logState.ts";

export type EmptyRow = { kind: "set"; exercise: number; set: number } | { kind: "exercise"; exercise: number };

/** The sets holding nothing to log, and the exercises with no set at all, in the workout's order. */
export function emptyRowsOf(w: LogWorkout): EmptyRow[] {
  return w.exercises.flatMap((x, i): EmptyRow[] =>
    x.sets.length === 0
      ? [{ kind: "exercise", exercise: i }]
      : x.sets.flatMap((s, j) => (isEmptyRow(s) ? [{ kind: "set" as const, exercise: i, set: j }] : [])),
  );
}

/** Removes one empty row; an exercise whose only set it was goes with it (a saved exercise has a set). */
function removal(w: LogWorkout, row: EmptyRow): LogAction {
  const x = w.exercises[row.exercise];
  if (row.kind === "exercise" || x.sets.length === 1) return { type: "removeExercise", exercise: x.key };
  return { type: "removeSet", exercise: x.key, set: x.sets[row.set].key };
}

export function EmptySets({
  workout,
  last,
  dispatch,
  onFinish,
}: {
  workout: LogWorkout;
  /** Last time of each card, by its key (a card of an exercise done twice has its own). */
  last: ReadonlyMap<string, LastSets>;
  dispatch: (action: LogAction) => void;
  /** Saves `w`: the workout as it is once the empty rows are gone. */
  onFinish: (w: LogWorkout) => void;
}) {
  const { t } = useTranslation("log");
  const headingId = useId();
  const rows = emptyRowsOf(workout);
  const removeAll = () => {
    // From the last, so each removal leaves the positions of the ones before it as they were.
    let w = workout;
    for (const row of [...emptyRowsOf(w)].reverse()) {
      const action = removal(w, row);
      dispatch(action);
      w = logReducer(w, action) ?? w;
    }
    onFinish(w);
  };
  return (
    <section className="state state-error empty-sets" aria-labelledby={headingId} tabIndex={-1} data-focus="empty-sets">
      <h2 id={headingId} className="h3">
        {t("empty.heading", { count: rows.length })}
      </h2>
      <p>{t("empty.explain")}</p>
      <ul className="empty-set-list">
        {rows.map((row) => {
          const x = workout.exercises[row.exercise];
          const patch = row.kind === "set" ? fillFor(x, row.set, last.get(x.key), workout.unit, workout.effort) : null;
          const name = row.kind === "set" ? t("set.name", { exercise: x.exercise, n: row.set + 1 }) : x.exercise;
          return (
            <li key={row.kind === "set" ? x.sets[row.set].key : x.key}>
              <span>{row.kind === "set" ? t("empty.noReps", { name }) : t("empty.noSets", { name })}</span>
              <span className="actions">
                {patch && row.kind === "set" ? (
                  <button
                    type="button"
                    onClick={() => {
                      const set = x.sets[row.set].key;
                      dispatch({ type: "editSet", exercise: x.key, set, patch });
                      dispatch({ type: "tick", exercise: x.key, set, done: true });
                    }}
                  >
                    {t("empty.fill", { name })}
                  </button>
                ) : null}
                <button type="button" className="quiet" onClick={() => dispatch(removal(workout, row))}>
                  {t("empty.remove", { name })}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <button type="button" className="primary" onClick={removeAll}>
        {t("empty.removeAll")}
      </button>
    </section>
  );
}
