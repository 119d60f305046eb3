// The program tools at /api/mcp with the official MCP SDK client over real HTTP (a connection made
// by the OAuth flow): list_programs lists the built-in programs, start_program starts one as the
// user's routines (plan_next_workout then plans a day), a lift left without a weight is refused by
// name with nothing saved, and a read-only connection starts nothing. preview_program shows the
// weights a start would take from the user's history (and the set each came from) before any start.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useTestServer, signUp, logWorkout } from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";

const s = useTestServer();
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
});

async function connect(sessionToken: string, decision: "allow" | "allow_read" = "allow") {
  const { access_token } = await connectRaw(s.url, sessionToken, decision);
  const client = new Client({ name: "program-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
  clients.push(client);
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result: any = await client.callTool({ name, arguments: args });
  return { isError: result.isError ?? false, value: JSON.parse(result.content[0].text) };
};
const x = (n: number, set: string) => Array.from({ length: n }, () => set);
const GZCLP = [
  { lift: "Back Squat", weight: 100 },
  { lift: "Bench Press", weight: 60 },
  { lift: "Lat Pulldown", weight: 50 },
  { lift: "Overhead Press", weight: 40 },
  { lift: "Deadlift", weight: 120 },
];

test("list_programs and start_program: GZCLP started, its day planned; a lift without a weight refused by name, nothing saved", async () => {
  const client = await connect((await signUp(s.url)).token);
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  expect(byName.list_programs.annotations).toMatchObject({ readOnlyHint: true });
  expect(byName.start_program.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });

  const listed = await call(client, "list_programs");
  expect(listed.isError).toBe(false);
  expect(listed.value.programs.map((t: any) => [t.slug, t.inputKind, t.inputs.length, t.days.length])).toEqual([
    ["gzclp", "weight", 6, 4],
    ["531-bbb", "trainingMax", 4, 4],
    ["531-fsl", "trainingMax", 4, 4],
    ["starting-strength", "weight", 5, 2],
    ["stronglifts-5x5", "weight", 5, 2],
    ["push-pull-legs", "weight", 12, 3],
  ]);

  const refused = await call(client, "start_program", { slug: "gzclp", lifts: GZCLP });
  expect(refused).toEqual({
    isError: true,
    value: {
      error: "Dumbbell Row: no first work weight given (give one, or start from history)",
      code: "MISSING_INPUT",
      lifts: ["Dumbbell Row"],
    },
  });
  expect((await call(client, "list_routines")).value).toEqual({ routines: [] });

  const started = await call(client, "start_program", {
    slug: "gzclp",
    unit: "kg",
    lifts: [...GZCLP, { lift: "dumbbell row", weight: 22.5 }],
  });
  expect(started.isError).toBe(false);
  expect(started.value.routines.map((r: any) => r.name)).toEqual(["GZCLP A1", "GZCLP B1", "GZCLP A2", "GZCLP B2"]);
  const plan = (await call(client, "plan_next_workout", { routine: "GZCLP B1" })).value;
  expect(plan.document.exercises.map((e: any) => [e.exercise, e.sets.map((set: any) => set.set)])).toEqual([
    ["Overhead Press", [...x(4, "40x3"), "40x3+"]],
    ["Deadlift", x(3, "82.5x10")], // 70 % of 120 = 84, rounded down to 82.5
    ["Dumbbell Row", [...x(2, "22.5x15"), "22.5x15+"]],
  ]);
  // Each exercise says why, and marks the AMRAP ones (the last set ends in `+`: T1 and T3).
  expect(plan.exercises.map((e: any) => [e.position, e.exercise, e.amrap])).toEqual([
    [0, "Overhead Press", true],
    [1, "Deadlift", false],
    [2, "Dumbbell Row", true],
  ]);
  for (const e of plan.exercises) expect(e.explanation).toMatch(/\w+ \w+/);
});

test("preview_program: the training maxes from history older than 12 weeks and the sets used, nothing saved", async () => {
  const user = await signUp(s.url);
  const client = await connect(user.token, "allow_read");
  const tools = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t]));
  expect(tools.preview_program.annotations).toMatchObject({ readOnlyHint: true });
  // A squat 200 days ago: 100 kg x5 = 116.67 e1RM, 90 % = 105 kg.
  const date = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
  await logWorkout(s.url, user.token, { date, exercises: [{ exercise: "Back Squat", sets: ["100x5"] }] });
  const shown = await call(client, "preview_program", {
    slug: "531-bbb",
    unit: "kg",
    fromHistory: true,
    lifts: [{ lift: "Dumbbell Row", weight: 25 }],
  });
  expect(shown.isError).toBe(false);
  expect(shown.value.lifts.map((l: any) => [l.lift, l.weight, l.source])).toEqual([
    ["Overhead Press", null, "none"],
    ["Deadlift", null, "none"],
    ["Bench Press", null, "none"],
    ["Back Squat", 105, "history"],
    ["Dumbbell Row", 25, "given"],
    ["Lying Leg Curl", null, "none"],
  ]);
  expect(shown.value.lifts[3]).toMatchObject({ bestSet: "100x5 kg", bestDate: date, bestEstimate: 116.7 });
  expect((await call(client, "list_routines")).value).toEqual({ routines: [] });
});

test("a read-only connection lists the programs but starts none", async () => {
  const client = await connect((await signUp(s.url)).token, "allow_read");
  expect((await call(client, "list_programs")).value.programs).toHaveLength(6);
  const refused = await call(client, "start_program", { slug: "starting-strength", fromHistory: true });
  expect(refused).toEqual({
    isError: true,
    value: {
      error: "This connection is read only: nothing was saved. Reconnect the app with read and write access to save.",
      code: "FORBIDDEN",
    },
  });
  expect((await call(client, "list_routines")).value).toEqual({ routines: [] });
});
