/**
 * Weight units. Documents keep the unit they were written in; conversion happens on read.
 *
 * 1 lb = 0.45359237 kg exactly (international pound). Results are rounded to 2 decimals,
 * half away from zero, computed in exact decimal arithmetic (BigInt), so the SDK agrees with
 * PostgreSQL `round(value * 0.45359237, 2)` and `round(value / 0.45359237, 2)` on `numeric`.
 */
export type Unit = "kg" | "lb";

/** Kilograms in one pound. */
export const KG_PER_LB = 0.45359237;
const KG_PER_LB_SCALED = 45359237n; // KG_PER_LB * 10^8

/** Exact decimal value of a finite number as (mantissa, exponent of ten): value = m * 10^-e. */
function toScaled(value: number): { m: bigint; e: number } {
  const text = String(value); // shortest round-trip decimal, may use an exponent
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a finite number: ${value}`);
  const [, sign, int, frac = "", exp = "0"] = match;
  let m = BigInt(`${sign}${int}${frac}`);
  let e = frac.length - Number(exp);
  if (e < 0) {
    m *= 10n ** BigInt(-e);
    e = 0;
  }
  return { m, e };
}

/** numerator / denominator rounded to an integer, half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * Converts a weight between units, rounded to 2 decimals (half away from zero).
 * Same unit: the value rounded to 2 decimals. `convertWeight(100, "lb", "kg") === 45.36`,
 * `convertWeight(100, "kg", "lb") === 220.46`.
 */
export function convertWeight(value: number, from: Unit, to: Unit): number {
  return convertWeightTo(value, from, to, 2);
}

/**
 * Converts a weight between units, rounded once, exactly, to `places` decimals (0 to 8, half away
 * from zero): `convertWeightTo(170, "kg", "lb", 1) === 374.8`, `convertWeightTo(143399.68, "lb", "lb", 0) === 143400`.
 */
export function convertWeightTo(value: number, from: Unit, to: Unit, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite weight: ${value}`);
  for (const u of [from, to]) if (u !== "kg" && u !== "lb") throw new RangeError(`unknown unit: ${u}`);
  if (!Number.isInteger(places) || places < 0 || places > 8) throw new RangeError(`places must be 0 to 8: ${places}`);
  const { m, e } = toScaled(value);
  const scale = 10n ** BigInt(e);
  const unit = 10n ** BigInt(places);
  let steps: bigint;
  if (from === to) steps = divRound(m * unit, scale);
  else if (from === "lb") steps = divRound(m * KG_PER_LB_SCALED * unit, scale * 10n ** 8n);
  else steps = divRound(m * 10n ** 8n * unit, scale * KG_PER_LB_SCALED);
  return Number(steps) / Number(unit) + 0;
}

/** Length units of body measurements (and distances under a mile): centimetres or inches. */
export type LengthUnit = "cm" | "in";

/** Centimetres in one inch, exactly. */
export const CM_PER_IN = 2.54;

/**
 * Converts a length between cm and in, rounded once, exactly, to `places` decimals (0 to 8, half
 * away from zero), as PostgreSQL's `round(value * 2.54, places)` on `numeric`: `convertLengthTo(32, "in", "cm", 1) === 81.3`.
 */
export function convertLengthTo(value: number, from: LengthUnit, to: LengthUnit, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite length: ${value}`);
  for (const u of [from, to]) if (u !== "cm" && u !== "in") throw new RangeError(`unknown unit: ${u}`);
  if (!Number.isInteger(places) || places < 0 || places > 8) throw new RangeError(`places must be 0 to 8: ${places}`);
  const { m, e } = toScaled(value);
  const scale = 10n ** BigInt(e);
  const unit = 10n ** BigInt(places);
  let steps: bigint;
  if (from === to) steps = divRound(m * unit, scale);
  else if (from === "in") steps = divRound(m * 254n * unit, scale * 100n);
  else steps = divRound(m * 100n * unit, scale * 254n);
  return Number(steps) / Number(unit) + 0;
}
