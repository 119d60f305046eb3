// An assistant's edits reviewed and undone at /api/mcp, with the official MCP SDK client over real
// HTTP and a connection made through the server's OAuth flow: its saves are listed as the
// connected app's, a stale save is refused with the conflict, and undo_change takes an edit back.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useTestServer, gqlData, signUp } from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";

const s = useTestServer();
const text = (result: any) => JSON.parse(result.content[0].text);

async function assistant(sessionToken: string) {
  const { access_token } = await connectRaw(s.url, sessionToken);
  const client = new Client({ name: "assistant", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
  return client;
}

test("the assistant's saves are listed as the connected app's and can be undone", async () => {
  const u = await signUp(s.url, "Assisted");
  const client = await assistant(u.token);
  try {
    const doc = { name: "Legs", date: "2026-03-04", exercises: [{ exercise: "Back Squat", sets: ["140x5"] }] };
    const saved = text(await client.callTool({ name: "save_workout", arguments: { document: doc } }));
    const edited = { ...saved.document, exercises: [{ exercise: "Back Squat", sets: ["150x5"] }] };
    expect((await client.callTool({ name: "save_workout", arguments: { document: edited } })).isError).toBeFalsy();

    // The lifter edits it in the web app meanwhile: the assistant's copy is stale now.
    const current = (
      await gqlData(s.url, `query($id: UUID!) { workoutDocument(id: $id) }`, { id: saved.document.id }, u)
    ).workoutDocument;
    await gqlData(
      s.url,
      `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`,
      { d: { ...current, notes: "felt heavy" } },
      u,
    );
    const stale = await client.callTool({
      name: "save_workout",
      arguments: { document: { ...edited, version: 2, name: "Legs!" } },
    });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatchObject({ code: "CONFLICT", currentVersion: 3, differences: ["name", "notes"] });

    const { changes } = text(await client.callTool({ name: "list_changes", arguments: {} }));
    expect(changes.map((c: { summary: string; client: string }) => [c.summary, c.client])).toEqual([
      ["Edited Legs on 2026-03-04", expect.stringMatching(/^web app \(|^svc /)],
      ["Edited Legs on 2026-03-04", "Raw client (connected app)"],
      ["Logged Legs on 2026-03-04", "Raw client (connected app)"],
    ]);
    const undone = text(await client.callTool({ name: "undo_change", arguments: { id: changes[1].id } }));
    expect(undone.change.summary).toBe('Undid "Edited Legs on 2026-03-04"');
    const back = (await gqlData(s.url, `query($id: UUID!) { workoutDocument(id: $id) }`, { id: saved.document.id }, u))
      .workoutDocument;
    expect(back.exercises).toEqual([{ exercise: "Back Squat", sets: ["140x5"] }]);
    const refused = await client.callTool({
      name: "undo_change",
      arguments: { id: "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f" },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatchObject({ code: "NOT_FOUND", error: "id: no such change of yours" });
  } finally {
    await client.close();
  }
});
