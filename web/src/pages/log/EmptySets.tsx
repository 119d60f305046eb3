// Finish with empty sets: instead of a refused save, each empty set (and each exercise left with no
// set) is named, with Fill (from its Last column or the set above, when there is one) and Remove,
// and one button removes them all and saves.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { LogWorkout } from "./draft.ts";
import { fillOnDone, isEmptyRow, type LastSets } from "./fill.ts";
import { needsWeight } from "./weightToChoose.ts";
import { logReducer, type LogAction } from "./logState.ts";

export type EmptyRow =
  { kind: "set"; exercise: number; set: number; weightless: boolean } | { kind: "exercise"; exercise: number };

/**
 * The sets holding nothing to log, the sets of a loaded exercise with reps but no weight (a weight
 * to choose, never saved weightless), and the exercises with no set at all, in the workout's order.
 */
export function emptyRowsOf(w: LogWorkout, loaded: ReadonlySet<string> = new Set()): EmptyRow[] {
  return w.exercises.flatMap((x, i): EmptyRow[] => {
    if (x.sets.length === 0) return [{ kind: "exercise", exercise: i }];
    const isLoaded = loaded.has(x.exercise.toLowerCase());
    return x.sets.flatMap((s, j) => {
      const weightless = !isEmptyRow(s) && !s.done && needsWeight(s, isLoaded);
      return isEmptyRow(s) || weightless ? [{ kind: "set" as const, exercise: i, set: j, weightless }] : [];
    });
  });
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
  loaded,
  dispatch,
  onFinish,
}: {
  workout: LogWorkout;
  /** Last time of each card, by its key (a card of an exercise done twice has its own). */
  last: ReadonlyMap<string, LastSets>;
  /** The loaded exercises' names (lower case). */
  loaded: ReadonlySet<string>;
  dispatch: (action: LogAction) => void;
  /** Saves `w`: the workout as it is once the empty rows are gone. */
  onFinish: (w: LogWorkout) => void;
}) {
  const { t } = useTranslation("log");
  const headingId = useId();
  const rows = emptyRowsOf(workout, loaded);
  const removeAll = () => {
    // From the last, so each removal leaves the positions of the ones before it as they were.
    let w = workout;
    for (const row of [...emptyRowsOf(w, loaded)].reverse()) {
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
          const filled =
            row.kind === "set"
              ? fillOnDone(x, x.sets[row.set], last.get(x.key), workout, loaded.has(x.exercise.toLowerCase()))
              : null;
          const patch = filled && "patch" in filled ? filled.patch : null;
          const name = row.kind === "set" ? t("set.name", { exercise: x.exercise, n: row.set + 1 }) : x.exercise;
          const what =
            row.kind === "exercise"
              ? t("empty.noSets", { name })
              : row.weightless
                ? t("empty.noWeight", { name })
                : t("empty.noReps", { name });
          return (
            <li key={row.kind === "set" ? x.sets[row.set].key : x.key}>
              <span>{what}</span>
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
