// Hevy's measurement export read without a server (@svc/sdk/import): found from its header, each
// day's weight a bodyweight and its lengths and body fat a measurement entry, the columns with no
// field here counted by name, a bad number or date named by line and column.
import { readFileSync } from "node:fs";
import { parseImport, detectFormat, skipCountText, ImportParseError } from "@svc/sdk/import";

const FIXTURE = readFileSync(new URL("../../test/fixtures/import/hevy-measurements.csv", import.meta.url), "utf8");
const HEADER = FIXTURE.split("\n")[0];

function parseError(text: string): ImportParseError {
  try {
    parseImport(text, { timeZone: "UTC" });
  } catch (error) {
    if (error instanceof ImportParseError) return error;
    throw error;
  }
  throw new Error("no error");
}

test("the fixture: found as Hevy, four days of bodyweights and four of measurements, abdomen left out by name", () => {
  expect(detectFormat(FIXTURE)).toBe("hevy");
  const parsed = parseImport(FIXTURE, { timeZone: "UTC" });
  expect(parsed).toMatchObject({ format: "hevy", unitStated: true, unit: "kg", rows: 5, workouts: [] });
  expect(parsed.extras?.bodyweights).toEqual([
    { date: "2026-03-02", weight: 82.4, unit: "kg" },
    { date: "2026-03-09", weight: 82.1, unit: "kg" },
    { date: "2026-03-16", weight: 81.7, unit: "kg" },
    { date: "2026-03-30", weight: 81.2, unit: "kg" },
  ]);
  expect(parsed.extras?.measurements).toEqual([
    {
      date: "2026-03-02",
      unit: "cm",
      bodyFat: 18.5,
      neck: 39,
      shoulders: 121.5,
      chest: 104,
      leftUpperArm: 36.5,
      rightUpperArm: 37,
      leftForearm: 30,
      rightForearm: 30.5,
      waist: 84.5,
      hips: 99,
      leftThigh: 59,
      rightThigh: 59.5,
      leftCalf: 38,
      rightCalf: 38.5,
    },
    { date: "2026-03-16", unit: "cm", bodyFat: 18.1, waist: 83.75 },
    { date: "2026-03-23", unit: "cm", leftUpperArm: 37, rightUpperArm: 37.25 },
    expect.objectContaining({ date: "2026-03-30", bodyFat: 17.8, waist: 83 }),
  ]);
  expect(parsed.skipped.map((k) => [skipCountText(k), k.firstLine])).toEqual([
    ["3 measurements left out: their columns are no measurement this service keeps (abdomen_cm)", 2],
  ]);
});

test("pounds and inches: weight_lbs a bodyweight in lb, _in columns an entry in inches; unknown columns named", () => {
  const text = [
    "date,weight_lbs,fat_percent,waist_in,left_bicep_in,lean_mass_kg,abdomen_in",
    '"15 Sep 2025, 00:00",181.5,16,33.5,14.25,70,35',
    '"16 Sep 2025, 00:00",,,,,68,',
  ].join("\n");
  const parsed = parseImport(text, { timeZone: "UTC" });
  expect(parsed.unit).toBe("lb");
  expect(parsed.extras?.bodyweights).toEqual([{ date: "2025-09-15", weight: 181.5, unit: "lb" }]);
  expect(parsed.extras?.measurements).toEqual([
    { date: "2025-09-15", unit: "in", bodyFat: 16, waist: 33.5, leftUpperArm: 14.25 },
  ]);
  expect(parsed.skipped.map(skipCountText)).toEqual([
    "3 measurements left out: their columns are no measurement this service keeps (lean_mass_kg, abdomen_in)",
    "1 row with no weight or body measurement",
  ]);
});

test("the same day twice: the later row is the day's entry, the earlier counted", () => {
  const text = [HEADER, '"2 Mar 2026, 07:30",82.4,18.5', '"2 Mar 2026, 19:00",83,,,,,,,,,,85'].join("\n");
  const parsed = parseImport(text, { timeZone: "UTC" });
  expect(parsed.extras?.bodyweights).toEqual([{ date: "2026-03-02", weight: 83, unit: "kg" }]);
  expect(parsed.extras?.measurements).toEqual([{ date: "2026-03-02", unit: "cm", waist: 85 }]);
  expect(parsed.skipped.map((k) => [k.reason, k.firstLine])).toEqual([["measurement-date-repeated", 2]]);
});

test("a bad number or date names its line and column; the whole file is refused", () => {
  const badWaist = parseError([HEADER, '"2 Mar 2026, 07:30",82.4', '"9 Mar 2026, 07:30",82,,,,,,,,,,84..5'].join("\n"));
  expect(badWaist).toMatchObject({ line: 3, column: "waist_cm", reason: '"84..5" is not a number' });
  const badDate = parseError([HEADER, '"32 Mar 2026, 07:30",82.4'].join("\n"));
  expect(badDate).toMatchObject({ line: 2, column: "date" });
  const noDate = parseError("weight_kg,fat_percent,waist_cm\n80,18,84");
  expect(noDate.line).toBe(1);
});
