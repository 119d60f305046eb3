// Program benchmark: Routine.nextWorkout of one day of a 4-day program (GZCLP, started with
// startProgram) with a year of history (3 sessions a week rotating A1, B1, A2, B2: 156 workouts, the
// T1 5 sets, T2 and T3 3 sets each, T3 at the top of its range, one session in nine missing a last
// set) against a plain read of the same program's history, in the same run. A program's day replays every day of the program
// (a lift trained alike on two days is one progression), so this is the 4-day case of bench/progression.ts.
// Two levels, measured sequentially and alternating the two sides so the machine's drift hits both:
// - http: POST /api/graphql `nextWorkout` with a session, against a hand-written Express + pg endpoint
//   doing the same session check and returning the program's history rows as JSON;
// - sql: `app_public.routines_next_workout` as the visitor role, against the plain select.
import express from "express";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { benchDatabase, startApp, listen, report, signUpLifter, latencies, timed, visitorClient } from "./support.ts";

const SESSIONS = 156;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;

const HISTORY_SQL = `
  select w.date, w.unit, w.routine_id, we.position as exercise_position, we.exercise_id, s.position, s.kind, s.weight, s.reps, s.done
    from app_public.workouts w
    join app_public.workout_exercises we on we.workout_id = w.id
    join app_public.workout_sets s on s.workout_exercise_id = we.id
   where w.user_id = $1 and w.routine_id = any($2::uuid[])
   order by w.date, w.start, w.id, we.position, s.position`;

const START = `mutation($lifts: [ProgramLiftInput]) {
  startProgram(input: { slug: "gzclp", unit: "kg", lifts: $lifts }) { routines { id name } } }`;
const LIFTS = [
  { lift: "Back Squat", weight: 60 },
  { lift: "Bench Press", weight: 40 },
  { lift: "Lat Pulldown", weight: 30 },
  { lift: "Overhead Press", weight: 30 },
  { lift: "Deadlift", weight: 80 },
  { lift: "Dumbbell Row", weight: 15 },
];

/** A year of the program's sessions, day n on the n-th date of three a week; weights climb 2.5 kg every 4 weeks. */
async function seedYear(pool: import("pg").Pool, userId: string, routineIds: string[]) {
  await pool.query(
    `
    insert into app_public.workouts (user_id, routine_id, date, start, unit, effort)
    select $1::uuid, ($2::uuid[])[n % 4 + 1], d, d + time '18:00', 'kg', 'rpe'
      from generate_series(1, ${SESSIONS}) n, lateral (select date '2025-01-06' + (n * 7 / 3) as d) dd
    `,
    [userId, routineIds],
  );
  await pool.query(
    `
    insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
    select w.id, w.user_id, re.position, re.exercise_id
      from app_public.workouts w join app_public.routine_exercises re on re.routine_id = w.routine_id
     where w.user_id = $1
    `,
    [userId],
  );
  await pool.query(
    `
    insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, kind, weight, reps, done)
    select we.id, we.workout_id, we.user_id, p - 1, 'work',
           re.weight + floor((w.date - date '2025-01-06') / 28) * 2.5,
           case when p = re.sets and (extract(doy from w.date))::int % 9 = 0 then re.reps_low - 1
                when re.reps_high > re.reps_low then re.reps_high else re.reps_low end,
           true
      from app_public.workout_exercises we
      join app_public.workouts w on w.id = we.workout_id
      join app_public.routine_exercises re on re.routine_id = w.routine_id and re.position = we.position,
      lateral generate_series(1, re.sets) p
     where we.user_id = $1
    `,
    [userId],
  );
  await pool.query("analyze");
}

