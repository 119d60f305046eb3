// The steppers of the row being worked on (the focused row, else the next set to do): − and + by
// the exercise's increment for the weight, by one rep, by 5 s. The other rows keep only their
// boxes, so each row stays one line on a phone.
import { stepped, type LogSet } from "./draft.ts";

function Stepper({
  label,
  value,
  step,
  unitText,
  onChange,
}: {
  label: string;
  value: string;
  step: number;
  unitText: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="stepper-pair">
      <button
        type="button"
        className="step"
        aria-label={`${step} ${unitText} less: ${label}`}
        onClick={() => onChange(stepped(value, -step))}
      >
        −
      </button>
      <span aria-hidden="true" className="stepper-what">
        {unitText === "rep" ? "reps" : unitText}
      </span>
      <button
        type="button"
        className="step"
        aria-label={`${step} ${unitText} more: ${label}`}
        onClick={() => onChange(stepped(value, step))}
      >
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
  const weightLabel = set.bodyweight ? `Added weight (${unit}): ${name}` : `Weight (${unit}): ${name}`;
  return (
    <div className="set-steppers">
      <Stepper
        label={weightLabel}
        value={set.weight}
        step={increment}
        unitText={unit}
        onChange={(weight) => onChange({ weight })}
      />
      {set.measure === "reps" ? (
        <Stepper
          label={`Reps: ${name}`}
          value={set.reps}
          step={1}
          unitText="rep"
          onChange={(reps) => onChange({ reps })}
        />
      ) : (
        <Stepper
          label={`Seconds: ${name}`}
          value={set.seconds}
          step={5}
          unitText="s"
          onChange={(seconds) => onChange({ seconds })}
        />
      )}
    </div>
  );
}
