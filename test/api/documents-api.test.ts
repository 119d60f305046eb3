// Routine and workout documents over GraphQL (real HTTP, real PostgreSQL): apply and show, replace
// semantics, other users' ids, duplicate routine names, every limit at its edge, kg/lb mixing,
// the INVALID_DOCUMENT error shape, nothing saved on invalid, structured types and deletes.
import { useTestServer, startTestServer, gql, signUp } from "../support/harness.ts";
import { validateWorkoutDocument } from "../../sdk/src/documents/index.ts";

const s = useTestServer();

const APPLY_ROUTINE = `mutation($document: JSON!) {
  applyRoutineDocument(input: {document: $document}) { routine { id name } document created }
}`;
const APPLY_WORKOUT = `mutation($document: JSON!) {
  applyWorkoutDocument(input: {document: $document}) { workout { id date name } document created }
}`;
const ROUTINE_DOC = `query($ref: String!, $unit: Unit) { routineDocument(ref: $ref, unit: $unit) }`;
const WORKOUT_DOC = `query($id: UUID!, $unit: Unit) { workoutDocument(id: $id, unit: $unit) }`;

type Doc = Record<string, any>;

async function applyRoutine(token: string, document: unknown): Promise<any> {
  return (await gql(s.url, APPLY_ROUTINE, { document }, { token })).body;
}
async function applyWorkout(token: string, document: unknown): Promise<any> {
  return (await gql(s.url, APPLY_WORKOUT, { document }, { token })).body;
}
async function routineDoc(token: string, ref: string, unit?: "KG" | "LB") {
  const res = await gql(s.url, ROUTINE_DOC, { ref, unit }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.routineDocument;
}
async function workoutDoc(token: string, id: string, unit?: "KG" | "LB") {
  const res = await gql(s.url, WORKOUT_DOC, { id, unit }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.workoutDocument;
}

/** Asserts an INVALID_DOCUMENT error at path with reason (exact, or a prefix when it ends with "*"). */
function expectInvalid(body: any, path: string, reason: string) {
  expect(body.data?.applyRoutineDocument ?? body.data?.applyWorkoutDocument ?? null).toBeNull();
  expect(body.errors).toHaveLength(1);
  const e = body.errors[0];
  if (reason.endsWith("*")) {
    expect(e.extensions.code).toBe("INVALID_DOCUMENT");
    expect(e.extensions.path).toBe(path);
    expect(e.extensions.reason.startsWith(reason.slice(0, -1))).toBe(true);
  } else {
    expect(e.extensions).toEqual({ code: "INVALID_DOCUMENT", path, reason });
    expect(e.message).toBe(`${path}: ${reason}`);
  }
}

async function counts() {
  const { rows } = await s.ownerPool.query(`select
    (select count(*)::int from app_public.routines) as routines,
    (select count(*)::int from app_public.routine_exercises) as routine_exercises,
    (select count(*)::int from app_public.workouts) as workouts,
    (select count(*)::int from app_public.workout_exercises) as workout_exercises,
    (select count(*)::int from app_public.workout_sets) as workout_sets`);
  return rows[0];
}

const routine = (extra: Doc = {}, exercise: Doc = {}): Doc => ({
  name: `Routine ${Math.random().toString(36).slice(2, 10)}`,
  exercises: [{ exercise: "Bench Press", sets: 3, ...exercise }],
  ...extra,
});
const workout = (extra: Doc = {}, entry: Doc = {}): Doc => ({
  date: "2024-05-31",
  exercises: [{ exercise: "Bench Press", sets: ["100x5"], ...entry }],
  ...extra,
});

describe("signed out", () => {
  test("applying is FORBIDDEN and saves nothing; showing is FORBIDDEN", async () => {
    const before = await counts();
    for (const [query, document] of [
      [APPLY_ROUTINE, routine()],
      [APPLY_WORKOUT, workout()],
    ] as const) {
      const res = await gql(s.url, query, { document });
      expect(res.body.errors![0].extensions.code).toBe("FORBIDDEN");
    }
    const shown = await gql(s.url, ROUTINE_DOC, { ref: "anything" });
    expect(shown.body.errors![0].extensions.code).toBe("FORBIDDEN");
    expect(shown.body.data.routineDocument).toBeNull();
    const w = await gql(s.url, WORKOUT_DOC, { id: "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f" });
    expect(w.body.errors![0].extensions.code).toBe("FORBIDDEN");
    expect(await counts()).toEqual(before);
  });
});

describe("routines", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url, "Rita")).token;
  });

  test("apply creates; the payload has the row, the canonical document and created: true; show by name or id gives the same", async () => {
    const body = await applyRoutine(token, {
      name: "Push A",
      icon: "barbell",
      unit: "lb",
      exercises: [
        { exercise: "bench", sets: 4, reps: "8 – 12", weight: 135.5, rest: "2m", superset: "A", warmups: 2, drops: 0 },
        { exercise: "plank", sets: 3, time: "1:30", rest: 60, weight: null, superset: null, progression: null },
        { exercise: "OHP", sets: 5, reps: 5, rest: "1m30s", progression: "double", bursts: 1 },
      ],
    });
    expect(body.errors).toBeUndefined();
    const { routine: row, document, created } = body.data.applyRoutineDocument;
    expect(created).toBe(true);
    expect(row.name).toBe("Push A");
    expect(document).toEqual({
      id: row.id,
      name: "Push A",
      icon: "barbell",
      progression: "linear",
      unit: "lb",
      exercises: [
        { exercise: "Bench Press", sets: 4, reps: "8-12", weight: 135.5, rest: 120, superset: "A", warmups: 2 },
        { exercise: "Plank", sets: 3, time: 90, rest: 60 },
        { exercise: "Overhead Press", sets: 5, reps: 5, rest: 90, progression: "double", bursts: 1 },
      ],
      version: 1,
    });
    // Keys come in the spec's table order, the version last.
    expect(Object.keys(document)).toEqual(["id", "name", "icon", "progression", "unit", "exercises", "version"]);
    expect(Object.keys(document.exercises[0])).toEqual([
      "exercise",
      "sets",
      "reps",
      "weight",
      "rest",
      "superset",
      "warmups",
    ]);
    expect(await routineDoc(token, "push a")).toEqual(document);
    expect(await routineDoc(token, "PUSH A")).toEqual(document);
    expect(await routineDoc(token, row.id)).toEqual(document);
    expect(await routineDoc(token, row.id.toUpperCase())).toEqual(document);
    expect(await routineDoc(token, "Push B")).toBeNull();
  });

  test("show, apply, show is identical (exact text), and the second apply replaces (created: false)", async () => {
    const first = (
      await applyRoutine(token, routine({ deload: true, progression: "greyskull" }, { reps: "5-5", weight: 0.05 }))
    ).data.applyRoutineDocument;
    expect(first.document.exercises[0].reps).toBe(5);
    const again = (await applyRoutine(token, first.document)).data.applyRoutineDocument;
    expect(again.created).toBe(false);
    expect(again.routine.id).toBe(first.routine.id);
    // Saved again over its version: one version more, nothing else changed.
    expect(JSON.stringify(again.document)).toBe(JSON.stringify({ ...first.document, version: 2 }));
  });

  test("replace: the whole routine is replaced, exercises left out are removed", async () => {
    const created = (
      await applyRoutine(token, {
        name: "Legs",
        exercises: [
          { exercise: "Back Squat", sets: 5, reps: 5 },
          { exercise: "RDL", sets: 3, reps: 8 },
          { exercise: "Plank", sets: 2, time: 60 },
        ],
      })
    ).data.applyRoutineDocument;
    const id = created.routine.id;
    const replaced = await applyRoutine(token, {
      id,
      name: "Legs v2",
      unit: "lb",
      exercises: [{ exercise: "Deadlift", sets: 1, reps: 5, weight: 315 }],
    });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data.applyRoutineDocument).toEqual({
      routine: { id, name: "Legs v2" },
      created: false,
      document: {
        id,
        name: "Legs v2",
        progression: "linear",
        unit: "lb",
        exercises: [{ exercise: "Deadlift", sets: 1, reps: 5, weight: 315 }],
        version: 2,
      },
    });
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.routine_exercises where routine_id = $1",
      [id],
    );
    expect(rows[0].n).toBe(1);
    expect(await routineDoc(token, "Legs")).toBeNull();
    // An empty exercise list is allowed and removes every exercise.
    const emptied = await applyRoutine(token, { id, name: "Legs v2", exercises: [] });
    expect(emptied.data.applyRoutineDocument.document.exercises).toEqual([]);
  });

  test("an id that is unknown or another user's: id: not found, and neither routine changes", async () => {
    const other = (await signUp(s.url, "Otto")).token;
    const theirs = (await applyRoutine(other, routine({ name: "Otto's" }))).data.applyRoutineDocument;
    const before = await counts();
    expectInvalid(await applyRoutine(token, routine({ id: theirs.routine.id })), "id", "not found");
    expectInvalid(await applyRoutine(token, routine({ id: theirs.routine.id.toUpperCase() })), "id", "not found");
    expectInvalid(
      await applyRoutine(token, routine({ id: "00000000-0000-4000-8000-000000000000" })),
      "id",
      "not found",
    );
    expect(await counts()).toEqual(before);
    expect(await routineDoc(other, theirs.routine.id)).toEqual(theirs.document);
    // Not even visible by id or by name.
    expect(await routineDoc(token, theirs.routine.id)).toBeNull();
    expect(await routineDoc(token, "Otto's")).toBeNull();
    // A workout cannot follow another user's routine either.
    expectInvalid(await applyWorkout(token, workout({ routine: theirs.routine.id })), "routine", "not found");
  });

  test("names are unique per user ignoring case; the reason names the existing routine's id", async () => {
    const first = (await applyRoutine(token, routine({ name: "Pull Day" }))).data.applyRoutineDocument.routine;
    const before = await counts();
    const body = await applyRoutine(token, routine({ name: "PULL DAY" }));
    expectInvalid(body, "name", `a routine with this name already exists: ${first.id}`);
    expect(await counts()).toEqual(before);
    // Renaming another routine to that name is refused too; keeping one's own name (any case) is fine.
    const second = (await applyRoutine(token, routine({ name: "Arms" }))).data.applyRoutineDocument.routine;
    expectInvalid(
      await applyRoutine(token, routine({ id: second.id, name: "pull day" })),
      "name",
      `a routine with this name already exists: ${first.id}`,
    );
    const renamed = await applyRoutine(token, routine({ id: first.id, name: "pull DAY" }));
    expect(renamed.data.applyRoutineDocument.routine).toEqual({ id: first.id, name: "pull DAY" });
    // Another user may use the same name.
    const other = (await signUp(s.url, "Pia")).token;
    expect((await applyRoutine(other, routine({ name: "Pull Day" }))).data.applyRoutineDocument.created).toBe(true);
  });

  test("concurrent creations with one name: exactly one is created, the others are told the winner's id", async () => {
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => applyRoutine(token, routine({ name: "Race Day" }))),
    );
    const created = results.filter((r) => r.data?.applyRoutineDocument?.created);
    expect(created).toHaveLength(1);
    const winner = created[0].data.applyRoutineDocument.routine.id;
    for (const r of results.filter((x) => !x.data?.applyRoutineDocument)) {
      expectInvalid(r, "name", `a routine with this name already exists: ${winner}`);
    }
    expect((await counts()).routines).toBe(before.routines + 1);
  });

  test("a string holding U+0000 (which PostgreSQL text cannot store) is refused at its path; nothing is saved", async () => {
    const before = await counts();
    expectInvalid(
      await applyRoutine(token, routine({ name: "a\u0000b" })),
      "name",
      "must not contain the character U+0000",
    );
    expectInvalid(
      await applyWorkout(token, workout({}, { sets: ["100x5", "\u0000"] })),
      "exercises[0].sets[1]",
      "must not contain the character U+0000",
    );
    expectInvalid(
      await applyWorkout(token, workout({ ["x\u0000"]: 1 })),
      "x\u0000",
      "must not contain the character U+0000",
    );
    expect(await counts()).toEqual(before);
  });

  test("an unknown exercise names the closest ones; nothing is saved", async () => {
    const before = await counts();
    // (`benchpres` is a typo the resolver corrects; `prezzz` is too far from any word.)
    const body = await applyRoutine(token, routine({}, { exercise: "bench prezzz" }));
    expectInvalid(body, "exercises[0].exercise", "unknown exercise*");
    expect(body.errors![0].extensions.reason).toContain("Bench Press");
    expect(await counts()).toEqual(before);
  });
});

