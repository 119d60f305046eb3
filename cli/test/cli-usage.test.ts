// The real `svc` binary against the real server: version, help and usage errors (exit 2, no stack
// trace), the oclif manifest, names and id prefixes (routines, keys, SVC_URL without a scheme) and
// the output rules (colour, --json on stdout only).
import { readFileSync } from "node:fs";
import path from "node:path";
import { post } from "../../test/support/harness.ts";
import { accountKit, svcOnTerminal, hasStackTrace, closedUrl, runNode, stdoutJson } from "./support.ts";

const { s, home, signedUp } = accountKit();

describe("version, help and usage errors", () => {
  test("oclif.manifest.json (what makes start-up fast) matches the command files", async () => {
    const r = await runNode([path.join(import.meta.dirname, "../scripts/manifest.ts"), "--check"]);
    expect(r).toEqual({ code: 0, out: "cli/oclif.manifest.json is up to date\n" });
  });

  test("--version", async () => {
    const r = await home().run(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^svc\/0\.1\.0 /);
  });

  test("a node without type stripping on PATH: svc re-runs itself with the Node the repository pins", async () => {
    const r = await runNode(
      ["--no-experimental-strip-types", path.join(import.meta.dirname, "../bin/run.js"), "--version"],
      home().env(),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^svc\/0\.1\.0 .* node-v2[4-9]\./);
  });

  test("every topic's --help shows examples", async () => {
    const h = home();
    for (const topic of [
      "routine",
      "workout",
      "bodyweight",
      "exercise",
      "key",
      "device",
      "app",
      "admin",
      "admin user",
    ]) {
      const r = await h.run([...topic.split(" "), "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("EXAMPLES");
      expect(r.stdout).toContain(`$ svc ${topic} `);
    }
    const root = await h.run(["--help"]);
    expect(root.stdout).toMatch(/TOPICS[\s\S]*routine[\s\S]*COMMANDS[\s\S]*login/);
    const command = await h.run(["key", "create", "--help"]);
    expect(command.stdout).toMatch(/EXAMPLES[\s\S]*\$ svc key create --name/);
  });

  test("no word is both a command and a topic, every topic is one singular noun, and every command has one name", () => {
    const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "../oclif.manifest.json"), "utf8"));
    const ids = Object.keys(manifest.commands);
    // Every prefix of an id with more than one word is a topic ("admin", "admin:user").
    const topics = [
      ...new Set(
        ids.flatMap((id) =>
          id
            .split(":")
            .slice(0, -1)
            .map((_, i, words) => words.slice(0, i + 1).join(":")),
        ),
      ),
    ].sort();
    expect(topics).toEqual([
      "admin",
      "admin:user",
      "app",
      "bodyweight",
      "device",
      "exercise",
      "key",
      "measurement",
      "program",
      "routine",
      "workout",
    ]);
    expect(ids.filter((id) => topics.includes(id))).toEqual([]);
    expect(topics.filter((topic) => /s$/.test(topic))).toEqual([]);
    const aliased = ids.filter(
      (id) => manifest.commands[id].aliases.length || manifest.commands[id].hiddenAliases.length,
    );
    // One second name only: the contract's `svc exercises <words>` for the search.
    expect(aliased.map((id) => [id, manifest.commands[id].aliases])).toEqual([["exercise:search", ["exercises"]]]);
  });

  test("the plural names of a CLI that never shipped are not commands: keys, devices, apps, admin users", async () => {
    const h = home();
    // (`svc exercises <words>` is the contract's search: see cli-progression.test.ts.)
    for (const words of [
      ["keys", "list"],
      ["devices", "list"],
      ["apps", "list"],
      ["admin", "users"],
    ]) {
      const r = await h.run(words);
      expect({ words, code: r.code }).toEqual({ words, code: 2 });
      expect(r.stderr).toContain(`command ${words.join(":")} not found`);
    }
  });

  test("every command that deletes, revokes or signs out needs --yes where it cannot ask: exit 2 before any request", async () => {
    const h = home({ SVC_URL: await closedUrl(), SVC_API_KEY: `svc_${"a".repeat(40)}` });
    for (const args of [
      ["routine", "delete", "Push"],
      ["workout", "delete", "3f2a9c1e"],
      ["bodyweight", "delete", "2026-03-01"],
      ["exercise", "delete", "Zercher"],
      ["key", "revoke", "ci"],
      ["device", "sign-out", "--others"],
      ["device", "sign-out", "9a8b7c6d"],
      ["app", "disconnect", "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"],
    ]) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^Error: Give --yes to .+ \(standard input is not a terminal, so svc cannot ask\)\.\n$/);
    }
  });

  test("unknown command, unknown flag, missing argument, bad option: exit 2, no stack trace", async () => {
    const h = home();
    for (const args of [
      ["nope"],
      ["whoami", "--nope"],
      ["routine", "show"],
      ["settings", "--unit", "stone"],
      ["workout", "list", "--limit", "0"],
      ["workout", "list", "--limit", "1001"],
    ]) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stdout).toBe("");
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });
});

