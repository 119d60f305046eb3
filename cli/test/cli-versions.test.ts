// The real `svc` binary against the real server: a shown document carries its version, applying a
// stale copy is refused with exit code 7 naming what differs and saves nothing; `svc history`
// lists the changes with this host's client and `svc undo` takes one back; `svc mcp` (the
// official MCP SDK client over stdio) answers a stale save_workout with the conflict, and its
// list_changes and undo_change review and undo an edit.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, cliServer } from "./support.ts";

const cli = cliServer();
const signedUp = () => cli.signUpHome("Versions", cli.email("versions"), "correct horse battery");
const WORKOUT = { name: "Monday", date: "2026-03-02", exercises: [{ exercise: "Bench Press", sets: ["100x5"] }] };

test("workout show --json | edit | apply: a stale copy exits 7 and saves nothing", async () => {
  const h = await signedUp();
  const created = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(WORKOUT) });
  expect(created.code).toBe(0);
  const id = JSON.parse(created.stdout).workout.id as string;
  const read = JSON.parse((await h.run(["workout", "show", id, "--json"])).stdout);
  expect(read.version).toBe(1);

  const phone = { ...read, name: "Monday (phone)" };
  expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(phone) })).code).toBe(0);
  const laptop = { ...read, exercises: [{ exercise: "Bench Press", sets: ["100x5", "100x5"] }] };
  const stale = await h.run(["workout", "apply", "-"], { input: JSON.stringify(laptop) });
  expect(stale.code).toBe(7);
  expect(stale.stdout).toBe("");
  expect(stale.stderr).toBe(
    `Error: This workout was saved elsewhere since version 1 (it is at version 2 now): nothing was saved. It now differs from yours in: name, exercises[0]. Read it again (\`svc workout show ${id} --json\`), merge your change, and apply it with "version": 2 (or without "version" to replace it anyway).\n`,
  );
  const now = JSON.parse((await h.run(["workout", "show", id, "--json"])).stdout);
  expect(now).toMatchObject({ name: "Monday (phone)", version: 2, exercises: [{ sets: ["100x5"] }] });

  // With the current version the merge is saved.
  const merged = { ...laptop, name: now.name, version: now.version };
  expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(merged) })).code).toBe(0);
});

test("svc history lists the changes from this host; svc undo takes one back", async () => {
  const h = await signedUp();
  const created = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(WORKOUT) });
  const id = JSON.parse(created.stdout).workout.id as string;
  const read = JSON.parse((await h.run(["workout", "show", id, "--json"])).stdout);
  expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify({ ...read, name: "Tuesday" }) })).code).toBe(
    0,
  );

  const listed = await h.run(["history"]);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toMatch(/^\s*ID\s+WHEN\s+FROM\s+WHAT\n/);
  expect(listed.stdout).toMatch(
    /[0-9a-f-]{36}\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+svc CLI on \S+\s+Edited Tuesday on 2026-03-02\n/,
  );
  expect(listed.stdout).toMatch(/Logged Monday on 2026-03-02\n$/);
  const changes = JSON.parse((await h.run(["history", "--json", "--limit", "1"])).stdout);
  expect(changes).toHaveLength(1);
  expect(changes[0]).toMatchObject({ kind: "workout", op: "updated", entityId: id, via: "session" });

  const undone = await h.run(["undo", changes[0].id]);
  expect(undone.code).toBe(0);
  expect(undone.stdout).toMatch(/^Undid "Edited Tuesday on 2026-03-02" \(change [0-9a-f-]{36}\)\.\n$/);
  expect(JSON.parse((await h.run(["workout", "show", id, "--json"])).stdout).name).toBe("Monday");
  const unknown = await h.run(["undo", "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f"]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe("Error: id: no such change of yours.\n");
}, 180_000);

const text = (result: any) => JSON.parse(result.content[0].text);

test("svc mcp: a stale save_workout is refused with the conflict; list_changes and undo_change", async () => {
  const h = await signedUp();
  const client = new Client({ name: "cli-versions-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], env: h.env(), stderr: "pipe" }),
  );
  try {
    const saved = text(await client.callTool({ name: "save_workout", arguments: { document: WORKOUT } }));
    const id = saved.document.id;
    const [read] = text(await client.callTool({ name: "get_workout", arguments: { id } })).workouts;
    expect(read.version).toBe(1);
    expect(
      (await client.callTool({ name: "save_workout", arguments: { document: { ...read, name: "A" } } })).isError,
    ).toBeFalsy();
    const stale = await client.callTool({ name: "save_workout", arguments: { document: { ...read, notes: "B" } } });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatchObject({
      code: "CONFLICT",
      currentVersion: 2,
      differences: ["name", "notes"],
      current: { name: "A" },
    });
    expect(text(stale).error).toMatch(/^It was saved elsewhere since the version you read \(it is at version 2 now/);

    const { changes } = text(await client.callTool({ name: "list_changes", arguments: { limit: 5 } }));
    expect(changes.map((c: { summary: string }) => c.summary)).toEqual([
      "Edited A on 2026-03-02",
      "Logged Monday on 2026-03-02",
    ]);
    expect(changes[0].client).toMatch(/^svc CLI on /);
    const undone = text(await client.callTool({ name: "undo_change", arguments: { id: changes[0].id } }));
    expect(undone.change).toMatchObject({ summary: 'Undid "Edited A on 2026-03-02"', kind: "workout", entityId: id });
    const [after] = text(await client.callTool({ name: "get_workout", arguments: { id } })).workouts;
    expect(after.name).toBe("Monday");
  } finally {
    await client.close();
  }
});