describe("every limit at its edge, through the API", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url, "Edge")).token;
  });
  const okRoutine = async (doc: Doc) => {
    const body = await applyRoutine(token, doc);
    expect(body.errors).toBeUndefined();
    return body.data.applyRoutineDocument.document;
  };
  const okWorkout = async (doc: Doc) => {
    const body = await applyWorkout(token, doc);
    expect(body.errors).toBeUndefined();
    return body.data.applyWorkoutDocument.document;
  };

  test("routine name 1 and 80 characters; 0 and 81 refused", async () => {
    expect((await okRoutine(routine({ name: "A" }))).name).toBe("A");
    expect((await okRoutine(routine({ name: "n".repeat(80) }))).name).toBe("n".repeat(80));
    expectInvalid(await applyRoutine(token, routine({ name: "" })), "name", "must be 1 to 80 characters");
    expectInvalid(await applyRoutine(token, routine({ name: "m".repeat(81) })), "name", "must be 1 to 80 characters");
    // Characters, not bytes or UTF-16 units: 80 emoji are fine.
    expect((await okRoutine(routine({ name: "💪".repeat(80) }))).name).toBe("💪".repeat(80));
  });

  test("icon 40 characters; 41 refused", async () => {
    expect((await okRoutine(routine({ icon: "i".repeat(40) }))).icon).toBe("i".repeat(40));
    expectInvalid(await applyRoutine(token, routine({ icon: "i".repeat(41) })), "icon", "must be 1 to 40 characters");
  });

  test("routine exercises: 100 entries; 101 refused", async () => {
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ exercise: i % 2 ? "Deadlift" : "Bench Press", sets: 1 }));
    expect((await okRoutine(routine({ exercises: entries(100) }))).exercises).toHaveLength(100);
    expectInvalid(
      await applyRoutine(token, routine({ exercises: entries(101) })),
      "exercises",
      "must have at most 100 entries",
    );
  });

  test("sets 1 and 20; 0 and 21 refused", async () => {
    for (const sets of [1, 20]) expect((await okRoutine(routine({}, { sets }))).exercises[0].sets).toBe(sets);
    for (const sets of [0, 21])
      expectInvalid(
        await applyRoutine(token, routine({}, { sets })),
        "exercises[0].sets",
        "must be an integer from 1 to 20",
      );
  });

  test("reps 0 and 500, range 0-500; 501, -1 and 8-501 refused; 12-8 refused", async () => {
    for (const reps of [0, 500]) expect((await okRoutine(routine({}, { reps }))).exercises[0].reps).toBe(reps);
    expect((await okRoutine(routine({}, { reps: "0-500" }))).exercises[0].reps).toBe("0-500");
    for (const reps of [501, -1])
      expectInvalid(
        await applyRoutine(token, routine({}, { reps })),
        "exercises[0].reps",
        "must be an integer from 0 to 500 or a range like 8-12",
      );
    expectInvalid(
      await applyRoutine(token, routine({}, { reps: "8-501" })),
      "exercises[0].reps",
      "range must be within 0 to 500",
    );
    expectInvalid(
      await applyRoutine(token, routine({}, { reps: "12-8" })),
      "exercises[0].reps",
      "range must go from low to high",
    );
  });

  test("rest 900 seconds (15:00, 15m); 901 refused", async () => {
    for (const rest of [900, "15:00", "15m", "14m60s"])
      expect((await okRoutine(routine({}, { rest }))).exercises[0].rest).toBe(900);
    for (const rest of [901, "15:01", "15m1s"])
      expectInvalid(
        await applyRoutine(token, routine({}, { rest })),
        "exercises[0].rest",
        "must be at most 900 seconds",
      );
  });

  test("time 86400 seconds; 86401 refused", async () => {
    expect((await okRoutine(routine({}, { time: "1440m" }))).exercises[0].time).toBe(86400);
    expectInvalid(
      await applyRoutine(token, routine({}, { time: 86401 })),
      "exercises[0].time",
      "must be at most 86400 seconds",
    );
  });

  test("warmups, drops and bursts 0 and 5; 6 and -1 refused", async () => {
    for (const k of ["warmups", "drops", "bursts"]) {
      expect((await okRoutine(routine({}, { [k]: 5 }))).exercises[0][k]).toBe(5);
      expect((await okRoutine(routine({}, { [k]: 0 }))).exercises[0][k]).toBeUndefined();
      for (const n of [6, -1])
        expectInvalid(
          await applyRoutine(token, routine({}, { [k]: n })),
          `exercises[0].${k}`,
          "must be an integer from 0 to 5",
        );
    }
  });

  test("weight 0 and 10000 with 2 decimals; 10000.01, -0.01 and 3 decimals refused", async () => {
    for (const weight of [0, 10000, 9999.99])
      expect((await okRoutine(routine({}, { weight }))).exercises[0].weight).toBe(weight);
    for (const weight of [10000.01, -0.01, 1.005]) {
      expectInvalid(
        await applyRoutine(token, routine({}, { weight })),
        "exercises[0].weight",
        "must be a number from 0 to 10000 with at most 2 decimals",
      );
    }
  });

  test("superset 8 characters; 9 refused; exercise reference 101 characters refused", async () => {
    expect((await okRoutine(routine({}, { superset: "s".repeat(8) }))).exercises[0].superset).toBe("s".repeat(8));
    expectInvalid(
      await applyRoutine(token, routine({}, { superset: "s".repeat(9) })),
      "exercises[0].superset",
      "must be 1 to 8 characters",
    );
    expectInvalid(
      await applyRoutine(token, routine({}, { exercise: "e".repeat(101) })),
      "exercises[0].exercise",
      "must be 1 to 100 characters",
    );
    expectInvalid(
      await applyRoutine(token, routine({}, { exercise: "e".repeat(100) })),
      "exercises[0].exercise",
      "unknown exercise*",
    );
  });

  test("workout name 80, minutes 0 and 1440, notes 2000, note 500; one more refused", async () => {
    const doc = await okWorkout(
      workout({ name: "w".repeat(80), minutes: 1440, notes: "n".repeat(2000) }, { note: "x".repeat(500) }),
    );
    expect([doc.name.length, doc.minutes, doc.notes.length, doc.exercises[0].note.length]).toEqual([
      80, 1440, 2000, 500,
    ]);
    expect((await okWorkout(workout({ minutes: 0 }))).minutes).toBe(0);
    expectInvalid(await applyWorkout(token, workout({ name: "w".repeat(81) })), "name", "must be 1 to 80 characters");
    expectInvalid(
      await applyWorkout(token, workout({ minutes: 1441 })),
      "minutes",
      "must be an integer from 0 to 1440",
    );
    expectInvalid(await applyWorkout(token, workout({ minutes: -1 })), "minutes", "must be an integer from 0 to 1440");
    expectInvalid(
      await applyWorkout(token, workout({ notes: "n".repeat(2001) })),
      "notes",
      "must be at most 2000 characters",
    );
    expectInvalid(
      await applyWorkout(token, workout({}, { note: "x".repeat(501) })),
      "exercises[0].note",
      "must be at most 500 characters",
    );
  });

  test("a workout exercise needs 1 to 50 sets; a workout has at most 100 exercises", async () => {
    expect((await okWorkout(workout({}, { sets: ["x1"] }))).exercises[0].sets).toEqual(["x1"]);
    expectInvalid(
      await applyWorkout(token, workout({}, { sets: [] })),
      "exercises[0].sets",
      "must have at least 1 entry",
    );
    expect((await okWorkout(workout({}, { sets: Array(50).fill("x1") }))).exercises[0].sets).toHaveLength(50);
    expectInvalid(
      await applyWorkout(token, workout({}, { sets: Array(51).fill("x1") })),
      "exercises[0].sets",
      "must have at most 50 entries",
    );
    const many = (n: number) => Array.from({ length: n }, () => ({ exercise: "Plank", sets: ["30s"] }));
    expect((await okWorkout(workout({ exercises: many(100) }))).exercises).toHaveLength(100);
    expectInvalid(
      await applyWorkout(token, workout({ exercises: many(101) })),
      "exercises",
      "must have at most 100 entries",
    );
  });

  test("set text: weight 10000, reps 500, duration 86400, RPE 1 to 10 and RIR 0 to 10 in half steps; one step beyond refused", async () => {
    const sets = ["10000x500", "86400s", "x1@1", "x1@10", "x1@9.5"];
    expect((await okWorkout(workout({}, { sets }))).exercises[0].sets).toEqual([
      "10000x500",
      "1440:00",
      "x1@1",
      "x1@10",
      "x1@9.5",
    ]);
    expect((await okWorkout(workout({ effort: "rir" }, { sets: ["x1@0", "x1@10"] }))).exercises[0].sets).toEqual([
      "x1@0",
      "x1@10",
    ]);
    const bad: [string, string, Doc?][] = [
      ["10000.01x5", "weight must be from 0 to 10000 with at most 2 decimals"],
      ["10001x5", "weight must be from 0 to 10000 with at most 2 decimals"],
      ["100x501", "reps must be at most 500"],
      ["86401s", "duration must be at most 86400 seconds"],
      ["x1@0.5", "rpe must be from 1 to 10 in half steps"],
      ["x1@10.5", "rpe must be from 1 to 10 in half steps"],
      ["x1@7.3", "rpe must be from 1 to 10 in half steps"],
      ["x1@10.5", "rir must be from 0 to 10 in half steps", { effort: "rir" }],
    ];
    for (const [set, reason, extra] of bad) {
      expectInvalid(
        await applyWorkout(token, workout(extra ?? {}, { sets: ["100x5", set] })),
        "exercises[0].sets[1]",
        reason,
      );
    }
  });

  test("bodyweight 0.01 to 1500; 0 and 1500.01 refused; dates and starts must be real", async () => {
    expect((await okWorkout(workout({ bodyweight: 1500 }))).bodyweight).toBe(1500);
    expect((await okWorkout(workout({ bodyweight: 0.01 }))).bodyweight).toBe(0.01);
    expectInvalid(
      await applyWorkout(token, workout({ bodyweight: 1500.01 })),
      "bodyweight",
      "must be a number above 0 and at most 1500 with at most 2 decimals",
    );
    expectInvalid(
      await applyWorkout(token, workout({ bodyweight: 0 })),
      "bodyweight",
      "must be a number above 0 and at most 1500 with at most 2 decimals",
    );
    expect((await okWorkout(workout({ date: "2024-02-29" }))).start).toBe("2024-02-29T12:00:00Z");
    expectInvalid(await applyWorkout(token, workout({ date: "2023-02-29" })), "date", "not a real calendar date");
    expect((await okWorkout(workout({ start: "2024-05-31T23:30:00.250-05:30" }))).start).toBe(
      "2024-06-01T05:00:00.25Z",
    );
    expectInvalid(
      await applyWorkout(token, workout({ start: "2024-05-31T24:00:00Z" })),
      "start",
      "not a real date-time",
    );
    expectInvalid(
      await applyWorkout(token, workout({ start: "2024-05-31T18:00:00" })),
      "start",
      "must be a date-time with offset like 2024-05-31T18:30:00+02:00",
    );
  });
});

