// The one display rule for weights (sdk/src/weights.ts), against tables worked out by hand with
// 1 lb = 0.45359237 kg: kg / 0.45359237 for lb, lb * 0.45359237 for kg, then rounded half away from zero.
import { describe, expect, it } from "@jest/globals";
import {
  estimateText,
  estimateWeight,
  factSetText,
  factText,
  factWeight,
  prefillSetText,
  prefillWeight,
  recordSetWeight,
  setShown,
  totalText,
  totalWeight,
} from "../src/weights.ts";
import { convertWeightTo } from "../src/documents/units.ts";

describe("factWeight: a lifted weight in the lifter's unit", () => {
  it.each([
    // value, entered, shown in, expected      hand-computed
    [170, "kg", "lb", 374.8], //               170 / 0.45359237 = 374.7858
    [60, "kg", "lb", 132.3], //                132.2774
    [100, "kg", "lb", 220.5], //               220.4623
    [22.5, "kg", "lb", 49.6], //               49.6040
    [102.5, "kg", "lb", 226], //               225.9738
    [225, "lb", "kg", 102.1], //               225 * 0.45359237 = 102.0583
    [45, "lb", "kg", 20.4], //                 20.4117
    [135, "lb", "kg", 61.2], //                61.23497 (not 61.3: rounded once, not via 61.23... then 61.2)
    [315, "lb", "kg", 142.9], //               142.8816
    [0, "kg", "lb", 0],
  ] as const)("%s %s reads as %s in %s", (value, entered, unit, expected) => {
    expect(factWeight(value, entered, unit)).toBe(expected);
  });

  it("keeps a weight entered in the lifter's unit as entered, decimals and all", () => {
    expect(factWeight(101.25, "kg", "kg")).toBe(101.25);
    expect(factWeight(132.5, "lb", "lb")).toBe(132.5);
  });

  it("never keeps more than one decimal after a conversion", () => {
    for (let tenths = 0; tenths <= 5000; tenths += 7) {
      for (const [from, to] of [
        ["kg", "lb"],
        ["lb", "kg"],
      ] as const) {
        const shown = factWeight(tenths / 10, from, to);
        expect(Math.round(shown * 10) / 10).toBe(shown);
      }
    }
  });
});

describe("factText: the entered value beside a converted one", () => {
  it.each([
    [170, "kg", "lb", "374.8 lb (170 kg)"],
    [374.8, "lb", "kg", "170 kg (374.8 lb)"], // 374.8 * 0.45359237 = 170.0064
    [60, "kg", "kg", "60 kg"],
    [225, "lb", "lb", "225 lb"],
  ] as const)("%s %s for a %s lifter: %s", (value, entered, unit, expected) => {
    expect(factText(value, entered, unit, { locale: "en-US" })).toBe(expected);
  });
});

describe("estimateWeight and totalWeight", () => {
  it.each([
    [420.33, 420.3],
    [374.75, 374.8], // half away from zero
    [374.74, 374.7],
    [101.67, 101.7],
    [100, 100],
  ])("an estimate %s reads %s", (value, expected) => {
    expect(estimateWeight(value)).toBe(expected);
  });

  it.each([
    [143399.68, 143400],
    [220.46, 220],
    [0.5, 1],
    [12345.49, 12345],
  ])("a total %s reads %s", (value, expected) => {
    expect(totalWeight(value)).toBe(expected);
  });

  it("writes totals as whole grouped numbers and estimates with at most one decimal", () => {
    expect(totalText(143399.68, "lb", { locale: "en-US" })).toBe("143,400 lb");
    expect(estimateText(420.33, "lb", { locale: "en-US" })).toBe("420.3 lb");
  });
});

