// Which plates go on each side of the bar for a weight (the SDK's `plates()` with this browser's
// bar and plates), or, when the weight cannot be made exactly, the nearest loadable weights.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { PlateLoad } from "@svc/sdk";
import { loadBar, usePlateSettings } from "./plateSettings.ts";
import { formatWeight, type UnitName } from "./units.ts";
import { decimalSeparator, formatNumber } from "../format.ts";
import type { Translate } from "./richText.tsx";

function perSideText(perSide: number[], unit: UnitName, t: Translate): string {
  if (perSide.length === 0) return t("plates.barAlone");
  // 20, 20, 2.5 -> "2 × 20 + 2.5 kg" (`2,5` in German)
  const plate = (p: number) => formatNumber(p, { maximumFractionDigits: 3 });
  const groups: { plate: number; count: number }[] = [];
  for (const p of perSide) {
    const last = groups[groups.length - 1];
    if (last?.plate === p) last.count += 1;
    else groups.push({ plate: p, count: 1 });
  }
  return t("plates.perSideList", {
    plates: groups.map((g) => (g.count > 1 ? `${g.count} × ${plate(g.plate)}` : plate(g.plate))).join(" + "),
    unit,
  });
}

/** The plates owned in the app locale, split by `;` where a comma is the decimal one (`20; 2,5`), as Settings writes them. */
function plateList(plates: readonly number[]): string {
  return plates
    .map((p) => formatNumber(p, { maximumFractionDigits: 3 }))
    .join(decimalSeparator() === "," ? "; " : ", ");
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
  const { t } = useTranslation("components");
  const [settings] = usePlateSettings();
  const setup = settings[unit];
  const result = loadBar(weight, unit, setup);
  const nearest = (load: PlateLoad, label: string) => (
    <li>
      {t("plates.nearestLine", {
        label,
        weight: formatWeight(load.weight, unit),
        perSide: perSideText(load.perSide, unit, t),
      })}
      {onUse ? (
        <>
          {" "}
          <button type="button" className="small" onClick={() => onUse(load.weight)}>
            {t("plates.use", { weight: formatWeight(load.weight, unit) })}
          </button>
        </>
      ) : null}
    </li>
  );
  return (
    <div className="plates" role="region" aria-label={t("plates.region", { weight: formatWeight(weight, unit) })}>
      {"error" in result ? (
        <p>{result.error}</p>
      ) : result.exact ? (
        <p>
          <strong>{t("plates.perSide", { perSide: perSideText(result.perSide ?? [], unit, t) })}</strong>{" "}
          <span className="muted">{t("plates.onBar", { bar: formatWeight(result.bar, unit) })}</span>
        </p>
      ) : (
        <>
          <p>
            <strong>{t("plates.notExact", { weight: formatWeight(weight, unit) })}</strong>{" "}
            {weight < result.bar
              ? t("plates.belowBar", { bar: formatWeight(result.bar, unit) })
              : t("plates.withYours")}
            {t("plates.nearest")}
          </p>
          <ul>
            {result.below ? nearest(result.below, t("plates.below")) : null}
            {result.above ? nearest(result.above, t("plates.above")) : null}
          </ul>
        </>
      )}
      <p className="muted small-print">
        {t("plates.setup", { bar: formatWeight(setup.bar, unit), plates: plateList(setup.plates), unit })}{" "}
        <Link to="/settings#plates">{t("plates.change")}</Link>
      </p>
    </div>
  );
}
