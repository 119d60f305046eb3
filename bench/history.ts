// History page benchmark: a lifter with five years of workouts (1,200 workouts, 5 exercises, 4 sets
// each, 24,000 sets) asks the Workouts page's query (User.workoutHistory: 20 workouts with their
// exercises and sets; the page asks their records in a request of its own) against the plain
// workouts list it replaced (workoutsByUserId: 20 workouts with their totals), in the same run,
// over HTTP to the server in its own process; also a search by exercise and a page deep in the
// history.
import {
  benchDatabase,
  startApp,
  report,
  timed,
  signUpLifter,
  seedWorkouts,
  seedClimbingSets,
  p50,
} from "./support.ts";

const WORKOUTS = 1200;
const EXERCISES = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"];
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);

const TOTALS = `workoutSetsByWorkoutId { aggregates { sum { volumeKg volumeLb workSets } } }`;
const PLAIN = `query($first: Int!, $offset: Int!) { viewer { id workoutsByUserId(orderBy: [DATE_DESC, START_DESC], first: $first, offset: $offset) {
  totalCount nodes { id date name unit routine { id name } ${TOTALS} } } } }`;
const HISTORY = `query($first: Int!, $offset: Int!, $search: String) { viewer { id workoutHistory(search: $search, first: $first, offset: $offset) {
  totalCount nodes { id date name unit minutes routine { id name }
    exercises { id exercise { id name } sets { id text kind done } } ${TOTALS} } } } }`;

export async function run() {
  const db = await benchDatabase("history");
  try {
    const { url, close } = await startApp(db);
    const { token, user } = await signUpLifter(url, "History Lifter", "history@bench.test");
    // Every day and a half for five years.
    await seedWorkouts(db.ownerPool, user.id, {
      count: WORKOUTS,
      dateOfN: "date '2021-01-01' + (n * 3) / 2",
      exercises: EXERCISES,
    });
    await seedClimbingSets(db.ownerPool, user.id, 4);
    await db.ownerPool.query("analyze");

    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const ask = async (query: string, variables: Record<string, unknown>, field: string) => {
      const res = await fetch(`${url}/api/graphql`, {
        method: "POST",
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await res.json()) as any;
      const nodes = answer.data?.viewer?.[field]?.nodes;
      if (answer.errors || !nodes || nodes.length !== 20)
        throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
    };
    const cases = {
      plainList: () => ask(PLAIN, { first: 20, offset: 0 }, "workoutsByUserId"),
      historyPage: () => ask(HISTORY, { first: 20, offset: 0 }, "workoutHistory"),
      historyDeepPage: () => ask(HISTORY, { first: 20, offset: 1000 }, "workoutHistory"),
      historySearch: () => ask(HISTORY, { first: 20, offset: 0, search: "row" }, "workoutHistory"),
    };
    const times: Record<keyof typeof cases, number[]> = {
      plainList: [],
      historyPage: [],
      historyDeepPage: [],
      historySearch: [],
    };
    // Interleaved, the first round dropped (warm-up).
    for (let i = 0; i < ITERATIONS + 1; i++)
      for (const [name, fn] of Object.entries(cases) as [keyof typeof cases, () => Promise<void>][]) {
        const ms = await timed(fn);
        if (i > 0) times[name].push(ms);
      }
    await close();
    const median = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, p50(v)])) as Record<
      keyof typeof cases,
      number
    >;
    report({
      benchmark: `Workouts page (workoutHistory: 20 workouts with their sets) vs the plain list, ${WORKOUTS} workouts over 5 years`,
      iterations: ITERATIONS,
      unit: "ms",
      p50: median,
      ratio: Number((median.historyPage / median.plainList).toFixed(2)),
      ratioDeepPage: Number((median.historyDeepPage / median.plainList).toFixed(2)),
      ratioSearch: Number((median.historySearch / median.plainList).toFixed(2)),
    });
  } finally {
    await db.stop();
  }
}
