// Progression benchmark: Routine.nextWorkout with five years of history (750 workouts of one routine,
// 5 exercises each, 2 warm-ups and 1 to 5 work sets per exercise: 18,750 sets, with misses
// and deloads along the way) against a plain SQL read of the same history, in the same run.
// Two levels, each measured sequentially (one request at a time, alternating the two sides so a noisy
// machine's drift hits both alike):
// - http: POST /api/graphql `nextWorkout` with a session, against a hand-written Express + pg endpoint
//   doing the same session check and returning the history rows as JSON;
// - sql: `select app_public.routines_next_workout(...)` as the visitor role, against the plain
//   select of the history rows, on one connection.
import express from "express";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import pg from "pg";
import { benchDatabase, startApp, listen, report, signUpLifter } from "./support.ts";

const WORKOUTS = 750;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;

const HISTORY_SQL = `
  select w.date, w.unit, we.position as exercise_position, we.exercise_id, s.position, s.kind, s.weight, s.reps, s.seconds, s.done
    from app_public.workouts w
    join app_public.workout_exercises we on we.workout_id = w.id
    join app_public.workout_sets s on s.workout_exercise_id = we.id
   where w.user_id = $1 and w.routine_id = $2
   order by w.date, w.start, w.id, we.position, s.position`;

