// One set as a row: its kind (work, warm-up, drop, rest-pause), weight and reps (or time) with
// steppers, effort, the Plates button, and the Done box that starts the rest timer.
import { useId, useRef, useState, type RefObject } from "react";
import { PlateCalculator } from "../../components/PlateCalculator.tsx";
import { effortLabel, type UnitName } from "../../components/units.ts";
import { stepped, typedNumber, type LogSet, type SetKind } from "./draft.ts";

const KINDS: { value: SetKind; label: string }[] = [
  { value: "work", label: "Work" },
  { value: "warmup", label: "Warm-up" },
  { value: "drop", label: "Drop" },
  { value: "burst", label: "Rest-pause" },
];

function Stepper({
  label,
  shortLabel,
  value,
  step,
  unitText,
  inputMode,
  onChange,
  invalid,
  describedBy,
  inputRef,
}: {
  label: string;
  shortLabel: string;
  value: string;
  step: number;
  unitText: string;
  inputMode: "decimal" | "numeric";
  onChange: (value: string) => void;
  invalid: boolean;
  /** The id of the problem shown below the row, when this field is the one it is about. */
  describedBy?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <div className="stepper">
      <label htmlFor={id} className="stepper-label">
        {shortLabel}
      </label>
      <div className="stepper-controls">
        <button
          type="button"
          className="step"
          aria-label={`${step} ${unitText} less: ${label}`}
          onClick={() => onChange(stepped(value, -step))}
        >
          −
        </button>
        <input
          ref={inputRef}
          id={id}
          aria-label={label}
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? describedBy : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="step"
          aria-label={`${step} ${unitText} more: ${label}`}
          onClick={() => onChange(stepped(value, step))}
        >
          +
        </button>
      </div>
    </div>
  );
}

export function SetRow({
  exercise,
  index,
  set,
  unit,
  effortScale,
  increment,
  problem,
  onChange,
  onDone,
  onRemove,
}: {
  exercise: string;
  index: number;
  set: LogSet;
  unit: UnitName;
  effortScale: "rpe" | "rir";
  increment: number;
  problem: string | null;
  onChange: (set: LogSet) => void;
  onDone: (done: boolean) => void;
  onRemove: () => void;
}) {
  const name = `${exercise} set ${index + 1}`;
  const [platesOpen, setPlatesOpen] = useState(false);
  const platesId = useId();
  // The plate calculator is for a loaded bar: not for a load added to bodyweight.
  const weight = set.bodyweight ? null : typedNumber(set.weight);
  const change = (patch: Partial<LogSet>) => onChange({ ...set, ...patch });
  const weightInput = useRef<HTMLInputElement>(null);
  const problemId = `${platesId}-problem`;
  // A problem names its field: the effort's (RPE/RIR) marks that input, any other the set's numbers.
  const effortProblem = problem !== null && /^(RPE|RIR)\b/i.test(problem);
  const setProblem = problem !== null && !effortProblem;
  return (
    <li className={set.done ? "set-row set-done" : "set-row"}>
      <div role="group" aria-label={name} className="set-grid" tabIndex={-1} data-focus={`set:${set.key}`}>
        <div className="set-head">
          <span className="set-number" aria-hidden="true">
            {index + 1}
          </span>
          <select
            aria-label={`Kind of ${name}`}
            value={set.kind}
            onChange={(e) => change({ kind: e.target.value as SetKind })}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
          <label className="set-check">
            <input
              type="checkbox"
              aria-label={`Done: ${name}`}
              checked={set.done}
              onChange={(e) => onDone(e.target.checked)}
            />
            <span aria-hidden="true">Done</span>
          </label>
        </div>
        {set.bodyweight ? (
          // Bodyweight sets (`bw x 8`) take an optional added load (`bw+20x5`).
          <Stepper
            label={`Added weight (${unit}): ${name}`}
            shortLabel={`BW + ${unit}`}
            value={set.weight}
            step={increment}
            unitText={unit}
            inputMode="decimal"
            invalid={setProblem}
            describedBy={problemId}
            inputRef={weightInput}
            onChange={(v) => change({ weight: v })}
          />
        ) : (
          // A load on the bar, or held for time (`20x45s`); empty for none.
          <Stepper
            label={`Weight (${unit}): ${name}`}
            shortLabel={unit}
            value={set.weight}
            step={increment}
            unitText={unit}
            inputMode="decimal"
            invalid={setProblem}
            describedBy={problemId}
            inputRef={weightInput}
            onChange={(v) => change({ weight: v })}
          />
        )}
        {set.measure === "reps" ? (
          <Stepper
            label={`Reps: ${name}`}
            shortLabel="Reps"
            value={set.reps}
            step={1}
            unitText="rep"
            inputMode="numeric"
            invalid={setProblem}
            describedBy={problemId}
            onChange={(v) => change({ reps: v })}
          />
        ) : (
          <Stepper
            label={`Seconds: ${name}`}
            shortLabel="Seconds"
            value={set.seconds}
            step={5}
            unitText="s"
            inputMode="numeric"
            invalid={setProblem}
            describedBy={problemId}
            onChange={(v) => change({ seconds: v })}
          />
        )}
        <div className="set-foot">
          <div className="stepper effort">
            <label className="stepper-label" htmlFor={`${platesId}-effort`}>
              {effortLabel(effortScale)}
            </label>
            <input
              id={`${platesId}-effort`}
              aria-label={`${effortLabel(effortScale)}: ${name}`}
              inputMode="decimal"
              autoComplete="off"
              value={set.effort}
              aria-invalid={effortProblem || undefined}
              aria-describedby={effortProblem ? problemId : undefined}
              onChange={(e) => change({ effort: e.target.value })}
            />
          </div>
          <div className="set-tools">
            {!set.bodyweight ? (
              <button
                type="button"
                aria-expanded={platesOpen}
                aria-controls={platesId}
                disabled={weight === null}
                onClick={() => setPlatesOpen(!platesOpen)}
              >
                Plates<span className="visually-hidden"> for {name}</span>
              </button>
            ) : null}
            <button type="button" className="quiet" onClick={onRemove}>
              Remove<span className="visually-hidden"> {name}</span>
            </button>
          </div>
        </div>
      </div>
      {problem ? (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      ) : null}
      <div id={platesId}>
        {platesOpen && weight !== null ? (
          <PlateCalculator
            weight={weight}
            unit={unit}
            onUse={(w) => {
              change({ weight: String(w) });
              // The button goes away with the weight it offered: keep the focus on the weight it set.
              weightInput.current?.focus();
            }}
          />
        ) : null}
      </div>
    </li>
  );
}