describe("prefillWeight: what fills a row is a loadable weight", () => {
  it.each([
    // value, entered, into, step, expected     exact, steps
    [60, "kg", "lb", 5, 130], //                132.2774 / 5 = 26.46 -> 26
    [60, "kg", "lb", 2.5, 132.5], //            52.91 -> 53
    [100, "kg", "lb", 5, 220], //               220.4623 / 5 = 44.09 -> 44
    [102.5, "kg", "lb", 5, 225], //             225.9738 / 5 = 45.19 -> 45
    [225, "lb", "kg", 2.5, 102.5], //           102.0583 / 2.5 = 40.82 -> 41
    [135, "lb", "kg", 2.5, 60], //              61.2350 / 2.5 = 24.49 -> 24
    [135, "lb", "kg", 1.25, 61.25], //          48.99 -> 49
    [45, "lb", "kg", 1, 20], //                 20.4117 -> 20
  ] as const)("%s %s into %s at step %s: %s", (value, entered, unit, step, expected) => {
    expect(prefillWeight(value, entered, unit, step)).toBe(expected);
  });

  it("keeps a weight written in the same unit, and one decimal when there is no step", () => {
    expect(prefillWeight(101.25, "kg", "kg", 2.5)).toBe(101.25);
    expect(prefillWeight(60, "kg", "lb", null)).toBe(132.3);
    expect(prefillWeight(60, "kg", "lb", 0)).toBe(132.3);
  });
});

describe("set text in the lifter's unit", () => {
  it.each([
    ["60x5", "132.3x5"],
    ["w:100x5@8", "w:220.5x5@8"],
    ["bw+20x5", "bw+44.1x5"], // 20 / 0.45359237 = 44.0925
    ["102.5x3+", "226x3+"],
    ["x12", "x12"],
    ["45s", "45s"],
    ["not a set", "not a set"],
  ])("a kg %s reads %s to a lb lifter", (text, expected) => {
    expect(factSetText(text, "kg", "lb")).toBe(expected);
  });

  it("fills a row at the step", () => {
    expect(prefillSetText("60x5", "kg", "lb", 5)).toBe("130x5");
    expect(prefillSetText("225x5", "lb", "kg", 2.5)).toBe("102.5x5");
    expect(prefillSetText("60x5", "kg", "kg", 5)).toBe("60x5");
  });
});

describe("records and units that name neither kg nor lb", () => {
  it("reads a record's set from its entered weight", () => {
    // 105 kg entered, shown to a lb lifter: 105 / 0.45359237 = 231.4853 -> 231.5 (the API's setWeight says 231.49).
    expect(recordSetWeight({ enteredWeight: 105, enteredUnit: "kg", setWeight: 231.49, unit: "lb" })).toBe(231.5);
    expect(recordSetWeight({ enteredWeight: 105, enteredUnit: "kg", setWeight: 105, unit: "kg" })).toBe(105);
    expect(recordSetWeight({ enteredWeight: 105, enteredUnit: "st", setWeight: 105, unit: "lb" })).toBe(105);
  });

  it("leaves a value as it is when a unit is not kg or lb", () => {
    expect(factText(60, "st", "lb", { locale: "en-US" })).toBe("60 lb");
  });
});

describe("convertWeightTo: one exact rounding at any precision", () => {
  it("rounds once at 0 to 8 places and refuses others", () => {
    expect(convertWeightTo(170, "kg", "lb", 0)).toBe(375); // 374.7858
    expect(convertWeightTo(170, "kg", "lb", 8)).toBe(374.78584571); // 170 / 0.45359237 = 374.785845714...
    expect(convertWeightTo(135, "lb", "kg", 2)).toBe(61.23); // 61.23496995
    expect(() => convertWeightTo(1, "kg", "lb", 9)).toThrow(RangeError);
    expect(() => convertWeightTo(1, "kg", "lb", -1)).toThrow(RangeError);
  });
});

describe("setShown: an AMRAP set in words", () => {
  it.each([
    ["190x0+", "190x0 (AMRAP, 0 reps done)"],
    ["190x5+", "190x5+ (AMRAP)"],
    ["bw x 0+", "bw x 0 (AMRAP, 0 reps done)"],
    ["100x5", "100x5"],
    ["45s", "45s"],
  ])("%s reads %s", (text, expected) => {
    expect(setShown(text)).toBe(expected);
  });
});
