/** Set text, durations and reps ranges: examples at every edge, and round trips with fast-check. */
import fc from "fast-check";
import {
  REASONS,
  formatDuration,
  formatRepsRange,
  formatReset,
  formatSet,
  parseDuration,
  parseRepsRange,
  parseReset,
  parseSet,
  type ParsedSet,
} from "../src/documents/index.ts";

const set = (p: Partial<ParsedSet>): ParsedSet => ({
  kind: "work",
  weight: null,
  bodyweight: false,
  reps: null,
  seconds: null,
  effort: null,
  amrap: false,
  distance: null,
  distanceUnit: null,
  ...p,
});

describe("parseSet", () => {
  test.each([
    ["100x5", set({ weight: 100, reps: 5 })],
    [" 102,5 × 5 @ 7,5 ", set({ weight: 102.5, reps: 5, effort: 7.5 })],
    ["x12", set({ reps: 12 })],
    ["BW X 8", set({ bodyweight: true, reps: 8 })],
    ["45s", set({ seconds: 45 })],
    ["1:30", set({ seconds: 90 })],
    ["1m30s@8", set({ seconds: 90, effort: 8 })],
    ["w:60x5", set({ kind: "warmup", weight: 60, reps: 5 })],
    ["D: 80x8", set({ kind: "drop", weight: 80, reps: 8 })],
    ["rp:x4", set({ kind: "burst", reps: 4 })],
    ["0x0", set({ weight: 0, reps: 0 })],
    ["10000x500", set({ weight: 10000, reps: 500 })],
    ["86400s", set({ seconds: 86400 })],
    ["270x5+", set({ weight: 270, reps: 5, amrap: true })],
    ["bw x 8+", set({ bodyweight: true, reps: 8, amrap: true })],
    ["x8+", set({ reps: 8, amrap: true })],
    ["100x5+@8", set({ weight: 100, reps: 5, effort: 8, amrap: true })],
    [" w : 60 X 5 + ", set({ kind: "warmup", weight: 60, reps: 5, amrap: true })],
    ["bw+20x5+", set({ bodyweight: true, weight: 20, reps: 5, amrap: true })],
    ["10000x500+", set({ weight: 10000, reps: 500, amrap: true })],
  ])("%j", (text, expected) => {
    expect(parseSet(text)).toEqual({ ok: true, value: expected });
  });

  test.each([
    ["10000.01x1", REASONS.setWeight],
    ["1.005x1", REASONS.setWeight],
    ["100x501", REASONS.setReps],
    ["86401s", REASONS.setDuration],
    ["1440:01", REASONS.setDuration],
    ["x5@0", REASONS.rpe],
    ["x5@10.5", REASONS.rpe],
    ["x5@9.9", REASONS.rpe],
    ["x5", null],
    ["", REASONS.setText],
    ["5", REASONS.setText],
    ["x5 x5", REASONS.setText],
    ["100x501+", REASONS.setReps],
    ["45s+", REASONS.setText],
    ["20x45s+", REASONS.setText],
    ["100x5@8+", REASONS.setText],
    ["100x5++", REASONS.setText],
  ])("%j -> %s", (text, reason) => {
    const r = parseSet(text);
    if (reason === null) expect(r.ok).toBe(true);
    else expect(r).toEqual({ ok: false, reason });
  });

  test("effort scales: rpe 1..10, rir 0..10, half steps", () => {
    expect(parseSet("x5@1", { effort: "rpe" }).ok).toBe(true);
    expect(parseSet("x5@0.5", { effort: "rpe" })).toEqual({ ok: false, reason: REASONS.rpe });
    expect(parseSet("x5@0", { effort: "rir" }).ok).toBe(true);
    expect(parseSet("x5@0.5", { effort: "rir" }).ok).toBe(true);
    expect(parseSet("x5@10", { effort: "rir" }).ok).toBe(true);
    expect(parseSet("x5@10.5", { effort: "rir" })).toEqual({ ok: false, reason: REASONS.rir });
    expect(parseSet("x5@7.3", { effort: "rir" })).toEqual({ ok: false, reason: REASONS.rir });
    // Long digit strings are judged on their text, as PostgreSQL numeric would.
    expect(parseSet("x5@7.50000000000000000001")).toEqual({ ok: false, reason: REASONS.rpe });
    expect(parseSet("x5@7.50000000000000000000").ok).toBe(true);
    expect(parseSet("100.00000000000000000001x5")).toEqual({ ok: false, reason: REASONS.setWeight });
  });

  test("non-strings are refused", () => {
    expect(parseSet(5)).toEqual({ ok: false, reason: REASONS.setText });
  });
});

