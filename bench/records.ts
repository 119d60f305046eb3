// Personal records benchmark: WorkoutSet.personalRecord over one lifter's 18,000 sets (6 exercises,
// 3,000 sets each, warm-ups, sets not done and both units mixed in) against a plain SQL read of the
// same sets, in the same run, on one connection as the visitor role:
// - after: app_hidden.personal_records for all 18,000 sets at once (what a GraphQL request asks);
// - before: the per-row rule the schema used to call for every set (a rescan of the set's history per
//   set), timed on an even sample of SAMPLE sets and scaled to 18,000 (the full run takes minutes);
// - baseline: a plain select of the 18,000 sets with the columns the rule reads.
// Plus one HTTP figure: POST /api/graphql for the newest 1,000 sets with personalRecord, against the
// same request without it.
import {
  benchDatabase,
  startApp,
  report,
  timed,
  signUpLifter,
  seedWorkouts,
  seedClimbingSets,
  visitorClient,
} from "./support.ts";

const SETS_PER_EXERCISE = 3000;
const EXERCISES = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Front Squat"];
const SAMPLE = Number(process.env.BENCH_RECORDS_SAMPLE ?? 150);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);

// The rule as it was: one history scan per set (created in the bench's scratch database only, to
// measure what it cost; security definer like the original).
const PER_ROW_BEFORE = `
create function app_hidden.personal_record_per_row_before(s app_public.workout_sets) returns boolean
language sql stable security definer set search_path to pg_catalog, public as $$
  with this as (
    select w.start, we.position as exercise_position,
           app_hidden.weight_kg(s.weight::numeric, s.unit) as kg,
           app_hidden.e1rm(app_hidden.weight_kg(s.weight::numeric, s.unit), s.reps) as e1rm
      from app_public.workouts w, app_public.workout_exercises we
     where w.id = s.workout_id and we.id = s.workout_exercise_id
  ), earlier as (
    select max(app_hidden.weight_kg(p.weight::numeric, p.unit)) as kg,
           max(app_hidden.e1rm(app_hidden.weight_kg(p.weight::numeric, p.unit), p.reps)) as e1rm
      from this, app_public.workout_sets p
      join app_public.workouts pw on pw.id = p.workout_id
      join app_public.workout_exercises pwe on pwe.id = p.workout_exercise_id
     where p.user_id = s.user_id and p.exercise_id = s.exercise_id and p.id <> s.id
       and p.done and p.kind <> 'warmup' and p.weight is not null and p.reps >= 1
       and p.date <= s.date
       and (p.date, pw.start, pwe.position, p.position) < (s.date, this.start, this.exercise_position, s.position)
  )
  select case
    when not s.done or s.kind = 'warmup' or s.weight is null or coalesce(s.reps, 0) < 1 then false
    else (earlier.kg is null or this.kg > earlier.kg + 0.005)
      or (this.e1rm is not null and (earlier.e1rm is null or this.e1rm > earlier.e1rm + 0.005))
  end
  from this, earlier;
$$;
grant execute on function app_hidden.personal_record_per_row_before(app_public.workout_sets) to svc_reader`;

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)].toFixed(3));
}

