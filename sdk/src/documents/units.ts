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
  if (!Number.isFinite(value)) throw new RangeError(`not a finite weight: ${value}`);
  for (const u of [from, to]) if (u !== "kg" && u !== "lb") throw new RangeError(`unknown unit: ${u}`);
  const { m, e } = toScaled(value);
  const scale = 10n ** BigInt(e);
  let hundredths: bigint;
  if (from === to) hundredths = divRound(m * 100n, scale);
  else if (from === "lb") hundredths = divRound(m * KG_PER_LB_SCALED * 100n, scale * 10n ** 8n);
  else hundredths = divRound(m * 10n ** 8n * 100n, scale * KG_PER_LB_SCALED);
  return Number(hundredths) / 100 + 0;
}