function percentile(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(3));
}
function stats(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3)),
  };
}
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export async function run() {
  const db = await benchDatabase("progression");
  try {
    const { ownerPool } = db;
    const { url, close } = await startApp(db);
    const { token, user } = await signUpLifter(url, "Bench Lifter", "lifter@bench.test");

    // The routine: five lifts, linear except a double-progression row, warm-ups on the big ones.
    const {
      rows: [routine],
    } = await ownerPool.query(
      "insert into app_public.routines (user_id, name, unit) values ($1, 'Five years', 'kg') returning id",
      [user.id],
    );
    await ownerPool.query(
      `
      insert into app_public.routine_exercises (routine_id, user_id, position, exercise_id, sets, reps_low, reps_high, weight, progression, warmups, drops, bursts)
      select $1, $2, x.position, e.id, x.sets, x.low, x.high, x.weight, x.progression, x.warmups, x.drops, x.bursts
        from (values (0, 'Back Squat', 5, 5, 5, 60, null, 2, 0, 0), (1, 'Bench Press', 3, 5, 5, 40, null, 2, 1, 0),
                     (2, 'Barbell Row', 3, 8, 12, 40, 'double', 0, 0, 0), (3, 'Overhead Press', 3, 5, 5, 30, null, 2, 0, 1),
                     (4, 'Deadlift', 1, 5, 5, 80, null, 2, 0, 0))
             as x(position, name, sets, low, high, weight, progression, warmups, drops, bursts)
        join app_public.exercises e on e.user_id is null and e.name = x.name`,
      [routine.id, user.id],
    );
    // 750 sessions every other or third day since 2021: each exercise 2 warm-ups and its work sets; one session
    // in seven misses the last work set, one in 50 is a skipped (skipProgression) session.
    await ownerPool.query(
      `
      insert into app_public.workouts (user_id, routine_id, date, start, unit, effort, skip_progression)
      select $1, $2, d, d + time '18:00', 'kg', 'rpe', n % 50 = 0
        from generate_series(1, ${WORKOUTS}) n, lateral (select date '2021-01-01' + (n * 73 / 30) as d) dd;
      insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
      select w.id, w.user_id, re.position, re.exercise_id
        from app_public.workouts w join app_public.routine_exercises re on re.routine_id = w.routine_id
       where w.routine_id = $2;
      insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, kind, weight, reps, done)
      select we.id, we.workout_id, we.user_id, p - 1,
             case when p <= 2 then 'warmup' else 'work' end,
             round((re.weight + ((w.date - date '2021-01-01') / 20) * 2.5) * case when p <= 2 then 0.5 else 1 end / 2.5) * 2.5,
             case when p <= 2 then 5 when p = re.sets + 2 and (extract(doy from w.date))::int % 7 = 0 then re.reps_low - 1 else re.reps_high end,
             true
        from app_public.workout_exercises we
        join app_public.workouts w on w.id = we.workout_id
        join app_public.routine_exercises re on re.routine_id = w.routine_id and re.position = we.position,
        lateral generate_series(1, re.sets + 2) p
       where w.routine_id = $2;
      analyze;`
        .replace(/\$1/g, `'${user.id}'`)
        .replace(/\$2/g, `'${routine.id}'`),
    );
    const {
      rows: [counts],
    } = await ownerPool.query(
      "select (select count(*) from app_public.workouts)::int as workouts, (select count(*) from app_public.workout_sets)::int as sets",
    );

    // Baseline endpoint: the same session check, then the history rows as JSON.
    const baseline = express();
    baseline.use(express.json());
    baseline.post("/history", async (req, res) => {
      const hash = createHash("sha256").update(req.get("authorization")!.slice("Bearer ".length)).digest();
      const {
        rows: [session],
      } = await ownerPool.query("select user_id from app_private.session_for_token($1)", [hash]);
      if (!session?.user_id) return void res.json({ data: null });
      const { rows } = await ownerPool.query(HISTORY_SQL, [session.user_id, req.body.routine]);
      res.json({ data: { history: rows } });
    });
    const baselineServer = createServer(baseline);
    const baselineUrl = await listen(baselineServer);

    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const graphqlBody = JSON.stringify({
      query: `query($id: UUID!) { routineById(id: $id) { nextWorkout(date: "2026-01-01") } }`,
      variables: { id: routine.id },
    });
    const baselineBody = JSON.stringify({ routine: routine.id });
    const ours = async () => {
      const body = (await (
        await fetch(`${url}/api/graphql`, { method: "POST", headers, body: graphqlBody })
      ).json()) as any;
      if (!body.data?.routineById?.nextWorkout?.exercises?.length)
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

    // SQL level: the visitor role with the session, on one connection.
    const client = new pg.Client({ connectionString: db.authUrl });
    await client.connect();
    await client.query("begin");
    await client.query("set local role svc_visitor");
    await client.query("select set_config('svc.session_hash', $1, true)", [
      createHash("sha256").update(token).digest("hex"),
    ]);
    const sqlOurs = () =>
      client.query(
        "select app_public.routines_next_workout(r, '2026-01-01') from app_public.routines r where r.id = $1",
        [routine.id],
      );
    const sqlBase = () => client.query(HISTORY_SQL, [user.id, routine.id]);

    const http = { ours: [] as number[], base: [] as number[] };
    const sql = { ours: [] as number[], base: [] as number[] };
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const a = await timed(ours),
        b = await timed(base),
        c = await timed(sqlOurs),
        d = await timed(sqlBase);
      if (i < WARMUP) continue;
      http.ours.push(a);
      http.base.push(b);
      sql.ours.push(c);
      sql.base.push(d);
    }
    await client.query("rollback");
    await client.end();

    const h = { nextWorkout: stats(http.ours), baseline: stats(http.base) };
    const q = { nextWorkout: stats(sql.ours), baseline: stats(sql.base) };
    report({
      benchmark: `Routine.nextWorkout with ${counts.workouts} workouts (${counts.sets} sets) of history vs a plain SQL read of that history`,
      iterations: ITERATIONS,
      unit: "ms",
      http: {
        ...h,
        ratioP50: Number((h.nextWorkout.p50 / h.baseline.p50).toFixed(3)),
        ratioP99: Number((h.nextWorkout.p99 / h.baseline.p99).toFixed(3)),
      },
      sql: {
        ...q,
        ratioP50: Number((q.nextWorkout.p50 / q.baseline.p50).toFixed(3)),
        ratioP99: Number((q.nextWorkout.p99 / q.baseline.p99).toFixed(3)),
      },
      ratio: Number((h.nextWorkout.p50 / h.baseline.p50).toFixed(3)),
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