export async function run() {
  const db = await benchDatabase("records");
  try {
    const { ownerPool } = db;
    const { url, close } = await startApp(db);
    const { token, user } = await signUpLifter(url, "Bench Lifter", "records@bench.test");

    // 1,000 workouts (every other day, one in five in lb), 6 exercises, 3 sets each: a warm-up, then
    // work sets climbing slowly with noise so records come and go; one set in 13 not done.
    const workouts = SETS_PER_EXERCISE / 3;
    await seedWorkouts(ownerPool, user.id, {
      count: workouts,
      dateOfN: "date '2021-01-01' + n * 2",
      exercises: EXERCISES,
    });
    await seedClimbingSets(ownerPool, user.id, 3);
    await ownerPool.query("analyze");
    await ownerPool.query(PER_ROW_BEFORE);
    const {
      rows: [{ sets }],
    } = await ownerPool.query("select count(*)::int as sets from app_public.workout_sets where user_id = $1", [
      user.id,
    ]);

    // SQL level: the visitor role with the session, on one connection.
    const client = await visitorClient(db.authUrl, token);
    const { rows: allIds } = await client.query("select id from app_public.workout_sets order by date, position");
    const ids = allIds.map((r) => r.id as string);
    const sample = ids.filter((_, i) => i % Math.floor(ids.length / SAMPLE) === 0).slice(0, SAMPLE);

    const after = () =>
      client.query("select set_id, personal_record from app_hidden.personal_records($1::uuid[])", [ids]);
    const baseline = () =>
      client.query(`
      select s.id, s.date, w.start, we.position, s.position, s.kind, s.done, s.weight, s.unit, s.reps
        from app_public.workout_sets s join app_public.workouts w on w.id = s.workout_id
        join app_public.workout_exercises we on we.id = s.workout_exercise_id`);
    const beforeSample = () =>
      client.query(
        "select s.id, app_hidden.personal_record_per_row_before(s) as personal_record from app_public.workout_sets s where s.id = any($1::uuid[])",
        [sample],
      );

    // Same answers on the sample, before and after.
    const { rows: oldRows } = await beforeSample();
    const { rows: newRows } = await after();
    const newById = new Map(newRows.map((r) => [r.set_id, r.personal_record]));
    const mismatches = oldRows.filter((r) => newById.get(r.id) !== r.personal_record).length;
    if (mismatches)
      throw new Error(
        `${mismatches} of ${oldRows.length} sampled sets differ between the per-row rule and the one-pass rule`,
      );
    const records = newRows.filter((r) => r.personal_record).length;

    const afterMs: number[] = [],
      baseMs: number[] = [],
      beforeMs: number[] = [];
    for (let i = 0; i < ITERATIONS + 1; i++) {
      const a = await timed(after),
        b = await timed(baseline);
      if (i === 0) continue;
      afterMs.push(a);
      baseMs.push(b);
    }
    for (let i = 0; i < 3; i++) beforeMs.push(await timed(beforeSample));
    await client.query("rollback");
    await client.end();

    // HTTP level: the newest 1,000 sets with and without personalRecord.
    const page = (field: string) =>
      JSON.stringify({ query: `{ allWorkoutSets(first: 1000, orderBy: DATE_DESC) { nodes { id reps ${field} } } }` });
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const ask = async (body: string) => {
      const answer = (await (await fetch(`${url}/api/graphql`, { method: "POST", headers, body })).json()) as any;
      if (answer.errors || answer.data.allWorkoutSets.nodes.length !== 1000)
        throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
    };
    const withRecords = page("personalRecord"),
      without = page("");
    const httpWith: number[] = [],
      httpWithout: number[] = [];
    for (let i = 0; i < ITERATIONS + 1; i++) {
      const a = await timed(() => ask(withRecords)),
        b = await timed(() => ask(without));
      if (i === 0) continue;
      httpWith.push(a);
      httpWithout.push(b);
    }
    await close();

    const beforeEstimate = Number(((median(beforeMs) / sample.length) * sets).toFixed(0));
    report({
      benchmark: `WorkoutSet.personalRecord over ${sets} sets (${EXERCISES.length} exercises) in one pass vs a plain SQL read of the same sets`,
      iterations: ITERATIONS,
      unit: "ms",
      records,
      sql: {
        onePass: median(afterMs),
        baseline: median(baseMs),
        perRowBefore: { sampleSets: sample.length, sampleMs: median(beforeMs), estimatedAllSetsMs: beforeEstimate },
        ratioBeforeToAfter: Number((beforeEstimate / median(afterMs)).toFixed(1)),
      },
      http: {
        newest1000WithPersonalRecord: median(httpWith),
        newest1000Without: median(httpWithout),
        ratio: Number((median(httpWith) / median(httpWithout)).toFixed(3)),
      },
      ratio: Number((median(afterMs) / median(baseMs)).toFixed(3)),
    });
  } finally {
    await db.stop();
  }
}