export async function run() {
  const db = await benchDatabase("program_next_workout");
  try {
    const { ownerPool } = db;
    const { url, close } = await startApp(db);
    const { token, user } = await signUpLifter(url, "Program Lifter", "program@bench.test");
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const started = (await (
      await fetch(`${url}/api/graphql`, {
        method: "POST",
        headers,
        body: JSON.stringify({ query: START, variables: { lifts: LIFTS } }),
      })
    ).json()) as any;
    const routines: { id: string; name: string }[] = started.data?.startProgram?.routines ?? [];
    if (routines.length !== 4) throw new Error(`startProgram: ${JSON.stringify(started)}`);
    const routineIds = routines.map((r) => r.id);
    await seedYear(ownerPool, user.id, routineIds);
    const {
      rows: [counts],
    } = await ownerPool.query(
      "select (select count(*) from app_public.workouts)::int as workouts, (select count(*) from app_public.workout_sets)::int as sets",
    );

    // Baseline endpoint: the same session check, then the program's history rows as JSON.
    const baseline = express();
    baseline.use(express.json());
    baseline.post("/history", async (req, res) => {
      const hash = createHash("sha256").update(req.get("authorization")!.slice("Bearer ".length)).digest();
      const {
        rows: [session],
      } = await ownerPool.query("select user_id from app_private.session_for_token($1)", [hash]);
      if (!session?.user_id) return void res.json({ data: null });
      const { rows } = await ownerPool.query(HISTORY_SQL, [session.user_id, req.body.routines]);
      res.json({ data: { history: rows } });
    });
    const baselineServer = createServer(baseline);
    const baselineUrl = await listen(baselineServer);

    const day = routineIds[0];
    const graphqlBody = JSON.stringify({
      query: `query($id: UUID!) { routineById(id: $id) { nextWorkout(date: "2026-01-05") } }`,
      variables: { id: day },
    });
    const baselineBody = JSON.stringify({ routines: routineIds });
    const ours = async () => {
      const body = (await (
        await fetch(`${url}/api/graphql`, { method: "POST", headers, body: graphqlBody })
      ).json()) as any;
      if (body.data?.routineById?.nextWorkout?.exercises?.length !== 3)
        throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
      return body;
    };
    const base = async () => {
      const body = (await (
        await fetch(`${baselineUrl}/history`, { method: "POST", headers, body: baselineBody })
      ).json()) as any;
      if (body.data.history.length !== counts.sets) throw new Error("baseline read the wrong history");
    };
    const sample = await ours();

    const client = await visitorClient(db.authUrl, token);
    const sqlOurs = () =>
      client.query(
        "select app_public.routines_next_workout(r, '2026-01-05') from app_public.routines r where r.id = $1",
        [day],
      );
    const sqlBase = () => client.query(HISTORY_SQL, [user.id, routineIds]);

    const http = { ours: [] as number[], base: [] as number[] };
    const sql = { ours: [] as number[], base: [] as number[] };
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const a = await timed(ours);
      const b = await timed(base);
      const c = await timed(sqlOurs);
      const d = await timed(sqlBase);
      if (i < WARMUP) continue;
      http.ours.push(a);
      http.base.push(b);
      sql.ours.push(c);
      sql.base.push(d);
    }
    await client.query("rollback");
    await client.end();

    const h = { nextWorkout: latencies(http.ours, 3), baseline: latencies(http.base, 3) };
    const q = { nextWorkout: latencies(sql.ours, 3), baseline: latencies(sql.base, 3) };
    const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
    report({
      benchmark: `Routine.nextWorkout of a 4-day program (GZCLP A1) with ${counts.workouts} workouts (${counts.sets} sets) over a year vs a plain SQL read of that history`,
      iterations: ITERATIONS,
      unit: "ms",
      http: {
        ...h,
        ratioP50: ratio(h.nextWorkout.p50, h.baseline.p50),
        ratioP99: ratio(h.nextWorkout.p99, h.baseline.p99),
      },
      sql: {
        ...q,
        ratioP50: ratio(q.nextWorkout.p50, q.baseline.p50),
        ratioP99: ratio(q.nextWorkout.p99, q.baseline.p99),
      },
      ratio: ratio(h.nextWorkout.p50, h.baseline.p50),
      firstTargets: sample.data.routineById.nextWorkout.exercises.map(
        (e: any) => e.sets.find((x: any) => !/^(w|d|rp):/.test(x.set))?.set,
      ),
    });
    baselineServer.close();
    await close();
  } finally {
    await db.stop();
  }
}
