// The exercise catalog over HTTP: searchExercises (ranking, typo tolerance, limits at their
// edges), the Exercise fields, and custom exercises (create, rename, delete, conflicts) that no
// other user can see or change.
import { EXERCISE_EQUIPMENT, EXERCISE_KINDS, EXERCISE_REGIONS } from "@svc/sdk";
import { startTestServer, gql, signUp, type SignedUpUser, type TestServer, errorCode } from "../support/harness.ts";

let s: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
beforeAll(async () => {
  s = await startTestServer();
  alice = await signUp(s.url, "Alice");
  bob = await signUp(s.url, "Bob");
});
afterAll(async () => {
  await s.close();
});

const FIELDS = "id name aliases equipment muscles region kind custom";
const SEARCH = `query($words: String!, $limit: Int) { searchExercises(words: $words, limit: $limit) { ${FIELDS} } }`;
const CREATE = `mutation($input: CreateCustomExerciseInput!) { createCustomExercise(input: $input) { exercise { ${FIELDS} } } }`;
const UPDATE = `mutation($input: UpdateCustomExerciseInput!) { updateCustomExercise(input: $input) { exercise { ${FIELDS} } } }`;
const DELETE = `mutation($id: UUID!) { deleteCustomExercise(input: {id: $id}) { exercise { id name } } }`;
const BY_ID = `query($id: UUID!) { exerciseById(id: $id) { ${FIELDS} } }`;

type Who = { token: string } | null;
const creds = (who: Who) => (who ? { token: who.token } : {});

async function search(words: string, limit?: number | null, who: Who = alice) {
  const res = await gql(s.url, SEARCH, limit === undefined ? { words } : { words, limit }, creds(who));
  expect(res.body.errors).toBeUndefined();
  return res.body.data.searchExercises as any[];
}
async function create(who: Who, input: Record<string, unknown>) {
  return gql(s.url, CREATE, { input }, creds(who));
}
async function createOk(who: Who, input: Record<string, unknown>) {
  const res = await create(who, input);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.createCustomExercise.exercise;
}

