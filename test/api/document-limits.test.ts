// Documents and bodyweights at and over their limits, from outside (real HTTP, real PostgreSQL):
// work per document bounded before any work, nesting refused before any recursion, numbers beyond a
// double and unpaired surrogates refused at their path, `null` named, the bodyweight rule shared
// with documents, no control characters in names. Every refusal: its code, path and reason,
// nothing saved, never INTERNAL_ERROR.
import { REASONS } from "../../sdk/src/documents/index.ts";
import { createClient } from "../../sdk/src/index.ts";
import { startTestServer, gql, signUp, type TestServer } from "../support/harness.ts";
import { setTexts } from "../../sdk/test/support/documents.ts";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await signUp(s.url, "Limits")).token;
});
afterAll(async () => {
  await s.close();
});

const APPLY_WORKOUT =
  "mutation($document: JSON) { applyWorkoutDocument(input: {document: $document}) { workout { id } document } }";
const APPLY_ROUTINE =
  "mutation($document: JSON) { applyRoutineDocument(input: {document: $document}) { routine { id } } }";

/** Posts a GraphQL request whose `document` variable is the raw JSON text given (1e400, "\ud800" as written). */
async function applyRaw(documentText: string, query = APPLY_WORKOUT) {
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: `{"query":${JSON.stringify(query)},"variables":{"document":${documentText}}}`,
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
}

async function saved() {
  const { rows } = await s.ownerPool.query(`select
    (select count(*)::int from app_public.workouts) + (select count(*)::int from app_public.routines) as documents,
    (select count(*)::int from app_public.workout_sets) as sets,
    (select count(*)::int from app_public.bodyweights) as bodyweights`);
  return rows[0] as { documents: number; sets: number; bodyweights: number };
}

function expectRefused(body: { data?: any; errors?: any[] }, path: string, reason: string) {
  expect(body.errors).toHaveLength(1);
  expect(body.errors![0].extensions).toEqual({ code: "INVALID_DOCUMENT", path, reason });
  expect(body.errors![0].message).toBe(`${path}: ${reason}`);
  expect(body.data?.applyWorkoutDocument ?? body.data?.applyRoutineDocument ?? null).toBeNull();
}

const workoutWith = (exercises: unknown[]) => ({ date: "2026-03-02", exercises });
const sets = (n: number) => setTexts(n, "100x5");

