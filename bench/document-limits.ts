// Document limits benchmark: what a workout at the limits costs to save, and what an oversized one
// costs to refuse, over HTTP/GraphQL, against the baseline of saving the documents benchmark's
// ordinary workout (12 exercises, 40 sets) in the same run. Ratios are p50 against that baseline.
// One JSON line per figure.
import { performance } from "node:perf_hooks";
import { DOCUMENT_LIMITS } from "../sdk/src/documents/index.ts";
import { ordinaryWorkout, workoutOfSize as workout } from "../sdk/test/support/documents.ts";
import { benchDatabase, startApp, report, p50, signUpLifter } from "./support.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200) / 4;

export async function run() {
  const db = await benchDatabase("document_limits");
  try {
    const { url, close } = await startApp(db);
    try {
      const { token } = await signUpLifter(url, "Bench", "limits@bench.test");
      const query = "mutation($document: JSON) { applyWorkoutDocument(input: {document: $document}) { created } }";
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };

      /** p50 latency of applying `document`, checking each answer (saved, or refused with `reason`). */
      const measure = async (document: unknown, reason?: string) => {
        const body = JSON.stringify({ query, variables: { document } });
        const samples: number[] = [];
        for (let i = 0; i < ITERATIONS + 3; i++) {
          const t = performance.now();
          const res = (await (await fetch(`${url}/api/graphql`, { method: "POST", headers, body })).json()) as any;
          if (i >= 3) samples.push(performance.now() - t);
          const ok =
            reason === undefined
              ? res.data?.applyWorkoutDocument?.created === true
              : res.errors?.[0]?.extensions?.reason === reason;
          if (!ok) throw new Error(`unexpected answer: ${JSON.stringify(res).slice(0, 300)}`);
        }
        return { p50: p50(samples, 3), kilobytes: Math.round(body.length / 1024) };
      };

      const baseline = await measure(ordinaryWorkout());
      const figure = (name: string, m: { p50: number; kilobytes: number }) =>
        report({
          benchmark: `document limits: ${name}, latency in ms`,
          iterations: ITERATIONS,
          ...m,
          baselineP50: baseline.p50,
          ratioP50: Number((m.p50 / baseline.p50).toFixed(3)),
        });

      const { workoutExercises: maxExercises, setsPerExercise, setsPerWorkout } = DOCUMENT_LIMITS;
      figure(
        `save ${setsPerWorkout / setsPerExercise} exercises of ${setsPerExercise} sets (${setsPerWorkout} in all, the most allowed)`,
        await measure(workout(setsPerWorkout / setsPerExercise, setsPerExercise)),
      );
      figure(
        `save ${maxExercises} exercises of ${setsPerWorkout / maxExercises} sets (the most allowed)`,
        await measure(workout(maxExercises, setsPerWorkout / maxExercises)),
      );
      figure(
        "refuse 30,000 sets in one exercise",
        await measure(workout(1, 30000, "100x5"), "must have at most 500 sets in all"),
      );
      figure(
        "refuse 100 exercises of 1,000 sets (just under the 1 MB body limit)",
        await measure(workout(100, 1000, "100x5"), "must have at most 500 sets in all"),
      );
    } finally {
      await close();
    }
  } finally {
    await db.stop();
  }
}
