// `svc mcp` over stdio with the official MCP SDK client (the real binary, its stored sign-in), and
// `svc app list|disconnect` on a connection made through the server's OAuth flow.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { gql } from "../../test/support/harness.ts";
import { connectRaw, toolsListWith } from "../../test/support/oauth-flow.ts";
import { BIN, cliServer } from "./support.ts";

const cli = cliServer();
const PASSWORD = "correct horse battery";

async function signedUp() {
  const h = await cli.signUpHome("Mcp User", cli.email("mcp"), PASSWORD);
  return { h, token: h.credentials().instances[cli.fixture.server.url].token as string };
}

const text = (result: any) => JSON.parse(result.content[0].text);

test("svc mcp: an MCP client lists the tools and calls them with the stored sign-in", async () => {
  const { h, token } = await signedUp();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: h.env(),
    stderr: "pipe",
  });
  const client = new Client({ name: "cli-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["search_exercises", "save_workout", "get_workout", "get_progress_summary"]),
    );
    const saved = await client.callTool({
      name: "save_workout",
      arguments: { document: { date: "2026-11-02", exercises: [{ exercise: "Squat", sets: ["100x5"] }] } },
    });
    expect(saved.isError).toBeFalsy();
    const id = text(saved).document.id;
    const read = text(await client.callTool({ name: "get_workout", arguments: { date: "2026-11-02" } }));
    expect(read.workouts.map((w: { id: string }) => w.id)).toEqual([id]);
    const invalid = await client.callTool({
      name: "save_workout",
      arguments: { document: { date: "2026-11-02", exercises: [{ exercise: "Squat", sets: ["heavy"] }] } },
    });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatchObject({ code: "INVALID_DOCUMENT", path: "exercises[0].sets[0]" });
    // Saved as the signed-in user.
    const seen = await gql(cli.fixture.server.url, `{ viewer { workouts { id } } }`, {}, { token });
    expect(seen.body.data.viewer.workouts).toEqual([{ id }]);
  } finally {
    await client.close();
  }
});

test("svc mcp exits 0 when the assistant closes its standard input, after answering what it was sent", async () => {
  const { h } = await signedUp();
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  };
  const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
  // A tool call still running on the server when standard input closes is answered before the exit.
  const search = {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "search_exercises", arguments: { words: "squat", limit: 1 } },
  };
  const done = await h.run(["mcp"], {
    input: [initialize, initialized, search].map((m) => `${JSON.stringify(m)}\n`).join(""),
  });
  expect(done.stderr).toBe("");
  expect(done.code).toBe(0);
  const answers = done.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(answers).toEqual([
    expect.objectContaining({
      id: 1,
      result: expect.objectContaining({ serverInfo: expect.objectContaining({ name: "training-log" }) }),
    }),
    expect.objectContaining({
      id: 2,
      result: expect.objectContaining({
        content: [expect.objectContaining({ text: expect.stringContaining("Squat") })],
      }),
    }),
  ]);
});

test("svc mcp refuses an API key and a missing sign-in, with a clear message", async () => {
  const { h, token } = await signedUp();
  const created = await gql(
    cli.fixture.server.url,
    `mutation { createApiKey(input: {name: "k", access: READ_WRITE, expiresIn: DAYS_30}) { key } }`,
    {},
    { token },
  );
  const withKey = await h.run(["mcp"], { env: { SVC_API_KEY: created.body.data.createApiKey.key } });
  expect(withKey.code).toBe(4);
  expect(withKey.stderr).toMatch(/API keys do not work for the MCP server/);
  expect(withKey.stdout).toBe("");
  const nobody = await cli.home().run(["mcp"]);
  expect(nobody.code).toBe(4);
  expect(nobody.stderr).toMatch(
    /Not signed in to http:\/\/127\.0\.0\.1:\d+\. Run `svc login` to sign in: svc mcp acts with your sign-in/,
  );
  // The hint never suggests the API key this command refuses.
  expect(nobody.stderr).not.toMatch(/SVC_API_KEY/);
});

test("svc app list and disconnect: the connection ends at once", async () => {
  const { h, token } = await signedUp();
  const url = cli.fixture.server.url;
  const connection = await connectRaw(url, token, "allow_read");
  const listed = await h.run(["app", "list", "--json"]);
  expect(listed.code).toBe(0);
  const apps = JSON.parse(listed.stdout);
  expect(apps).toEqual([
    expect.objectContaining({ clientName: "Raw client", redirectHost: "127.0.0.1:7777", access: "READ_ONLY" }),
  ]);
  const table = await h.run(["app", "list"]);
  expect(table.stdout).toMatch(/Raw client.*127\.0\.0\.1:7777.*read only/);
  const mcp = (accessToken: string) => toolsListWith(`${url}/api/mcp`, accessToken);
  expect((await mcp(connection.access_token)).status).toBe(200);
  // Where svc cannot ask, disconnecting needs --yes: refused before any request without it.
  const unasked = await h.run(["app", "disconnect", apps[0].id]);
  expect(unasked.code).toBe(2);
  expect(unasked.stderr).toBe(
    "Error: Give --yes to disconnect an app (standard input is not a terminal, so svc cannot ask).\n",
  );
  expect((await mcp(connection.access_token)).status).toBe(200);
  const done = await h.run(["app", "disconnect", apps[0].id, "--yes"]);
  expect(done).toMatchObject({ code: 0, stdout: `Disconnected app ${apps[0].id}.\n` });
  expect((await mcp(connection.access_token)).status).toBe(401);
  expect((await h.run(["app", "list"])).stdout).toBe("No connected apps.\n");
  const again = await h.run(["app", "disconnect", apps[0].id, "--yes"]);
  expect(again.code).not.toBe(0);
  expect(again.stderr).toMatch(/No connected app with this id/);
});
