// Settings: the bar and the plates owned, per unit, for the plate calculator (kept in this
// browser: the API has no field for them).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { UNITS } from "@svc/sdk/documents";
import { Section } from "./Page.tsx";
import { TextField } from "./Field.tsx";
import { defaultPlateSettings, usePlateSettings, type PlateSettings } from "./plateSettings.ts";
import { loadBar } from "./plateSettings.ts";
import type { UnitName } from "./units.ts";
import type { Translate } from "./richText.tsx";
import { decimalSeparator, formatNumber, parseDecimal, parseDecimalList } from "../format.ts";

type Typed = Record<UnitName, { bar: string; plates: string }>;

/** The settings as the boxes show them, in the app's locale (`2,5` in German, the plates then split by `;`). */
function toTyped(s: PlateSettings): Typed {
  const n = (value: number) => formatNumber(value, { useGrouping: false, maximumFractionDigits: 3 });
  const separator = decimalSeparator() === "," ? "; " : ", ";
  return {
    kg: { bar: n(s.kg.bar), plates: s.kg.plates.map(n).join(separator) },
    lb: { bar: n(s.lb.bar), plates: s.lb.plates.map(n).join(separator) },
  };
}

/** The settings typed, or the first problem (checked by the SDK's plates(), which refuses what it cannot use). */
function parse(
  typed: Typed,
  t: Translate,
): { settings: PlateSettings } | { unit: UnitName; field: "bar" | "plates"; message: string } {
  const out = {} as PlateSettings;
  for (const unit of UNITS) {
    const bar = parseDecimal(typed[unit].bar);
    if (!Number.isFinite(bar)) return { unit, field: "bar", message: t("plateSettings.barError") };
    const plates = parseDecimalList(typed[unit].plates);
    if (plates.length === 0 || plates.some((p) => !Number.isFinite(p)))
      return {
        unit,
        field: "plates",
        message: t("plateSettings.platesError"),
      };
    const check = loadBar(bar, unit, { bar, plates });
    if ("error" in check)
      return {
        unit,
        field: /bar/.test(check.error) ? "bar" : "plates",
        message: check.error.charAt(0).toUpperCase() + check.error.slice(1) + ".",
      };
    out[unit] = { bar, plates: [...new Set(plates)].sort((a, b) => b - a) };
  }
  return { settings: out };
}

export function PlateSettingsSection() {
  const { t } = useTranslation("components");
  const [settings, save] = usePlateSettings();
  const [typed, setTyped] = useState<Typed>(() => toTyped(settings));
  const [problem, setProblem] = useState<{ unit: UnitName; field: "bar" | "plates"; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const change = (unit: UnitName, field: "bar" | "plates", value: string) => {
    setSaved(false);
    setTyped((t) => ({ ...t, [unit]: { ...t[unit], [field]: value } }));
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    const result = parse(typed, t);
    if ("message" in result) {
      setProblem(result);
      return;
    }
    setProblem(null);
    save(result.settings);
    setTyped(toTyped(result.settings));
    setSaved(true);
  }
  const errorAt = (unit: UnitName, field: "bar" | "plates") =>
    problem?.unit === unit && problem.field === field ? problem.message : null;
  return (
    <div id="plates">
      <Section title={t("plateSettings.title")} description={t("plateSettings.description")}>
        <form className="stack" onSubmit={submit} noValidate aria-label={t("plateSettings.title")}>
          {UNITS.map((unit) => (
            <div className="row row-top" key={unit}>
              <TextField
                label={t("plateSettings.bar", { unit })}
                inputMode="decimal"
                value={typed[unit].bar}
                error={errorAt(unit, "bar")}
                onChange={(e) => change(unit, "bar", e.target.value)}
              />
              <TextField
                label={t("plateSettings.plates", { unit })}
                value={typed[unit].plates}
                error={errorAt(unit, "plates")}
                hint={t("plateSettings.platesHint")}
                onChange={(e) => change(unit, "plates", e.target.value)}
              />
            </div>
          ))}
          <div className="form-actions">
            <button type="submit" className="primary">
              {t("plateSettings.save")}
            </button>
            <button
              type="button"
              onClick={() => {
                setProblem(null);
                setSaved(false);
                setTyped(toTyped(defaultPlateSettings()));
              }}
            >
              {t("plateSettings.defaults")}
            </button>
            {saved ? <p role="status">{t("plateSettings.saved")}</p> : null}
          </div>
        </form>
      </Section>
    </div>
  );
}
