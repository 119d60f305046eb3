// The real `svc` binary against the real server: signing up and in (password from stdin and on a
// terminal without echo), credentials on disk per instance, logout, whoami, commands while signed
// out, and a server that is down or is no Training Log server.
import { statSync, writeFileSync, chmodSync, mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { get, post, TEST_ADDRESS_LIMITS } from "../../test/support/harness.ts";
import { AUTH_LIMITS } from "../../server/limits/auth-limits.ts";
import { accountKit, svcOnTerminal, hasStackTrace, closedUrl, ACCOUNT_PASSWORD } from "./support.ts";

const { cli, s, home, email, signedUp } = accountKit();
const PASSWORD = ACCOUNT_PASSWORD;

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
