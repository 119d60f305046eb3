// "Superset with...": the other exercises of the workout to pair this one with, or a new exercise
// found by name (added to the workout and paired at once).
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ExercisePicker, type FoundExercise } from "../../components/ExercisePicker.tsx";
import type { LogExercise } from "./draft.ts";

export function SupersetChooser({
  exercise,
  others,
  onPair,
  onPairNew,
  onClose,
}: {
  exercise: LogExercise;
  others: readonly LogExercise[];
  onPair: (partner: LogExercise) => void;
  onPairNew: (found: FoundExercise) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("log");
  const headingId = useId();
  const name = exercise.exercise;
  return (
    <div className="superset-chooser" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="history-label">
        {t("superset.heading", { exercise: name })}
      </p>
      {others.length > 0 ? (
        <ul className="superset-choices">
          {others.map((x) => (
            <li key={x.key}>
              <button
                type="button"
                aria-label={t("superset.pair", { exercise: name, partner: x.exercise })}
                onClick={() => onPair(x)}
              >
                {x.exercise}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("superset.noOthers")}</p>
      )}
      <ExercisePicker
        label={t("superset.newExercise", { exercise: name })}
        actionLabel={t("superset.action")}
        onPick={onPairNew}
      />
      <button type="button" className="quiet" onClick={onClose}>
        {t("superset.cancel")}
        <span className="visually-hidden"> {t("superset.cancelOf", { exercise: name })}</span>
      </button>
    </div>
  );
}