describe("names and id prefixes", () => {
  test("routines by id prefix; keys revoked by name or id prefix; ambiguous and unknown prefixes", async () => {
    const { h } = await signedUp("Planner");
    const token = h.credentials().instances[s.url].token;
    const apply = async (name: string) =>
      (
        await post(
          s.url,
          "/api/graphql",
          {
            query: "mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }",
            variables: { d: { name, exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }] } },
          },
          { token },
        )
      ).body.data.applyRoutineDocument.routine.id as string;
    const push = await apply("Push");
    await apply("Pull");
    const shown = await h.run(["routine", "show", push.slice(0, 8), "--json"]);
    expect(stdoutJson(shown)).toMatchObject({ id: push, name: "Push" });
    expect((await h.run(["routine", "next", push.slice(0, 5), "--date", "2026-03-02", "--json"])).code).toBe(0);
    expect((await h.run(["routine", "show", "pull"])).code).toBe(0);
    const unknownPrefix = await h.run(["routine", "show", "ffffffff"]);
    expect(push.startsWith("ffffffff") ? 1 : unknownPrefix.code).toBe(1);
    expect((await h.run(["routine", "show", "abc"])).stderr).toBe(
      'Error: No routine named or with id "abc". See `svc routine list`.\n',
    );
    const del = await h.run(["routine", "delete", push.slice(0, 8), "--yes"]);
    expect(del).toMatchObject({ code: 0, stdout: `Deleted routine Push (${push}).\n` });

    const one = stdoutJson(
      await h.run(["key", "create", "--name", "backup", "--access", "read-only", "--expires", "90d", "--json"]),
    );
    const two = stdoutJson(
      await h.run(["key", "create", "--name", "ci", "--access", "read-write", "--expires", "1y", "--json"]),
    );
    const byName = await h.run(["key", "revoke", "BACKUP", "--yes"]);
    expect(byName).toMatchObject({
      code: 0,
      stdout: `Revoked key backup (${one.apiKey.id}); requests with it are now answered as signed out.\n`,
    });
    expect(
      (await post(s.url, "/api/graphql", { query: "{ viewer { id } }" }, { key: one.key })).body.data.viewer,
    ).toBeNull();
    const byPrefix = await h.run(["key", "revoke", two.apiKey.id.slice(0, 6), "--json", "--yes"]);
    expect(stdoutJson(byPrefix)).toEqual({ revoked: two.apiKey.id, name: "ci" });
    expect(stdoutJson(await h.run(["key", "list", "--json"]))).toEqual([]);
    expect((await h.run(["key", "revoke", "ci", "--yes"])).code).toBe(1);
    expect((await h.run(["key", "revoke", "abc", "--yes"])).code).toBe(1); // too short to be a prefix, and no such name
    // Two keys of one name: neither is guessed.
    for (let i = 0; i < 2; i += 1)
      await h.run(["key", "create", "--name", "twin", "--access", "read-only", "--expires", "30d"]);
    const twins = await h.run(["key", "revoke", "twin", "--yes"]);
    expect(twins.code).toBe(2);
    expect(twins.stderr).toMatch(
      /^Error: 2 keys are named "twin": twin \([0-9a-f-]{8}\), twin \([0-9a-f-]{8}\)\. Give the id instead\.\n$/,
    );
    expect(stdoutJson(await h.run(["key", "list", "--json"]))).toHaveLength(2);

    // Expiry values are a closed list: `1m` is refused and the accepted ones are named.
    const expiry = await h.run(["key", "create", "--name", "x", "--access", "read-only", "--expires", "1m"]);
    expect(expiry.code).toBe(2);
    expect(expiry.stderr).toContain("30d, 90d, 1y, never");
  });

  test("SVC_URL without a scheme: this machine's address means http://", async () => {
    const { h } = await signedUp("No Scheme");
    const bare = s.url.replace(/^http:\/\//, "");
    const who = await h.run(["whoami", "--json"], { env: { SVC_URL: bare } });
    expect(who.code).toBe(0);
    expect(stdoutJson(who).url).toBe(s.url);
    // Saved credentials belong to the address they were saved for; localhost is http:// too.
    const lh = await h.run(["whoami"], { env: { SVC_URL: bare.replace("127.0.0.1", "localhost") } });
    expect(lh.code).toBe(4);
    expect(lh.stderr).toContain(`Not signed in to ${s.url.replace("127.0.0.1", "localhost")}.`);
    const ftp = await h.run(["whoami"], { env: { SVC_URL: "ftp://example.com" } });
    expect(ftp).toMatchObject({ code: 2, stderr: "Error: SVC_URL must start with http:// or https://\n" });
  });
});

describe("output rules", () => {
  test("no colour when stdout is not a terminal; colour on a terminal unless NO_COLOR is set", async () => {
    const { h } = await signedUp();
    await h.run(["bodyweight", "log", "80", "--date", "2026-05-01"]);
    const piped = await h.run(["bodyweight", "list"]);
    // No colour (SGR) sequence; a spinner on a slow answer may still clear its line on a terminal.
    const COLOUR = new RegExp(String.raw`\u001B\[[\d;]*m`);
    expect(piped.stdout).not.toMatch(COLOUR);
    const tty = await svcOnTerminal(["bodyweight", "list"], h.env(), []);
    expect(tty.stdout).toContain("\u001B[1mDATE");
    const noColor = await svcOnTerminal(["bodyweight", "list"], h.env({ NO_COLOR: "1" }), []);
    expect(noColor.stdout).toContain("DATE");
    expect(noColor.stdout).not.toMatch(COLOUR);
  });

  test("--json output is JSON only, errors go to stderr", async () => {
    const { h } = await signedUp();
    const r = await h.run(["whoami", "--json"]);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toBe("");
  });
});
