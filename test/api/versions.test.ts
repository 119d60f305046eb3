// Versions of routines and workouts, from outside (real HTTP): the shown document carries its
// version; a document with `id` and `version` is saved only over that version, a stale one is
// refused with CONFLICT naming the current version and what differs, and nothing is saved; a
// document with `id` and no `version` replaces as before.
import { startTestServer, gql, gqlData, signUp, asRole, credentialHash, type TestServer } from "../support/harness.ts";

let s: TestServer;
let u: Awaited<ReturnType<typeof signUp>>;

const APPLY_WORKOUT = `mutation($doc: JSON) {
  applyWorkoutDocument(input: { document: $doc }) { workout { id version } document created } }`;
const APPLY_ROUTINE = `mutation($doc: JSON) {
  applyRoutineDocument(input: { document: $doc }) { routine { id version } document created } }`;
const SHOW_WORKOUT = `query($id: UUID!) { workoutDocument(id: $id) }`;
const SHOW_ROUTINE = `query($ref: String!) { routineDocument(ref: $ref) }`;

const applyWorkout = (doc: unknown) => gql(s.url, APPLY_WORKOUT, { doc }, { token: u.token });
const applyRoutine = (doc: unknown) => gql(s.url, APPLY_ROUTINE, { doc }, { token: u.token });
const showWorkout = async (id: string) =>
  (await gqlData(s.url, SHOW_WORKOUT, { id }, { token: u.token })).workoutDocument;
const showRoutine = async (ref: string) =>
  (await gqlData(s.url, SHOW_ROUTINE, { ref }, { token: u.token })).routineDocument;

const workout = {
  name: "Push",
  date: "2026-03-02",
  unit: "kg",
  exercises: [
    { exercise: "Bench Press", sets: ["100x5", "100x5"] },
    { exercise: "Overhead Press", sets: ["50x5"] },
  ],
};
const routine = {
  name: "Push Day",
  unit: "kg",
  exercises: [
    { exercise: "Bench Press", sets: 3, reps: 5, weight: 100 },
    { exercise: "Overhead Press", sets: 3, reps: 5, weight: 50 },
  ],
};

async function logged(): Promise<string> {
  const answer = await applyWorkout(workout);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.applyWorkoutDocument.workout.id;
}

/** What the database holds of a workout: its row's version and update time, and its sets in order. */
async function stored(id: string) {
  const { rows } = await s.ownerPool.query(
    `select w.version, w.updated_at, w.name,
            (select array_agg(s.reps || '@' || s.weight order by we.position, s.position)
               from app_public.workout_sets s join app_public.workout_exercises we on we.id = s.workout_exercise_id
              where s.workout_id = w.id) as sets
       from app_public.workouts w where w.id = $1`,
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Versions");
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.ownerPool.query("delete from app_public.workouts where user_id = $1", [u.user.id]);
  await s.ownerPool.query("delete from app_public.routines where user_id = $1", [u.user.id]);
});

