// "Superset with...": the other exercises of the workout to pair this one with, or a new exercise
// found by name (added to the workout and paired at once).
import { useId } from "react";
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
  const headingId = useId();
  const name = exercise.exercise;
  return (
    <div className="superset-chooser" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="history-label">
        Superset {name} with
      </p>
      {others.length > 0 ? (
        <ul className="superset-choices">
          {others.map((x) => (
            <li key={x.key}>
              <button type="button" aria-label={`Superset ${name} with ${x.exercise}`} onClick={() => onPair(x)}>
                {x.exercise}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No other exercise in this workout yet: find one to add.</p>
      )}
      <ExercisePicker
        label={`A new exercise to superset with ${name}`}
        actionLabel="Superset with"
        onPick={onPairNew}
      />
      <button type="button" className="quiet" onClick={onClose}>
        Cancel<span className="visually-hidden"> the superset of {name}</span>
      </button>
    </div>
  );
}
