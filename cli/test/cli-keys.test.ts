// The real `svc` binary against the real server: API keys (create, list, revoke, login --with-token,
// SVC_API_KEY), a read-only key told it is read only, and a key's rate limit (exit 5).
import { statSync } from "node:fs";
import { gql } from "../../test/support/harness.ts";
import { accountKit, stdoutJson } from "./support.ts";

const { cli, s, home, signedUp } = accountKit();

describe("API keys", () => {
  test("create prints the key once with a warning; list; login --with-token; revoke", async () => {
    const { h } = await signedUp("Keyholder");
    const created = await h.run(["key", "create", "--name", "backup", "--access", "read-only", "--expires", "90d"]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^svc_[0-9A-Za-z]{32,}$/);
    expect(created.stderr).toContain("shown only once");

    const list = await h.run(["key", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+NAME\s+KEY\s+ACCESS\s+CREATED\s+LAST USED\s+EXPIRES/);
    expect(list.stdout).toContain("read only");
    expect(list.stdout).toContain(`${key.slice(0, 8)}...`);
    expect(list.stdout).not.toContain(key);
    const listed = JSON.parse((await h.run(["key", "list", "--json"])).stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: "backup", start: key.slice(0, 8), expired: false });

    const json = await h.run([
      "key",
      "create",
      "--name",
      "ci",
      "--access",
      "read-write",
      "--expires",
      "never",
      "--json",
    ]);
    const payload = JSON.parse(json.stdout);
    expect(payload.key).toMatch(/^svc_/);
    expect(payload.apiKey).toMatchObject({ name: "ci", expiresAt: null });

    // Another home uses the key through `login --with-token`.
    const other = home();
    const login = await other.run(["login", "--with-token"], { input: `${payload.key}\n` });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain("as Keyholder");
    expect(other.credentials().instances[s.url]).toMatchObject({ kind: "api-key", apiKey: payload.key });
    expect(statSync(other.credentialsFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse((await other.run(["whoami", "--json"])).stdout).auth).toBe("api-key");
    // A key may not manage keys: exit 4.
    const keysWithKey = await other.run(["key", "list"]);
    expect(keysWithKey.code).toBe(4);

    const revoke = await h.run(["key", "revoke", payload.apiKey.id, "--yes"]);
    expect(revoke.code).toBe(0);
    expect(JSON.parse((await h.run(["key", "list", "--json"])).stdout)).toHaveLength(1);
    const after = await other.run(["whoami"]);
    expect(after.code).toBe(4);
    expect(after.stderr).toContain("no longer valid");
    const logout = await other.run(["logout"]);
    expect(logout.stdout).toContain("Forgot the API key");
    const revokeAgain = await h.run(["key", "revoke", payload.apiKey.id, "--yes"]);
    expect(revokeAgain.code).toBe(1);
  });

  test("login --with-token with an unknown key: exit 4, nothing saved", async () => {
    const h = home();
    const r = await h.run(["login", "--with-token"], { input: "svc_000000000000000000000000000000000000000000\n" });
    expect(r.code).toBe(4);
    expect(() => statSync(h.credentialsFile)).toThrow();
  });

  test("SVC_API_KEY with a read-only key: reads work, every write is refused with exit 4", async () => {
    const { h } = await signedUp();
    await h.run(["bodyweight", "log", "70", "--date", "2026-02-01"]);
    const key = (
      await h.run(["key", "create", "--name", "ro", "--access", "read-only", "--expires", "30d"])
    ).stdout.trim();
    const reader = home({ SVC_API_KEY: key });
    // whoami says the key is read only, in words and in --json.
    const readerWho = await reader.run(["whoami"]);
    expect(readerWho.code).toBe(0);
    expect(readerWho.stdout).toContain("Signed in with a read-only API key (SVC_API_KEY); ");
    expect(readerWho.stdout).toContain("This key can read but not save");
    expect(JSON.parse((await reader.run(["whoami", "--json"])).stdout)).toMatchObject({
      auth: "api-key",
      readOnly: true,
    });
    const list = await reader.run(["bodyweight", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ date: "2026-02-01", weight: 70 })]);
    for (const args of [
      ["bodyweight", "log", "71", "--date", "2026-02-02"],
      ["settings", "--unit", "lb"],
    ]) {
      const r = await reader.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 4 });
      expect(r.stderr).toMatch(/read only/);
    }
    expect(JSON.parse((await h.run(["bodyweight", "list", "--json"])).stdout)).toHaveLength(1);
    expect(JSON.parse((await h.run(["settings", "--json"])).stdout).unit).toBe("kg");
    // A read-write key may write.
    const rw = (
      await h.run(["key", "create", "--name", "rw", "--access", "read-write", "--expires", "30d"])
    ).stdout.trim();
    const writer = home({ SVC_API_KEY: rw });
    expect((await writer.run(["bodyweight", "log", "71", "--date", "2026-02-02"])).code).toBe(0);
    const writerWho = await writer.run(["whoami"]);
    expect(writerWho.stdout).toContain("Signed in with an API key (SVC_API_KEY); ");
    expect(writerWho.stdout).not.toContain("read-only");
    expect(JSON.parse((await writer.run(["whoami", "--json"])).stdout).readOnly).toBe(false);
    expect(JSON.parse((await h.run(["whoami", "--json"])).stdout).readOnly).toBe(false);
    // SVC_API_KEY wins over saved credentials.
    const who = await h.run(["whoami", "--json"], { env: { SVC_API_KEY: key } });
    expect(JSON.parse(who.stdout).auth).toBe("api-key");
  });

  test("rate limited: exit 5 and when to retry", async () => {
    const { h } = await signedUp();
    const key = (
      await h.run(["key", "create", "--name", "busy", "--access", "read-only", "--expires", "30d"])
    ).stdout.trim();
    // The limit is per calendar minute: start early in a minute so all requests share it.
    const second = new Date().getUTCSeconds();
    if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    for (let i = 0; i < 12; i += 1) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => gql(s.url, "{ viewer { id } }", {}, { key })));
      for (const res of batch) expect(res.status).toBe(200);
    }
    const limited = await home({ SVC_API_KEY: key }).run(["whoami"]);
    expect(limited.code).toBe(5);
    expect(limited.stderr).toMatch(
      /^Error: Rate limited: too many requests with this API key\. Try again in \d+ seconds? \(at .+\)\.\n$/,
    );
  });
});

describe("a read-only key is told it is read only", () => {
  test("every write through it: exit 4, the reason, no sign-in advice; reads work", async () => {
    const { h } = await signedUp("Reader");
    await h.run(["exercise", "create", "Ring Plank", "--kind", "time"]);
    const key = (
      await h.run(["key", "create", "--name", "ro", "--access", "read-only", "--expires", "30d"])
    ).stdout.trim();
    const reader = cli.home({ SVC_API_KEY: key });
    expect(stdoutJson(await reader.run(["exercise", "list", "--json"]))).toHaveLength(1);
    for (const args of [
      ["bodyweight", "log", "70"],
      ["settings", "--unit", "lb"],
      ["exercise", "create", "Other"],
      ["exercise", "rename", "Ring Plank", "Rings Plank"],
      ["exercise", "delete", "Ring Plank", "--yes"],
    ]) {
      const r = await reader.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 4 });
      expect(r.stderr).toContain("This API key is read only");
      expect(r.stderr).not.toContain("svc login");
    }
    // Commands that need a session still say how to get one.
    const keys = await reader.run(["key", "list"]);
    expect(keys.code).toBe(4);
  });
});