describe("searchExercises", () => {
  test.each([
    ["benchpres", "Bench Press"],
    ["romanian dead", "Romanian Deadlift"],
    ["ohp", "Overhead Press"],
    ["pullup", "Pull-Up"],
    ["Pull-Up", "Pull-Up"],
    ["bench", "Bench Press"],
    ["squat", "Back Squat"],
    ["rdl", "Romanian Deadlift"],
    ["skullcrusher", "Lying Triceps Extension"],
    ["rowing machine", "Rowing Machine"],
    ["bnech pres", "Bench Press"],
  ])("%j finds %s first", async (words, name) => {
    const found = await search(words, 5);
    expect(found[0].name).toBe(name);
  });

  test("signed out: the catalog, with every Exercise field", async () => {
    const [bench] = await search("bench press", 1, null);
    expect(bench).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Bench Press",
      aliases: expect.arrayContaining(["bench", "flat bench"]),
      equipment: "barbell",
      muscles: expect.arrayContaining(["chest", "triceps"]),
      region: "upper",
      kind: "reps",
      custom: false,
    });
    expect(bench.aliases).toEqual([...bench.aliases].sort());
    const [plank] = await search("plank", 1, null);
    expect(plank).toMatchObject({ name: "Plank", kind: "time", region: "core", equipment: "bodyweight" });
    const [row] = await search("rower", 1, null);
    expect(row).toMatchObject({ name: "Rowing Machine", kind: "cardio", region: "cardio" });
  });

  test("ranked: exact alias, then prefix, then all words (ties by name), then fuzzy", async () => {
    const names = (await search("dead", 30)).map((e) => e.name);
    expect(names.slice(0, 3)).toEqual(["Dead Bug", "Dead Hang", "Deadlift"]);
    const rest = names.slice(3).filter((n) => /\bdead/i.test(n));
    expect(rest).toEqual([...rest].sort());
    expect(rest).toContain("Romanian Deadlift");
    const hammer = (await search("curl hammer", 4)).map((e) => e.name);
    // The exercise the words mean (the same words as Hammer Curl) first, then the rest by name.
    expect(hammer.slice(0, 3)).toEqual(["Hammer Curl", "Cable Hammer Curl", "Cross-Body Hammer Curl"]);
  });

  test("limit: 1 and 100 accepted, default 20", async () => {
    expect(await search("b", 1)).toHaveLength(1);
    expect(await search("b", 100)).toHaveLength(100);
    expect(await search("b")).toHaveLength(20);
    expect(await search("b", null)).toHaveLength(20);
  });

  test.each([[0], [101]])("limit %d: INVALID_INPUT naming limit", async (limit) => {
    const res = await gql(s.url, SEARCH, { words: "bench", limit }, { token: alice.token });
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]).toMatchObject({
      message: "limit: must be between 1 and 100",
      extensions: { code: "INVALID_INPUT" },
    });
  });

  test("limit -1: INVALID_INPUT naming limit, refused before the operation runs", async () => {
    const res = await gql(s.url, SEARCH, { words: "bench", limit: -1 }, { token: alice.token });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]).toMatchObject({
      message: "searchExercises: limit must be 0 or more (got -1)",
      extensions: { code: "INVALID_INPUT" },
    });
  });

  test.each([[""], ["   "]])("words %j: INVALID_INPUT", async (words) => {
    const res = await gql(s.url, SEARCH, { words }, { token: alice.token });
    expect(res.body.errors?.[0]).toMatchObject({
      message: "words: must not be empty",
      extensions: { code: "INVALID_INPUT" },
    });
  });

  test("words: 200 characters accepted, 201 refused", async () => {
    expect(await search("z".repeat(200), 5)).toEqual([]);
    const res = await gql(s.url, SEARCH, { words: "z".repeat(201) }, { token: alice.token });
    expect(res.body.errors?.[0]).toMatchObject({
      message: "words: must be at most 200 characters",
      extensions: { code: "INVALID_INPUT" },
    });
  });

  test("words is required", async () => {
    const res = await gql(s.url, "{ searchExercises { id } }");
    expect(res.body.errors?.[0]?.message).toMatch(/words/);
  });
});

