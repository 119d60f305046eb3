// The real `svc` binary against the real server, for the account's own data: settings, bodyweight
// (log, list, delete, --unit), signed-in devices (list, sign-out, --others) and the password.
import { hostname } from "node:os";
import { get, post } from "../../test/support/harness.ts";
import { accountKit, ACCOUNT_PASSWORD, stdoutJson, svcOnTerminal } from "./support.ts";

const { s, signedUp } = accountKit();
const PASSWORD = ACCOUNT_PASSWORD;

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
    expect(JSON.parse(json.stdout)).toEqual({ unit: "lb", effort: "rir", lengthUnit: "in", language: null });
    const one = await h.run(["settings", "--effort", "rpe", "--json"]);
    expect(JSON.parse(one.stdout)).toEqual({ unit: "lb", effort: "rpe", lengthUnit: "in", language: null });
    const cm = await h.run(["settings", "--length-unit", "cm"]);
    expect(cm.stdout).toContain("Saved. Unit: lb. Effort scale: RPE. Length unit: cm.");
    const auto = await h.run(["settings", "--length-unit", "auto", "--json"]);
    expect(JSON.parse(auto.stdout)).toEqual({ unit: "lb", effort: "rpe", lengthUnit: "in", language: null });
    const pt = await h.run(["settings", "--language", "pt-BR"]);
    expect(pt.stdout).toContain(
      "Saved. Unit: lb. Effort scale: RPE. Length unit: in (from the unit). Language: pt-BR.",
    );
    const browser = await h.run(["settings", "--language", "auto", "--json"]);
    expect(JSON.parse(browser.stdout)).toEqual({ unit: "lb", effort: "rpe", lengthUnit: "in", language: null });
    expect((await h.run(["settings"])).stdout).toContain("Language: the browser's.");
    expect((await h.run(["settings", "--language", "pt"])).code).toBe(2);
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
    // One unit, the user's (kg): the lb entry converted (178 lb = 80.74 kg).
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^2026-03-02\s+80\.74 kg$/),
      expect.stringMatching(/^2026-03-01\s+80 kg$/),
    ]);
    expect(list.stdout).not.toContain(" lb");
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

describe("password", () => {
  const signIn = (email: string, password: string) => post(s.url, "/api/auth/sign-in/email", { email, password });

  test("--stdin: changed, the other device signed out, this one kept, --json; the old password no longer signs in", async () => {
    const { h, email } = await signedUp("Pass");
    const phone = (await signIn(email, PASSWORD)).body.token as string;
    const r = await h.run(["password", "--stdin"], { input: `${PASSWORD}\nnew passphrase here\n` });
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toContain("Password changed. Signed out 1 other device.");
    expect((await get(s.url, "/api/auth/get-session", { token: phone })).body).toBeNull();
    expect((await h.run(["whoami"])).code).toBe(0);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    const back = await h.run(["password", "--stdin", "--json"], { input: `new passphrase here\n${PASSWORD}\n` });
    expect(back.code).toBe(0);
    expect(stdoutJson(back)).toEqual({ signedOutSessions: 0 });
  });

  test("a wrong current password changes nothing; one line or a short new one is refused before or by the server", async () => {
    const { h, email } = await signedUp("Wrong");
    const wrong = await h.run(["password", "--stdin"], { input: "not my password\nnew passphrase here\n" });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("currentPassword: wrong password; nothing was changed");
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    const oneLine = await h.run(["password", "--stdin"], { input: `${PASSWORD}\n` });
    expect(oneLine.code).toBe(2);
    expect(oneLine.stderr).toContain("give two lines: the current password, then the new one");
    const short = await h.run(["password", "--stdin"], { input: `${PASSWORD}\n1234567\n` });
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("newPassword: must be at least 8 characters");
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  test("on a terminal it asks, the new one twice, never echoed; with an API key it is refused naming the session", async () => {
    const { h, email } = await signedUp("Typist");
    const steps = (again: string) => [
      { waitFor: "Current password: ", type: `${PASSWORD}\r` },
      { waitFor: "New password (at least 8 characters): ", type: "typed passphrase\r" },
      { waitFor: "New password again: ", type: `${again}\r` },
    ];
    const mismatch = await svcOnTerminal(["password"], h.env(), steps("typed passphrasE"));
    expect(mismatch.code).toBe(2);
    expect(mismatch.stdout).toContain("The new passwords do not match; nothing was changed.");
    const r = await svcOnTerminal(["password"], h.env(), steps("typed passphrase"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Password changed.");
    expect(r.stdout).not.toContain("passphrase");
    expect((await signIn(email, "typed passphrase")).status).toBe(200);

    const created = await h.run([
      "key",
      "create",
      "--name",
      "script",
      "--access",
      "read-write",
      "--expires",
      "30d",
      "--json",
    ]);
    const { key } = stdoutJson(created);
    const withKey = await h.run(["password", "--stdin"], {
      input: "typed passphrase\nanother passphrase\n",
      env: { SVC_API_KEY: key },
    });
    expect(withKey.code).not.toBe(0);
    expect(withKey.stderr).toContain("changePassword needs a signed-in session; API keys cannot use it");
  });
});
