// How a weight reads wherever a lifter sees one (the web app, `svc`, the MCP tools' text): in the
// lifter's unit, at numbers a lifter writes. Stored values never change; this is only how they read.
// - A fact (a past set, a record's set): entered in the lifter's unit it reads as entered; entered
//   in the other unit it is converted to at most one decimal, with the entered value beside it
//   ("374.8 lb (170 kg)").
// - An estimate (an e1RM, a rep max worked out from another set): at most one decimal.
// - A total (volume): a whole number.
// - A prefill (what fills a row or plans a set from another unit): converted, then rounded to the
//   exercise's rounding step, so it is a weight that can be loaded.
// 1 lb = 0.45359237 kg; every rounding is exact decimal arithmetic, half away from zero.
import { convertLengthTo, convertWeightTo, type LengthUnit, type Unit } from "./documents/units.ts";
import { formatSet, parseSet, type EffortScale } from "./documents/text.ts";

export type { LengthUnit, Unit } from "./documents/units.ts";

/** Decimals a converted fact or an estimate keeps. */
export const FACT_DECIMALS = 1;

/** A weight that was lifted, in `unit`: as entered when `entered` is `unit`, else at most one decimal. */
export function factWeight(value: number, entered: Unit, unit: Unit): number {
  return entered === unit ? value : convertWeightTo(value, entered, unit, FACT_DECIMALS);
}

/** A worked-out weight (e1RM, an estimated rep max) already in the lifter's unit: at most one decimal. */
export function estimateWeight(value: number): number {
  return convertWeightTo(value, "kg", "kg", FACT_DECIMALS);
}

/** A total (weight x reps summed) as a whole number. */
export function totalWeight(value: number): number {
  return convertWeightTo(value, "kg", "kg", 0);
}

/**
 * A weight to fill in from another unit, in `unit`, rounded to the nearest multiple of `step` (the
 * exercise's rounding; at most 2 decimals). The same unit keeps the value as it was written; with no
 * usable step the conversion keeps one decimal.
 */
export function prefillWeight(value: number, entered: Unit, unit: Unit, step?: number | null): number {
  if (entered === unit) return value;
  if (!step || !Number.isFinite(step) || step <= 0) return convertWeightTo(value, entered, unit, FACT_DECIMALS);
  const exact = convertWeightTo(value, entered, unit, 8);
  const steps = Math.round(exact / step);
  return convertWeightTo(steps * step, unit, unit, 2);
}

export type TextOptions = {
  /** Intl locale for the digits: `en-US` when not given (`374.8`, `143,400`); `undefined` for the runtime's own. */
  locale?: string | undefined;
};

function digits(value: number, places: number, options: TextOptions, group: boolean): string {
  const locale = "locale" in options ? options.locale : "en-US";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: places, useGrouping: group }).format(value);
}

/** `374.8 lb`: a number already rounded by one of the rules above, with its unit. */
export function weightText(value: number, unit: string, options: TextOptions = {}): string {
  return `${digits(value, 2, options, false)} ${unit}`;
}

/**
 * A fact: `170 kg`, or `374.8 lb (170 kg)` for 170 kg entered and shown to a lb lifter. A unit that
 * is neither kg nor lb leaves the value as it is.
 */
export function factText(value: number, entered: string, unit: string, options: TextOptions = {}): string {
  const from = unitName(entered);
  const to = unitName(unit);
  if (!from || !to || from === to) return weightText(value, unit, options);
  return `${weightText(factWeight(value, from, to), to, options)} (${weightText(value, from, options)})`;
}

/** A record's set (Exercise.records: heaviest, bestE1rm, an actual rep max) in the lifter's unit, without the entered value. */
export function recordSetWeight(r: {
  enteredWeight: number;
  enteredUnit: string;
  setWeight: number;
  unit: string;
}): number {
  const from = unitName(r.enteredUnit);
  const to = unitName(r.unit);
  return from && to ? factWeight(r.enteredWeight, from, to) : r.setWeight;
}

/** An estimate: `420.3 lb`. */
export function estimateText(value: number, unit: string, options: TextOptions = {}): string {
  return weightText(estimateWeight(value), unit, options);
}

/** A total: `143,400 lb` (digits grouped). */
export function totalText(value: number, unit: string, options: TextOptions = {}): string {
  return `${digits(totalWeight(value), 0, options, true)} ${unit}`;
}

/**
 * A set's text (`60x5`, `w:bw+20x5@8`) entered in `entered`, as a fact in `unit`: its weight
 * converted to at most one decimal (`132.3x5`). Text without a weight, or that does not parse,
 * reads as it is.
 */
export function factSetText(text: string, entered: Unit, unit: Unit, effort: EffortScale = "rpe"): string {
  if (entered === unit) return text;
  const parsed = parseSet(text, { effort });
  if (!parsed.ok || parsed.value.weight === null) return text;
  return formatSet({ ...parsed.value, weight: factWeight(parsed.value.weight, entered, unit) });
}

/**
 * A set's text entered in `entered`, as a set to fill in `unit`: its weight rounded to `step`
 * (`prefillWeight`). Text without a weight, or that does not parse, is returned as it is.
 */
export function prefillSetText(
  text: string,
  entered: Unit,
  unit: Unit,
  step?: number | null,
  effort: EffortScale = "rpe",
): string {
  if (entered === unit) return text;
  const parsed = parseSet(text, { effort });
  if (!parsed.ok || parsed.value.weight === null) return text;
  return formatSet({ ...parsed.value, weight: prefillWeight(parsed.value.weight, entered, unit, step) });
}

/** `kg` or `lb` as a Unit, or null when `value` names neither. */
export function unitName(value: string | null | undefined): Unit | null {
  return value === "kg" || value === "lb" ? value : null;
}

/** How an AMRAP set is said: `set` is its text (without the `+` for none done). */
export type AmrapPhrasing = { marked: (set: string) => string; noneDone: (set: string) => string };

const ENGLISH_AMRAP: AmrapPhrasing = {
  marked: (set) => `${set} (AMRAP)`,
  noneDone: (set) => `${set} (AMRAP, 0 reps done)`,
};

/**
 * A logged set's text as it reads to a lifter: an AMRAP set (`190x5+`) says so in words, and one
 * logged with 0 reps reads as 0 reps done (`190x0 (AMRAP, 0 reps done)`), never "0 or more";
 * `phrasing` says it in another language.
 */
export function setShown(text: string, phrasing: AmrapPhrasing = ENGLISH_AMRAP): string {
  const parsed = parseSet(text);
  if (!parsed.ok || !parsed.value.amrap) return text;
  if (parsed.value.reps === 0) return phrasing.noneDone(text.replace("+", ""));
  return phrasing.marked(text);
}

/**
 * A body measurement's length, in the lifter's length unit: the fact rule of weights (as entered
 * in the same unit, else at most one decimal). 1 in = 2.54 cm.
 */
export function factLength(value: number, entered: LengthUnit, unit: LengthUnit): number {
  return entered === unit ? value : convertLengthTo(value, entered, unit, FACT_DECIMALS);
}

/** `cm` or `in` as a LengthUnit, or null when `value` names neither. */
export function lengthUnitName(value: string | null | undefined): LengthUnit | null {
  return value === "cm" || value === "in" ? value : null;
}
