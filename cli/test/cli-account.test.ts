// The real `svc` binary against the real server, for the account side: help and usage, signing up
// and in (password from stdin and on a terminal without echo), credentials on disk, logout, whoami,
// settings, bodyweight, API keys (including SVC_API_KEY and a read-only key), devices, listing users
// and bans, names and id prefixes, exit codes and output rules.
import { statSync, writeFileSync, chmodSync, mkdirSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { gql, get, post, TEST_ADDRESS_LIMITS, type TestServer } from "../../test/support/harness.ts";
import { AUTH_LIMITS } from "../../server/auth-limits.ts";
import { cliServer, svcOnTerminal, hasStackTrace, closedUrl, runNode } from "./support.ts";

const cli = cliServer();
const home = cli.home;
let s: TestServer;
beforeAll(() => {
  s = cli.fixture.server;
});

const email = () => cli.email("cli");
const stdoutJson = (r: { stdout: string }) => JSON.parse(r.stdout);
const PASSWORD = "correct horse battery";

/** A home signed in as a new user through `svc signup`. */
async function signedUp(name = "Cli User") {
  const address = email();
  const h = await cli.signUpHome(name, address, PASSWORD);
  const token = h.credentials().instances[s.url].token as string;
  return { h, email: address, token, userId: h.credentials().instances[s.url].user.id as string };
}

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

describe("not signed in", () => {
  test("commands that need an account exit 4 and say how to sign in", async () => {
    const h = home();
    for (const args of [
      ["whoami"],
      ["routine", "list"],
      ["workout", "list"],
      ["bodyweight", "list"],
      ["key", "list"],
      ["device", "list"],
      ["settings"],
    ]) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 4 });
      expect(r.stderr).toContain("svc login");
      expect(r.stdout).toBe("");
    }
    const nowhere = home({ SVC_URL: undefined });
    const r = await nowhere.run(["whoami"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("svc login");
  });

  test("a saved token the server no longer knows: whoami exit 4", async () => {
    const r = await cli.staleHome().run(["whoami"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/no longer valid.*svc login/);
  });

  test("a mutation while signed out: exit 4 from the server's FORBIDDEN", async () => {
    const { h } = await signedUp();
    const token = h.credentials().instances[s.url].token;
    await post(s.url, "/api/auth/sign-out", {}, { token });
    const r = await h.run(["bodyweight", "log", "80"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("svc login");
  });
});

describe("signup, login, credentials file, logout", () => {
  test("signup saves a session in a 0600 file in a 0700 folder, keyed by the instance URL", async () => {
    const { h, email: address } = await signedUp("Ada");
    const file = statSync(h.credentialsFile);
    expect(file.mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(h.credentialsFile)).mode & 0o777).toBe(0o700);
    const saved = h.credentials();
    expect(saved.current).toBe(s.url);
    expect(saved.instances[s.url]).toMatchObject({ kind: "session", user: { name: "Ada", email: address } });
    expect(saved.instances[s.url].token).toMatch(/^[0-9a-f]{64}$|^\S{20,}$/);

    const who = await h.run(["whoami"]);
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(`Ada <${address}> on ${s.url}`);
    const json = await h.run(["whoami", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      url: s.url,
      auth: "session",
      user: { name: "Ada", email: address, unit: "kg", effort: "rpe" },
    });
  });

  test("signup with an email already taken, or a short password: one sentence, no account", async () => {
    const { email: taken } = await signedUp();
    const h = home();
    const dup = await h.run(["signup", "--name", "B", "--email", taken, "--password-stdin"], { input: PASSWORD });
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already exists/);
    const short = await h.run(["signup", "--name", "B", "--email", email(), "--password-stdin"], { input: "1234567" });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 8/);
    const ok = await h.run(["signup", "--name", "B", "--email", email(), "--password-stdin"], { input: "12345678" });
    expect(ok.code).toBe(0);
  });

  test("login --password-stdin; the session shows as `svc CLI on <host>`; logging in again ends the old session", async () => {
    const { email: address } = await signedUp("Bea");
    const h = home();
    const r = await h.run(["login", "--email", address, "--password-stdin"], { input: `${PASSWORD}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Signed in to ${s.url} as Bea <${address}>`);
    const first = h.credentials().instances[s.url].token;
    const session = await get(s.url, "/api/auth/get-session", { token: first });
    expect(session.body.session.client).toBe(`svc CLI on ${hostname()}`);

    const again = await h.run(["login", "--url", `${s.url}/`, "--email", address, "--password-stdin"], {
      input: PASSWORD,
    });
    expect(again.code).toBe(0);
    const second = h.credentials().instances[s.url].token;
    expect(second).not.toBe(first);
    expect((await get(s.url, "/api/auth/get-session", { token: first })).body).toBeNull();
    expect((await get(s.url, "/api/auth/get-session", { token: second })).body.user.email).toBe(address);
  });

  test("wrong password: exit 1, nothing saved; no password source: exit 2", async () => {
    const { email: address } = await signedUp();
    const h = home();
    const wrong = await h.run(["login", "--email", address, "--password-stdin"], { input: "not the password" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Wrong email or password");
    expect(() => statSync(h.credentialsFile)).toThrow();
    const noPassword = await h.run(["login", "--email", address]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain("--password-stdin");
    const noEmail = await h.run(["login", "--password-stdin"], { input: PASSWORD });
    expect(noEmail.code).toBe(2);
    const emptyStdin = await h.run(["login", "--email", address, "--password-stdin"], { input: "" });
    expect(emptyStdin.code).toBe(2);
    const noUrl = await home({ SVC_URL: undefined }).run(["login", "--email", address, "--password-stdin"], {
      input: PASSWORD,
    });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain("--url");
    const badUrl = await h.run(["login", "--url", "ftp://example.com", "--email", address, "--password-stdin"], {
      input: PASSWORD,
    });
    expect(badUrl.code).toBe(2);
  });

  test("too many attempts: exit 5 with the server's reason (this email locked for this address, or this address's limit)", async () => {
    const { email: address } = await signedUp();
    const h = home();
    for (let i = 0; i < AUTH_LIMITS.failuresPerAccountAndAddress; i++) {
      expect(
        (await post(s.url, "/api/auth/sign-in/email", { email: address, password: `wrong-${i}-pass` })).status,
      ).toBe(401);
    }
    const locked = await h.run(["login", "--email", address, "--password-stdin"], { input: PASSWORD });
    expect(locked.code).toBe(5);
    expect(locked.stderr).toMatch(
      /^Error: Too many failed sign-in attempts for this email from your address\. Try again in \d+ seconds? \(at .+\)\.\n$/,
    );
    expect(() => statSync(h.credentialsFile)).toThrow();
    await s.ownerPool.query("delete from app_private.failed_sign_ins where email = $1", [address]);
    // This address at the test server's sign-in limit (seeded): RATE_LIMITED, said as such.
    const limit = TEST_ADDRESS_LIMITS.signInsPerAddressPerMinute;
    await s.ownerPool.query(
      `insert into app_private.address_attempts (action, address)
      select 'sign-in', '127.0.0.1' from generate_series(1, $1)`,
      [limit],
    );
    try {
      const limited = await h.run(["login", "--email", address, "--password-stdin"], { input: PASSWORD });
      expect(limited.code).toBe(5);
      expect(limited.stderr).toMatch(
        new RegExp(
          `^Error: Too many attempts from your address \\(at most ${limit} sign-in attempts a minute\\)\\. Try again in \\d+ seconds? \\(at .+\\)\\.\\n$`,
        ),
      );
    } finally {
      await s.ownerPool.query("delete from app_private.address_attempts where action = 'sign-in'");
    }
    expect((await h.run(["login", "--email", address, "--password-stdin"], { input: PASSWORD })).code).toBe(0);
  });

  test("on a terminal, login asks for email and password and never echoes the password", async () => {
    const { email: address } = await signedUp("Tess");
    const h = home();
    const secret = "correct horse battery";
    const r = await svcOnTerminal(["login"], h.env(), [
      { waitFor: "Email: ", type: `${address}\r` },
      { waitFor: "Password: ", type: `${secret}\r` },
    ]);
    expect(r.stdout).toContain("Signed in to");
    expect(r.stdout).not.toContain("horse");
    expect(r.code).toBe(0);
    expect(h.credentials().instances[s.url].user.email).toBe(address);
  });

  test("on a terminal, signup asks for the server, name, email and the password twice", async () => {
    const h = home({ SVC_URL: undefined });
    const address = email();
    const steps = (again: string) => [
      { waitFor: "Server address: ", type: `${s.url}\r` },
      { waitFor: "Name: ", type: "Terminal Tom\r" },
      { waitFor: "Email: ", type: `${address}\r` },
      { waitFor: "Password (at least 8 characters): ", type: "correct horse battery\r" },
      { waitFor: "Password again: ", type: `${again}\r` },
    ];
    const mismatch = await svcOnTerminal(["signup"], h.env(), steps("correct horse batter"));
    expect(mismatch.code).toBe(2);
    expect(mismatch.stdout).toContain("The passwords do not match.");
    const r = await svcOnTerminal(["signup"], h.env(), steps("correct horse battery"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Created the account Terminal Tom <${address}> on ${s.url} and signed in.`);
    expect(r.stdout).not.toContain("horse");
    // The next login offers the last server as the default.
    const login = await svcOnTerminal(["login"], h.env(), [
      { waitFor: `Server address (${s.url}): `, type: "\r" },
      { waitFor: "Email: ", type: `${address}\r` },
      { waitFor: "Password: ", type: "correct horse battery\r" },
    ]);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Signed in to ${s.url} as Terminal Tom`);
  });

  test("logout ends the session on the server and forgets it; a second logout says so", async () => {
    const { h, token } = await signedUp();
    const r = await h.run(["logout"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Signed out of ${s.url}`);
    expect((await get(s.url, "/api/auth/get-session", { token })).body).toBeNull();
    expect(h.credentials().instances[s.url]).toBeUndefined();
    expect(statSync(h.credentialsFile).mode & 0o777).toBe(0o600);
    const again = await h.run(["logout"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Not signed in");
    expect((await h.run(["whoami"])).code).toBe(4);
  });

  test("credentials are kept per instance; SVC_URL picks the instance", async () => {
    const { h, email: address } = await signedUp("Multi");
    // A second, fake instance saved in the same file.
    const saved = h.credentials();
    const nowhere = await closedUrl();
    saved.instances[nowhere] = {
      kind: "session",
      token: "x".repeat(64),
      user: { id: "1", name: "Other", email: "o@x" },
      savedAt: "",
    };
    writeFileSync(h.credentialsFile, JSON.stringify(saved), { mode: 0o600 });
    const here = await h.run(["whoami"]);
    expect(here.stdout).toContain(address);
    const there = await h.run(["whoami"], { env: { SVC_URL: nowhere } });
    expect(there.code).toBe(1);
    expect(there.stderr).toBe(`Error: Could not reach the Training Log server at ${nowhere} (connection refused).\n`);
    // Without SVC_URL, the last server signed in to is used.
    const noEnv = await h.run(["whoami"], { env: { SVC_URL: undefined } });
    expect(noEnv.stdout).toContain(address);
  });

  test("a credentials file others can read is used, with a warning", async () => {
    const { h } = await signedUp();
    chmodSync(h.credentialsFile, 0o644);
    const r = await h.run(["whoami"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("chmod 600");
  });

  test("a damaged credentials file: one sentence, exit 1", async () => {
    const h = home();
    mkdirSync(path.dirname(h.credentialsFile), { recursive: true });
    writeFileSync(h.credentialsFile, "{not json", { mode: 0o600 });
    const r = await h.run(["whoami"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("damaged");
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});

describe("server down", () => {
  test("one clear sentence, exit 1, no stack trace", async () => {
    const { h } = await signedUp();
    const nowhere = await closedUrl();
    for (const args of [
      ["whoami"],
      ["routine", "list"],
      ["bodyweight", "log", "80"],
      ["exercise", "search", "bench"],
    ]) {
      const r = await h.run(args, { env: { SVC_URL: nowhere, SVC_API_KEY: "svc_whatever" } });
      expect({ args, code: r.code }).toEqual({ args, code: 1 });
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(`Could not reach the Training Log server at ${nowhere} (connection refused)`);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });

  test("logout while the server is down: forgets the session, says it could not end it, exit 1", async () => {
    const h = home();
    const nowhere = await closedUrl();
    mkdirSync(path.dirname(h.credentialsFile), { recursive: true });
    writeFileSync(
      h.credentialsFile,
      JSON.stringify({
        current: nowhere,
        instances: {
          [nowhere]: {
            kind: "session",
            token: "t".repeat(64),
            user: { id: "1", name: "x", email: "x@x" },
            savedAt: "",
          },
        },
      }),
      { mode: 0o600 },
    );
    const r = await h.run(["logout"], { env: { SVC_URL: undefined } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Error: Forgot the saved session for .*, but could not end it on the server: Could not reach/,
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(h.credentials().instances).toEqual({});
  });

  test("an address that is not a Training Log server", async () => {
    const { h } = await signedUp();
    const r = await h.run(["whoami"], { env: { SVC_URL: `${s.url}/nothing-here`, SVC_API_KEY: "svc_x" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/did not answer like a Training Log server/);
  });
});

describe("settings", () => {
  test("show, change, --json; a wrong value is a usage error", async () => {
    const { h } = await signedUp();
    const show = await h.run(["settings"]);
    expect(show).toMatchObject({ code: 0 });
    expect(show.stdout).toContain("Unit: kg. Effort scale: RPE.");
    const change = await h.run(["settings", "--unit", "lb", "--effort", "rir"]);
    expect(change.code).toBe(0);
    expect(change.stdout).toContain("Saved. Unit: lb. Effort scale: RIR.");
    const json = await h.run(["settings", "--json"]);
    expect(JSON.parse(json.stdout)).toEqual({ unit: "lb", effort: "rir" });
    const one = await h.run(["settings", "--effort", "rpe", "--json"]);
    expect(JSON.parse(one.stdout)).toEqual({ unit: "lb", effort: "rpe" });
    const bad = await h.run(["settings", "--effort", "borg"]);
    expect(bad.code).toBe(2);
  });
});

describe("bodyweight", () => {
  test("log in the user's unit or another; the same day replaces; list newest first; --json", async () => {
    const { h } = await signedUp();
    const first = await h.run(["bodyweight", "log", "80.5", "--date", "2026-03-01"]);
    expect(first).toMatchObject({ code: 0, stdout: "Logged 80.5 kg for 2026-03-01.\n" });
    const lb = await h.run(["bodyweight", "log", "178", "--date", "2026-03-02", "--unit", "lb", "--json"]);
    expect(JSON.parse(lb.stdout)).toMatchObject({ date: "2026-03-02", weight: 178, unit: "lb" });
    const replaced = await h.run(["bodyweight", "log", "80", "--date", "2026-03-01"]);
    expect(replaced.code).toBe(0);
    const today = await h.run(["bodyweight", "log", "79"]);
    expect(today.stdout).toMatch(/^Logged 79 kg for \d{4}-\d{2}-\d{2}\.\n$/);

    const list = await h.run(["bodyweight", "list"]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^DATE\s+WEIGHT$/);
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^2026-03-02\s+178 lb$/),
      expect.stringMatching(/^2026-03-01\s+80 kg$/),
    ]);
    const json = await h.run(["bodyweight", "list", "--json", "--limit", "2"]);
    const entries = JSON.parse(json.stdout);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ date: "2026-03-02", weight: 178, unit: "lb" });
  });

  test("bad weight or date: exit 2; a weight the server refuses: exit 2 with its reason", async () => {
    const { h } = await signedUp();
    for (const args of [
      ["bodyweight", "log", "heavy"],
      ["bodyweight", "log", "-5"],
      ["bodyweight", "log", "80", "--date", "2026-02-30"],
      ["bodyweight", "log", "80", "--date", "yesterday"],
      ["bodyweight", "log", "80", "--unit", "st"],
    ]) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
    }
    const edge = await h.run(["bodyweight", "log", "1500", "--date", "2026-01-01"]);
    expect(edge.code).toBe(0);
    const tooHeavy = await h.run(["bodyweight", "log", "1500.01", "--date", "2026-01-02"]);
    expect(tooHeavy.code).toBe(2);
    expect(tooHeavy.stderr).toMatch(/weight/);
    const empty = await h.run(["bodyweight", "list", "--json"], { env: { SVC_URL: s.url } });
    expect(JSON.parse(empty.stdout)).toHaveLength(1);
  });
});

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
    expect((await reader.run(["whoami"])).code).toBe(0);
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

describe("devices", () => {
  test("list marks this device; sign-out another ends it; signing out this one forgets the credentials", async () => {
    const { h, email: address } = await signedUp();
    const other = await post(
      s.url,
      "/api/auth/sign-in/email",
      { email: address, password: PASSWORD },
      {
        headers: {
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
        },
      },
    );
    const list = await h.run(["device", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+DEVICE\s+SIGNED IN\s+LAST ACTIVE/);
    expect(list.stdout).toContain(`svc CLI on ${hostname()} (this one)`);
    expect(list.stdout).toContain("Chrome 120 on Linux");
    const sessions = JSON.parse((await h.run(["device", "list", "--json"])).stdout);
    expect(sessions).toHaveLength(2);
    const browser = sessions.find((x: any) => !x.current);
    const mine = sessions.find((x: any) => x.current);

    const out = await h.run(["device", "sign-out", browser.id, "--yes"]);
    expect(out).toMatchObject({ code: 0, stdout: `Signed out device ${browser.id}.\n` });
    expect((await get(s.url, "/api/auth/get-session", { token: other.body.token })).body).toBeNull();
    const unknown = await h.run(["device", "sign-out", "00000000-0000-4000-8000-000000000000", "--yes"]);
    expect(unknown.code).toBe(1);

    const self = await h.run(["device", "sign-out", mine.id, "--json", "--yes"]);
    expect(JSON.parse(self.stdout)).toEqual({ signedOut: mine.id, current: true });
    expect(h.credentials().instances[s.url]).toBeUndefined();
    expect((await h.run(["whoami"])).code).toBe(4);
  });
});

describe("admin", () => {
  test("ban and unban with reason and expiry; non-admins and API keys are refused with exit 4", async () => {
    // An operator makes an account admin with the documented SQL function.
    const { h: admin, email: adminEmail } = await signedUp("Admin");
    await s.ownerPool.query("select app_public.grant_admin($1)", [adminEmail]);

    const { h: victimHome, userId, token } = await signedUp("Victim");
    const ban = await admin.run(["admin", "ban", userId, "--reason", "spam", "--expires-in", "7d", "--yes"]);
    expect(ban.code).toBe(0);
    expect(ban.stdout).toMatch(/^Banned Victim <.+> until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(reason: spam\)\.\n$/);
    const {
      rows: [banned],
    } = await s.ownerPool.query(
      "select banned, ban_reason, extract(epoch from ban_expires - now()) as left from app_public.users where id = $1",
      [userId],
    );
    expect(banned).toMatchObject({ banned: true, ban_reason: "spam" });
    expect(Number(banned.left)).toBeGreaterThan(7 * 86400 - 60);
    expect(Number(banned.left)).toBeLessThanOrEqual(7 * 86400);
    expect((await get(s.url, "/api/auth/get-session", { token })).body).toBeNull();
    expect((await victimHome.run(["whoami"])).code).toBe(4);

    const json = await admin.run(["admin", "ban", userId, "--json", "--yes"]);
    const permanent = JSON.parse(json.stdout).user;
    expect(permanent).toMatchObject({ id: userId, banned: true });
    expect(permanent.banExpires ?? null).toBeNull();
    const unban = await admin.run(["admin", "unban", userId]);
    expect(unban).toMatchObject({ code: 0, stdout: expect.stringContaining("Lifted the ban on Victim") });
    const unbanJson = await admin.run(["admin", "unban", userId, "--json"]);
    expect(JSON.parse(unbanJson.stdout).user).toMatchObject({ id: userId, banned: false });

    const notAdmin = await victimHome.run(
      [
        "login",
        "--email",
        (await s.ownerPool.query("select email from app_public.users where id = $1", [userId])).rows[0].email,
        "--password-stdin",
      ],
      { input: PASSWORD },
    );
    expect(notAdmin.code).toBe(0);
    const refused = await victimHome.run([
      "admin",
      "ban",
      (await s.ownerPool.query("select id from app_public.users where email = $1", [adminEmail])).rows[0].id,
      "--yes",
    ]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("Only an admin");

    const key = (
      await admin.run(["key", "create", "--name", "admin-key", "--access", "read-write", "--expires", "30d"])
    ).stdout.trim();
    const withKey = await admin.run(["admin", "ban", userId, "--yes"], { env: { SVC_API_KEY: key } });
    expect(withKey.code).toBe(4);

    for (const args of [
      ["admin", "ban", userId, "--expires-in", "soon", "--yes"],
      ["admin", "ban", userId, "--expires-in", "0d", "--yes"],
    ]) {
      expect((await admin.run(args)).code).toBe(2);
    }
    const unknown = await admin.run(["admin", "ban", "00000000-0000-4000-8000-000000000000", "--yes"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user");
    const notAnId = await admin.run(["admin", "unban", "not-a-uuid"]);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toContain("Give the user's email or id");
    const yourself = await admin.run(["admin", "ban", admin.credentials().instances[s.url].user.id, "--yes"]);
    expect(yourself.code).toBe(2);
  });

  test("ban asks on a terminal (anything but y bans nobody); where it cannot ask it needs --yes; unban does not ask", async () => {
    const { h: admin, email: adminEmail } = await signedUp("Asking Admin");
    await s.ownerPool.query("select app_public.grant_admin($1)", [adminEmail]);
    const { userId, token } = await signedUp("Asked About");
    const isBanned = async () =>
      (await s.ownerPool.query("select banned from app_public.users where id = $1", [userId])).rows[0].banned;

    const unasked = await admin.run(["admin", "ban", userId]);
    expect(unasked).toMatchObject({ code: 2, stdout: "" });
    expect(unasked.stderr).toMatch(
      /^Error: Give --yes to ban a user \(standard input is not a terminal, so svc cannot ask\)\.\n/,
    );
    const kept = await svcOnTerminal(["admin", "ban", userId], admin.env(), [{ waitFor: "? (y/N): ", type: "n\r" }]);
    expect(kept.stdout).toContain(`Ban ${userId} and end all their sessions? (y/N): `);
    expect(kept.stdout).toContain("Cancelled: nothing changed.");
    expect(kept.code).toBe(1);
    expect(await isBanned()).toBe(false);
    expect((await get(s.url, "/api/auth/get-session", { token })).body).not.toBeNull();

    const yes = await svcOnTerminal(["admin", "ban", userId], admin.env(), [{ waitFor: "? (y/N): ", type: "y\r" }]);
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain("Banned Asked About");
    expect(await isBanned()).toBe(true);
    expect((await get(s.url, "/api/auth/get-session", { token })).body).toBeNull();

    // Lifting a ban ends nothing: it does not ask, and needs no --yes.
    expect(await admin.run(["admin", "unban", userId])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("Lifted"),
    });
    expect(await isBanned()).toBe(false);
  });
});

describe("admin: user list and ban by email", () => {
  test("user list [words] as a table and --json; ban and unban by email; a banned user is told the reason and the end", async () => {
    const { h: admin, email: adminEmail } = await signedUp("Listed Admin");
    await s.ownerPool.query("select app_public.grant_admin($1)", [adminEmail]);
    const { h: victim, email: victimEmail, userId } = await signedUp("Listed Victim");

    const listed = await admin.run(["admin", "user", "list", "listed victim"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+CREATED\s+BANNED\n/);
    expect(listed.stdout.trim().split("\n")).toHaveLength(2);
    expect(listed.stdout).toContain(victimEmail);
    const asJson = stdoutJson(await admin.run(["admin", "user", "list", victimEmail.toUpperCase(), "--json"]));
    expect(asJson).toEqual([
      {
        id: userId,
        name: "Listed Victim",
        email: victimEmail,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(stdoutJson(await admin.run(["admin", "user", "list", "--json"])).length).toBeGreaterThanOrEqual(2);
    const none = await admin.run(["admin", "user", "list", "nobody-has-this"]);
    expect(none).toMatchObject({ code: 0, stdout: 'No user\'s name or email contains "nobody-has-this".\n' });

    // Expiries that cannot be misread: `m` could be minutes or months.
    const ambiguous = await admin.run(["admin", "ban", victimEmail, "--expires-in", "1m", "--yes"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("could mean minutes or months");
    expect(ambiguous.stderr).toContain("min (minutes), h (hours), d (days), w (weeks), y (years");
    for (const bad of ["90s", "0d", "soon", "1.5d"])
      expect((await admin.run(["admin", "ban", victimEmail, "--expires-in", bad, "--yes"])).code).toBe(2);
    expect(stdoutJson(await admin.run(["admin", "user", "list", victimEmail, "--json"]))[0].banned).toBe(false); // nothing happened

    const ban = await admin.run([
      "admin",
      "ban",
      victimEmail,
      "--reason",
      "spam links",
      "--expires-in",
      "30d",
      "--yes",
    ]);
    expect(ban.code).toBe(0);
    expect(ban.stdout).toMatch(
      /^Banned Listed Victim <.+> until \d{4}-\d\d-\d\d \d\d:\d\d \(reason: spam links\)\.\n$/,
    );
    const banned = stdoutJson(await admin.run(["admin", "user", "list", victimEmail, "--json"]))[0];
    expect(banned).toMatchObject({ banned: true, banReason: "spam links" });
    const left = (new Date(banned.banExpires).getTime() - Date.now()) / 86_400_000;
    expect(left).toBeGreaterThan(29.99);
    expect(left).toBeLessThanOrEqual(30);
    expect((await admin.run(["admin", "user", "list", victimEmail])).stdout).toMatch(
      /until \d{4}-\d\d-\d\d \d\d:\d\d: spam links/,
    );

    // The banned user signs in again: told why and until when, not to sign in again.
    const login = await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD });
    expect(login.code).toBe(4);
    const end = banned.banExpires.slice(0, 10);
    expect(login.stderr).toMatch(
      new RegExp(
        `^Error: This account is banned \\(reason: spam links\\); the ban ends ${end} \\d\\d:\\d\\d\\. Contact the server's admin`,
      ),
    );
    expect(login.stderr).not.toContain("svc login");

    // A ban without end (never), by id; then lifted by email.
    expect((await admin.run(["admin", "ban", userId, "--expires-in", "never", "--yes"])).code).toBe(0);
    const forever = await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD });
    expect(forever.stderr).toContain("This account is banned; the ban has no end date.");
    const unban = await admin.run(["admin", "unban", victimEmail.toUpperCase()]);
    expect(unban).toMatchObject({ code: 0, stdout: `Lifted the ban on Listed Victim <${victimEmail}>.\n` });
    expect((await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD })).code).toBe(0);

    const unknown = await admin.run(["admin", "ban", "nobody@example.com", "--yes"]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: "Error: No user with the email nobody@example.com. See `svc admin user list`.\n",
    });
    const neither = await admin.run(["admin", "unban", "victim"]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("Give the user's email or id");

    // Not an admin: refused with the server's reason and no sign-in advice.
    const refused = await victim.run(["admin", "user", "list"]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("Only an admin");
    expect(refused.stderr).not.toContain("svc login");
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

describe("bodyweight: delete and --unit", () => {
  test("delete by day or id; list --unit converts each entry", async () => {
    const { h } = await signedUp("Weigher");
    await h.run(["bodyweight", "log", "80", "--date", "2026-03-01"]);
    await h.run(["bodyweight", "log", "180", "--unit", "lb", "--date", "2026-03-02"]);
    await h.run(["bodyweight", "log", "81", "--date", "2026-03-03"]);
    expect(
      stdoutJson(await h.run(["bodyweight", "list", "--unit", "lb", "--json"])).map((b: any) => [
        b.date,
        b.weight,
        b.unit,
      ]),
    ).toEqual([
      ["2026-03-03", 178.57, "lb"],
      ["2026-03-02", 180, "lb"],
      ["2026-03-01", 176.37, "lb"],
    ]);
    expect((await h.run(["bodyweight", "list", "--unit", "kg"])).stdout).toMatch(/2026-03-02\s+81\.65 kg/);
    expect((await h.run(["bodyweight", "list", "--unit", "st"])).code).toBe(2);

    const del = await h.run(["bodyweight", "delete", "2026-03-02", "--yes"]);
    expect(del).toMatchObject({ code: 0, stdout: "Deleted the bodyweight of 2026-03-02 (180 lb).\n" });
    const [newest] = stdoutJson(await h.run(["bodyweight", "list", "--json"]));
    expect(stdoutJson(await h.run(["bodyweight", "delete", newest.id, "--json", "--yes"])).deleted).toMatchObject({
      date: "2026-03-03",
      weight: 81,
    });
    expect(stdoutJson(await h.run(["bodyweight", "list", "--json"])).map((b: any) => b.date)).toEqual(["2026-03-01"]);
    const missing = await h.run(["bodyweight", "delete", "2026-03-02", "--yes"]);
    expect(missing).toMatchObject({
      code: 1,
      stderr: "Error: No bodyweight logged for 2026-03-02. See `svc bodyweight list`.\n",
    });
    expect((await h.run(["bodyweight", "delete", "2026-02-30", "--yes"])).code).toBe(2);
  });
});

describe("devices: sign-out --others", () => {
  test("sign-out --others ends every other session and keeps this one", async () => {
    const { h, email } = await signedUp("Traveller");
    const phone = await post(s.url, "/api/auth/sign-in/email", { email, password: PASSWORD });
    const laptop = await post(s.url, "/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(stdoutJson(await h.run(["device", "list", "--json"]))).toHaveLength(3);
    const out = await h.run(["device", "sign-out", "--others", "--yes"]);
    expect(out).toMatchObject({ code: 0, stdout: "Signed out 2 other devices.\n" });
    for (const other of [phone, laptop])
      expect((await get(s.url, "/api/auth/get-session", { token: other.body.token })).body).toBeNull();
    expect(stdoutJson(await h.run(["device", "list", "--json"]))).toEqual([expect.objectContaining({ current: true })]);
    expect(stdoutJson(await h.run(["device", "sign-out", "--others", "--json", "--yes"]))).toEqual({ signedOut: 0 });
    expect((await h.run(["device", "sign-out", "--yes"])).code).toBe(2);
    expect((await h.run(["device", "sign-out", "abc", "--others", "--yes"])).code).toBe(2);
    expect((await h.run(["whoami"])).code).toBe(0);
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
    expect(piped.stdout).not.toContain("\u001B[");
    const tty = await svcOnTerminal(["bodyweight", "list"], h.env(), []);
    expect(tty.stdout).toContain("\u001B[1mDATE");
    const noColor = await svcOnTerminal(["bodyweight", "list"], h.env({ NO_COLOR: "1" }), []);
    expect(noColor.stdout).toContain("DATE");
    expect(noColor.stdout).not.toContain("\u001B[");
  });

  test("--json output is JSON only, errors go to stderr", async () => {
    const { h } = await signedUp();
    const r = await h.run(["whoami", "--json"]);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toBe("");
  });
});
