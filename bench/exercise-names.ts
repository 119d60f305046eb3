// The exercise resolver: resolveExercises of 100 typed names as people type them (the gym words
// and export names of test/fixtures/exercise-names.json: abbreviations, plurals, brackets, typos,
// ambiguous words) over HTTP, and the SQL function alone as the visitor, against the same call
// with 100 exact catalog names (the tiers every document reference took before: index lookups).
// Also searchExercises with a typo against an exact alias. p50 of each, in the same run.
import { readFileSync } from "node:fs";
import { print } from "graphql";
import { operations } from "@svc/sdk";
import { benchDatabase, startApp, report, type Process, timed, signUpLifter, visitorClient, p50 } from "./support.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const FIXTURE: { name: string }[] = JSON.parse(
  readFileSync(new URL("../test/fixtures/exercise-names.json", import.meta.url), "utf8"),
);

export async function run() {
  const db = await benchDatabase("exercise_names");
  let server: Process | undefined;
  try {
    server = await startApp(db);
    const { url } = server;
    const { token } = await signUpLifter(url, "Name Typer", "names@bench.test");
    const { rows: catalog } = await db.ownerPool.query(
      "select name from app_public.exercises where user_id is null order by name limit 100",
    );
    const exact = catalog.map((r) => r.name as string);
    // 100 typed names, every 4th one of the fixture (the whole range of kinds).
    const typed = FIXTURE.filter((_, i) => i % 4 === 0)
      .slice(0, 100)
      .map((c) => c.name);

    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const post = async (query: string, variables: Record<string, unknown>) => {
      const answer = (await (
        await fetch(`${url}/api/graphql`, { method: "POST", headers, body: JSON.stringify({ query, variables }) })
      ).json()) as any;
      if (answer.errors) throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.data;
    };
    const resolveHttp = (names: string[]) => () => post(print(operations.RESOLVE_EXERCISES), { names });
    const search = (words: string) => () => post(print(operations.SEARCH_EXERCISES), { words, limit: 20 });

    const client = await visitorClient(db.authUrl, token);
    const resolveSql = (names: string[]) => () =>
      client.query("select * from app_public.resolve_exercises($1)", [names]);

    const cases = {
      httpTyped: resolveHttp(typed),
      httpExact: resolveHttp(exact),
      sqlTyped: resolveSql(typed),
      sqlExact: resolveSql(exact),
      searchTypo: search("sqaut"),
      searchExact: search("bench"),
    };
    for (let i = 0; i < 3; i++) for (const fn of Object.values(cases)) await fn();
    const times: Record<keyof typeof cases, number[]> = {
      httpTyped: [],
      httpExact: [],
      sqlTyped: [],
      sqlExact: [],
      searchTypo: [],
      searchExact: [],
    };
    for (let i = 0; i < ITERATIONS; i++) {
      for (const [name, fn] of Object.entries(cases)) times[name as keyof typeof cases].push(await timed(fn));
    }
    await client.query("rollback");
    await client.end();

    report({
      benchmark: "resolveExercises of 100 names as people type them over HTTP vs 100 exact catalog names",
      unit: "ms",
      iterations: ITERATIONS,
      names: 100,
      httpTypedP50: p50(times.httpTyped),
      httpExactP50: p50(times.httpExact),
      sqlTypedP50: p50(times.sqlTyped),
      sqlExactP50: p50(times.sqlExact),
      ratio: Number((p50(times.httpTyped) / p50(times.httpExact)).toFixed(3)),
      sqlRatio: Number((p50(times.sqlTyped) / p50(times.sqlExact)).toFixed(3)),
    });
    report({
      benchmark: "searchExercises of a typo (sqaut) over HTTP vs an exact alias (bench)",
      unit: "ms",
      iterations: ITERATIONS,
      typoP50: p50(times.searchTypo),
      exactP50: p50(times.searchExact),
      ratio: Number((p50(times.searchTypo) / p50(times.searchExact)).toFixed(3)),
    });
  } finally {
    await server?.close();
    await db.stop();
  }
}