describe("workouts", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url, "Walt")).token;
  });

  test("apply logs a workout: payload row, canonical document, created; workoutDocument shows the same", async () => {
    const r = (await applyRoutine(token, routine({ name: "Followed" }))).data.applyRoutineDocument.routine;
    const body = await applyWorkout(token, {
      name: "Monday",
      date: "2024-05-31",
      start: "2024-05-31T18:30:00+02:00",
      minutes: 75,
      bodyweight: 80.5,
      routine: r.id.toUpperCase(),
      notes: "",
      skipProgression: false,
      exercises: [
        {
          exercise: "bench",
          superset: "A",
          note: "felt good",
          pinned: true,
          sets: ["w: 60 X 5", "100x5 @ 8", { set: "102,50×5@8.5", done: false }, "rp:x4"],
        },
        { exercise: "Plank", skipProgression: true, sets: ["45s", "1m30s", { set: "bw x 8", done: true }] },
      ],
    });
    expect(body.errors).toBeUndefined();
    const { workout: row, document, created } = body.data.applyWorkoutDocument;
    expect(created).toBe(true);
    expect(row).toEqual({ id: document.id, date: "2024-05-31", name: "Monday" });
    expect(document).toEqual({
      id: row.id,
      name: "Monday",
      date: "2024-05-31",
      start: "2024-05-31T16:30:00Z",
      minutes: 75,
      bodyweight: 80.5,
      unit: "kg",
      effort: "rpe",
      routine: r.id,
      notes: "",
      exercises: [
        {
          exercise: "Bench Press",
          superset: "A",
          note: "felt good",
          pinned: true,
          sets: ["w:60x5", "100x5@8", { set: "102.5x5@8.5", done: false }, "rp:x4"],
        },
        { exercise: "Plank", skipProgression: true, sets: ["45s", "1:30", "bw x 8"] },
      ],
      version: 1,
    });
    expect(Object.keys(document)).toEqual([
      "id",
      "name",
      "date",
      "start",
      "minutes",
      "bodyweight",
      "unit",
      "effort",
      "routine",
      "notes",
      "exercises",
      "version",
    ]);
    expect(await workoutDoc(token, row.id)).toEqual(document);
    expect(await workoutDoc(token, row.id.toUpperCase())).toEqual(document);
    const again = (await applyWorkout(token, document)).data.applyWorkoutDocument;
    expect(again.created).toBe(false);
    expect(JSON.stringify(again.document)).toBe(JSON.stringify({ ...document, version: 2 }));
  });

  test("the payload's workout is the saved row, with its new exercises and sets, as workoutById reads it afterwards", async () => {
    const fields = `id name date start minutes bodyweight unit effort notes skipProgression routineId createdAt updatedAt
      routine { id } exercises { position superset exercise { name } sets { position kind weight reps done } }`;
    const res = await gql(
      s.url,
      `mutation($document: JSON!) {
        applyWorkoutDocument(input: {document: $document, clientMutationId: "m1"}) {
          workout { ${fields} } created replayed clientMutationId
        }
      }`,
      {
        document: {
          name: "Payload",
          date: "2024-06-02",
          exercises: [{ exercise: "bench", sets: ["w: 60 X 5", "100x5"] }],
        },
      },
      { token },
    );
    expect(res.body.errors).toBeUndefined();
    const { workout, ...rest } = res.body.data.applyWorkoutDocument;
    expect(rest).toEqual({ created: true, replayed: false, clientMutationId: "m1" });
    expect(workout.exercises).toEqual([
      {
        position: 0,
        superset: null,
        exercise: { name: "Bench Press" },
        sets: [
          { position: 0, kind: "warmup", weight: 60, reps: 5, done: true },
          { position: 1, kind: "work", weight: 100, reps: 5, done: true },
        ],
      },
    ]);
    const read = await gql(
      s.url,
      `query($id: UUID!) { workoutById(id: $id) { ${fields} } }`,
      { id: workout.id },
      { token },
    );
    expect(read.body.errors).toBeUndefined();
    expect(workout).toEqual(read.body.data.workoutById);
    // Nothing but the flags asked for: the workout is saved all the same.
    const bare = await gql(
      s.url,
      `mutation($document: JSON!) { applyWorkoutDocument(input: {document: $document}) { created } }`,
      { document: { name: "Bare", date: "2024-06-03", exercises: [{ exercise: "bench", sets: ["100x5"] }] } },
      { token },
    );
    expect(bare.body).toEqual({ data: { applyWorkoutDocument: { created: true } } });
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.workouts where name = 'Bare'");
    expect(rows[0].n).toBe(1);
  });

  test("replace removes exercises and sets left out; another user's or an unknown id is id: not found", async () => {
    const first = (await applyWorkout(token, workout({}, { sets: ["100x5", "100x5", "100x5"] }))).data
      .applyWorkoutDocument;
    const id = first.workout.id;
    const replaced = await applyWorkout(token, {
      id,
      date: "2024-06-01",
      exercises: [{ exercise: "Deadlift", sets: ["180x3"] }],
    });
    expect(replaced.data.applyWorkoutDocument.document.exercises).toEqual([{ exercise: "Deadlift", sets: ["180x3"] }]);
    const { rows } = await s.ownerPool.query(
      "select (select count(*)::int from app_public.workout_exercises where workout_id = $1) as e, (select count(*)::int from app_public.workout_sets where workout_id = $1) as s",
      [id],
    );
    expect(rows[0]).toEqual({ e: 1, s: 1 });

    const other = (await signUp(s.url, "Wes")).token;
    const before = await counts();
    expectInvalid(await applyWorkout(other, workout({ id })), "id", "not found");
    expectInvalid(
      await applyWorkout(other, workout({ id: "00000000-0000-4000-8000-000000000000" })),
      "id",
      "not found",
    );
    expect(await counts()).toEqual(before);
    expect(await workoutDoc(other, id)).toBeNull();
    // An id that is not a UUID is refused as such, before any SQL.
    const malformed = await gql(s.url, WORKOUT_DOC, { id: "not-a-uuid" }, { token });
    expect(malformed.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    expect(malformed.body.errors[0].message).toMatch(/Invalid UUID/);
    expect((await workoutDoc(token, id)).date).toBe("2024-06-01");
  });

  test("the user's unit and effort scale are the defaults; the document's win", async () => {
    const { token: t, user } = await signUp(s.url, "Lena");
    await s.ownerPool.query("update app_public.users set unit = 'lb', effort = 'rir' where id = $1", [user.id]);
    const doc = (await applyWorkout(t, workout({}, { sets: ["225x5@2"] }))).data.applyWorkoutDocument.document;
    expect([doc.unit, doc.effort]).toEqual(["lb", "rir"]);
    // @0 is a valid RIR but not a valid RPE.
    expect((await applyWorkout(t, workout({}, { sets: ["x5@0"] }))).errors).toBeUndefined();
    expectInvalid(
      await applyWorkout(t, workout({ effort: "rpe" }, { sets: ["x5@0"] })),
      "exercises[0].sets[0]",
      "rpe must be from 1 to 10 in half steps",
    );
    const r = (await applyRoutine(t, routine({ unit: "kg" }))).data.applyRoutineDocument.document;
    expect(r.unit).toBe("kg");
  });
});

