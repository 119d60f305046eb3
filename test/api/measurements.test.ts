// logMeasurements over HTTP: signed out refused, the user's length unit by default (from the
// weight unit until set), one entry a day, every limit at its edge naming the field, nothing saved
// on a refusal, each user's entries their own, and the connection's page bound.
import { useTestServer, gql, signUp, signUpWithUnit } from "../support/harness.ts";

const s = useTestServer();

const FIELDS =
  "date unit bodyFat neck shoulders chest waist hips leftUpperArm rightUpperArm leftForearm rightForearm leftThigh rightThigh leftCalf rightCalf";
const LOG = `mutation($input: LogMeasurementsInput!) { logMeasurements(input: $input) { measurement { ${FIELDS} } } }`;
const LIST = `query($first: Int, $last: Int) { viewer { measurementUnit measurementsByUserId(orderBy: [DATE_DESC], first: $first, last: $last) { nodes { date unit waist } } } }`;

const LENGTHS = [
  "neck",
  "shoulders",
  "chest",
  "waist",
  "hips",
  "leftUpperArm",
  "rightUpperArm",
  "leftForearm",
  "rightForearm",
  "leftThigh",
  "rightThigh",
  "leftCalf",
  "rightCalf",
];

async function count(userId: string) {
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_public.measurements where user_id = $1",
    [userId],
  );
  return rows[0].n as number;
}

