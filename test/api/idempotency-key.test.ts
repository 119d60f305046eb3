// applyWorkoutDocument with an idempotencyKey, from outside (real HTTP): a retry after a lost answer
// never logs the workout twice; keys are per user; a key reused with another document is refused
// with CONFLICT naming the workout; with `id` a replacement goes ahead unless the key is another's.
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, type TestServer } from "../support/harness.ts";

let s: TestServer;
let u: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const APPLY = `mutation($doc: JSON, $key: UUID) {
  applyWorkoutDocument(input: { document: $doc, idempotencyKey: $key }) { workout { id date name } document created replayed } }`;
const apply = (token: string, doc: unknown, key?: string) => gql(s.url, APPLY, { doc, key: key ?? null }, { token });
const doc = (name = "Push") => ({
  name,
  date: "2026-03-02",
  unit: "kg",
  exercises: [{ exercise: "Bench Press", sets: ["w:60x5", "100x5", { set: "100x5", done: false }] }],
});

async function count(userId: string): Promise<number> {
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.workouts where user_id = $1", [
    userId,
  ]);
  return rows[0].n;
}
async function setCount(userId: string): Promise<number> {
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_public.workout_sets where user_id = $1",
    [userId],
  );
  return rows[0].n;
}

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Retry");
  other = await signUp(s.url, "Other");
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.ownerPool.query("delete from app_public.workouts where user_id = any($1)", [[u.user.id, other.user.id]]);
});

test("the same key twice: one workout, the same answer; the second writes nothing", async () => {
  const key = randomUUID();
  const first = await apply(u.token, doc(), key);
  expect(first.body.errors).toBeUndefined();
  expect(first.body.data.applyWorkoutDocument).toMatchObject({ created: true, replayed: false });
  const {
    rows: [before],
  } = await s.ownerPool.query("select updated_at, xmin::text from app_public.workouts where id = $1", [
    first.body.data.applyWorkoutDocument.workout.id,
  ]);
  const second = await apply(u.token, doc(), key);
  expect(second.body.errors).toBeUndefined();
  const { replayed, ...rest } = second.body.data.applyWorkoutDocument;
  const { replayed: firstReplayed, ...firstRest } = first.body.data.applyWorkoutDocument;
  expect(replayed).toBe(true);
  expect(firstReplayed).toBe(false);
  expect(rest).toEqual(firstRest);
  expect(await count(u.user.id)).toBe(1);
  expect(await setCount(u.user.id)).toBe(3);
  const {
    rows: [after],
  } = await s.ownerPool.query("select updated_at, xmin::text from app_public.workouts where id = $1", [
    first.body.data.applyWorkoutDocument.workout.id,
  ]);
  expect(after).toEqual(before);
});

test("the same document written differently (key order, set text spacing) is the same save", async () => {
  const key = randomUUID();
  const first = await apply(u.token, doc(), key);
  const reordered = {
    exercises: [{ sets: ["w:60x5", "100x5", { done: false, set: "100x5" }], exercise: "Bench Press" }],
    unit: "kg",
    date: "2026-03-02",
    name: "Push",
  };
  const second = await apply(u.token, reordered, key);
  expect(second.body.errors).toBeUndefined();
  expect(second.body.data.applyWorkoutDocument.workout.id).toBe(first.body.data.applyWorkoutDocument.workout.id);
  expect(second.body.data.applyWorkoutDocument.replayed).toBe(true);
  expect(await count(u.user.id)).toBe(1);
});

test("concurrent saves with one key log one workout", async () => {
  const key = randomUUID();
  const answers = await Promise.all(Array.from({ length: 5 }, () => apply(u.token, doc(), key)));
  for (const a of answers) expect(a.body.errors).toBeUndefined();
  expect(new Set(answers.map((a) => a.body.data.applyWorkoutDocument.workout.id)).size).toBe(1);
  expect(answers.filter((a) => !a.body.data.applyWorkoutDocument.replayed)).toHaveLength(1);
  expect(await count(u.user.id)).toBe(1);
});

test("without a key, every save logs a workout (as before)", async () => {
  await apply(u.token, doc());
  await apply(u.token, doc());
  expect(await count(u.user.id)).toBe(2);
});

