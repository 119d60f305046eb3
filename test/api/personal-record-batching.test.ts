// WorkoutSet.personalRecord answered in one pass for a whole request: over a generated history
// (two exercises, kg and lb, warm-ups, drops, sets not done, unloaded and 0-rep sets, 13+ reps, and
// two workouts at the same date and start), every set's flag equals the rule computed here in
// TypeScript from the raw rows; the psql function agrees; another user's sets stay out; and a
// request asks the database once for all its sets, never once per set.
import { useTestServer, gql, signUp, asRole, credentialHash } from "../support/harness.ts";

const s = useTestServer();

type Row = {
  id: string;
  exercise_id: string;
  date: string;
  start: string;
  exercise_position: number;
  position: number;
  kind: string;
  done: boolean;
  weight: number | null;
  unit: string;
  reps: number | null;
};

/** The rule, from the raw rows: beats every strictly earlier counting set on kg or on Epley e1RM by 0.005 kg. */
function expectedFlags(rows: Row[]): Map<string, boolean> {
  const counts = (r: Row) => r.done && r.kind !== "warmup" && r.weight !== null && (r.reps ?? 0) >= 1;
  const kg = (r: Row) => (r.unit === "lb" ? r.weight! * 0.45359237 : r.weight!);
  const e1rm = (r: Row) => (r.reps === 1 ? kg(r) : r.reps! >= 2 && r.reps! <= 12 ? kg(r) * (1 + r.reps! / 30) : null);
  const key = (r: Row) =>
    [r.date, r.start, String(r.exercise_position).padStart(4, "0"), String(r.position).padStart(4, "0")].join("|");
  const flags = new Map<string, boolean>();
  for (const r of rows) {
    if (!counts(r)) {
      flags.set(r.id, false);
      continue;
    }
    const earlier = rows.filter((p) => p.exercise_id === r.exercise_id && counts(p) && key(p) < key(r));
    const bestKg = earlier.length ? Math.max(...earlier.map(kg)) : null;
    const e1rms = earlier.map(e1rm).filter((x): x is number => x !== null);
    const bestE1rm = e1rms.length ? Math.max(...e1rms) : null;
    const mine = e1rm(r);
    flags.set(
      r.id,
      bestKg === null || kg(r) > bestKg + 0.005 || (mine !== null && (bestE1rm === null || mine > bestE1rm + 0.005)),
    );
  }
  return flags;
}