describe("kg and lb", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url, "Unit")).token;
  });

  test("a routine in lb keeps lb, shows in kg at the nearest loadable weights (2.5 kg), and a kg document applied back stays kg", async () => {
    const created = (
      await applyRoutine(token, {
        name: "Imperial",
        unit: "lb",
        exercises: [
          { exercise: "Bench Press", sets: 3, weight: 225 },
          { exercise: "Deadlift", sets: 1, weight: 100 },
          { exercise: "Plank", sets: 1 },
        ],
      })
    ).data.applyRoutineDocument;
    const id = created.routine.id;
    expect(created.document.exercises.map((e: Doc) => e.weight)).toEqual([225, 100, undefined]);
    const inKg = await routineDoc(token, id, "KG");
    expect(inKg.unit).toBe("kg");
    // 225 lb = 102.06 kg and 100 lb = 45.36 kg, shown as what a lifter loads.
    expect(inKg.exercises.map((e: Doc) => e.weight)).toEqual([102.5, 45, undefined]);
    // Showing in its own unit changes nothing.
    expect(await routineDoc(token, id, "LB")).toEqual(created.document);
    // Stored values are untouched by showing.
    const { rows } = await s.ownerPool.query(
      "select weight from app_public.routine_exercises where routine_id = $1 order by position",
      [id],
    );
    expect(rows.map((r) => r.weight)).toEqual([225, 100, null]);
    // Applying the kg view stores kg; the lb view of that is the kg values converted back, at loadable weights.
    const applied = (await applyRoutine(token, inKg)).data.applyRoutineDocument;
    expect(applied.document).toEqual({ ...inKg, version: inKg.version + 1 });
    expect((await routineDoc(token, id, "LB")).exercises.map((e: Doc) => e.weight)).toEqual([225, 100, undefined]);
    const { rows: stored } = await s.ownerPool.query(
      "select r.unit, e.weight from app_public.routines r join app_public.routine_exercises e on e.routine_id = r.id where r.id = $1 order by e.position",
      [id],
    );
    expect(stored.map((r) => [r.unit, r.weight])).toEqual([
      ["kg", 102.5],
      ["kg", 45],
      ["kg", null],
    ]);
  });

  test("a workout in kg shows in lb: set weights and bodyweight converted, the rest unchanged", async () => {
    const w = (
      await applyWorkout(
        token,
        workout({ unit: "kg", bodyweight: 80 }, { sets: ["w:20x10", "100x5@8", "bw x 8", "x12", "60s"] }),
      )
    ).data.applyWorkoutDocument;
    const lb = await workoutDoc(token, w.workout.id, "LB");
    expect(lb).toEqual({
      ...w.document,
      unit: "lb",
      bodyweight: 176.37,
      exercises: [{ exercise: "Bench Press", sets: ["w:44.09x10", "220.46x5@8", "bw x 8", "x12", "1:00"] }],
    });
    expect(await workoutDoc(token, w.workout.id, "KG")).toEqual(w.document);
    // The structured sets keep the stored unit.
    const res = await gql(
      s.url,
      "{ viewer { workouts(limit: 1) { unit exercises { sets { weight text } } } } }",
      {},
      { token },
    );
    expect(res.body.data.viewer.workouts[0]).toEqual({
      unit: "kg",
      exercises: [
        {
          sets: [
            { weight: 20, text: "w:20x10" },
            { weight: 100, text: "100x5@8" },
            { weight: null, text: "bw x 8" },
            { weight: null, text: "x12" },
            { weight: null, text: "1:00" },
          ],
        },
      ],
    });
  });
});

