/**
 * The plate calculator: which plates go on each side of the bar for a weight, or, when it cannot
 * be made exactly with the plates owned, the nearest loadable weights below and above. A pure
 * function (no server). Weights are worked in hundredths as integers, so 0.1 + 0.2 never matters.
 */

export type PlateUnit = "kg" | "lb";

/** A plate weight owned in any number of pairs, or `{ weight, pairs }` for a limited number of pairs. */
export type OwnedPlate = number | { weight: number; pairs: number };

export type PlateOptions = {
  /** Unit of every weight here; default kg. */
  unit?: PlateUnit;
  /** The bar's weight; default 20 kg or 45 lb. */
  bar?: number;
  /** The plates owned; default 25/20/15/10/5/2.5/1.25 kg or 45/35/25/10/5/2.5 lb, as many pairs as needed. */
  plates?: OwnedPlate[];
};

/** One way to load the bar: the total and the plates on each side, heaviest first. */
export type PlateLoad = { weight: number; perSide: number[] };

export type PlateResult = {
  unit: PlateUnit;
  /** The weight asked for. */
  weight: number;
  bar: number;
  /** True when the plates make the weight exactly; then `perSide` says how. */
  exact: boolean;
  /** Plates on each side, heaviest first (empty for the bar alone); null when not exact. */
  perSide: number[] | null;
  /** When not exact: the heaviest loadable weight below (null below the bar). */
  below: PlateLoad | null;
  /** When not exact: the lightest loadable weight above (null beyond every plate owned). */
  above: PlateLoad | null;
};

export const DEFAULT_BARS: Readonly<Record<PlateUnit, number>> = { kg: 20, lb: 45 };
export const DEFAULT_PLATES: Readonly<Record<PlateUnit, readonly number[]>> = {
  kg: [25, 20, 15, 10, 5, 2.5, 1.25],
  lb: [45, 35, 25, 10, 5, 2.5],
};
/** The heaviest weight (and bar) the calculator takes, in either unit. */
export const MAX_PLATE_WEIGHT = 10_000;