test("every set of a 400-set history, in one request, matches the rule computed from the raw rows", async () => {
  const u = await signUp(s.url, "Many Sets");
  const other = await signUp(s.url, "Someone Else");
  // 40 workouts, 2 exercises x 5 sets; workouts 20 and 21 share date and start (neither is earlier).
  for (const who of [u, other]) {
    await s.ownerPool.query(
      `
      insert into app_public.workouts (user_id, date, start, unit, effort)
      select $1::uuid, d, d + time '07:00', case when n % 3 = 0 then 'lb' else 'kg' end, 'rpe'
        from generate_series(1, 40) n, lateral (select date '2025-01-01' + case when n = 21 then 20 else n end as d) dd`,
      [who.user.id],
    );
    await s.ownerPool.query(
      `
      insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
      select w.id, w.user_id, x.position - 1, e.id
        from app_public.workouts w, unnest(array['Bench Press', 'Deadlift']) with ordinality as x(name, position)
        join app_public.exercises e on e.user_id is null and e.name = x.name
       where w.user_id = $1`,
      [who.user.id],
    );
    await s.ownerPool.query(
      `
      insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, kind, weight, reps, done)
      select we.id, we.workout_id, we.user_id, p - 1,
             (array['warmup', 'work', 'work', 'drop', 'work'])[p],
             case when abs(hashtext(k || 'w')) % 17 = 0 then null
                  else 40 + (abs(hashtext(k)) % 25) * 2.5 end,
             (abs(hashtext(k || 'r')) % 16),
             abs(hashtext(k || 'd')) % 9 <> 0
        from app_public.workout_exercises we join app_public.workouts w on w.id = we.workout_id,
             generate_series(1, 5) p,
             -- Seeded by date, exercise and set, not by random ids, so every run checks the same history.
             lateral (select w.date::text || '|' || we.position || '|' || p as k) seed
       where we.user_id = $1`,
      [who.user.id],
    );
  }
  const { rows } = await s.ownerPool.query<Row>(
    `
    select s.id, s.exercise_id, s.date::text, w.start::text, we.position as exercise_position, s.position, s.kind, s.done,
           s.weight, s.unit, s.reps
      from app_public.workout_sets s join app_public.workouts w on w.id = s.workout_id
      join app_public.workout_exercises we on we.id = s.workout_exercise_id
     where s.user_id = $1`,
    [u.user.id],
  );
  expect(rows).toHaveLength(400);
  const expected = expectedFlags(rows);
  // The history has each kind of case the rule speaks of.
  expect(rows.some((r) => r.weight === null)).toBe(true);
  expect(rows.some((r) => r.reps === 0)).toBe(true);
  expect(rows.some((r) => (r.reps ?? 0) > 12)).toBe(true);
  expect(rows.some((r) => !r.done)).toBe(true);
  expect([...expected.values()].filter(Boolean).length).toBeGreaterThan(5);

  // Function call counts, from connections opened after this (PostgreSQL's own statistics).
  const database = new URL(s.ownerUrl).pathname.slice(1);
  await s.ownerPool.query(`alter database ${database} set track_functions = 'all'`);
  await s.ownerPool.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and usename = 'svc_authenticator'",
  );
  const t0 = Date.now();
  while (s.pools.graphql.totalCount > 0 && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 50));
  const calls = async () => {
    const { rows } = await s.ownerPool.query(
      "select funcname, calls::int from pg_stat_user_functions where funcname in ('personal_records', 'workout_sets_personal_record')",
    );
    return Object.fromEntries(rows.map((r) => [r.funcname, r.calls]));
  };
  const res = await gql(
    s.url,
    "{ allWorkoutSets(first: 1000) { nodes { id personalRecord } } }",
    {},
    { token: u.token },
  );
  expect(res.body.errors).toBeUndefined();
  const got = new Map<string, boolean>(res.body.data.allWorkoutSets.nodes.map((n: any) => [n.id, n.personalRecord]));
  expect(got.size).toBe(400);
  const differing = rows
    .filter((r) => got.get(r.id) !== expected.get(r.id))
    .map((r) => ({ ...r, got: got.get(r.id), expected: expected.get(r.id) }));
  expect(differing).toEqual([]);

  // One call for the 400 sets. A backend reports its statistics at the end of a transaction at
  // least a second after its last report (else after 10 s idle): another request a second later,
  // on the same connection, brings them in.
  await new Promise((r) => setTimeout(r, 1100));
  expect((await gql(s.url, "{ viewer { id } }", {}, { token: u.token })).body.data.viewer.id).toBe(u.user.id);
  const t1 = Date.now();
  while (!(await calls()).personal_records && Date.now() - t1 < 15000) await new Promise((r) => setTimeout(r, 200));
  expect(await calls()).toEqual({ personal_records: 1 });

  // The psql function gives the same answer for a set (as its owner), and null for someone else.
  const sample = rows.find((r) => expected.get(r.id))!;
  await asRole(s.authPool, "svc_visitor", { "svc.session_hash": credentialHash(u.token) }, async (client) => {
    const own = await client.query(
      "select app_public.workout_sets_personal_record(s) as pr from app_public.workout_sets s where s.id = $1",
      [sample.id],
    );
    expect(own.rows[0].pr).toBe(true);
    const {
      rows: [theirs],
    } = await s.ownerPool.query("select s.id from app_public.workout_sets s where s.user_id = $1 limit 1", [
      other.user.id,
    ]);
    const asked = await client.query("select set_id from app_hidden.personal_records($1::uuid[])", [
      [sample.id, theirs.id],
    ]);
    expect(asked.rows.map((r) => r.set_id)).toEqual([sample.id]);
  });
});