describe("logMeasurements", () => {
  test("signed out: FORBIDDEN, nothing saved", async () => {
    const res = await gql(s.url, LOG, { input: { date: "2026-01-01", waist: 80 } });
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.measurements");
    expect(rows[0].n).toBe(0);
  });

  test("every field, in cm for a kg lifter; the same date again replaces the whole entry", async () => {
    const { token } = await signUp(s.url, "Tape");
    const all = Object.fromEntries(LENGTHS.map((f, i) => [f, 30 + i + 0.25]));
    const first = await gql(s.url, LOG, { input: { date: "2026-03-01", bodyFat: 18.5, ...all } }, { token });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.logMeasurements.measurement).toEqual({
      date: "2026-03-01",
      unit: "cm",
      bodyFat: 18.5,
      ...all,
    });
    const again = await gql(s.url, LOG, { input: { date: "2026-03-01", waist: 81 } }, { token });
    expect(again.body.data.logMeasurements.measurement).toMatchObject({ waist: 81, bodyFat: null, neck: null });
    const list = await gql(s.url, LIST, {}, { token });
    expect(list.body.data.viewer).toEqual({
      measurementUnit: "cm",
      measurementsByUserId: { nodes: [{ date: "2026-03-01", unit: "cm", waist: 81 }] },
    });
  });

  test("a lb lifter measures in inches until lengthUnit says cm; null follows the weight unit again", async () => {
    const u = await signUpWithUnit(s, "lb", "Inches");
    const inches = await gql(s.url, LOG, { input: { date: "2026-03-02", waist: 32.5 } }, { token: u.token });
    expect(inches.body.data.logMeasurements.measurement).toMatchObject({ unit: "in", waist: 32.5 });
    const setUnit = `mutation($id: UUID!, $lengthUnit: String) { updateUserById(input: { id: $id, userPatch: { lengthUnit: $lengthUnit } }) { user { lengthUnit measurementUnit } } }`;
    const cm = await gql(s.url, setUnit, { id: u.user.id, lengthUnit: "cm" }, { token: u.token });
    expect(cm.body.data.updateUserById.user).toEqual({ lengthUnit: "cm", measurementUnit: "cm" });
    const logged = await gql(s.url, LOG, { input: { date: "2026-03-03", waist: 82.5 } }, { token: u.token });
    expect(logged.body.data.logMeasurements.measurement).toMatchObject({ unit: "cm", waist: 82.5 });
    const explicit = await gql(
      s.url,
      LOG,
      { input: { date: "2026-03-04", waist: 33, unit: "in" } },
      { token: u.token },
    );
    expect(explicit.body.data.logMeasurements.measurement).toMatchObject({ unit: "in", waist: 33 });
    const auto = await gql(s.url, setUnit, { id: u.user.id, lengthUnit: null }, { token: u.token });
    expect(auto.body.data.updateUserById.user).toEqual({ lengthUnit: null, measurementUnit: "in" });
    const bad = await gql(s.url, setUnit, { id: u.user.id, lengthUnit: "mm" }, { token: u.token });
    expect(bad.body.errors).toBeDefined();
  });

  test.each([
    // [field, unit, last good value, first bad value]
    ["waist", "cm", 500, 500.01],
    ["neck", "cm", 0.01, 0],
    ["leftCalf", "in", 200, 200.01],
    ["rightUpperArm", "in", 0.01, -1],
    ["bodyFat", "cm", 80, 80.01],
    ["bodyFat", "in", 0.01, 0],
  ])("%s in %s: %d accepted, %d refused naming the field, nothing saved", async (field, unit, good, bad) => {
    const u = await signUp(s.url, `Edge ${field}`);
    const ok = await gql(s.url, LOG, { input: { date: "2026-02-01", unit, [field]: good } }, { token: u.token });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.logMeasurements.measurement[field]).toBe(good);
    const refused = await gql(s.url, LOG, { input: { date: "2026-02-02", unit, [field]: bad } }, { token: u.token });
    expect(refused.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(refused.body.errors[0].message).toMatch(new RegExp(`^${field}: must be a `));
    expect(await count(u.user.id)).toBe(1);
  });

  test("a waist of 1,000 cm or 0 is refused by name; 2 decimals accepted, 3 refused", async () => {
    const u = await signUp(s.url, "Waist");
    const big = await gql(s.url, LOG, { input: { date: "2026-02-01", waist: 1000, unit: "cm" } }, { token: u.token });
    expect(big.body.errors[0].message).toBe(
      "waist: must be a length above 0 and at most 500 cm with at most 2 decimals",
    );
    expect(big.body.errors[0].extensions).toEqual({
      code: "INVALID_INPUT",
      field: "waist",
      rule: "length",
      max: 500,
      unit: "cm",
    });
    const zero = await gql(s.url, LOG, { input: { date: "2026-02-01", waist: 0, unit: "cm" } }, { token: u.token });
    expect(zero.body.errors[0].message).toMatch(/^waist: /);
    const inches = await gql(s.url, LOG, { input: { date: "2026-02-01", hips: 250, unit: "in" } }, { token: u.token });
    expect(inches.body.errors[0].message).toBe(
      "hips: must be a length above 0 and at most 200 in with at most 2 decimals",
    );
    expect(inches.body.errors[0].extensions).toMatchObject({ field: "hips", rule: "length", max: 200, unit: "in" });
    const two = await gql(s.url, LOG, { input: { date: "2026-02-01", chest: 101.25 } }, { token: u.token });
    expect(two.body.data.logMeasurements.measurement.chest).toBe(101.25);
    const three = await gql(s.url, LOG, { input: { date: "2026-02-02", chest: 101.255 } }, { token: u.token });
    expect(three.body.errors[0].message).toMatch(/^chest: /);
    const fat = await gql(s.url, LOG, { input: { date: "2026-02-02", bodyFat: 12.345 } }, { token: u.token });
    expect(fat.body.errors[0].message).toBe(
      "bodyFat: must be a percentage above 0 and at most 80 with at most 2 decimals",
    );
    expect(fat.body.errors[0].extensions).toMatchObject({ field: "bodyFat", rule: "bodyFat", max: 80 });
    expect(await count(u.user.id)).toBe(1);
  });

  test("at least one measurement; a real, not future date; a unit of cm or in", async () => {
    const u = await signUp(s.url, "Dates");
    const none = await gql(s.url, LOG, { input: { date: "2026-02-01" } }, { token: u.token });
    expect(none.body.errors[0]).toMatchObject({
      extensions: { code: "INVALID_INPUT", field: "measurements", rule: "measurementsEmpty" },
    });
    expect(none.body.errors[0].message).toMatch(/^measurements: give at least one of bodyFat, neck/);
    for (const [date, rule] of [
      ["2023-02-29", "dateFormat"],
      ["2024-13-01", "dateFormat"],
      ["yesterday", "dateFormat"],
      ["2999-01-01", "dateRange"],
      ["1899-12-31", "dateRange"],
    ]) {
      const bad = await gql(s.url, LOG, { input: { date, waist: 80 } }, { token: u.token });
      expect(bad.body.errors[0].extensions).toEqual({ code: "INVALID_INPUT", field: "date", rule });
      expect(bad.body.errors[0].message).toMatch(/^date: /);
    }
    const oldest = await gql(s.url, LOG, { input: { date: "1900-01-01", waist: 80 } }, { token: u.token });
    expect(oldest.body.errors).toBeUndefined();
    const unit = await gql(s.url, LOG, { input: { date: "2026-02-01", waist: 80, unit: "mm" } }, { token: u.token });
    expect(unit.body.errors[0].message).toBe("unit: must be one of cm, in");
    expect(unit.body.errors[0].extensions).toEqual({
      code: "INVALID_INPUT",
      field: "unit",
      rule: "oneOf",
      allowed: ["cm", "in"],
    });
    expect(await count(u.user.id)).toBe(1);
  });

  test("each user sees and deletes only their own entries", async () => {
    const a = await signUp(s.url, "Own A");
    const b = await signUp(s.url, "Own B");
    const logged = await gql(
      s.url,
      `mutation { logMeasurements(input: { date: "2026-04-01", waist: 90 }) { measurement { id } } }`,
      {},
      { token: a.token },
    );
    const id = logged.body.data.logMeasurements.measurement.id;
    const seen = await gql(s.url, "{ allMeasurements { nodes { waist } } }", {}, { token: b.token });
    expect(seen.body.data.allMeasurements.nodes).toEqual([]);
    const del = `mutation($id: UUID!) { deleteMeasurementById(input: { id: $id }) { measurement { id } } }`;
    const theirs = await gql(s.url, del, { id }, { token: b.token });
    expect(theirs.body.errors).toBeDefined();
    expect(await count(a.user.id)).toBe(1);
    const mine = await gql(s.url, del, { id }, { token: a.token });
    expect(mine.body.data.deleteMeasurementById.measurement.id).toBe(id);
    expect(await count(a.user.id)).toBe(0);
  });

  test("the connection's first and last: 1000 accepted, 1001 refused naming the field", async () => {
    const { token } = await signUp(s.url, "Pages");
    await gql(s.url, LOG, { input: { date: "2026-01-01", waist: 80 } }, { token });
    await gql(s.url, LOG, { input: { date: "2026-01-02", waist: 81 } }, { token });
    const last = await gql(s.url, LIST, { last: 1 }, { token });
    expect(last.body.data.viewer.measurementsByUserId.nodes).toEqual([{ date: "2026-01-01", unit: "cm", waist: 80 }]);
    expect((await gql(s.url, LIST, { first: 1000 }, { token })).body.errors).toBeUndefined();
    for (const bound of [{ first: 1001 }, { last: 1001 }]) {
      const refused = await gql(s.url, LIST, bound, { token });
      expect(refused.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(refused.body.errors[0].message).toMatch(/measurementsByUserId: (first|last) may be at most 1000/);
    }
  });
});
