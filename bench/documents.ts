// Documents benchmark, for a workout of 12 exercises and 40 sets:
// 1. SDK validation throughput (validateWorkoutDocument, documents per second, in this process);
// 2. server apply latency (p50, p99): applyWorkoutDocument over HTTP/GraphQL and
//    app_public.apply_workout_document in SQL, against the baseline of inserting the same rows
//    (1 workout, 12 exercises, 40 sets) with plain SQL in one transaction, as the same signed-in
//    visitor (same role, RLS and triggers), in the same run. Ratios are against that baseline.
//    The three are timed in turn, in four rounds, so a change in the machine's load (and the tables
//    growing) falls on all of them alike. The GraphQL requests go through a keep-alive node:http
//    client, not fetch: on this machine undici's fetch costs the client 0.3-0.6 ms more per request
//    (`{ __typename }`: 0.82-1.13 ms with fetch, 0.57-0.74 ms with node:http), time spent in the
//    load generator, not the server.
// One JSON line per figure.
import { createHash } from "node:crypto";
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { validateWorkoutDocument } from "../sdk/src/documents/index.ts";
import { benchDatabase, startApp, report } from "./support.ts";
import { ORDINARY_WORKOUT_EXERCISES, ordinaryWorkout } from "../sdk/test/support/documents.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = Math.max(5, Math.floor(ITERATIONS / 10));
const BLOCKS = 4;
const SDK_SECONDS = Number(process.env.BENCH_SECONDS ?? 5) / 2;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const round = (n: number) => Number(n.toFixed(3));
  return {
    p50: round(at(50)),
    p99: round(at(99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    samples: sorted.length,
  };
}

/** POSTs JSON text on the agent's kept-alive connection; the answer's body parsed. */
function postJson(agent: Agent, url: string, headers: Record<string, string>, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Times each of `fns` ITERATIONS times, after a warm-up of each, in BLOCKS rounds that take each in
 * turn: a change in the machine's load (other work on its two cores) falls on all of them alike,
 * and the server has served more than a warm-up's worth of requests for most of its samples.
 */
async function timedTogether<K extends string>(fns: Record<K, () => Promise<void>>) {
  const entries = Object.entries(fns) as [K, () => Promise<void>][];
  for (const [, fn] of entries) for (let i = 0; i < WARMUP; i++) await fn();
  const samples = Object.fromEntries(entries.map(([k]) => [k, [] as number[]])) as Record<K, number[]>;
  for (let block = 0; block < BLOCKS; block++)
    for (const [k, fn] of entries)
      for (let i = 0; i < Math.ceil(ITERATIONS / BLOCKS); i++) {
        const t = performance.now();
        await fn();
        samples[k].push(performance.now() - t);
      }
  return Object.fromEntries(entries.map(([k]) => [k, percentiles(samples[k])])) as Record<
    K,
    ReturnType<typeof percentiles>
  >;
}

export async function run() {
  const doc = ordinaryWorkout();
  const sets = (doc.exercises as { sets: unknown[] }[]).reduce((n, e) => n + e.sets.length, 0);
  if ((doc.exercises as unknown[]).length !== 12 || sets !== 40)
    throw new Error("the bench workout must have 12 exercises and 40 sets");

  // 1. SDK validation throughput.
  const check = validateWorkoutDocument(doc);
  if (!check.valid) throw new Error(`bench workout invalid: ${check.path}: ${check.reason}`);
  for (let i = 0; i < 500; i++) validateWorkoutDocument(doc);
  let validated = 0;
  const start = performance.now();
  while (performance.now() - start < SDK_SECONDS * 1000) {
    for (let i = 0; i < 100; i++) validateWorkoutDocument(doc);
    validated += 100;
  }
  const elapsed = (performance.now() - start) / 1000;
  report({
    benchmark: "documents: SDK validateWorkoutDocument, 12 exercises / 40 sets",
    seconds: Number(elapsed.toFixed(2)),
    documents: validated,
    documentsPerSecond: Math.round(validated / elapsed),
  });

  // 2. Server apply latency against plain SQL inserts.
  const db = await benchDatabase("documents");
  try {
    const { ownerPool, authPool } = db;
    const { url, close } = await startApp(db);
    try {
      const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench", email: "bench@bench.test", password: "bench-password-1" }),
      });
      const { token } = (await signUp.json()) as { token: string };
      const sessionHash = createHash("sha256").update(token).digest("hex");

      const query =
        "mutation($document: JSON!) { applyWorkoutDocument(input: {document: $document}) { workout { id } created } }";
      const body = JSON.stringify({ query, variables: { document: doc } });
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const graphql = async () => {
        const res = await postJson(agent, `${url}/api/graphql`, headers, body);
        if (!res.data?.applyWorkoutDocument?.created) throw new Error(`apply failed: ${JSON.stringify(res)}`);
      };

      const client = await authPool.connect();
      try {
        const asVisitor = async (work: () => Promise<void>) => {
          await client.query("begin");
          await client.query(
            "select set_config('role', 'svc_visitor', true), set_config('svc.session_hash', $1, true)",
            [sessionHash],
          );
          await work();
          await client.query("commit");
        };
        const text = JSON.stringify(doc);
        const sqlFunction = () =>
          asVisitor(async () => {
            await client.query("select workout_id from app_public.apply_workout_document($1::jsonb)", [text]);
          });

        // The same rows, parsed and resolved beforehand: 1 workout, 12 exercises, 40 sets.
        const ids: string[] = [];
        for (const ref of ORDINARY_WORKOUT_EXERCISES) {
          const { rows } = await ownerPool.query(
            "select e.id from app_public.exercises e where e.id = app_hidden.resolve_exercise($1)",
            [ref],
          );
          ids.push(rows[0].id);
        }
        const setRows = (doc.exercises as { sets: unknown[] }[]).flatMap((e, i) =>
          e.sets.map((_, j) => ({
            exercise: i,
            position: j,
            kind: j === 0 ? "warmup" : "work",
            weight: 60 + i * 2.5 + j,
            reps: 6 - j,
            effort: 7 + j,
            done: j !== 3,
          })),
        );
        const plainSqlInserts = () =>
          asVisitor(async () => {
            const {
              rows: [w],
            } = await client.query(
              `insert into app_public.workouts (name, date, start, minutes, bodyweight, unit, effort, notes)
             values ('Bench day', '2024-05-31', '2024-05-31T16:30:00Z', 75, 80.5, 'kg', 'rpe', 'Twelve exercises, forty sets.') returning id`,
            );
            const { rows: exercises } = await client.query(
              `insert into app_public.workout_exercises (workout_id, position, exercise_id, superset, note, pinned)
             select $1, p - 1, e, case when p % 3 = 2 then 'A' end, case when p % 4 = 1 then 'felt good' end, p % 4 = 1
               from unnest($2::uuid[]) with ordinality as x(e, p) returning id, position`,
              [w.id, ids],
            );
            const byPosition = new Map(exercises.map((r) => [r.position, r.id]));
            await client.query(
              `insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, reps, effort, done)
             select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::float8[], $6::int[], $7::float8[], $8::boolean[])`,
              [
                setRows.map((r) => byPosition.get(r.exercise)),
                setRows.map(() => w.id),
                setRows.map((r) => r.position),
                setRows.map((r) => r.kind),
                setRows.map((r) => r.weight),
                setRows.map((r) => r.reps),
                setRows.map((r) => r.effort),
                setRows.map((r) => r.done),
              ],
            );
          });
        const {
          graphql: graphqlTimes,
          sqlFunction: sqlFunctionTimes,
          plainSqlInserts: plainSql,
        } = await timedTogether({
          graphql,
          sqlFunction,
          plainSqlInserts,
        });
        const {
          rows: [sizes],
        } = await ownerPool.query(
          "select (select count(*) from app_public.workouts)::int as workouts, (select count(*) from app_public.workout_sets)::int as sets",
        );
        if (sizes.sets !== sizes.workouts * 40)
          throw new Error(`expected 40 sets per workout: ${JSON.stringify(sizes)}`);

        report({
          benchmark: "documents: apply a workout of 12 exercises / 40 sets, latency in ms",
          iterations: ITERATIONS,
          graphql: graphqlTimes,
          sqlFunction: sqlFunctionTimes,
          plainSqlInserts: plainSql,
          ratioGraphqlP50: Number((graphqlTimes.p50 / plainSql.p50).toFixed(3)),
          ratioGraphqlP99: Number((graphqlTimes.p99 / plainSql.p99).toFixed(3)),
          ratioSqlFunctionP50: Number((sqlFunctionTimes.p50 / plainSql.p50).toFixed(3)),
          ratioSqlFunctionP99: Number((sqlFunctionTimes.p99 / plainSql.p99).toFixed(3)),
        });
      } finally {
        agent.destroy();
        client.release();
      }
    } finally {
      await close();
    }
  } finally {
    await db.stop();
  }
}
