// lastPerformance (the logger's "last time" for the exercises of a workout) for a lifter with
// 18,000 sets (750 workouts over 5 years, 6 exercises of 4 sets in each, one set in 13 not done,
// one workout in five in lb), asking 1, 10 and 100 references at once (names, lower-case names and
// ids of the exercises done, in turn: every one of them has 3,000 sets to look past). p50 over
// HTTP (the SDK's LAST_PERFORMANCE, with the sets) and of the SQL function alone as the visitor,
// against a plain SQL read of one workout's sets (what one entry answers), in the same run. The
// point: 100 references cost about what 1 does (one pass, not one search per reference). Also the
// request's statement's mean database time (pg_stat_statements), what the cost analysis weighs.
import { print } from "graphql";
import { operations } from "@svc/sdk";
import {
  benchDatabase,
  startApp,
  report,
  type Process,
  timed,
  signUpLifter,
  seedWorkouts,
  seedClimbingSets,
  visitorClient,
  p50,
} from "./support.ts";

const WORKOUTS = 750;
const EXERCISES = ["Bench Press", "Back Squat", "Deadlift", "Overhead Press", "Barbell Row", "Pull-Up"];
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const SIZES = [1, 10, 100];

export async function run() {
  const db = await benchDatabase("last_performance");
  let server: Process | undefined;
  try {
    const { ownerPool } = db;
    server = await startApp(db);
    const { url } = server;
    const { token, user } = await signUpLifter(url, "Last Lifter", "last@bench.test");

    await seedWorkouts(ownerPool, user.id, {
      count: WORKOUTS,
      dateOfN: "date '2021-01-04' + (n * 7) / 3",
      exercises: EXERCISES,
    });
    await seedClimbingSets(ownerPool, user.id, 4);
    if (!process.env.BENCH_NO_ANALYZE) await ownerPool.query("analyze");
    const {
      rows: [{ sets }],
    } = await ownerPool.query("select count(*)::int as sets from app_public.workout_sets where user_id = $1", [
      user.id,
    ]);
    const { rows: exercises } = await ownerPool.query(
      "select id, name from app_public.exercises where user_id is null and name = any($1)",
      [EXERCISES],
    );
    // The references, in turn a name, a lower-case name and an id.
    const refs = Array.from({ length: 100 }, (_, i) => {
      const e = exercises[i % exercises.length];
      return [e.name, e.name.toLowerCase(), e.id][Math.floor(i / exercises.length) % 3];
    });

    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const request = (n: number) => async () => {
      const body = JSON.stringify({
        query: print(operations.LAST_PERFORMANCE),
        variables: { exercises: refs.slice(0, n) },
      });
      const answer = (await (await fetch(`${url}/api/graphql`, { method: "POST", headers, body })).json()) as any;
      if (
        answer.errors ||
        answer.data.lastPerformance.length !== n ||
        !answer.data.lastPerformance.every((p: any) => p.sets.length > 0)
      ) {
        throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
      }
    };

    // The function alone and the baseline, as the visitor with the same session, on a connection of its own.
    const client = await visitorClient(db.authUrl, token);
    const fn = (n: number) => () => client.query("select * from app_public.last_performance($1)", [refs.slice(0, n)]);
    // The baseline: one workout's sets of one exercise, by the workout's id (what one entry shows).
    const {
      rows: [{ id: latest }],
    } = await ownerPool.query(
      "select id from app_public.workouts where user_id = $1 order by date desc, start desc limit 1",
      [user.id],
    );
    const plainRead = () =>
      client.query(
        "select s.* from app_public.workout_sets s where s.workout_id = $1 and s.exercise_id = $2 order by s.position",
        [latest, exercises[0].id],
      );

    for (const n of SIZES)
      for (let i = 0; i < 3; i++) {
        await request(n)();
        await fn(n)();
        await plainRead();
      }
    const http: Record<number, number[]> = {},
      sql: Record<number, number[]> = {};
    const baseline: number[] = [];
    for (const n of SIZES) {
      http[n] = [];
      sql[n] = [];
    }
    for (let i = 0; i < ITERATIONS; i++) {
      for (const n of SIZES) {
        http[n].push(await timed(request(n)));
        sql[n].push(await timed(fn(n)));
      }
      baseline.push(await timed(plainRead));
    }
    await client.query("rollback");
    await client.end();
    // The database time of the request's one statement (the function and every entry's sets), PostgreSQL's own mean.
    const statementMs: Record<number, number | null> = {};
    for (const n of SIZES) {
      await ownerPool.query("select pg_stat_statements_reset()").catch(() => {});
      for (let i = 0; i < 10; i++) await request(n)();
      const { rows } = await ownerPool
        .query(
          `select sum(total_exec_time) / sum(calls) as ms from pg_stat_statements where query like '%"last_performance"(%'`,
        )
        .catch(() => ({ rows: [] as any[] }));
      statementMs[n] = rows[0]?.ms == null ? null : Number(Number(rows[0].ms).toFixed(2));
    }

    const b = p50(baseline);
    for (const n of SIZES) {
      report({
        benchmark: `lastPerformance of ${n} exercise reference${n === 1 ? "" : "s"} over HTTP (with the sets) for ${WORKOUTS} workouts (${sets} sets) vs a plain SQL read of one workout's sets of one exercise`,
        unit: "ms",
        iterations: ITERATIONS,
        references: n,
        httpP50: p50(http[n]),
        sqlFunctionP50: p50(sql[n]),
        statementMeanMs: statementMs[n],
        plainSqlReadP50: b,
        ratio: Number((p50(http[n]) / b).toFixed(3)),
        sqlRatio: Number((p50(sql[n]) / b).toFixed(3)),
      });
    }
  } finally {
    await server?.close();
    await db.stop();
  }
}
