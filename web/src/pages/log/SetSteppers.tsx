// The steppers of the row being worked on (the focused row, else the next set to do): − and + by
// the exercise's increment for the weight, by one rep, by 5 s. The other rows keep only their
// boxes, so each row stays one line on a phone.
import { useTranslation } from "react-i18next";
import { stepped, type LogSet } from "./draft.ts";

function Stepper({
  what,
  less,
  more,
  value,
  step,
  onChange,
}: {
  /** What the pair moves, between its buttons: the unit, `reps`, `s`. */
  what: string;
  /** The buttons' names: `2.5 kg less: Weight (kg): Bench Press set 1`. */
  less: string;
  more: string;
  value: string;
  step: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="stepper-pair">
      <button type="button" className="step" aria-label={less} onClick={() => onChange(stepped(value, -step))}>
        −
      </button>
      <span aria-hidden="true" className="stepper-what">
        {what}
      </span>
      <button type="button" className="step" aria-label={more} onClick={() => onChange(stepped(value, step))}>
        +
      </button>
    </div>
  );
}

export function SetSteppers({
  name,
  set,
  unit,
  increment,
  onChange,
}: {
  name: string;
  set: LogSet;
  unit: string;
  increment: number;
  onChange: (patch: Partial<LogSet>) => void;
}) {
  const { t } = useTranslation("log");
  const weightLabel = set.bodyweight ? t("set.addedWeight", { unit, name }) : t("set.weight", { unit, name });
  const reps = t("set.reps", { name });
  const seconds = t("set.seconds", { name });
  return (
    <div className="set-steppers">
      <Stepper
        what={unit}
        less={t("steppers.weightLess", { step: increment, unit, label: weightLabel })}
        more={t("steppers.weightMore", { step: increment, unit, label: weightLabel })}
        value={set.weight}
        step={increment}
        onChange={(weight) => onChange({ weight })}
      />
      {set.measure === "reps" ? (
        <Stepper
          what={t("steppers.reps")}
          less={t("steppers.repsLess", { step: 1, label: reps })}
          more={t("steppers.repsMore", { step: 1, label: reps })}
          value={set.reps}
          step={1}
          onChange={(reps) => onChange({ reps })}
        />
      ) : (
        <Stepper
          what={t("steppers.seconds")}
          less={t("steppers.secondsLess", { step: 5, label: seconds })}
          more={t("steppers.secondsMore", { step: 5, label: seconds })}
          value={set.seconds}
          step={5}
          onChange={(seconds) => onChange({ seconds })}
        />
      )}
    </div>
  );
}