describe("workouts", () => {
  test("a new workout is at version 1, in GraphQL and in its document (the last key)", async () => {
    const answer = await applyWorkout(workout);
    const saved = answer.body.data.applyWorkoutDocument;
    expect(saved.workout.version).toBe(1);
    expect(saved.document.version).toBe(1);
    expect(Object.keys(saved.document).at(-1)).toBe("version");
    expect((await showWorkout(saved.workout.id)).version).toBe(1);
  });

  test("the matching version is saved, and the version counts one more", async () => {
    const id = await logged();
    const shown = await showWorkout(id);
    const answer = await applyWorkout({ ...shown, name: "Push heavy" });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.applyWorkoutDocument).toMatchObject({ created: false, workout: { id, version: 2 } });
    expect(answer.body.data.applyWorkoutDocument.document).toMatchObject({ name: "Push heavy", version: 2 });
  });

  test("a stale version is refused with CONFLICT, the current version and what differs; nothing is saved", async () => {
    const id = await logged();
    const read = await showWorkout(id);
    const elsewhere = structuredClone(read);
    elsewhere.exercises[1].sets.push("50x5");
    expect((await applyWorkout(elsewhere)).body.errors).toBeUndefined();
    const before = await stored(id);

    const mine = structuredClone(read);
    mine.name = "Push (mine)";
    mine.exercises[0].sets.push("100x4");
    const answer = await applyWorkout(mine);
    expect(answer.body.data.applyWorkoutDocument).toBeNull();
    const [error] = answer.body.errors;
    expect(error.extensions).toMatchObject({
      code: "CONFLICT",
      kind: "workout",
      currentVersion: 2,
      sentVersion: 1,
      differences: ["name", "exercises[0]", "exercises[1]"],
    });
    expect(error.extensions.current).toEqual(await showWorkout(id));
    expect(error.message).toBe(
      "version: this workout was saved since version 1 (it is at version 2 now): nothing was saved",
    );
    expect(await stored(id)).toEqual(before);
    expect(before.sets).toEqual(["5@100", "5@100", "5@50", "5@50"]);
  });

  test("without a version the document replaces whatever was saved since, as before", async () => {
    const id = await logged();
    const read = await showWorkout(id);
    expect((await applyWorkout({ ...read, name: "Elsewhere" })).body.errors).toBeUndefined();
    const { version: _read, ...withoutVersion } = read;
    const answer = await applyWorkout({ ...withoutVersion, name: "Mine" });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.applyWorkoutDocument.workout.version).toBe(3);
    expect((await stored(id)).name).toBe("Mine");
  });

  test("a stale version with the very document saved since is that save again, not a conflict", async () => {
    const id = await logged();
    const read = await showWorkout(id);
    const edited = { ...read, name: "Push heavy" };
    expect((await applyWorkout(edited)).body.errors).toBeUndefined();
    const retried = await applyWorkout(edited);
    expect(retried.body.errors).toBeUndefined();
    expect((await stored(id)).name).toBe("Push heavy");
  });

  test("version edges: 2147483647 is a version (stale here), 2147483648 and 0 are refused at `version`", async () => {
    const id = await logged();
    const read = await showWorkout(id);
    const top = await applyWorkout({ ...read, name: "Other", version: 2147483647 });
    expect(top.body.errors[0].extensions).toMatchObject({ code: "CONFLICT", currentVersion: 1 });
    for (const bad of [2147483648, 0, 1.5, "1", null]) {
      const answer = await applyWorkout({ ...read, version: bad });
      expect(answer.body.errors[0].extensions).toEqual({
        code: "INVALID_DOCUMENT",
        path: "version",
        reason: "must be an integer from 1 to 2147483647",
      });
    }
    expect((await stored(id)).version).toBe(1);
  });

  test("a version without id is ignored: a new workout at version 1", async () => {
    const answer = await applyWorkout({ ...workout, version: 9 });
    expect(answer.body.data.applyWorkoutDocument).toMatchObject({ created: true, workout: { version: 1 } });
  });

  test("two saves over the same version at once: one is saved, the other refused", async () => {
    const id = await logged();
    const read = await showWorkout(id);
    const answers = await Promise.all([
      applyWorkout({ ...read, name: "Phone" }),
      applyWorkout({ ...read, name: "Laptop" }),
    ]);
    const refused = answers.filter((a) => a.body.errors);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.errors[0].extensions).toMatchObject({ code: "CONFLICT", currentVersion: 2 });
    const kept = answers.find((a) => !a.body.errors)!.body.data.applyWorkoutDocument.document.name;
    expect((await stored(id)).name).toBe(kept);
    expect((await stored(id)).version).toBe(2);
  });

  test("the conflict's current document is in the unit sent", async () => {
    const id = await logged();
    const read = await gqlData(
      s.url,
      `query($id: UUID!) { workoutDocument(id: $id, unit: LB) }`,
      { id },
      { token: u.token },
    );
    expect((await applyWorkout({ ...(await showWorkout(id)), name: "Elsewhere" })).body.errors).toBeUndefined();
    const answer = await applyWorkout(read.workoutDocument);
    const { current, differences } = answer.body.errors[0].extensions;
    expect(current.unit).toBe("lb");
    expect(differences).toEqual(["name"]);
  });

  test("exports leave the version out", async () => {
    await logged();
    const data = await gqlData(s.url, `{ exportWorkouts { documents } }`, {}, { token: u.token });
    expect(data.exportWorkouts.documents[0]).not.toHaveProperty("version");
  });
});

describe("routines", () => {
  test("matching version saved, stale refused naming what differs, none replaces", async () => {
    const created = await applyRoutine(routine);
    const id = created.body.data.applyRoutineDocument.routine.id;
    expect(created.body.data.applyRoutineDocument.document.version).toBe(1);
    const read = await showRoutine(id);
    expect(Object.keys(read).at(-1)).toBe("version");

    const elsewhere = structuredClone(read);
    elsewhere.exercises[1].weight = 52.5;
    const saved = await applyRoutine(elsewhere);
    expect(saved.body.data.applyRoutineDocument.routine.version).toBe(2);

    const stale = await applyRoutine({ ...read, name: "Push Day B" });
    expect(stale.body.errors[0].extensions).toMatchObject({
      code: "CONFLICT",
      kind: "routine",
      currentVersion: 2,
      sentVersion: 1,
      differences: ["name", "exercises[1]"],
    });
    expect((await showRoutine(id)).name).toBe("Push Day");

    const { version: _v, ...withoutVersion } = read;
    const replaced = await applyRoutine({ ...withoutVersion, name: "Push Day B" });
    expect(replaced.body.data.applyRoutineDocument.routine.version).toBe(3);
    expect((await showRoutine(id)).exercises[1].weight).toBe(50);
  });

  test("deleting a routine counts a version on each workout that followed it (its document changes)", async () => {
    const id = (await applyRoutine(routine)).body.data.applyRoutineDocument.routine.id;
    const workoutId = (await applyWorkout({ ...workout, routine: id })).body.data.applyWorkoutDocument.workout.id;
    await gqlData(
      s.url,
      `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
      { id },
      {
        token: u.token,
      },
    );
    const shown = await showWorkout(workoutId);
    expect(shown).not.toHaveProperty("routine");
    expect(shown.version).toBe(2);
  });
});

test("in SQL: SVVER with the conflict as JSON detail, and the row untouched", async () => {
  const id = await logged();
  await s.ownerPool.query("update app_public.workouts set notes = 'elsewhere' where id = $1", [id]);
  const error = await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(u.token) }, async (c) => {
    const doc = (await c.query("select app_public.workout_document($1) as d", [id])).rows[0].d;
    return c.query("select app_public.apply_workout_document($1::jsonb)", [{ ...doc, notes: "mine", version: 1 }]).then(
      () => null,
      (e: { code: string; detail: string }) => e,
    );
  });
  expect(error?.code).toBe("SVVER");
  expect(JSON.parse(error!.detail)).toMatchObject({ currentVersion: 2, sentVersion: 1, differences: ["notes"] });
  expect((await s.ownerPool.query("select notes from app_public.workouts where id = $1", [id])).rows[0].notes).toBe(
    "elsewhere",
  );
});
