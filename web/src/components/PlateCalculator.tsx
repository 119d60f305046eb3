// Which plates go on each side of the bar for a weight (the SDK's `plates()` with this browser's
// bar and plates), or, when the weight cannot be made exactly, the nearest loadable weights.
import { Link } from "react-router";
import type { PlateLoad } from "@svc/sdk";
import { loadBar, usePlateSettings } from "./plateSettings.ts";
import { formatWeight, type UnitName } from "./units.ts";

function perSideText(perSide: number[], unit: UnitName): string {
  if (perSide.length === 0) return "nothing (the bar alone)";
  // 20, 20, 2.5 -> "2 × 20 + 2.5 kg"
  const groups: { plate: number; count: number }[] = [];
  for (const p of perSide) {
    const last = groups[groups.length - 1];
    if (last?.plate === p) last.count += 1;
    else groups.push({ plate: p, count: 1 });
  }
  return `${groups.map((g) => (g.count > 1 ? `${g.count} × ${g.plate}` : `${g.plate}`)).join(" + ")} ${unit}`;
}

export function PlateCalculator({
  weight,
  unit,
  onUse,
}: {
  weight: number;
  unit: UnitName;
  /** Offered beside each nearest loadable weight when the asked one cannot be made. */
  onUse?: (weight: number) => void;
}) {
  const [settings] = usePlateSettings();
  const setup = settings[unit];
  const result = loadBar(weight, unit, setup);
  const nearest = (load: PlateLoad, label: string) => (
    <li>
      {label} {formatWeight(load.weight, unit)}: per side {perSideText(load.perSide, unit)}
      {onUse ? (
        <>
          {" "}
          <button type="button" className="small" onClick={() => onUse(load.weight)}>
            Use {formatWeight(load.weight, unit)}
          </button>
        </>
      ) : null}
    </li>
  );
  return (
    <div className="plates" role="region" aria-label={`Plates for ${formatWeight(weight, unit)}`}>
      {"error" in result ? (
        <p>{result.error}</p>
      ) : result.exact ? (
        <p>
          <strong>Per side: {perSideText(result.perSide ?? [], unit)}</strong>{" "}
          <span className="muted">on a {formatWeight(result.bar, unit)} bar.</span>
        </p>
      ) : (
        <>
          <p>
            <strong>{formatWeight(weight, unit)} cannot be loaded exactly</strong>{" "}
            {weight < result.bar
              ? `(it is below the ${formatWeight(result.bar, unit)} bar)`
              : "with your bar and plates"}
            . Nearest:
          </p>
          <ul>
            {result.below ? nearest(result.below, "Below:") : null}
            {result.above ? nearest(result.above, "Above:") : null}
          </ul>
        </>
      )}
      <p className="muted small-print">
        Bar {formatWeight(setup.bar, unit)}; plates {setup.plates.join(", ")} {unit}.{" "}
        <Link to="/settings#plates">Change bar and plates</Link>
      </p>
    </div>
  );
}