test("different users with the same key are independent", async () => {
  const key = randomUUID();
  const mine = await apply(u.token, doc(), key);
  const theirs = await apply(other.token, doc("Theirs"), key);
  expect(theirs.body.errors).toBeUndefined();
  expect(theirs.body.data.applyWorkoutDocument).toMatchObject({
    created: true,
    replayed: false,
    workout: { name: "Theirs" },
  });
  expect(theirs.body.data.applyWorkoutDocument.workout.id).not.toBe(mine.body.data.applyWorkoutDocument.workout.id);
  expect(await count(u.user.id)).toBe(1);
  expect(await count(other.user.id)).toBe(1);
});

test("a key reused with another document is refused with CONFLICT naming the workout; nothing changes", async () => {
  const key = randomUUID();
  const first = await apply(u.token, doc("Push"), key);
  const id = first.body.data.applyWorkoutDocument.workout.id;
  const reused = await apply(u.token, doc("Push, heavier"), key);
  expect(reused.body.data.applyWorkoutDocument).toBeNull();
  expect(reused.body.errors[0].extensions).toEqual({ code: "CONFLICT", workoutId: id });
  expect(reused.body.errors[0].message).toContain(id);
  expect(await count(u.user.id)).toBe(1);
  const { rows } = await s.ownerPool.query("select name from app_public.workouts where id = $1", [id]);
  expect(rows[0].name).toBe("Push");
  // The way out the error names: replace it by id (with the key or without).
  const replaced = await apply(u.token, { ...doc("Push, heavier"), id }, key);
  expect(replaced.body.errors).toBeUndefined();
  expect(replaced.body.data.applyWorkoutDocument).toMatchObject({
    created: false,
    replayed: false,
    workout: { id, name: "Push, heavier" },
  });
  expect(await count(u.user.id)).toBe(1);
});

test("with id: a key that logged another workout is refused; an unused key changes nothing about the replace", async () => {
  const keyA = randomUUID();
  const a = (await apply(u.token, doc("A"), keyA)).body.data.applyWorkoutDocument.workout.id;
  const b = (await apply(u.token, doc("B"))).body.data.applyWorkoutDocument.workout.id;
  const wrong = await apply(u.token, { ...doc("B2"), id: b }, keyA);
  expect(wrong.body.errors[0].extensions).toEqual({ code: "CONFLICT", workoutId: a });
  const { rows } = await s.ownerPool.query("select name from app_public.workouts where id = $1", [b]);
  expect(rows[0].name).toBe("B");
  const fresh = await apply(u.token, { ...doc("B2"), id: b }, randomUUID());
  expect(fresh.body.data.applyWorkoutDocument).toMatchObject({
    created: false,
    replayed: false,
    workout: { id: b, name: "B2" },
  });
  expect(await count(u.user.id)).toBe(2);
});

test("an invalid document with a key saves nothing and does not use up the key", async () => {
  const key = randomUUID();
  const bad = await apply(u.token, { date: "2026-03-02", exercises: [{ exercise: "Bench Press", sets: [] }] }, key);
  expect(bad.body.errors[0].extensions.code).toBe("INVALID_DOCUMENT");
  const good = await apply(u.token, doc(), key);
  expect(good.body.data.applyWorkoutDocument).toMatchObject({ created: true, replayed: false });
  expect(await count(u.user.id)).toBe(1);
});

test("a deleted workout frees its key: the next save logs it again", async () => {
  const key = randomUUID();
  const first = (await apply(u.token, doc(), key)).body.data.applyWorkoutDocument.workout.id;
  await gql(
    s.url,
    `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`,
    { id: first },
    { token: u.token },
  );
  const again = await apply(u.token, doc(), key);
  expect(again.body.data.applyWorkoutDocument).toMatchObject({ created: true, replayed: false });
  expect(again.body.data.applyWorkoutDocument.workout.id).not.toBe(first);
});

test("a key that is not a UUID is refused before anything runs", async () => {
  const res = await apply(u.token, doc(), "not-a-uuid");
  expect(res.body.errors[0].message).toMatch(/UUID/i);
  expect(await count(u.user.id)).toBe(0);
});

test("a read-only key cannot save, with or without an idempotency key", async () => {
  const created = await gql(
    s.url,
    `mutation { createApiKey(input: {name: "ro", access: READ_ONLY, expiresIn: NEVER}) { key } }`,
    {},
    { token: u.token },
  );
  const key = created.body.data.createApiKey.key;
  const res = await gql(s.url, APPLY, { doc: doc(), key: randomUUID() }, { key });
  expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
  expect(await count(u.user.id)).toBe(0);
});
