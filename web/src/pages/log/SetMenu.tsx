// A set's less frequent actions, behind its "More" button: the kind (work, warm-up, drop,
// rest-pause), the plate calculator for its weight, and Remove.
import { useId, useState } from "react";
import { PlateCalculator } from "../../components/PlateCalculator.tsx";
import type { UnitName } from "../../components/units.ts";
import { typedNumber, type LogSet, type SetKind } from "./draft.ts";

const KINDS: { value: SetKind; label: string }[] = [
  { value: "work", label: "Work" },
  { value: "warmup", label: "Warm-up" },
  { value: "drop", label: "Drop" },
  { value: "burst", label: "Rest-pause" },
];

export function SetMenu({
  id,
  name,
  set,
  unit,
  onChange,
  onRemove,
  onWeightSet,
}: {
  id: string;
  name: string;
  set: LogSet;
  unit: UnitName;
  onChange: (patch: Partial<LogSet>) => void;
  onRemove: () => void;
  /** The plate calculator set the weight: the focus goes back to the weight box. */
  onWeightSet: () => void;
}) {
  const [platesOpen, setPlatesOpen] = useState(false);
  const platesId = useId();
  // The plate calculator is for a loaded bar: not for a load added to bodyweight.
  const weight = set.bodyweight ? null : typedNumber(set.weight);
  return (
    <div id={id} className="set-menu" role="group" aria-label={`More for ${name}`}>
      <div className="set-menu-row">
        <label className="inline-label">
          Kind
          <select
            aria-label={`Kind of ${name}`}
            value={set.kind}
            onChange={(e) => onChange({ kind: e.target.value as SetKind })}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
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
      <div id={platesId}>
        {platesOpen && weight !== null ? (
          <PlateCalculator
            weight={weight}
            unit={unit}
            onUse={(w) => {
              onChange({ weight: String(w) });
              onWeightSet();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