describe("formatSet", () => {
  test.each([
    [set({ weight: 100, reps: 5, effort: 8 }), "100x5@8"],
    [set({ weight: 102.5, reps: 5 }), "102.5x5"],
    [set({ reps: 12 }), "x12"],
    [set({ bodyweight: true, reps: 8 }), "bw x 8"],
    [set({ seconds: 45 }), "45s"],
    [set({ seconds: 90 }), "1:30"],
    [set({ seconds: 60 }), "1:00"],
    [set({ kind: "warmup", weight: 60, reps: 5 }), "w:60x5"],
    [set({ kind: "drop", weight: 80, reps: 8, effort: 9.5 }), "d:80x8@9.5"],
    [set({ kind: "burst", reps: 4 }), "rp:x4"],
    [set({ weight: 270, reps: 5, amrap: true }), "270x5+"],
    [set({ bodyweight: true, reps: 8, amrap: true }), "bw x 8+"],
    [set({ weight: 100, reps: 5, effort: 8, amrap: true }), "100x5+@8"],
    [{ kind: "work" as const, weight: 100, bodyweight: false, reps: 5, seconds: null, effort: null }, "100x5"],
  ])("%j -> %s", (p, text) => {
    expect(formatSet(p)).toBe(text);
  });
});

describe("stage resets", () => {
  test.each([
    ["85%", { percent: 85, add: null }, "85%"],
    [" 85,50 % ", { percent: 85.5, add: null }, "85.5%"],
    ["100%", { percent: 100, add: null }, "100%"],
    ["+7.5", { percent: null, add: 7.5 }, "+7.5"],
    ["+ 15", { percent: null, add: 15 }, "+15"],
    ["+0.01", { percent: null, add: 0.01 }, "+0.01"],
  ])("%j", (text, value, canonical) => {
    expect(parseReset(text)).toEqual({ ok: true, value });
    expect(formatReset(value as Parameters<typeof formatReset>[0])).toBe(canonical);
  });
  test.each(["0%", "100.01%", "+0", "+100.01", "+1.005", "85", "-5", "85%+", 85, null])("%j is refused", (text) => {
    expect(parseReset(text)).toEqual({ ok: false, reason: REASONS.reset });
  });
});

describe("durations and reps ranges", () => {
  test.each([
    [0, 0],
    [90, 90],
    ["90", 90],
    ["1:30", 90],
    ["1:5", 65],
    ["0:59", 59],
    ["2m", 120],
    ["1m30s", 90],
    ["1m 30s", 90],
    ["45s", 45],
    [" 45 S ", 45],
    ["1M", 60],
  ])("parseDuration(%j) = %d", (input, seconds) => {
    expect(parseDuration(input)).toEqual({ ok: true, value: seconds });
  });
  test.each([[-1], [1.5], ["1:60"], ["1h"], [""], ["1:30:00"], [null], [true], ["30s1m"], ["1 30"]])(
    "parseDuration(%j) fails",
    (input) => {
      expect(parseDuration(input)).toEqual({ ok: false, reason: REASONS.duration });
    },
  );
  test("formatDuration", () => {
    expect([0, 59, 60, 61, 600, 86400].map(formatDuration)).toEqual(["0s", "59s", "1:00", "1:01", "10:00", "1440:00"]);
    expect(() => formatDuration(-1)).toThrow(RangeError);
  });
  test("parseRepsRange", () => {
    expect(parseRepsRange("8-12")).toEqual({ ok: true, value: { low: 8, high: 12 } });
    expect(parseRepsRange(" 8 – 12 ")).toEqual({ ok: true, value: { low: 8, high: 12 } });
    expect(parseRepsRange("0-500")).toEqual({ ok: true, value: { low: 0, high: 500 } });
    expect(parseRepsRange("12-8")).toEqual({ ok: false, reason: REASONS.repsRangeOrder });
    expect(parseRepsRange("8-501")).toEqual({ ok: false, reason: REASONS.repsRangeBounds });
    expect(parseRepsRange("8")).toEqual({ ok: false, reason: REASONS.reps });
    expect(formatRepsRange({ low: 8, high: 12 })).toBe("8-12");
  });
});

// ---------------------------------------------------------------- properties
const effortOn = (scale: "rpe" | "rir") =>
  fc.option(
    fc.integer({ min: scale === "rpe" ? 2 : 0, max: 20 }).map((h) => h / 2),
    { nil: null },
  );
const weightArb = fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100);
const repsArb = fc.integer({ min: 0, max: 500 });