describe("invalid documents", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(s.url, "Ivy")).token;
  });

  test("the error is {code, path, reason} with message `path: reason`, and the data is null", async () => {
    const res = await gql(
      s.url,
      APPLY_WORKOUT,
      { document: workout({}, { sets: ["100x5", "100x5", "12-8"] }) },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ applyWorkoutDocument: null });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0].message).toBe(
      "exercises[0].sets[2]: must be a set like 100x5, x12, bw x 8, 45s or 1:30",
    );
    expect(res.body.errors![0].extensions).toEqual({
      code: "INVALID_DOCUMENT",
      path: "exercises[0].sets[2]",
      reason: "must be a set like 100x5, x12, bw x 8, 45s or 1:30",
    });
    expect(res.body.errors![0].path).toEqual(["applyWorkoutDocument"]);
  });

  test("not an object, unknown keys (first in code point order), null where null is not allowed", async () => {
    expectInvalid(await applyRoutine(token, [routine()]), "document", "must be an object");
    expectInvalid(await applyRoutine(token, "a string"), "document", "must be an object");
    expectInvalid(await applyRoutine(token, routine({ zeta: 1, Zeta: 2, alpha: 3 })), "Zeta", "unknown property");
    expectInvalid(await applyWorkout(token, workout({}, { set: ["100x5"] })), "exercises[0].set", "unknown property");
    expectInvalid(await applyRoutine(token, routine({ name: null })), "name", "must be a string");
    expectInvalid(await applyWorkout(token, workout({ date: null })), "date", "must be a date like 2024-05-31");
  });

  test("nothing is saved: a bad last set of a big workout, and a bad replacement leaves the original whole", async () => {
    const big = workout({
      exercises: Array.from({ length: 12 }, (_, i) => ({
        exercise: "Bench Press",
        sets: ["100x5", "100x5", "100x5", i === 11 ? "100x501" : "100x5"],
      })),
    });
    const before = await counts();
    expectInvalid(await applyWorkout(token, big), "exercises[11].sets[3]", "reps must be at most 500");
    expect(await counts()).toEqual(before);

    const original = (await applyRoutine(token, routine({ name: "Keep" }, { reps: 5 }))).data.applyRoutineDocument;
    const mid = await counts();
    const bad = {
      ...original.document,
      name: "Changed",
      exercises: [
        { exercise: "Deadlift", sets: 1 },
        { exercise: "Nope Nope Nope", sets: 1 },
      ],
    };
    expectInvalid(await applyRoutine(token, bad), "exercises[1].exercise", "unknown exercise*");
    expect(await counts()).toEqual(mid);
    expect(await routineDoc(token, original.routine.id)).toEqual(original.document);
  });

  // The server checks all entries' names and sets at once; what it reports must still be the first
  // problem in document order, as the SDK finds it: an entry's fields before its sets, a set's text
  // before its `done`, an earlier entry before a later one, whatever the later ones hold.
  const FORM = "must be a set like 100x5, x12, bw x 8, 45s or 1:30";
  const digits = "1".repeat(140_000);
  test.each<[string, Doc[], string, string]>([
    [
      "a bad set before a later unknown exercise",
      [
        { exercise: "Bench Press", sets: ["100x5", "12-8"] },
        { exercise: "Nope Nope Nope", sets: ["100x5"] },
      ],
      "exercises[0].sets[1]",
      FORM,
    ],
    [
      "the first of two bad sets of an entry",
      [{ exercise: "Bench Press", sets: ["100x5", "100x501", "12-8"] }],
      "exercises[0].sets[1]",
      "reps must be at most 500",
    ],
    [
      "an entry's superset before its sets",
      [{ exercise: "Bench Press", superset: "ABCDEFGHI", sets: ["12-8"] }],
      "exercises[0].superset",
      "must be 1 to 8 characters",
    ],
    [
      "an entry's pinned before its sets array, after an earlier good entry",
      [
        { exercise: "Bench Press", sets: ["100x5"] },
        { exercise: "Bench Press", pinned: "no", sets: "100x5" },
        { exercise: 5, sets: ["12-8"] },
      ],
      "exercises[1].pinned",
      "must be a boolean",
    ],
    [
      "a sets value that is not an array before a later entry's bad set",
      [
        { exercise: "Bench Press", sets: "100x5" },
        { exercise: "Bench Press", sets: ["12-8"] },
      ],
      "exercises[0].sets",
      "must be an array",
    ],
    [
      "a set's text before its done",
      [
        { exercise: "Bench Press", sets: ["100x5"] },
        { exercise: "Deadlift", sets: [{ set: "100x501", done: "yes" }, "12-8"] },
      ],
      "exercises[1].sets[0].set",
      "reps must be at most 500",
    ],
    [
      "a set's done when its text is good",
      [{ exercise: "Bench Press", sets: [{ set: "100x5", done: "yes" }, "12-8"] }],
      "exercises[0].sets[0].done",
      "must be a boolean",
    ],
    [
      "a set's unknown property before its done",
      [{ exercise: "Bench Press", sets: [{ set: "100x5", extra: 1, done: 3 }] }],
      "exercises[0].sets[0].extra",
      "unknown property",
    ],
    [
      "a set that is neither text nor object, before a later entry's set too large for a number",
      [
        { exercise: "Bench Press", sets: ["100x5", 7] },
        { exercise: "Bench Press", sets: [`${digits}x5`, `x${digits}`, `${digits}s`, `x5@${digits}`] },
      ],
      "exercises[0].sets[1]",
      "must be a string or an object",
    ],
    // Digits beyond what a number holds are refused like any number over its limit.
    [
      "a weight of 140,000 digits",
      [{ exercise: "Bench Press", sets: [`${digits}x5`] }],
      "exercises[0].sets[0]",
      "weight must be from 0 to 10000 with at most 2 decimals",
    ],
    [
      "reps of 140,000 digits",
      [{ exercise: "Bench Press", sets: [`x${digits}`] }],
      "exercises[0].sets[0]",
      "reps must be at most 500",
    ],
    [
      "seconds of 140,000 digits",
      [{ exercise: "Bench Press", sets: [`${digits}s`] }],
      "exercises[0].sets[0]",
      "duration must be at most 86400 seconds",
    ],
    [
      "minutes of 140,000 digits",
      [{ exercise: "Bench Press", sets: [`20x${digits}:30`] }],
      "exercises[0].sets[0]",
      "duration must be at most 86400 seconds",
    ],
    [
      "an effort of 140,000 digits",
      [{ exercise: "Bench Press", sets: [`x5@${digits}`] }],
      "exercises[0].sets[0]",
      "rpe must be from 1 to 10 in half steps",
    ],
  ])("first problem in order: %s", async (_name, exercises, path, reason) => {
    const document = workout({ exercises });
    const sdk = validateWorkoutDocument(document);
    expect(sdk).toEqual({ valid: false, path, reason });
    const before = await counts();
    expectInvalid(await applyWorkout(token, document), path, reason);
    expect(await counts()).toEqual(before);
  });

  test("first problem in order: an unknown exercise before a later entry's bad set", async () => {
    const document = workout({
      exercises: [
        { exercise: "Bench Press", sets: ["100x5"] },
        { exercise: "Nope Nope Nope", sets: ["100x5"] },
        { exercise: "Bench Press", sets: ["12-8"] },
      ],
    });
    expectInvalid(await applyWorkout(token, document), "exercises[1].exercise", "unknown exercise*");
  });
});

