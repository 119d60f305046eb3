// GraphQL cost against time: how long the real server takes (planning and execution, each
// document new so no plan is reused) for operations of growing cost, in several shapes, to choose
// the per-request budget (OPERATION_LIMITS.cost) and a key's budget a minute. One JSON line per
// measurement with ms per 1,000 cost units, and the baseline `{ viewer { id } }` from the same run.
// Also: how fast an over-budget operation (a fragment bomb) is refused.
import { postgraphile } from "postgraphile";
import { parse, type GraphQLSchema, type OperationDefinitionNode } from "postgraphile/graphql";
import { measureOperation, OPERATION_LIMITS } from "../server/graphql/operation-cost.ts";
import { makePreset } from "../server/graphql/preset.ts";
import { benchDatabase, startApp, report, p50, signUpLifter } from "./support.ts";

const WORKOUTS = 600;
const EXERCISES_PER_WORKOUT = 5;
const SETS_PER_EXERCISE = 4;

let schema: GraphQLSchema;
const costOf = (query: string) => {
  const doc = parse(query);
  return measureOperation(schema, doc, doc.definitions[0] as OperationDefinitionNode, {}).cost;
};

let unique = 0;
/** Shapes of growing size; `u` makes each document new (no cached parse or plan). */
const shapes: Record<string, { sizes: number[]; query: (n: number, u: string) => string }> = {
  wideLeaves: {
    sizes: [250, 500, 1000, 1990],
    query: (n, u) => `{ viewer { ${u}: id ${Array.from({ length: n }, (_, i) => `f${i}: name`).join(" ")} } }`,
  },
  manySearches: {
    sizes: [10, 25, 50, 100],
    query: (n, u) =>
      `{ query { ${u}: __typename ${Array.from({ length: n }, (_, i) => `s${i}: searchExercises(words: "press ${i % 7}", limit: 5) { id name }`).join(" ")} } }`,
  },
  manyFuzzySearches: {
    sizes: [10, 25, 50],
    query: (n, u) =>
      `{ query { ${u}: __typename ${Array.from({ length: n }, (_, i) => `s${i}: searchExercises(words: "qzx${i} vlt${u}", limit: 5) { id name }`).join(" ")} } }`,
  },
  nestedRows: {
    sizes: [5, 10, 25, 50],
    query: (n, u) =>
      `{ viewer { ${u}: id workouts(limit: ${n}) { id date name exercises { id note sets { id reps weight } } } } }`,
  },
  flatRows: {
    sizes: [100, 300, 600],
    query: (n, u) => `{ viewer { ${u}: id workouts(limit: ${n}) { id date name minutes notes } } }`,
  },
  personalRecords: {
    sizes: [5, 10, 25, 50],
    query: (n, u) => `{ viewer { ${u}: id workouts(limit: ${n}) { id exercises { id sets { id personalRecord } } } } }`,
  },
};

export async function run() {
  // Measure past the budget too (same module instance as the server's): the budget is what we choose.
  const budget = OPERATION_LIMITS.cost;
  (OPERATION_LIMITS as { cost: number }).cost = Number.MAX_SAFE_INTEGER;
  const db = await benchDatabase("graphqlcost");
  try {
    const { ownerPool, authPool } = db;
    const pgl = postgraphile(makePreset({ pool: authPool, dev: false }));
    schema = await pgl.getSchema(); // the server's own schema, with the field extensions the cost reads
    await pgl.release();
    const { url, close } = await startApp(db);
    try {
      const { token, user } = await signUpLifter(url, "Bench", "cost@bench.test");
      await ownerPool.query(
        `
        insert into app_public.workouts (user_id, date, start, name, unit, effort)
        select $1, date '2020-01-01' + n, date '2020-01-01' + n + time '12:00', 'Workout ' || n, 'kg', 'rpe' from generate_series(1, ${WORKOUTS}) n;
        `.replace("$1", `'${user.id}'`),
      );
      await ownerPool.query(`
        insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
        select w.id, w.user_id, p, (select id from app_public.exercises where user_id is null order by name offset p limit 1)
          from app_public.workouts w, generate_series(0, ${EXERCISES_PER_WORKOUT - 1}) p;
        insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, weight, reps)
        select we.id, we.workout_id, we.user_id, p, 50 + p * 5, 5 from app_public.workout_exercises we, generate_series(0, ${SETS_PER_EXERCISE - 1}) p;
        analyze;`);
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
      const timed = async (query: string) => {
        const started = performance.now();
        const res = await fetch(`${url}/api/graphql`, { method: "POST", headers, body: JSON.stringify({ query }) });
        const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
        return {
          ms: performance.now() - started,
          code: body.errors?.[0]?.extensions?.code,
          message: body.errors?.[0]?.message,
        };
      };
      const sample = async (make: (u: string) => string) => {
        const times: number[] = [];
        let code: string | undefined;
        for (let i = 0; i < 5; i++) {
          const r = await timed(make(`u${unique++}`));
          times.push(r.ms);
          code ??= r.code;
        }
        return { ms: p50(times, 6), code };
      };
      for (let i = 0; i < 5; i++) await timed(`{ viewer { w${i}: id } }`); // warm up
      const baseline = await sample((u) => `{ viewer { ${u}: id } }`);
      report({
        benchmark: "graphql-cost baseline",
        query: "{ viewer { id } }",
        cost: costOf("{ viewer { id } }"),
        ms: +baseline.ms.toFixed(2),
      });
      for (const [shape, { sizes, query }] of Object.entries(shapes)) {
        for (const n of sizes) {
          const cost = costOf(query(n, "u"));
          const r = await sample((u) => query(n, u));
          report({
            benchmark: "graphql-cost",
            shape,
            size: n,
            cost,
            ms: +r.ms.toFixed(1),
            msPerThousandCost: +((r.ms - baseline.ms) / (cost / 1000)).toFixed(2),
            ratioToBaseline: +(r.ms / baseline.ms).toFixed(1),
            refused: r.code ?? null,
          });
        }
      }
      // A fragment bomb (each fragment spreading the next twice) is refused during validation.
      const bomb = (u: string) =>
        `query { ...F0 } ${Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ${u}${i}: __typename ...F${i + 1} ...F${i + 1} }`).join(" ")} fragment F30 on Query { __typename }`;
      const refused = await sample(bomb);
      report({
        benchmark: "graphql-cost fragment bomb refused",
        ms: +refused.ms.toFixed(2),
        code: refused.code,
        ratioToBaseline: +(refused.ms / baseline.ms).toFixed(2),
      });
      // The measure itself on that bomb (parsed once, as grafserv holds it): microseconds, not 2^30 visits.
      const bombDoc = parse(bomb("x"));
      const bombOp = bombDoc.definitions[0] as OperationDefinitionNode;
      const rounds = 2000;
      const started = performance.now();
      for (let i = 0; i < rounds; i++) measureOperation(schema, bombDoc, bombOp, null);
      report({
        benchmark: "graphql-cost measure fragment bomb",
        microseconds: +(((performance.now() - started) * 1000) / rounds).toFixed(1),
      });
      report({ benchmark: "graphql-cost budget", perRequest: budget });
    } finally {
      await close();
    }
  } finally {
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
