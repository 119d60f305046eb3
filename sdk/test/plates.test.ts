/**
 * The plate calculator at its edges: exact loads, weights that cannot be made (with the nearest
 * loadable below and above), below and at the bar, lb, custom bars and plates, limited pairs,
 * floating point, the largest weight taken and the first refused.
 */
import { plates, DEFAULT_PLATES, MAX_PLATE_WEIGHT } from "../src/index.ts";

describe("exact", () => {
  test("kg defaults: 20 kg bar, heaviest plates first", () => {
    expect(plates(100)).toEqual({
      unit: "kg",
      weight: 100,
      bar: 20,
      exact: true,
      perSide: [25, 15],
      below: null,
      above: null,
    });
    expect(plates(142.5).perSide).toEqual([25, 25, 10, 1.25]);
    // The smallest step: one pair of 1.25 kg.
    expect(plates(22.5).perSide).toEqual([1.25]);
    expect(plates(220).perSide).toEqual([25, 25, 25, 25]);
  });

  test("lb defaults: 45 lb bar with 45/35/25/10/5/2.5", () => {
    expect(plates(225, { unit: "lb" })).toMatchObject({ bar: 45, exact: true, perSide: [45, 45] });
    expect(plates(315, { unit: "lb" }).perSide).toEqual([45, 45, 45]);
    expect(plates(50, { unit: "lb" }).perSide).toEqual([2.5]);
    expect(plates(185, { unit: "lb" }).perSide).toEqual([45, 25]);
  });

  test("the bar alone", () => {
    expect(plates(20)).toEqual({ unit: "kg", weight: 20, bar: 20, exact: true, perSide: [], below: null, above: null });
    expect(plates(45, { unit: "lb" })).toMatchObject({ exact: true, perSide: [] });
  });

  test("a heaviest-first choice that would strand a remainder backs off (15/10 plates, 20 per side)", () => {
    expect(plates(60, { plates: [15, 10] }).perSide).toEqual([10, 10]);
    expect(plates(70, { plates: [15, 10] }).perSide).toEqual([15, 10]);
  });
});

describe("not loadable", () => {
  test("between two loads: the nearest below and above", () => {
    expect(plates(101)).toEqual({
      unit: "kg",
      weight: 101,
      bar: 20,
      exact: false,
      perSide: null,
      below: { weight: 100, perSide: [25, 15] },
      above: { weight: 102.5, perSide: [25, 15, 1.25] },
    });
    expect(plates(228, { unit: "lb" })).toMatchObject({
      exact: false,
      below: { weight: 225 },
      above: { weight: 230, perSide: [45, 45, 2.5] },
    });
  });

  test("one hundredth off: an odd hundredth cannot be split over two sides", () => {
    expect(plates(20.01)).toMatchObject({ exact: false, below: { weight: 20, perSide: [] }, above: { weight: 22.5 } });
    expect(plates(102.49)).toMatchObject({ exact: false, below: { weight: 100 }, above: { weight: 102.5 } });
  });

  test("below the bar: nothing lighter, the bar above", () => {
    expect(plates(19.99)).toEqual({
      unit: "kg",
      weight: 19.99,
      bar: 20,
      exact: false,
      perSide: null,
      below: null,
      above: { weight: 20, perSide: [] },
    });
    expect(plates(0)).toMatchObject({ exact: false, below: null, above: { weight: 20 } });
    expect(plates(44, { unit: "lb" })).toMatchObject({ below: null, above: { weight: 45 } });
  });

  test("more than the plates owned: the most they make below, nothing above", () => {
    const owned = [
      { weight: 20, pairs: 2 },
      { weight: 10, pairs: 1 },
    ];
    expect(plates(120, { plates: owned })).toMatchObject({ exact: true, perSide: [20, 20, 10] });
    expect(plates(122.5, { plates: owned })).toEqual({
      unit: "kg",
      weight: 122.5,
      bar: 20,
      exact: false,
      perSide: null,
      below: { weight: 120, perSide: [20, 20, 10] },
      above: null,
    });
    // Limited pairs also limit how a load is made: one pair of 20 means 40 per side takes 20 + 10 + 10.
    expect(plates(100, { plates: [{ weight: 20, pairs: 1 }, 10] }).perSide).toEqual([20, 10, 10]);
  });

  test("no plates at all: only the bar", () => {
    expect(plates(60, { plates: [] })).toMatchObject({ exact: false, below: { weight: 20, perSide: [] }, above: null });
    expect(plates(60, { plates: [{ weight: 25, pairs: 0 }] })).toMatchObject({ below: { weight: 20 }, above: null });
  });
});

describe("custom bars and plates, floating point", () => {
  test("a 15 kg bar, a trap bar of 25 kg, a 0 kg handle", () => {
    expect(plates(65, { bar: 15 }).perSide).toEqual([25]);
    expect(plates(65, { bar: 25 }).perSide).toEqual([20]);
    expect(plates(2.5, { bar: 0 }).perSide).toEqual([1.25]);
  });

  test("fractional plates sum exactly in hundredths (0.1 + 0.2 is 0.3)", () => {
    expect(plates(20 + 0.1 + 0.2 + 0.1 + 0.2, { plates: [0.25, 0.1, 0.05] }).perSide).toEqual([0.25, 0.05]);
    expect(plates(20.3, { plates: [0.15] }).perSide).toEqual([0.15]);
    expect(plates(20.5, { plates: [0.5, 0.25] }).perSide).toEqual([0.25]);
  });

  test("the default plate lists are the ones asked for", () => {
    expect(DEFAULT_PLATES).toEqual({ kg: [25, 20, 15, 10, 5, 2.5, 1.25], lb: [45, 35, 25, 10, 5, 2.5] });
  });
});

describe("limits", () => {
  test("the heaviest weight taken, and the first refused", () => {
    const heaviest = plates(MAX_PLATE_WEIGHT);
    expect(heaviest.exact).toBe(true);
    expect(heaviest.perSide!.reduce((a, b) => a + b, 0)).toBe((MAX_PLATE_WEIGHT - 20) / 2);
    expect(plates(MAX_PLATE_WEIGHT - 0.5)).toMatchObject({
      exact: false,
      below: { weight: MAX_PLATE_WEIGHT - 2.5 },
      above: { weight: MAX_PLATE_WEIGHT },
    });
    expect(() => plates(MAX_PLATE_WEIGHT + 0.01)).toThrow(/weight must be at most 10000/);
    expect(() => plates(1e300)).toThrow(RangeError);
  });

  test("bad numbers are refused with the value named", () => {
    expect(() => plates(Number.NaN)).toThrow(/weight must be a number/);
    expect(() => plates(Infinity)).toThrow(/weight must be a number/);
    expect(() => plates(-1)).toThrow(/weight must be at least 0/);
    expect(() => plates(100.005)).toThrow(/weight must have at most 2 decimals/);
    expect(() => plates(100, { bar: -20 })).toThrow(/bar must be at least 0/);
    expect(() => plates(100, { plates: [0] })).toThrow(/plate must be above 0/);
    expect(() => plates(100, { plates: [{ weight: 20, pairs: 1.5 }] })).toThrow(/pairs of 20 must be a whole number/);
    expect(() => plates(100, { unit: "st" as any })).toThrow(/unit must be kg or lb/);
  });
});