const parsedSetArb = (scale: "rpe" | "rir" = "rpe"): fc.Arbitrary<ParsedSet> =>
  fc
    .record({
      kind: fc.constantFrom("work", "warmup", "drop", "burst") as fc.Arbitrary<ParsedSet["kind"]>,
      body: fc.oneof(
        fc.record({ weight: weightArb, reps: repsArb }).map((b) => ({ ...b, bodyweight: false, seconds: null })),
        repsArb.map((reps) => ({ weight: null, reps, bodyweight: false, seconds: null })),
        repsArb.map((reps) => ({ weight: null, reps, bodyweight: true, seconds: null })),
        fc.integer({ min: 0, max: 86400 }).map((seconds) => ({ weight: null, reps: null, bodyweight: false, seconds })),
        // Cardio: km or mi (3 decimals) with or without a time, meters (whole) with one.
        fc
          .record({
            distance: fc.integer({ min: 1, max: 1_000_000 }).map((d) => d / 1000),
            distanceUnit: fc.constantFrom("km", "mi") as fc.Arbitrary<"km" | "mi">,
            seconds: fc.option(fc.integer({ min: 0, max: 86400 }), { nil: null }),
          })
          .map((b) => ({ ...b, weight: null, reps: null, bodyweight: false })),
        fc
          .record({ distance: fc.integer({ min: 1, max: 1_000_000 }), seconds: fc.integer({ min: 0, max: 86400 }) })
          .map((b) => ({ ...b, distanceUnit: "m" as const, weight: null, reps: null, bodyweight: false })),
      ),
      effort: effortOn(scale),
      amrap: fc.boolean(),
    })
    // The AMRAP mark follows reps, never a duration.
    .map(({ kind, body, effort, amrap }) => ({
      kind,
      distance: null,
      distanceUnit: null,
      ...body,
      effort,
      amrap: amrap && body.reps !== null,
    }));

/** Re-types a canonical set text the way people do: spaces, case, ×, comma decimals, other duration forms. */
function messUp(text: string, choices: number[]): string {
  let i = 0;
  const pick = (n: number) => choices[i++ % choices.length] % n;
  let t = text.replace(/x/g, () => ["x", "X", "×", " x ", " X  "][pick(5)]);
  t = t.replace(/\./g, () => [".", ","][pick(2)]);
  t = t.replace(/^(w|d|rp):/, (m, p: string) => [m, `${p.toUpperCase()}: `, `${p} :`][pick(3)]);
  t = t.replace(/bw/, () => ["bw", "BW", "Bw"][pick(3)]);
  t = t.replace(/@/, () => ["@", " @ ", "@ "][pick(3)]);
  t = t.replace(
    /^(.*?)(\d+):(\d\d)(?=@|$)/,
    (m, pre: string, mm: string, ss: string) =>
      // After a distance in meters, `<n>s` alone would read `400m 45s` as minutes and seconds.
      [
        m,
        `${pre}${mm}m${ss}s`,
        /\d+m $/.test(pre) ? m : `${pre}${Number(mm) * 60 + Number(ss)}s`,
        `${pre}${mm}M ${ss}S`,
      ][pick(4)],
  );
  return [t, ` ${t}`, `${t}\t`, `  ${t}  `][pick(4)];
}

describe("properties", () => {
  test.each(["rpe", "rir"] as const)("parseSet(formatSet(x)) equals x (%s)", (scale) => {
    fc.assert(
      fc.property(parsedSetArb(scale), (p) => {
        expect(parseSet(formatSet(p), { effort: scale })).toEqual({ ok: true, value: p });
      }),
      { numRuns: 2000 },
    );
  });

  test("formatSet(parseSet(text)) is a fixed point of formatting", () => {
    fc.assert(
      fc.property(parsedSetArb(), (p) => {
        const text = formatSet(p);
        const again = parseSet(text);
        expect(again.ok && formatSet(again.value)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  test("messy typing parses to the same set as the canonical text", () => {
    fc.assert(
      fc.property(parsedSetArb(), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (p, choices) => {
        const typed = messUp(formatSet(p), choices);
        expect(parseSet(typed)).toEqual({ ok: true, value: p });
      }),
      { numRuns: 2000 },
    );
  });

  test("parseSet never throws and either parses or gives a known reason", () => {
    const reasons = new Set<string>([
      REASONS.setText,
      REASONS.setWeight,
      REASONS.setReps,
      REASONS.setDuration,
      REASONS.rpe,
    ]);
    const alphabet = fc.constantFrom(..."0123456789xX×.,:@ smwdrpbW+".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 14 })), (text) => {
        const r = parseSet(text);
        if (r.ok) expect(parseSet(formatSet(r.value))).toEqual(r);
        else expect(reasons).toContain(r.reason);
      }),
      { numRuns: 5000 },
    );
  });

  test("durations: parseDuration of formatDuration and of plain seconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        expect(parseDuration(n)).toEqual({ ok: true, value: n });
        expect(parseDuration(String(n))).toEqual({ ok: true, value: n });
        expect(parseDuration(formatDuration(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  test("reps ranges: parse of format, and order/bounds reasons", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), (a, b) => {
        const r = parseRepsRange(formatRepsRange({ low: a, high: b }));
        if (a > 500 || b > 500) expect(r).toEqual({ ok: false, reason: REASONS.repsRangeBounds });
        else if (a > b) expect(r).toEqual({ ok: false, reason: REASONS.repsRangeOrder });
        else expect(r).toEqual({ ok: true, value: { low: a, high: b } });
      }),
    );
  });
});