describe("structured types and deletes", () => {
  test("viewer { routines, workouts } as lists with exercises and sets; deleteRoutineById and deleteWorkoutById", async () => {
    const { token } = await signUp(s.url, "Stru");
    const b = (
      await applyRoutine(token, {
        name: "b routine",
        exercises: [
          {
            exercise: "Bench Press",
            sets: 3,
            reps: "8-12",
            weight: 60,
            rest: 90,
            superset: "A",
            progression: "double",
            warmups: 1,
            drops: 2,
            bursts: 3,
          },
          { exercise: "Plank", sets: 2, time: 45 },
        ],
      })
    ).data.applyRoutineDocument.routine;
    const a = (await applyRoutine(token, { name: "A routine", icon: "trophy", deload: true, exercises: [] })).data
      .applyRoutineDocument.routine;
    const older = (await applyWorkout(token, workout({ date: "2024-05-01", name: "Older" }))).data.applyWorkoutDocument
      .workout;
    const newer = (
      await applyWorkout(token, {
        date: "2024-05-02",
        name: "Newer",
        unit: "lb",
        effort: "rir",
        routine: b.id,
        start: "2024-05-02T07:00:00Z",
        exercises: [{ exercise: "Deadlift", note: "belt", sets: ["w:135x5", { set: "315x5@2", done: false }] }],
      })
    ).data.applyWorkoutDocument.workout;

    const res = await gql(
      s.url,
      `{ viewer {
      routines { id name icon progression unit deload exercises { position exercise { id name } sets repsLow repsHigh seconds weight restSeconds superset progression warmups drops bursts } }
      workouts(limit: 10) { id date name start unit effort routine { id name } exercises { position exercise { name } note sets { position kind weight bodyweight reps seconds effort done text } } }
    } }`,
      {},
      { token },
    );
    expect(res.body.errors).toBeUndefined();
    const { routines, workouts } = res.body.data.viewer;
    expect(routines.map((r: Doc) => r.name)).toEqual(["A routine", "b routine"]);
    expect(routines[0]).toEqual({
      id: a.id,
      name: "A routine",
      icon: "trophy",
      progression: "linear",
      unit: "kg",
      deload: true,
      exercises: [],
    });
    expect(routines[1].exercises).toEqual([
      {
        position: 0,
        exercise: { id: expect.any(String), name: "Bench Press" },
        sets: 3,
        repsLow: 8,
        repsHigh: 12,
        seconds: null,
        weight: 60,
        restSeconds: 90,
        superset: "A",
        progression: "double",
        warmups: 1,
        drops: 2,
        bursts: 3,
      },
      {
        position: 1,
        exercise: { id: expect.any(String), name: "Plank" },
        sets: 2,
        repsLow: null,
        repsHigh: null,
        seconds: 45,
        weight: null,
        restSeconds: null,
        superset: null,
        progression: null,
        warmups: 0,
        drops: 0,
        bursts: 0,
      },
    ]);
    expect(workouts.map((w: Doc) => w.name)).toEqual(["Newer", "Older"]);
    expect(workouts[0]).toEqual({
      id: newer.id,
      date: "2024-05-02",
      name: "Newer",
      start: expect.stringMatching(/^2024-05-02T07:00:00/),
      unit: "lb",
      effort: "rir",
      routine: { id: b.id, name: "b routine" },
      exercises: [
        {
          position: 0,
          exercise: { name: "Deadlift" },
          note: "belt",
          sets: [
            {
              position: 0,
              kind: "warmup",
              weight: 135,
              bodyweight: false,
              reps: 5,
              seconds: null,
              effort: null,
              done: true,
              text: "w:135x5",
            },
            {
              position: 1,
              kind: "work",
              weight: 315,
              bodyweight: false,
              reps: 5,
              seconds: null,
              effort: 2,
              done: false,
              text: "315x5@2",
            },
          ],
        },
      ],
    });
    expect(workouts[1].routine).toBeNull();

    // Deleting the routine keeps the workout (it no longer follows a routine); deleting a workout removes its rows.
    const delR = await gql(
      s.url,
      "mutation($id: UUID!) { deleteRoutineById(input: {id: $id}) { routine { id } } }",
      { id: b.id },
      { token },
    );
    expect(delR.body.errors).toBeUndefined();
    expect(delR.body.data.deleteRoutineById.routine.id).toBe(b.id);
    expect((await workoutDoc(token, newer.id)).routine).toBeUndefined();
    const delW = await gql(
      s.url,
      "mutation($id: UUID!) { deleteWorkoutById(input: {id: $id}) { workout { id } } }",
      { id: older.id },
      { token },
    );
    expect(delW.body.data.deleteWorkoutById.workout.id).toBe(older.id);
    expect(await workoutDoc(token, older.id)).toBeNull();
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.workout_sets where workout_id = $1",
      [older.id],
    );
    expect(rows[0].n).toBe(0);
    // Another user cannot delete them.
    const other = (await signUp(s.url, "Nope")).token;
    const viaOther = await gql(
      s.url,
      "mutation($id: UUID!) { deleteWorkoutById(input: {id: $id}) { workout { id } } }",
      { id: newer.id },
      { token: other },
    );
    // (The error code is PostGraphile's "no values were deleted", masked; what matters here is that nothing was deleted.)
    expect(viaOther.body.data.deleteWorkoutById).toBeNull();
    expect(viaOther.body.errors).toHaveLength(1);
    expect(await workoutDoc(token, newer.id)).not.toBeNull();
  });
});

test("routine names that differ only in surrounding spaces (or case) are the same name", async () => {
  const server = await startTestServer();
  try {
    const { token } = await signUp(server.url, "Spaces");
    const apply = (name: string) =>
      gql(
        server.url,
        "mutation($d: JSON!) { applyRoutineDocument(input: {document: $d}) { routine { id name } created } }",
        { d: { name, exercises: [{ exercise: "bench", sets: 3, reps: 5 }] } },
        { token },
      );
    const first = await apply("U4");
    const id = first.body.data.applyRoutineDocument.routine.id;
    for (const name of ["U4 ", "  u4", " U4  "]) {
      const res = await apply(name);
      expect(res.body.errors[0].extensions).toEqual({
        code: "INVALID_DOCUMENT",
        path: "name",
        reason: `a routine with this name already exists: ${id}`,
      });
    }
    expect((await apply("U4b")).body.data.applyRoutineDocument.created).toBe(true);
    const { rows } = await server.ownerPool.query("select count(*)::int as n from app_public.routines");
    expect(rows[0].n).toBe(2);
  } finally {
    await server.close();
  }
});
