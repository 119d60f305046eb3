// Weights as the user reads them: in the unit of their settings, or as a document was written.
import { useMemo } from "react";
import { estimateText, factText, totalText, weightText } from "@svc/sdk/weights";
import { useSession } from "../auth/session.tsx";
import { appLocale } from "../format.ts";
export type UnitName = "kg" | "lb";

/** Digits in the app's language (format.ts: `82.5 kg`, `82,5 kg` in de/es/fr/pt-BR). */
const locale = () => ({ locale: appLocale() });

export function unitOf(value: string | null | undefined): UnitName {
  return value === "lb" ? "lb" : "kg";
}

/** Where a locale's region weighs in pounds (the United States, Liberia, Myanmar); kg elsewhere. */
const POUND_REGIONS = new Set(["US", "LR", "MM"]);

/** The unit a new account defaults to, from the browser's language tag (`en-US` -> lb, `de-DE` -> kg, `en` -> kg). */
export function unitForLocale(locale: string | undefined): UnitName {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    // A tag without a region (`en`) is not taken for the US: maximize() guesses one.
    const written = locale && /[-_]([A-Za-z]{2}|\d{3})\b/.test(locale) ? region : undefined;
    return written && POUND_REGIONS.has(written) ? "lb" : "kg";
  } catch {
    return "kg";
  }
}

/** The GraphQL `Unit` enum value of a unit. */
export function unitEnum(unit: UnitName): "KG" | "LB" {
  return unit === "lb" ? "LB" : "KG";
}

/** The units as a select's options. */
export const UNIT_OPTIONS = [
  { value: "kg", label: "kg" },
  { value: "lb", label: "lb" },
] as const;

export function otherUnit(unit: UnitName): UnitName {
  return unit === "kg" ? "lb" : "kg";
}

/**
 * A weight as written (a plate, a bar, an increment, a training max typed in): up to 2 decimals.
 * Weights from another unit read by the SDK's display rule (@svc/sdk/weights) through the helpers below.
 */
export function formatWeight(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "—";
  return weightText(value, unit, locale());
}

/** A lifted weight entered in `entered`, in the lifter's `unit`: `374.8 lb (170 kg)`, or `170 kg` as entered. */
export function formatFact(value: number | null | undefined, entered: string | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "—";
  return factText(value, entered ?? unit, unit, locale());
}

/** A weight the API worked out or converted into your unit (an e1RM, a record, a series): at most one decimal. */
export function formatEstimate(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "—";
  return estimateText(value, unit, locale());
}

/** A total (volume) as a whole number: `143,400 lb`. */
export function formatTotal(value: number | null | undefined, unit: string): string {
  return totalText(value ?? 0, unit, locale());
}

/** Volume (weight x reps summed) in the user's unit, from the API's kg and lb sums. */
export function formatVolume(sum: { volumeKg: number; volumeLb: number } | null | undefined, unit: string): string {
  if (!sum) return formatTotal(0, unit);
  return formatTotal(unit === "lb" ? sum.volumeLb : sum.volumeKg, unit);
}

export function effortLabel(effort: string | null | undefined): string {
  return effort === "rir" ? "RIR" : "RPE";
}

/** The signed-in user's unit and effort scale: the defaults of documents and of every weight shown. */
export function useUserUnits(): { unit: UnitName; effort: "rpe" | "rir" } {
  const { viewer } = useSession();
  const unit = unitOf(viewer?.unit);
  const effort = viewer?.effort === "rir" ? "rir" : "rpe";
  return useMemo(() => ({ unit, effort }), [unit, effort]);
}
