// MCP benchmarks, each printing one JSON line (the real server in its own process, the load
// generator in another):
// 1. `tools/call get_workout {id}` on /api/mcp with a connected app's token against the same read,
//    `workoutDocument(id)`, on /api/graphql with a session, interleaved (graphql, mcp, mcp,
//    graphql). The MCP path adds the token check, an MCP server per request (stateless) and the
//    JSON-RPC envelope around the same GraphQL. Goal: MCP latency within 1.5x.
// 2. The token check against the session check: MCP `ping` (token check, no tool) against GraphQL
//    `{ __typename }` with a session (its session resolved, nothing else read).
import { fileURLToPath } from "node:url";
import { benchDatabase, startApp, loadProcess, report, signUpLifter, DURATION_S, CONNECTIONS } from "./support.ts";
import { connectRaw } from "../test/support/oauth-flow.ts";

type Run = { reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(url: string, path: string, headers: Record<string, string>, body: unknown): Promise<Run> {
  const result = await loadProcess({
    url: `${url}${path}`,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const mean = (runs: Run[], f: (r: Run) => number) =>
  Number((runs.reduce((a, r) => a + f(r), 0) / runs.length).toFixed(2));
const summarize = (runs: Run[]) => ({
  reqPerSec: Math.round(mean(runs, (r) => r.reqPerSec)),
  p50: mean(runs, (r) => r.p50),
  p99: mean(runs, (r) => r.p99),
  non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  errors: runs.reduce((a, r) => a + r.errors, 0),
});

/** Interleaved a, b, b, a, so drift on a shared machine falls on both alike. */
async function compare(a: () => Promise<Run>, b: () => Promise<Run>) {
  const as: Run[] = [];
  const bs: Run[] = [];
  as.push(await a());
  bs.push(await b());
  bs.push(await b());
  as.push(await a());
  return { a: summarize(as), b: summarize(bs) };
}

const WORKOUT = {
  date: "2026-11-02",
  unit: "kg",
  exercises: ["Squat", "Bench Press", "Barbell Row", "Overhead Press", "Deadlift"].map((exercise) => ({
    exercise,
    sets: ["w:60x5", "100x5@7", "100x5@8", "100x5@9"],
  })),
};

export async function run() {
  const db = await benchDatabase("mcp");
  const app = await startApp(db);
  try {
    const { token } = await signUpLifter(app.url, "Bench", "bench@mcp.test");
    const session = { authorization: `Bearer ${token}` };
    const saved = await fetch(`${app.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...session },
      body: JSON.stringify({
        query: "mutation($d: JSON) { applyWorkoutDocument(input: {document: $d}) { workout { id } } }",
        variables: { d: WORKOUT },
      }),
    });
    const id = ((await saved.json()) as any).data.applyWorkoutDocument.workout.id as string;
    const { access_token } = await connectRaw(app.url, token);
    const mcp = { authorization: `Bearer ${access_token}`, accept: "application/json, text/event-stream" };

    const toolCall = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_workout", arguments: { id } },
    };
    const graphqlRead = { query: "query($id: UUID!) { workoutDocument(id: $id) }", variables: { id } };
    // Both answer the same document.
    const viaMcp = (await (
      await fetch(`${app.url}/api/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", ...mcp },
        body: JSON.stringify(toolCall),
      })
    ).json()) as any;
    const viaGraphql = (await (
      await fetch(`${app.url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...session },
        body: JSON.stringify(graphqlRead),
      })
    ).json()) as any;
    if (!viaGraphql.data?.workoutDocument || !viaMcp.result)
      throw new Error(`unexpected answers: ${JSON.stringify(viaGraphql)} ${JSON.stringify(viaMcp)}`);
    const fromTool = JSON.parse(viaMcp.result.content[0].text).workouts[0];
    if (JSON.stringify(fromTool) !== JSON.stringify(viaGraphql.data.workoutDocument))
      throw new Error("MCP and GraphQL answered different documents");

    const read = await compare(
      () => measure(app.url, "/api/graphql", session, graphqlRead),
      () => measure(app.url, "/api/mcp", mcp, toolCall),
    );
    report({
      benchmark:
        "read a workout document (5 exercises, 20 sets): MCP tools/call get_workout vs GraphQL workoutDocument with a session",
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      runs: "graphql, mcp, mcp, graphql",
      mcp: read.b,
      graphql: read.a,
      ratio: Number((read.b.p50 / read.a.p50).toFixed(3)),
      throughputRatio: Number((read.a.reqPerSec / read.b.reqPerSec).toFixed(3)),
      target: "ratio (MCP p50 / GraphQL p50) <= 1.5",
    });

    const check = await compare(
      () => measure(app.url, "/api/graphql", session, { query: "{ __typename }" }),
      () => measure(app.url, "/api/mcp", mcp, { jsonrpc: "2.0", id: 1, method: "ping" }),
    );
    report({
      benchmark: "credential check: MCP ping with an app's token vs GraphQL { __typename } with a session",
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      runs: "graphql, mcp, mcp, graphql",
      mcp: check.b,
      graphql: check.a,
      ratio: Number((check.b.p50 / check.a.p50).toFixed(3)),
      throughputRatio: Number((check.a.reqPerSec / check.b.reqPerSec).toFixed(3)),
    });
  } finally {
    await app.close();
    await db.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