test("the SDK's equipment, region and kind values are the database's, in its order", async () => {
  const { rows } = await s.ownerPool.query(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'app_public.exercises'::regclass and conname = any($1) order by conname`,
    [["exercises_equipment_check", "exercises_kind_check", "exercises_region_check"]],
  );
  const values = (def: string) => [...def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
  expect(rows.map((r) => [r.conname, values(r.def)])).toEqual([
    ["exercises_equipment_check", [...EXERCISE_EQUIPMENT]],
    ["exercises_kind_check", [...EXERCISE_KINDS]],
    ["exercises_region_check", [...EXERCISE_REGIONS]],
  ]);
});

describe("custom exercises", () => {
  let secret: any;
  beforeAll(async () => {
    secret = await createOk(alice, {
      name: "Alice's Sandbag Zercher Walk",
      equipment: "other",
      muscles: ["quads", "upper back"],
      region: "full body",
      kind: "time",
    });
  });

  test("created with the fields given, custom, no aliases", () => {
    expect(secret).toEqual({
      id: expect.any(String),
      name: "Alice's Sandbag Zercher Walk",
      aliases: [],
      equipment: "other",
      muscles: ["quads", "upper back"],
      region: "full body",
      kind: "time",
      custom: true,
    });
  });

  test("only a name is needed; defaults other, full body, reps", async () => {
    const e = await createOk(alice, { name: "Garage Row" });
    expect(e).toMatchObject({
      name: "Garage Row",
      equipment: "other",
      muscles: [],
      region: "full body",
      kind: "reps",
      custom: true,
    });
  });

  test("the owner finds it by search and by id; another user and a signed-out caller never see it", async () => {
    expect((await search("sandbag zercher walk", 3, alice))[0]).toMatchObject({ id: secret.id, custom: true });
    for (const who of [bob, null]) {
      expect((await search("sandbag zercher walk", 100, who)).map((e) => e.id)).not.toContain(secret.id);
      const res = await gql(s.url, BY_ID, { id: secret.id }, creds(who));
      expect(res.body).toEqual({ data: { exerciseById: null } });
    }
    const mine = await gql(s.url, BY_ID, { id: secret.id }, { token: alice.token });
    expect(mine.body.data.exerciseById).toMatchObject({ name: "Alice's Sandbag Zercher Walk" });
    const all = await gql(
      s.url,
      '{ allExercises(condition: {name: "Alice\'s Sandbag Zercher Walk"}) { totalCount } }',
      {},
      { token: bob.token },
    );
    expect(all.body.data.allExercises.totalCount).toBe(0);
  });

  test("another user cannot rename or delete it: NOT_FOUND, and it is unchanged", async () => {
    const upd = await gql(s.url, UPDATE, { input: { id: secret.id, name: "Bob Was Here" } }, { token: bob.token });
    expect(upd.body.errors?.[0]?.extensions).toEqual({ code: "NOT_FOUND" });
    const del = await gql(s.url, DELETE, { id: secret.id }, { token: bob.token });
    expect(del.body.errors?.[0]?.extensions).toEqual({ code: "NOT_FOUND" });
    const mine = await gql(s.url, BY_ID, { id: secret.id }, { token: alice.token });
    expect(mine.body.data.exerciseById.name).toBe("Alice's Sandbag Zercher Walk");
  });

  test("a catalog exercise cannot be renamed or deleted: NOT_FOUND", async () => {
    const [deadlift] = await search("deadlift", 1);
    expect(deadlift.name).toBe("Deadlift");
    const upd = await gql(s.url, UPDATE, { input: { id: deadlift.id, name: "Mine" } }, { token: alice.token });
    expect(errorCode(upd)).toBe("NOT_FOUND");
    const del = await gql(s.url, DELETE, { id: deadlift.id }, { token: alice.token });
    expect(errorCode(del)).toBe("NOT_FOUND");
    expect((await search("deadlift", 1))[0]).toEqual(deadlift);
  });

  test("signed out, or with a read-only key: FORBIDDEN", async () => {
    const out = await create(null, { name: "Nobody's" });
    expect(errorCode(out)).toBe("FORBIDDEN");
    const key = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "ro", access: READ_ONLY, expiresIn: DAYS_30}) { key } }`,
      {},
      { token: alice.token },
    );
    expect(key.body.errors).toBeUndefined();
    const ro = { key: key.body.data.createApiKey.key as string };
    const res = await gql(s.url, CREATE, { input: { name: "Read Only Row" } }, ro);
    expect(errorCode(res)).toBe("FORBIDDEN");
    // The read-only key still reads its owner's custom exercises.
    const found = await gql(s.url, SEARCH, { words: "sandbag zercher walk", limit: 1 }, ro);
    expect(found.body.data.searchExercises[0].id).toBe(secret.id);
  });

  test("a name the user already has (ignoring case, spacing, hyphens) is a CONFLICT; another user may use it", async () => {
    const dup = await create(alice, { name: "alice's sandbag-zercher  WALK" });
    expect(dup.body.errors?.[0]).toMatchObject({
      message: `name: you already have a custom exercise named "Alice's Sandbag Zercher Walk"`,
      extensions: { code: "CONFLICT" },
    });
    const other = await createOk(bob, { name: "Alice's Sandbag Zercher Walk" });
    expect(other.id).not.toBe(secret.id);
  });

  test("a catalog name is refused (CONFLICT naming it); the user's own name comes first in their search", async () => {
    const refused = await create(alice, { name: "Bench Press", equipment: "dumbbell" });
    expect(refused.body.errors[0]).toMatchObject({
      message: 'name: "Bench Press" already means the catalog exercise "Bench Press"; use it, or choose another name',
      extensions: { code: "CONFLICT" },
    });
    const mine = await createOk(alice, { name: "Bench Press Tempo", equipment: "dumbbell" });
    const found = await search("bench press tempo", 2, alice);
    expect(found[0]).toMatchObject({ id: mine.id, name: "Bench Press Tempo", custom: true });
    expect((await search("bench press tempo", 5, bob)).every((e) => !e.custom)).toBe(true);
  });

  test("invalid fields: INVALID_INPUT naming the field; name at its edges", async () => {
    for (const [input, message] of [
      [{ name: "Odd", equipment: "spaceship" }, /^equipment: must be one of /],
      [{ name: "Odd", region: "everywhere" }, /^region: must be one of /],
      [{ name: "Odd", kind: "vibes" }, /^kind: must be one of /],
      [{ name: "" }, /^name: must be 1 to 100 characters$/],
      [{ name: "n".repeat(101) }, /^name: must be 1 to 100 characters$/],
      [{ name: "Odd", muscles: Array.from({ length: 11 }, (_, i) => `m${i}`) }, /^muscles: at most 10 entries$/],
    ] as const) {
      const res = await create(alice, input);
      expect(res.body.errors?.[0]?.extensions?.code).toBe("INVALID_INPUT");
      expect(res.body.errors?.[0]?.message).toMatch(message);
    }
    // The rules an app says in its own language: by extensions.rule and its numbers.
    expect((await create(alice, { name: "n".repeat(101) })).body.errors?.[0]?.extensions).toEqual({
      code: "INVALID_INPUT",
      field: "name",
      rule: "characters",
      min: 1,
      max: 100,
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `m${i}`);
    expect((await create(alice, { name: "Odd", muscles: eleven })).body.errors?.[0]?.extensions).toEqual({
      code: "INVALID_INPUT",
      field: "muscles",
      rule: "muscleCount",
      max: 10,
    });
    expect((await createOk(alice, { name: "n".repeat(100) })).name).toHaveLength(100);
    expect(
      (await createOk(alice, { name: "Ten Muscles", muscles: Array.from({ length: 10 }, (_, i) => `m${i}`) })).muscles,
    ).toHaveLength(10);
    const missing = await gql(
      s.url,
      `mutation { createCustomExercise(input: {kind: "reps"}) { exercise { id } } }`,
      {},
      { token: alice.token },
    );
    expect(missing.body.errors?.[0]?.message).toMatch(/name/);
  });

  test("rename, then delete; the old name no longer finds it", async () => {
    const e = await createOk(alice, { name: "Porch Press" });
    const upd = await gql(
      s.url,
      UPDATE,
      { input: { id: e.id, name: "Porch Push Press", kind: "reps" } },
      { token: alice.token },
    );
    expect(upd.body.errors).toBeUndefined();
    expect(upd.body.data.updateCustomExercise.exercise).toMatchObject({
      id: e.id,
      name: "Porch Push Press",
      custom: true,
    });
    expect((await search("porch push press", 1))[0].id).toBe(e.id);
    const clash = await gql(s.url, UPDATE, { input: { id: e.id, name: "Garage Row" } }, { token: alice.token });
    expect(errorCode(clash)).toBe("CONFLICT");
    const del = await gql(s.url, DELETE, { id: e.id }, { token: alice.token });
    expect(del.body.data.deleteCustomExercise.exercise).toEqual({ id: e.id, name: "Porch Push Press" });
    const gone = await gql(s.url, BY_ID, { id: e.id }, { token: alice.token });
    expect(gone.body.data.exerciseById).toBeNull();
    const again = await gql(s.url, DELETE, { id: e.id }, { token: alice.token });
    expect(errorCode(again)).toBe("NOT_FOUND");
  });
});
