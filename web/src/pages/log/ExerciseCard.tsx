// One exercise of the workout being logged: the plan's target and why (apart from the user's own
// note), last time and records beside it, its sets as compact rows under one line of column
// names, add/remove sets, the note.
import { Fragment, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { effortLabel, type UnitName } from "../../components/units.ts";
import type { LogExercise, LogSet } from "./draft.ts";
import type { LogAction } from "./logState.ts";
import { History, previousOf, type LastPerformance } from "./LastTime.tsx";
import { DistanceColumns, SetRowFor } from "./DistanceBoxes.tsx";
import { ExerciseActions, type CardTools, type SupersetPlace } from "./ExerciseActions.tsx";

export type { CardTools, SupersetPlace };

export type { LastPerformance } from "./LastTime.tsx";

/** The set's number among the exercise's work sets (warm-ups not counted): its place in the rounds. */
function workNumber(x: LogExercise, index: number): number {
  return x.sets.slice(0, index + 1).filter((s) => s.kind !== "warmup").length;
}

export function ExerciseCard({
  exercise,
  title,
  index,
  count,
  unit,
  effort,
  last,
  problems,
  undoAt,
  activeSet,
  unfilled,
  dispatch,
  onActivate,
  onRemove,
  onRemoveSet,
  onSetDone,
  superset,
  tools,
}: {
  exercise: LogExercise;
  /** The card's heading: the exercise, with its sets when the workout has it twice (occurrences.ts). */
  title: string;
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
  /** A set whose Done was refused, and why (nothing to fill it from, no weight for a loaded exercise). */
  unfilled: { set: string; message: string } | null;
  dispatch: (action: LogAction) => void;
  onActivate: (set: string) => void;
  onRemove: () => void;
  onRemoveSet: (set: number) => void;
  onSetDone: (set: LogSet, done: boolean) => void;
  superset: SupersetPlace | null;
  tools: CardTools;
}) {
  const { t } = useTranslation("log");
  const headingId = useId();
  const noteId = useId();
  const name = exercise.exercise;
  const key = exercise.key;
  const done = exercise.sets.filter((s) => s.done).length;
  const cardio = exercise.sets.some((s) => s.measure === "distance");
  const edit = (patch: Partial<Pick<LogExercise, "note" | "pinned">>) =>
    dispatch({ type: "editExercise", exercise: key, patch });
  return (
    <section className={superset ? "log-exercise in-superset" : "log-exercise"} aria-labelledby={headingId}>
      <div className="log-exercise-head">
        <h2 id={headingId} tabIndex={-1} data-focus={`exercise:${key}`}>
          {superset ? (
            <span className="badge badge-superset" aria-hidden="true">
              {superset.letter}
            </span>
          ) : null}{" "}
          {title}
        </h2>
        <span className="muted">
          {exercise.rest
            ? t("card.doneWithRest", { done, total: exercise.sets.length, rest: exercise.rest })
            : t("card.done", { done, total: exercise.sets.length })}
        </span>
      </div>
      {superset ? (
        <p className="superset-line">
          {t("card.supersetWith", {
            partners: superset.partners.join(t("card.partnerJoin")),
            rounds: superset.order.join(" "),
          })}
        </p>
      ) : null}
      {exercise.explanation ? (
        <p className="plan-note">
          <span className="history-label">{t("card.target")}</span> {exercise.explanation}
        </p>
      ) : null}
      <div className="history" aria-label={t("card.historyOf", { exercise: name })} role="group">
        <History last={last} unit={unit} />
      </div>
      {cardio ? <DistanceColumns effort={effort} /> : null}
      <div className="set-columns" aria-hidden="true" hidden={cardio}>
        <span>{t("columns.set")}</span>
        <span>{t("columns.last")}</span>
        <span>{unit}</span>
        <span>{exercise.sets.some((s) => s.measure === "time") ? t("columns.seconds") : t("columns.reps")}</span>
        <span>{effortLabel(effort)}</span>
        <span>{t("columns.done")}</span>
        <span />
      </div>
      <ol className="set-rows">
        {exercise.sets.map((set, j) => (
          <Fragment key={set.key}>
            {undoAt?.index === j ? <li>{undoAt.notice}</li> : null}
            <SetRowFor
              exercise={name}
              index={j}
              mark={superset && set.kind !== "warmup" ? `${superset.letter}${workNumber(exercise, j)}` : null}
              set={set}
              previous={previousOf(last, j, unit)}
              unit={unit}
              effortScale={effort}
              increment={exercise.increment}
              problem={problems.get(j) ?? null}
              notice={unfilled?.set === set.key ? unfilled.message : null}
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
      <ExerciseActions
        exercise={exercise}
        index={index}
        count={count}
        dispatch={dispatch}
        onRemove={onRemove}
        superset={superset}
        tools={tools}
      />
      <div className="field">
        <label htmlFor={noteId}>{t("card.noteOn", { exercise: name })}</label>
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
            {t("card.pin")}
            <span className="visually-hidden"> {t("card.pinOn", { exercise: name })}</span> {t("card.pinShownAgain")}
          </span>
        </label>
      </div>
    </section>
  );
}
