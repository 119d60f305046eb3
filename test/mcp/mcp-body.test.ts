// The body tools at /api/mcp with the official MCP SDK client over real HTTP (a connection made by
// the OAuth flow): log_measurements logs a day (in the user's length unit by default) and a length
// the server refuses comes back naming it with nothing saved; list_measurements lists them with the
// user's unit; get_weekly_muscle_sets counts a week's sets per muscle group; read-only saves nothing.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useTestServer, signUp, logWorkout } from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";
import { localToday } from "@svc/sdk/mcp";

const s = useTestServer();
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
});

async function connect(sessionToken: string, decision: "allow" | "allow_read" = "allow") {
  const { access_token } = await connectRaw(s.url, sessionToken, decision);
  const client = new Client({ name: "body-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
  clients.push(client);
  // Listing the tools gives the client their outputSchemas, which it then checks every answer against.
  await client.listTools();
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result: any = await client.callTool({ name, arguments: args });
  const value = JSON.parse(result.content[0].text);
  // The client checked structuredContent against the tool's outputSchema; it carries the same answer.
  if (!result.isError) expect(result.structuredContent).toEqual(value);
  return { isError: result.isError ?? false, value };
};

test("log_measurements and list_measurements: today by default, the user's unit, a refused length named, nothing saved", async () => {
  const user = await signUp(s.url, "Mcp Tape");
  const client = await connect(user.token);
  const logged = await call(client, "log_measurements", { waist: 84.25, bodyFat: 17.5 });
  expect(logged).toMatchObject({
    isError: false,
    value: { date: localToday(), unit: "cm", waist: 84.25, bodyFat: 17.5 },
  });
  const inches = await call(client, "log_measurements", { date: "2026-01-02", unit: "in", leftThigh: 22 });
  expect(inches.value).toMatchObject({ unit: "in", leftThigh: 22 });
  const refused = await call(client, "log_measurements", { date: "2026-01-03", unit: "in", hips: 250 });
  expect(refused.isError).toBe(true);
  expect(refused.value).toMatchObject({
    code: "INVALID_INPUT",
    error: "hips: must be a length above 0 and at most 200 in with at most 2 decimals",
  });
  const listed = await call(client, "list_measurements");
  expect(listed.value.unit).toBe("cm");
  expect(listed.value.measurements.map((m: any) => m.date)).toEqual([localToday(), "2026-01-02"]);

  const readOnly = await connect(user.token, "allow_read");
  const blocked = await call(readOnly, "log_measurements", { date: "2026-01-04", waist: 80 });
  expect(blocked.isError).toBe(true);
  expect(blocked.value.error).toMatch(/read only: nothing was saved/);
  expect((await call(client, "list_measurements")).value.measurements).toHaveLength(2);
});

test("get_weekly_muscle_sets: this week's sets per muscle group, primary 1 and secondary ½", async () => {
  const user = await signUp(s.url, "Mcp Sets");
  await logWorkout(s.url, user.token, {
    date: localToday(),
    exercises: [{ exercise: "Back Squat", sets: ["100x5", "100x5", "w:60x5"] }],
  });
  const client = await connect(user.token);
  const { value, isError } = await call(client, "get_weekly_muscle_sets", { weeks: 1 });
  expect(isError).toBe(false);
  const of = (group: string) => value.weeks.find((w: any) => w.muscleGroup === group);
  expect(of("quads")).toMatchObject({ sets: 2, primarySets: 2 });
  expect(of("hamstrings")).toMatchObject({ sets: 1, secondarySets: 2 });
  expect(of("chest")).toBeUndefined();
  // Out of the input schema's range: refused by the MCP server, naming the argument.
  const tooMany: any = await client.callTool({ name: "get_weekly_muscle_sets", arguments: { weeks: 27 } });
  expect(tooMany.isError).toBe(true);
  expect(tooMany.content[0].text).toMatch(/weeks/);
});
