// Row-level security checked in SQL, as the visitor role with one user's session: another user's
// rows are invisible and cannot be written.
import pg from "pg";
import {
  startTestServer,
  signUp,
  gql,
  type SignedUpUser,
  type TestServer,
  asRole,
  credentialHash,
} from "../support/harness.ts";

let s: TestServer;
let client: pg.Client;
let alice: SignedUpUser;
let bob: SignedUpUser;

async function asUser<T>(token: string | null, fn: () => Promise<T>, role = "svc_visitor"): Promise<T> {
  return asRole(client, role, token ? { "svc.session_hash": credentialHash(token) } : {}, fn);
}

beforeAll(async () => {
  s = await startTestServer();
  alice = await signUp(s.url, "Alice");
  bob = await signUp(s.url, "Bob");
  await gql(
    s.url,
    `mutation { logBodyweight(input: {date: "2026-05-01", weight: 61}) { date } }`,
    {},
    { token: alice.token },
  );
  const {
    rows: [ex],
  } = await s.ownerPool.query(
    "insert into app_public.exercises (name, user_id) values ('Alice Curl', $1) returning id",
    [alice.user.id],
  );
  const {
    rows: [r],
  } = await s.ownerPool.query(
    "insert into app_public.routines (user_id, name, unit) values ($1, 'Push', 'kg') returning id",
    [alice.user.id],
  );
  await s.ownerPool.query(
    "insert into app_public.routine_exercises (routine_id, user_id, position, exercise_id, sets) values ($1, $2, 0, $3, 3)",
    [r.id, alice.user.id, ex.id],
  );
  const {
    rows: [w],
  } = await s.ownerPool.query(
    "insert into app_public.workouts (user_id, date, start, unit, effort) values ($1, '2026-05-01', now(), 'kg', 'rpe') returning id",
    [alice.user.id],
  );
  const {
    rows: [we],
  } = await s.ownerPool.query(
    "insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id) values ($1, $2, 0, $3) returning id",
    [w.id, alice.user.id, ex.id],
  );
  await s.ownerPool.query(
    "insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, weight, reps) values ($1, $2, $3, 0, 20, 10)",
    [we.id, w.id, alice.user.id],
  );
  client = new pg.Client({ connectionString: s.authUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await s.close();
});

const OWNED_TABLES = [
  "users",
  "sessions",
  "bodyweights",
  "routines",
  "routine_exercises",
  "workouts",
  "workout_exercises",
  "workout_sets",
];

test.each(OWNED_TABLES)("%s: the owner sees their rows, another user sees none of them", async (table) => {
  const own = await asUser(
    alice.token,
    async () => (await client.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n,
  );
  expect(own).toBeGreaterThan(0);
  const foreign = await asUser(
    bob.token,
    async () =>
      (
        await client.query(
          `select count(*)::int as n from app_public.${table} where ${table === "users" ? "id" : "user_id"} = $1`,
          [alice.user.id],
        )
      ).rows[0].n,
  );
  expect(foreign).toBe(0);
  const anonymous = await asUser(
    null,
    async () => (await client.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n,
  );
  expect(anonymous).toBe(0);
});

test("custom exercises are private to their owner", async () => {
  const seen = await asUser(
    bob.token,
    async () =>
      (await client.query("select count(*)::int as n from app_public.exercises where name = 'Alice Curl'")).rows[0].n,
  );
  expect(seen).toBe(0);
});

test("another user's rows cannot be updated or deleted (0 rows affected)", async () => {
  for (const table of ["bodyweights", "routines", "workouts"]) {
    const deleted = await asUser(
      bob.token,
      async () => (await client.query(`delete from app_public.${table}`)).rowCount,
    );
    expect(deleted).toBe(0);
  }
  const updated = await asUser(
    bob.token,
    async () =>
      (await client.query("update app_public.users set name = 'pwned' where id = $1", [alice.user.id])).rowCount,
  );
  expect(updated).toBe(0);
  const { rows } = await s.ownerPool.query("select name from app_public.users where id = $1", [alice.user.id]);
  expect(rows[0].name).toBe("Alice");
});

test("inserting a row for another user is refused", async () => {
  await expect(
    asUser(bob.token, () =>
      client.query(
        "insert into app_public.bodyweights (user_id, date, weight, unit) values ($1, '2026-01-01', 1, 'kg')",
        [alice.user.id],
      ),
    ),
  ).rejects.toMatchObject({ code: "42501" });
  await expect(
    asUser(bob.token, async () => {
      const {
        rows: [w],
      } = await s.ownerPool.query("select id from app_public.workouts where user_id = $1", [alice.user.id]);
      const {
        rows: [ex],
      } = await client.query("select id from app_public.exercises where user_id is null limit 1");
      // A child row under Alice's workout, claimed for Bob: the parent-owner check refuses it.
      await client.query(
        "insert into app_public.workout_exercises (workout_id, position, exercise_id) values ($1, 9, $2)",
        [w.id, ex?.id ?? w.id],
      );
    }),
  ).rejects.toBeTruthy();
});

test("the read-only role cannot write even its own rows", async () => {
  await expect(
    asUser(alice.token, () => client.query("delete from app_public.bodyweights"), "svc_reader"),
  ).rejects.toMatchObject({ code: "42501" });
});

test("the visitor role cannot read app_private", async () => {
  await expect(
    asUser(alice.token, () => client.query("select * from app_private.session_tokens")),
  ).rejects.toMatchObject({ code: "42501" });
  await expect(asUser(alice.token, () => client.query("select * from app_private.user_secrets"))).rejects.toMatchObject(
    { code: "42501" },
  );
});

test("every app_public table has row-level security enabled", async () => {
  const { rows } = await s.ownerPool.query(
    "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'app_public' and c.relkind = 'r' and not c.relrowsecurity",
  );
  expect(rows).toEqual([]);
});

test("a routine cannot use another user's custom exercise, even by inserting rows directly", async () => {
  const {
    rows: [bobRoutine],
  } = await s.ownerPool.query(
    "insert into app_public.routines (user_id, name, unit) values ($1, 'Bob Day', 'kg') returning id",
    [bob.user.id],
  );
  const {
    rows: [aliceCurl],
  } = await s.ownerPool.query("select id from app_public.exercises where name = 'Alice Curl'");
  await expect(
    asUser(bob.token, () =>
      client.query(
        "insert into app_public.routine_exercises (routine_id, position, exercise_id, sets) values ($1, 0, $2, 3)",
        [bobRoutine.id, aliceCurl.id],
      ),
    ),
  ).rejects.toMatchObject({ code: "SVNFD" });
  const {
    rows: [catalog],
  } = await s.ownerPool.query("select id from app_public.exercises where user_id is null limit 1");
  const inserted = await asUser(
    bob.token,
    async () =>
      (
        await client.query(
          "insert into app_public.routine_exercises (routine_id, position, exercise_id, sets) values ($1, 0, $2, 3)",
          [bobRoutine.id, catalog.id],
        )
      ).rowCount,
  );
  expect(inserted).toBe(1);
});

test("policies evaluate the caller once per statement (identity functions wrapped in a subquery)", async () => {
  const { rows } = await s.ownerPool.query(`
    select tablename, policyname from pg_policies
     where schemaname in ('app_public', 'app_hidden', 'app_private')
       and (coalesce(qual, '') || coalesce(with_check, '')) ~ 'current_(user|session)_id\\(\\)'
       and regexp_replace(coalesce(qual, '') || coalesce(with_check, ''), 'SELECT app_public\\.current_(user|session)_id\\(\\) AS current_(user|session)_id', '', 'g')
           ~ 'current_(user|session)_id\\(\\)'`);
  expect(rows).toEqual([]);
  const {
    rows: [{ n }],
  } = await s.ownerPool.query(
    "select count(*)::int as n from pg_policies where schemaname = 'app_public' and qual ~ 'SELECT app_public.current_user_id'",
  );
  expect(n).toBeGreaterThan(10);
});
