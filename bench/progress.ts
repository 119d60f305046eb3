// Exercise progress page: the data of the page (e1rmSeries + weeklyVolume of one exercise, the SDK's
// EXERCISE_PROGRESS operation, one request) for a lifter with 5 years of history (750 workouts, the
// exercise in every one of them, 5 exercises of 4 sets each, warm-ups, sets not done and one workout
// in five in lb), p50 over HTTP against a plain SQL read of the same set rows (the columns the two
// fields read), in the same run. The server runs in its own process (bench/support.ts startApp: what
// `npm start` runs), the requests come from this one, PostgreSQL is a third; one request at a time,
// the measurements interleaved so drift hits them alike. Also the two SQL functions on their own,
// as the visitor, on one connection, and the statements one page request runs (pg_stat_statements).
import { print } from "graphql";
import { operations } from "@svc/sdk";
import {
  benchDatabase,
  startApp,
  statementCounter,
  report,
  type Process,
  timed,
  signUpLifter,
  seedWorkouts,
  seedClimbingSets,
  visitorClient,
  latencies,
} from "./support.ts";

const WORKOUTS = 750;
const EXERCISES = ["Bench Press", "Back Squat", "Deadlift", "Overhead Press", "Barbell Row"];
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);

export async function run() {
  const db = await benchDatabase("progress");
  let server: Process | undefined;
  try {
    const { ownerPool } = db;
    server = await startApp(db);
    const { url } = server;
    const { token, user } = await signUpLifter(url, "Progress Lifter", "progress@bench.test");

    // 750 workouts over 5 years (about three a week), every exercise in each: a warm-up and three
    // work sets climbing slowly with noise; one set in 13 not done; one workout in five in lb.
    await seedWorkouts(ownerPool, user.id, {
      count: WORKOUTS,
      dateOfN: "date '2021-01-04' + (n * 7) / 3",
      exercises: EXERCISES,
    });
    await seedClimbingSets(ownerPool, user.id, 4);
    await ownerPool.query("analyze");
    const {
      rows: [{ id: exerciseId }],
    } = await ownerPool.query("select id from app_public.exercises where user_id is null and name = 'Bench Press'");
    const {
      rows: [{ sets, exerciseSets }],
    } = await ownerPool.query(
      'select count(*)::int as sets, count(*) filter (where exercise_id = $2)::int as "exerciseSets" from app_public.workout_sets where user_id = $1',
      [user.id, exerciseId],
    );

    // The page's data over HTTP: one request, as the SDK's exerciseProgress sends it.
    const body = JSON.stringify({ query: print(operations.EXERCISE_PROGRESS), variables: { exerciseId } });
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    let sessions = 0,
      weeks = 0;
    const page = async () => {
      const answer = (await (await fetch(`${url}/api/graphql`, { method: "POST", headers, body })).json()) as any;
      if (answer.errors || !answer.data.e1rmSeries.length)
        throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
      sessions = answer.data.e1rmSeries.length;
      weeks = answer.data.weeklyVolume.length;
    };

    // The baseline: a plain read of the same set rows (the columns the two fields read), as the
    // visitor with the same session, on a connection of its own.
    const client = await visitorClient(db.authUrl, token);
    const plainRead = () =>
      client.query(
        `
      select s.id, s.workout_id, s.date, s.week, w.start, we.position, s.position, s.kind, s.done, s.weight, s.unit, s.reps,
             s.volume_kg, s.volume_lb, s.work_sets
        from app_public.workout_sets s
        join app_public.workouts w on w.id = s.workout_id
        join app_public.workout_exercises we on we.id = s.workout_exercise_id
       where s.exercise_id = $1`,
        [exerciseId],
      );
    const functions = () =>
      client.query(
        "select (select json_agg(e) from app_public.e1rm_series($1) e) as series, (select json_agg(v) from app_public.weekly_volume($1) v) as volume",
        [exerciseId],
      );

    for (let i = 0; i < 5; i++) {
      await page();
      await plainRead();
      await functions();
    }
    // Statements one page request runs, PostgreSQL's own count (the identity lookup included).
    const counter = statementCounter(ownerPool, db.dbName);
    await counter.reset();
    for (let i = 0; i < 10; i++) await page();
    const counted = await counter.read();
    const http: number[] = [],
      baseline: number[] = [],
      sql: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      http.push(await timed(page));
      baseline.push(await timed(plainRead));
      sql.push(await timed(functions));
    }
    await client.query("rollback");
    await client.end();

    const h = latencies(http),
      b = latencies(baseline),
      f = latencies(sql);
    report({
      benchmark: `exercise progress page data (e1rmSeries + weeklyVolume, one request) over HTTP for ${WORKOUTS} workouts (${sets} sets, ${exerciseSets} of the exercise) vs a plain SQL read of the exercise's set rows`,
      unit: "ms",
      iterations: ITERATIONS,
      sessions,
      weeks,
      http: h,
      sqlFunctions: f,
      plainSqlRead: b,
      statementsPerRequest: counted.statements === null ? null : counted.statements / 10,
      topStatements: counted.byStatement.slice(0, 5),
      ratio: Number((h.p50 / b.p50).toFixed(3)), // HTTP page data / plain SQL read; the goal is within 2x
      sqlRatio: Number((f.p50 / b.p50).toFixed(3)),
    });
  } finally {
    await server?.close();
    await db.stop();
  }
}