describe("bounded work per workout", () => {
  test("30,000 sets (one exercise, or 600 exercises of 50) are refused at `exercises` before any work; nothing saved", async () => {
    const before = await saved();
    const oneExercise = await applyRaw(JSON.stringify(workoutWith([{ exercise: "Bench Press", sets: sets(30000) }])));
    expectRefused(oneExercise.body, "exercises", REASONS.workoutSets);
    const spread = Array.from({ length: 100 }, () => ({ exercise: "Bench Press", sets: sets(300) }));
    expectRefused((await applyRaw(JSON.stringify(workoutWith(spread)))).body, "exercises", REASONS.workoutSets);
    const tooMany = Array.from({ length: 600 }, () => ({ exercise: "Bench Press", sets: sets(50) }));
    expectRefused((await applyRaw(JSON.stringify(workoutWith(tooMany)))).body, "exercises", REASONS.workoutExercises);
    expect(await saved()).toEqual(before);
  });

  test("at the limits (100 exercises; 10 exercises of 50 sets, 500 in all) a workout is saved; one more is refused", async () => {
    const hundred = Array.from({ length: 100 }, () => ({ exercise: "Plank", sets: ["30s"] }));
    expect(
      (await applyRaw(JSON.stringify(workoutWith(hundred)))).body.data.applyWorkoutDocument.document.exercises,
    ).toHaveLength(100);
    const full = Array.from({ length: 10 }, () => ({ exercise: "Bench Press", sets: sets(50) }));
    const before = await saved();
    expect((await applyRaw(JSON.stringify(workoutWith(full)))).body.errors).toBeUndefined();
    expect((await saved()).sets).toBe(before.sets + 500);
    const before2 = await saved();
    expectRefused(
      (await applyRaw(JSON.stringify(workoutWith([...full, { exercise: "Plank", sets: ["30s"] }])))).body,
      "exercises",
      REASONS.workoutSets,
    );
    const fiftyOne = [
      { exercise: "Plank", sets: ["30s"] },
      { exercise: "Bench Press", sets: sets(51) },
    ];
    expectRefused((await applyRaw(JSON.stringify(workoutWith(fiftyOne)))).body, "exercises[1].sets", REASONS.setsMax);
    expect(await saved()).toEqual(before2);
  });

  test("a body over 1 MB is 413 PAYLOAD_TOO_LARGE, not an internal error; nothing saved", async () => {
    const before = await saved();
    const huge = Array.from({ length: 3000 }, () => ({ exercise: "Bench Press", sets: sets(50) }));
    const r = await applyRaw(JSON.stringify(workoutWith(huge)));
    expect(r.status).toBe(413);
    expect(r.body.errors?.[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await saved()).toEqual(before);
  });
});

describe("checks before the walk", () => {
  test("4,400 and 200,000 levels of nesting are refused at the first value too deep (no stack overflow); others are still answered", async () => {
    const deepPath = `notes${"[0]".repeat(15)}`;
    for (const levels of [4400, 200000]) {
      const text = `{"date":"2026-03-02","exercises":[],"notes":${"[".repeat(levels)}${"]".repeat(levels)}}`;
      const [r, viewer] = await Promise.all([applyRaw(text), gql(s.url, "{ viewer { name } }", {}, { token })]);
      expectRefused(r.body, deepPath, REASONS.depth);
      expect(viewer.body.data.viewer.name).toBe("Limits");
    }
    const objects = `{"name":"P","exercises":[],"x":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
    expectRefused((await applyRaw(objects, APPLY_ROUTINE)).body, `x${".a".repeat(15)}`, REASONS.depth);
  });

  test("1e400 is refused at its path (it was saved as null), in any number field", async () => {
    const before = await saved();
    expectRefused(
      (await applyRaw('{"date":"2026-03-02","exercises":[],"bodyweight":1e400}')).body,
      "bodyweight",
      REASONS.bodyweight,
    );
    expectRefused(
      (await applyRaw('{"date":"2026-03-02","exercises":[],"minutes":-1e400}')).body,
      "minutes",
      REASONS.minutes,
    );
    expectRefused(
      (await applyRaw('{"name":"P","exercises":[{"exercise":"bench","sets":3,"weight":1e400}]}', APPLY_ROUTINE)).body,
      "exercises[0].weight",
      REASONS.weight,
    );
    expectRefused(
      (await applyRaw('{"name":"P","exercises":[{"exercise":"plank","sets":3,"time":1e400}]}', APPLY_ROUTINE)).body,
      "exercises[0].time",
      REASONS.timeMax,
    );
    expect(await saved()).toEqual(before);
  });

  test('a lone surrogate sent as the JSON text "\\ud800" is refused at its path with a reason (it was INVALID_INPUT without one)', async () => {
    const before = await saved();
    expectRefused(
      (await applyRaw('{"date":"2026-03-02","exercises":[],"notes":"\\ud800"}')).body,
      "notes",
      REASONS.surrogate,
    );
    expectRefused(
      (await applyRaw('{"date":"2026-03-02","exercises":[{"exercise":"Bench Press","sets":["100x5","5x5\\udfff"]}]}'))
        .body,
      "exercises[0].sets[1]",
      REASONS.surrogate,
    );
    expectRefused((await applyRaw('{"name":"\\ud83d","exercises":[]}', APPLY_ROUTINE)).body, "name", REASONS.surrogate);
    // A pair is a character like any other.
    const pair = await applyRaw('{"date":"2026-03-02","name":"\\ud83d\\udcaa","exercises":[]}');
    expect(pair.body.data.applyWorkoutDocument.document.name).toBe("\u{1f4aa}");
    expect((await saved()).documents).toBe(before.documents + 1);
  });

  test("null, a missing document, an array or a string: `document: must be an object`, never a GraphQL message", async () => {
    const before = await saved();
    for (const text of ["null", "[]", '"x"', "5"])
      expectRefused((await applyRaw(text)).body, "document", REASONS.object);
    expectRefused(
      (await gql(s.url, "mutation { applyRoutineDocument(input: {}) { created } }", {}, { token })).body,
      "document",
      REASONS.object,
    );
    expectRefused(
      (await gql(s.url, "mutation { applyWorkoutDocument(input: {document: null}) { created } }", {}, { token })).body,
      "document",
      REASONS.object,
    );
    expect(await saved()).toEqual(before);
  });

  test("the SDK client passes null and undefined on, so its caller gets the same `document: must be an object`", async () => {
    const client = createClient({ url: s.url, token });
    for (const document of [null, undefined]) {
      await expect(client.applyWorkoutDocument(document)).rejects.toMatchObject({
        name: "InvalidDocumentError",
        path: "document",
        reason: REASONS.object,
      });
      await expect(client.applyRoutineDocument(document)).rejects.toMatchObject({
        name: "InvalidDocumentError",
        path: "document",
        reason: REASONS.object,
      });
    }
  });
});

describe("names are one line", () => {
  test("custom exercises refuse a tab or newline in the name (INVALID_INPUT naming the field), like documents", async () => {
    const create = (name: string) =>
      gql(
        s.url,
        "mutation($name: String!) { createCustomExercise(input: {name: $name}) { exercise { name } } }",
        { name },
        { token },
      );
    for (const name of ["Zercher\tSquat", "Zercher\nSquat"]) {
      const r = await create(name);
      expect(r.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(r.body.errors[0].message).toBe(`name: ${REASONS.controlCharacter}`);
    }
    const created = await gql(
      s.url,
      'mutation { createCustomExercise(input: {name: "Zercher  Lunge"}) { exercise { id name } } }',
      {},
      { token },
    );
    const { id, name } = created.body.data.createCustomExercise.exercise;
    expect(name).toBe("Zercher Lunge");
    const rename = await gql(
      s.url,
      "mutation($id: UUID!, $name: String!) { updateCustomExercise(input: {id: $id, name: $name}) { exercise { name } } }",
      { id, name: "Zercher\r\nSquat" },
      { token },
    );
    expect(rename.body.errors[0]).toMatchObject({
      message: `name: ${REASONS.controlCharacter}`,
      extensions: { code: "INVALID_INPUT" },
    });
    const { rows } = await s.ownerPool.query(
      "select name from app_public.exercises where user_id is not null and name like 'Zercher%'",
    );
    expect(rows).toEqual([{ name: "Zercher Lunge" }]);
  });
});

describe("logBodyweight follows the documents' bodyweight rule", () => {
  const LOG =
    "mutation($date: String!, $weight: Float!) { logBodyweight(input: {date: $date, weight: $weight}) { date weight } }";
  const log = (date: string, weight: number) => gql(s.url, LOG, { date, weight }, { token });
  const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);

  test("above 0, at most 1500, at most 2 decimals: last good and first bad values", async () => {
    for (const weight of [0.01, 80.25, 1500])
      expect((await log("2026-01-02", weight)).body.data.logBodyweight.weight).toBe(weight);
    const before = await saved();
    for (const weight of [0, -1, 1500.01, 80.255]) {
      const r = await log("2026-01-03", weight);
      expect({ weight, errors: r.body.errors }).toEqual({
        weight,
        errors: [
          expect.objectContaining({
            message: "weight: must be a number above 0 and at most 1500 with at most 2 decimals",
            // The rule and its number, for an app to say in its own language (the message unchanged).
            extensions: { code: "INVALID_INPUT", field: "weight", rule: "bodyweight", max: 1500 },
          }),
        ],
      });
    }
    expect(await saved()).toEqual(before);
  });

  test("dates from 1900-01-01 to today anywhere on Earth (tomorrow in UTC); later is in the future", async () => {
    expect((await log("1900-01-01", 70)).body.data.logBodyweight.date).toBe("1900-01-01");
    expect((await log(utcDay(0), 70)).body.errors).toBeUndefined();
    expect((await log(utcDay(1), 70)).body.errors).toBeUndefined();
    const before = await saved();
    for (const date of ["1899-12-31", utcDay(2), "2999-01-01"]) {
      const r = await log(date, 70);
      expect({ date, errors: r.body.errors }).toEqual({
        date,
        errors: [
          expect.objectContaining({
            message: "date: must be from 1900-01-01 and not in the future",
            extensions: { code: "INVALID_INPUT", field: "date", rule: "dateRange" },
          }),
        ],
      });
    }
    expect(await saved()).toEqual(before);
  });
});
