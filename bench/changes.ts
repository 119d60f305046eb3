// Changes feed benchmark: a lifter with five years of workouts (1,200 workouts, 5 exercises, 4 sets
// each) pages through `changes(first: 100)` as a sync client does, with each change's current
// document and without it, against the plain workouts list of 100 rows (workoutsByUserId) in the
// same run, over HTTP to the server in its own process.
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

const PLAIN = `{ viewer { workoutsByUserId(orderBy: [DATE_DESC], first: 100) { nodes { id date name unit } } } }`;
const FEED = `query($after: String) { changes(after: $after, first: 100) { changes { id cursor kind op at summary } endCursor } }`;
const FEED_WITH_DOCUMENTS = `query($after: String) { changes(after: $after, first: 100) { changes { id cursor kind op at summary document } endCursor } }`;

export async function run() {
  const db = await benchDatabase("changes");
  try {
    const { url, close } = await startApp(db);
    const { token, user } = await signUpLifter(url, "Feed Lifter", "feed@bench.test");
    await seedWorkouts(db.ownerPool, user.id, {
      count: WORKOUTS,
      dateOfN: "date '2021-01-01' + (n * 3) / 2",
      exercises: EXERCISES,
    });
    await seedClimbingSets(db.ownerPool, user.id, 4);
    await db.ownerPool.query("analyze");
    const { rows } = await db.ownerPool.query("select count(*)::int as n from app_public.changes where user_id = $1", [
      user.id,
    ]);
    if (rows[0].n < 200) throw new Error(`expected the seed to record changes, found ${rows[0].n}`);

    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const ask = async (query: string, variables: Record<string, unknown>, count: (data: any) => number) => {
      const res = await fetch(`${url}/api/graphql`, {
        method: "POST",
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await res.json()) as any;
      if (answer.errors || count(answer.data) !== 100)
        throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
    };
    const page = (data: any) => data?.changes?.changes?.length;
    const cases = {
      plainList: () => ask(PLAIN, {}, (data) => data?.viewer?.workoutsByUserId?.nodes?.length),
      feedPage: () => ask(FEED, { after: null }, page),
      feedPageWithDocuments: () => ask(FEED_WITH_DOCUMENTS, { after: null }, page),
    };
    const times: Record<keyof typeof cases, number[]> = { plainList: [], feedPage: [], feedPageWithDocuments: [] };
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
      benchmark: `Changes feed (changes(first: 100)) vs the plain list of 100 workouts, ${WORKOUTS} workouts over 5 years`,
      iterations: ITERATIONS,
      unit: "ms",
      p50: median,
      ratio: Number((median.feedPage / median.plainList).toFixed(2)),
      ratioWithDocuments: Number((median.feedPageWithDocuments / median.plainList).toFixed(2)),
    });
  } finally {
    await db.stop();
  }
}
