// An exercise card's buttons: add a set or warm-ups, superset it with another exercise (or take it
// out of its superset), move it, remove it; and what a superset is made with.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FoundExercise } from "../../components/ExercisePicker.tsx";
import { emptySet, type LogExercise } from "./draft.ts";
import type { LogAction } from "./logState.ts";
import { SupersetChooser } from "./SupersetChooser.tsx";
import { ExerciseHowTo } from "./ExerciseHowTo.tsx";

/** The exercise's place in a superset: its letter in the group (A, B...), its partners, the round order. */
export type SupersetPlace = { letter: string; partners: string[]; order: string[] };

/** What the card's superset and warm-up buttons do (the page knows the other exercises and the server). */
export type CardTools = {
  /** The workout's other exercises (to pair with). */
  others: readonly LogExercise[];
  onPair: (partner: LogExercise) => void;
  onPairNew: (found: FoundExercise) => void;
  /** Puts a warm-up ramp above the work sets; null when there is no work set to ramp to (or warm-ups already). */
  onAddWarmups: (() => void) | null;
  /** Said under the card's buttons (a change that could not be made). */
  notice: string | null;
};

export function ExerciseActions({
  exercise,
  index,
  count,
  dispatch,
  onRemove,
  superset,
  tools,
}: {
  exercise: LogExercise;
  index: number;
  count: number;
  dispatch: (action: LogAction) => void;
  onRemove: () => void;
  superset: SupersetPlace | null;
  tools: CardTools;
}) {
  const { t } = useTranslation("log");
  const [choosing, setChoosing] = useState(false);
  const [howTo, setHowTo] = useState(false);
  const name = exercise.exercise;
  const key = exercise.key;
  return (
    <>
      <div className="actions">
        <button
          type="button"
          data-focus={`add-set:${key}`}
          onClick={() =>
            dispatch({ type: "addSet", exercise: key, set: emptySet(exercise.sets[exercise.sets.length - 1]) })
          }
        >
          {t("actions.addSet")}
          <span className="visually-hidden"> {t("actions.toExercise", { exercise: name })}</span>
        </button>
        {tools.onAddWarmups ? (
          <button type="button" onClick={tools.onAddWarmups}>
            {t("actions.addWarmups")}
            <span className="visually-hidden"> {t("actions.toExercise", { exercise: name })}</span>
          </button>
        ) : null}
        {superset ? (
          <button type="button" onClick={() => dispatch({ type: "leaveSuperset", exercise: key })}>
            {t("actions.leaveSuperset")}
            <span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
        <button type="button" aria-expanded={choosing} onClick={() => setChoosing(!choosing)}>
          {t("actions.supersetWith")}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="quiet"
          disabled={index === 0}
          onClick={() => dispatch({ type: "moveExercise", exercise: key, by: -1 })}
        >
          {t("actions.moveUp")}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="quiet"
          disabled={index === count - 1}
          onClick={() => dispatch({ type: "moveExercise", exercise: key, by: 1 })}
        >
          {t("actions.moveDown")}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="quiet" onClick={onRemove}>
          {t("actions.removeExercise")}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="quiet" aria-expanded={howTo} onClick={() => setHowTo(!howTo)}>
          {t("actions.howTo")}
          <span className="visually-hidden"> {t("actions.howToDo", { exercise: name })}</span>
        </button>
      </div>
      {howTo ? <ExerciseHowTo name={name} /> : null}
      {tools.notice ? (
        <p className="field-error" role="alert">
          {tools.notice}
        </p>
      ) : null}
      {choosing ? (
        <SupersetChooser
          exercise={exercise}
          others={tools.others}
          onPair={(partner) => {
            setChoosing(false);
            tools.onPair(partner);
          }}
          onPairNew={(found) => {
            setChoosing(false);
            tools.onPairNew(found);
          }}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </>
  );
}