/** A number as whole hundredths, or a RangeError naming `what`. */
function hundredths(value: number, what: string, min: number, allowZero: boolean): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${what} must be a number`);
  const h = Math.round(value * 100);
  if (Math.abs(value * 100 - h) > 1e-6) throw new RangeError(`${what} must have at most 2 decimals`);
  if (h < min * 100 || (!allowZero && h === 0))
    throw new RangeError(`${what} must be ${allowZero ? "at least" : "above"} ${min}`);
  if (h > MAX_PLATE_WEIGHT * 100) throw new RangeError(`${what} must be at most ${MAX_PLATE_WEIGHT}`);
  return h;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

type Kind = { h: number; pairs: number };

/**
 * Which per-side totals up to `limit` steps (of `step` hundredths) the plates make, and how:
 * heaviest plates first, the way a lifter loads (at each plate, as many as still leave a remainder
 * the lighter plates can make). `reach[i][s]`: s can be made from kinds i and lighter.
 */
function loadTable(kinds: Kind[], step: number, limit: number) {
  const units = kinds.map((k) => k.h / step);
  const reach: Uint8Array[] = new Array(kinds.length + 1);
  reach[kinds.length] = new Uint8Array(limit + 1);
  reach[kinds.length][0] = 1;
  for (let i = kinds.length - 1; i >= 0; i -= 1) {
    const lighter = reach[i + 1];
    const here = Uint8Array.from(lighter);
    const p = units[i];
    if (kinds[i].pairs === Infinity) {
      for (let s = p; s <= limit; s += 1) if (here[s - p]) here[s] = 1;
    } else {
      for (let s = p; s <= limit; s += 1) {
        for (let k = 1; !here[s] && k <= kinds[i].pairs && k * p <= s; k += 1) if (lighter[s - k * p]) here[s] = 1;
      }
    }
    reach[i] = here;
  }
  const plates = (s: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < kinds.length; i += 1) {
      let k = Math.min(kinds[i].pairs, Math.floor(s / units[i]));
      while (k > 0 && !reach[i + 1][s - k * units[i]]) k -= 1;
      for (let j = 0; j < k; j += 1) out.push(kinds[i].h / 100);
      s -= k * units[i];
    }
    return out;
  };
  return { reachable: reach[0], plates };
}

/**
 * The plates per side for `weight` on a bar (defaults by unit: 20 kg bar with 25/20/15/10/5/2.5/1.25
 * kg plates; 45 lb bar with 45/35/25/10/5/2.5 lb). Exact: `perSide`, heaviest plates first (as a
 * lifter loads: as many of each as still leave a remainder the lighter plates make). Not exact (below the bar, an odd hundredth to split, a step finer than the
 * plates, more than the plates owned): the nearest loadable weights `below` and `above`.
 * Throws RangeError for a weight, bar or plate that is not a number of at most 2 decimals from 0
 * (plates above 0) to MAX_PLATE_WEIGHT, or pairs that are not a whole number from 0.
 */
export function plates(weight: number, options: PlateOptions = {}): PlateResult {
  const unit: PlateUnit = options.unit ?? "kg";
  if (unit !== "kg" && unit !== "lb") throw new RangeError(`unit must be kg or lb`);
  const target = hundredths(weight, "weight", 0, true);
  const bar = hundredths(options.bar ?? DEFAULT_BARS[unit], "bar", 0, true);
  const byWeight = new Map<number, number>();
  for (const plate of options.plates ?? DEFAULT_PLATES[unit]) {
    const w = typeof plate === "number" ? plate : plate?.weight;
    const pairs = typeof plate === "number" ? Infinity : plate?.pairs;
    if (!(pairs === Infinity || (Number.isInteger(pairs) && pairs >= 0)))
      throw new RangeError(`pairs of ${w} must be a whole number from 0`);
    const h = hundredths(w as number, "plate", 0, false);
    byWeight.set(h, (byWeight.get(h) ?? 0) + (pairs as number));
  }
  const kinds = [...byWeight]
    .filter(([, pairs]) => pairs > 0)
    .map(([h, pairs]) => ({ h, pairs }))
    .sort((a, b) => b.h - a.h);
  const result: PlateResult = {
    unit,
    weight: target / 100,
    bar: bar / 100,
    exact: false,
    perSide: null,
    below: null,
    above: null,
  };
  const load = (perSideH: number, perSide: number[]): PlateLoad => ({ weight: (bar + 2 * perSideH) / 100, perSide });
  if (target === bar) return { ...result, exact: true, perSide: [] };
  if (target < bar) return { ...result, above: load(0, []) };
  if (kinds.length === 0) return { ...result, below: load(0, []) };

  // Per side, in steps of the plates' greatest common divisor (1.25 kg plates: steps of 1.25 kg).
  const step = kinds.reduce((g, k) => gcd(g, k.h), 0);
  const side = (target - bar) / 2;
  const heaviest = kinds[0].h / step;
  const owned = kinds.reduce((sum, k) => sum + (k.pairs === Infinity ? Infinity : (k.pairs * k.h) / step), 0);
  // Far enough to find the next loadable total above (within one heaviest plate), never beyond what is owned.
  const limit = Math.min(Math.ceil(side / step) + heaviest, owned);
  const { reachable, plates: platesFor } = loadTable(kinds, step, limit);

  if (Number.isInteger(side / step) && side / step <= limit && reachable[side / step]) {
    return { ...result, exact: true, perSide: platesFor(side / step) };
  }
  for (let s = Math.min(Math.floor(side / step), limit); s >= 0; s -= 1) {
    if (reachable[s]) {
      result.below = load(s * step, platesFor(s));
      break;
    }
  }
  for (let s = Math.ceil(side / step); s <= limit; s += 1) {
    if (reachable[s]) {
      result.above = load(s * step, platesFor(s));
      break;
    }
  }
  return result;
}
