// A set's less frequent actions, behind its "More" button: the kind (work, warm-up, drop,
// rest-pause), the plate calculator for its weight, and Remove.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlateCalculator } from "../../components/PlateCalculator.tsx";
import type { UnitName } from "../../components/units.ts";
import { decimalText } from "../../decimal.ts";
import { typedNumber, type LogSet, type SetKind } from "./draft.ts";

const KINDS: SetKind[] = ["work", "warmup", "drop", "burst"];

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
  const { t } = useTranslation("log");
  const kindLabel: Record<SetKind, string> = {
    work: t("menu.kind.work"),
    warmup: t("menu.kind.warmup"),
    drop: t("menu.kind.drop"),
    burst: t("menu.kind.burst"),
  };
  const [platesOpen, setPlatesOpen] = useState(false);
  const platesId = useId();
  // The plate calculator is for a loaded bar: not for a load added to bodyweight.
  const weight = set.bodyweight ? null : typedNumber(set.weight);
  return (
    <div id={id} className="set-menu" role="group" aria-label={t("set.more", { name })}>
      <div className="set-menu-row">
        <label className="inline-label">
          {t("menu.kind.label")}
          <select
            aria-label={t("menu.kindOf", { name })}
            value={set.kind}
            onChange={(e) => onChange({ kind: e.target.value as SetKind })}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel[k]}
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
            {t("menu.plates")}
            <span className="visually-hidden"> {t("menu.platesFor", { name })}</span>
          </button>
        ) : null}
        <button type="button" className="quiet" onClick={onRemove}>
          {t("menu.remove")}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <div id={platesId}>
        {platesOpen && weight !== null ? (
          <PlateCalculator
            weight={weight}
            unit={unit}
            onUse={(w) => {
              onChange({ weight: decimalText(w) });
              onWeightSet();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
