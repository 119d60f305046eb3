// The real `svc` binary against a real server for what the API can do and the CLI now can too:
// admin user lookup and ban/unban by email, the messages a banned user and a read-only key get,
// custom exercises, bodyweight delete and --unit, signing out every other device, routines and
// keys by name or id prefix, expiries that cannot be misread and SVC_URL without a scheme.
import { cliServer } from "./support.ts";
import { post, get } from "../../test/support/harness.ts";

const cli = cliServer();
const s = () => cli.fixture.server;
const PASSWORD = "correct horse battery";

async function signedUp(name = "Parity User") {
  const email = cli.email(name.toLowerCase().replaceAll(" ", "-"));
  const h = await cli.signUpHome(name, email, PASSWORD);
  return { h, email, userId: h.credentials().instances[s().url].user.id as string };
}

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe("admin", () => {
  test("users [words] as a table and --json; ban and unban by email; a banned user is told the reason and the end", async () => {
    const { h: admin, email: adminEmail } = await signedUp("Parity Admin");
    await s().ownerPool.query("select app_public.grant_admin($1)", [adminEmail]);
    const { h: victim, email: victimEmail, userId } = await signedUp("Parity Victim");

    const listed = await admin.run(["admin", "users", "parity victim"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+CREATED\s+BANNED\n/);
    expect(listed.stdout.trim().split("\n")).toHaveLength(2);
    expect(listed.stdout).toContain(victimEmail);
    const asJson = json(await admin.run(["admin", "users", victimEmail.toUpperCase(), "--json"]));
    expect(asJson).toEqual([{ id: userId, name: "Parity Victim", email: victimEmail, role: "user", banned: false, banReason: null, banExpires: null, createdAt: expect.any(String) }]);
    expect(json(await admin.run(["admin", "users", "--json"])).length).toBeGreaterThanOrEqual(2);
    const none = await admin.run(["admin", "users", "nobody-has-this"]);
    expect(none).toMatchObject({ code: 0, stdout: 'No user\'s name or email contains "nobody-has-this".\n' });

    // Expiries that cannot be misread: `m` could be minutes or months.
    const ambiguous = await admin.run(["admin", "ban", victimEmail, "--expires-in", "1m"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('could mean minutes or months');
    expect(ambiguous.stderr).toContain("min (minutes), h (hours), d (days), w (weeks), y (years");
    for (const bad of ["90s", "0d", "soon", "1.5d"]) expect((await admin.run(["admin", "ban", victimEmail, "--expires-in", bad])).code).toBe(2);
    expect(json(await admin.run(["admin", "users", victimEmail, "--json"]))[0].banned).toBe(false); // nothing happened

    const ban = await admin.run(["admin", "ban", victimEmail, "--reason", "spam links", "--expires-in", "30d"]);
    expect(ban.code).toBe(0);
    expect(ban.stdout).toMatch(/^Banned Parity Victim <.+> until \d{4}-\d\d-\d\d \d\d:\d\d \(reason: spam links\)\.\n$/);
    const banned = json(await admin.run(["admin", "users", victimEmail, "--json"]))[0];
    expect(banned).toMatchObject({ banned: true, banReason: "spam links" });
    const left = (new Date(banned.banExpires).getTime() - Date.now()) / 86_400_000;
    expect(left).toBeGreaterThan(29.99);
    expect(left).toBeLessThanOrEqual(30);
    expect((await admin.run(["admin", "users", victimEmail])).stdout).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d: spam links/);

    // The banned user signs in again: told why and until when, not to sign in again.
    const login = await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD });
    expect(login.code).toBe(4);
    const end = banned.banExpires.slice(0, 10);
    expect(login.stderr).toMatch(new RegExp(`^Error: This account is banned \\(reason: spam links\\); the ban ends ${end} \\d\\d:\\d\\d\\. Contact the server's admin`));
    expect(login.stderr).not.toContain("svc login");

    // A ban without end (never), by id; then lifted by email.
    expect((await admin.run(["admin", "ban", userId, "--expires-in", "never"])).code).toBe(0);
    const forever = await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD });
    expect(forever.stderr).toContain("This account is banned; the ban has no end date.");
    const unban = await admin.run(["admin", "unban", victimEmail.toUpperCase()]);
    expect(unban).toMatchObject({ code: 0, stdout: `Lifted the ban on Parity Victim <${victimEmail}>.\n` });
    expect((await victim.run(["login", "--email", victimEmail, "--password-stdin"], { input: PASSWORD })).code).toBe(0);

    const unknown = await admin.run(["admin", "ban", "nobody@example.com"]);
    expect(unknown).toMatchObject({ code: 1, stderr: "Error: No user with the email nobody@example.com. See `svc admin users`.\n" });
    const neither = await admin.run(["admin", "unban", "victim"]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("Give the user's email or id");

    // Not an admin: refused with the server's reason and no sign-in advice.
    const refused = await victim.run(["admin", "users"]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("Only an admin");
    expect(refused.stderr).not.toContain("svc login");
  });
});

describe("a read-only key is told it is read only", () => {
  test("every write through it: exit 4, the reason, no sign-in advice; reads work", async () => {
    const { h } = await signedUp("Reader");
    await h.run(["exercise", "create", "Ring Plank", "--kind", "time"]);
    const key = (await h.run(["key", "create", "--name", "ro", "--access", "read-only", "--expires", "30d"])).stdout.trim();
    const reader = cli.home({ SVC_API_KEY: key });
    expect(json(await reader.run(["exercise", "list", "--json"]))).toHaveLength(1);
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

describe("custom exercises", () => {
  test("create, list, rename, delete; by name or id prefix; conflicts and use in a workout", async () => {
    const { h } = await signedUp("Lifter");
    expect((await h.run(["exercise", "list"])).stdout).toContain("No custom exercises yet");
    const created = await h.run(["exercise", "create", "Zercher Lunge", "--equipment", "barbell", "--region", "lower", "--muscle", "quads", "--muscle", "glutes"]);
    expect(created.code).toBe(0);
    const id = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1];
    expect(created.stdout).toBe(`Added Zercher Lunge (${id}): barbell, lower, reps.\n`);
    const listed = await h.run(["exercise", "list"]);
    expect(listed.stdout).toMatch(new RegExp(`^ID\\s+NAME\\s+EQUIPMENT\\s+REGION\\s+KIND\\s+ADDED\\n${id.slice(0, 8)}\\s+Zercher Lunge\\s+barbell\\s+lower\\s+reps\\s+\\d{4}`));
    expect(json(await h.run(["exercise", "list", "--json"]))).toEqual([expect.objectContaining({ id, name: "Zercher Lunge", custom: true, muscles: ["quads", "glutes"] })]);
    const all = json(await h.run(["exercise", "list", "--all", "--json"]));
    expect(all.length).toBeGreaterThan(398);
    // `svc exercise search <words>` finds the custom one.
    const search = await h.run(["exercise", "search", "zercher"]);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain("Zercher Lunge");

    const dup = await h.run(["exercise", "create", "zercher-lunge"]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already/i);
    expect((await h.run(["exercise", "create", "x", "--equipment", "spoon"])).code).toBe(2);

    const renamed = await h.run(["exercise", "rename", "zercher lunge", "Zercher Box Squat"]);
    expect(renamed).toMatchObject({ code: 0, stdout: `Renamed Zercher Lunge to Zercher Box Squat (${id}).\n` });
    const byPrefix = await h.run(["exercise", "rename", id.slice(0, 6), "Zercher Box Squat", "--region", "full body", "--json"]);
    expect(json(byPrefix)).toMatchObject({ id, name: "Zercher Box Squat", region: "full body" });

    // Used by a workout: deleting is refused, nothing lost.
    const workout = await post(s().url, "/api/graphql", {
      query: "mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }",
      variables: { d: { date: "2026-03-01", exercises: [{ exercise: "Zercher Box Squat", sets: ["80x5"] }] } },
    }, { token: h.credentials().instances[s().url].token });
    const workoutId = workout.body.data.applyWorkoutDocument.workout.id;
    const inUse = await h.run(["exercise", "delete", "Zercher Box Squat", "--yes"]);
    expect(inUse.code).toBe(1);
    expect(json(await h.run(["exercise", "list", "--json"]))).toHaveLength(1);
    expect((await h.run(["workout", "delete", workoutId.slice(0, 8), "--yes"])).code).toBe(0);
    const deleted = await h.run(["exercise", "delete", id.slice(0, 8), "--json", "--yes"]);
    expect(json(deleted).deleted).toMatchObject({ id, name: "Zercher Box Squat" });
    expect(json(await h.run(["exercise", "list", "--json"]))).toEqual([]);
    const gone = await h.run(["exercise", "delete", "Zercher Box Squat", "--yes"]);
    expect(gone).toMatchObject({ code: 1, stderr: 'Error: No custom exercise named or with id "Zercher Box Squat". See `svc exercise list`.\n' });
    // A catalog exercise is not one of yours.
    expect((await h.run(["exercise", "delete", "Bench Press", "--yes"])).code).toBe(1);
  });
});

describe("bodyweight", () => {
  test("delete by day or id; list --unit converts each entry", async () => {
    const { h } = await signedUp("Weigher");
    await h.run(["bodyweight", "log", "80", "--date", "2026-03-01"]);
    await h.run(["bodyweight", "log", "180", "--unit", "lb", "--date", "2026-03-02"]);
    await h.run(["bodyweight", "log", "81", "--date", "2026-03-03"]);
    expect(json(await h.run(["bodyweight", "list", "--unit", "lb", "--json"])).map((b: any) => [b.date, b.weight, b.unit])).toEqual([
      ["2026-03-03", 178.57, "lb"], ["2026-03-02", 180, "lb"], ["2026-03-01", 176.37, "lb"],
    ]);
    expect((await h.run(["bodyweight", "list", "--unit", "kg"])).stdout).toMatch(/2026-03-02\s+81\.65 kg/);
    expect((await h.run(["bodyweight", "list", "--unit", "st"])).code).toBe(2);

    const del = await h.run(["bodyweight", "delete", "2026-03-02", "--yes"]);
    expect(del).toMatchObject({ code: 0, stdout: "Deleted the bodyweight of 2026-03-02 (180 lb).\n" });
    const [newest] = json(await h.run(["bodyweight", "list", "--json"]));
    expect(json(await h.run(["bodyweight", "delete", newest.id, "--json", "--yes"])).deleted).toMatchObject({ date: "2026-03-03", weight: 81 });
    expect(json(await h.run(["bodyweight", "list", "--json"])).map((b: any) => b.date)).toEqual(["2026-03-01"]);
    const missing = await h.run(["bodyweight", "delete", "2026-03-02", "--yes"]);
    expect(missing).toMatchObject({ code: 1, stderr: "Error: No bodyweight logged for 2026-03-02. See `svc bodyweight list`.\n" });
    expect((await h.run(["bodyweight", "delete", "2026-02-30", "--yes"])).code).toBe(2);
  });
});

describe("devices", () => {
  test("sign-out --others ends every other session and keeps this one", async () => {
    const { h, email } = await signedUp("Traveller");
    const phone = await post(s().url, "/api/auth/sign-in/email", { email, password: PASSWORD });
    const laptop = await post(s().url, "/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(json(await h.run(["device", "list", "--json"]))).toHaveLength(3);
    const out = await h.run(["device", "sign-out", "--others", "--yes"]);
    expect(out).toMatchObject({ code: 0, stdout: "Signed out 2 other devices.\n" });
    for (const other of [phone, laptop]) expect((await get(s().url, "/api/auth/get-session", { token: other.body.token })).body).toBeNull();
    expect(json(await h.run(["device", "list", "--json"]))).toEqual([expect.objectContaining({ current: true })]);
    expect(json(await h.run(["device", "sign-out", "--others", "--json", "--yes"]))).toEqual({ signedOut: 0 });
    expect((await h.run(["device", "sign-out", "--yes"])).code).toBe(2);
    expect((await h.run(["device", "sign-out", "abc", "--others", "--yes"])).code).toBe(2);
    expect((await h.run(["whoami"])).code).toBe(0);
  });
});

describe("names and id prefixes", () => {
  test("routines by id prefix; keys revoked by name or id prefix; ambiguous and unknown prefixes", async () => {
    const { h } = await signedUp("Planner");
    const token = h.credentials().instances[s().url].token;
    const apply = async (name: string) => (await post(s().url, "/api/graphql", {
      query: "mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }",
      variables: { d: { name, exercises: [{ exercise: "Bench Press", sets: 3, reps: 5 }] } },
    }, { token })).body.data.applyRoutineDocument.routine.id as string;
    const push = await apply("Push");
    await apply("Pull");
    const shown = await h.run(["routine", "show", push.slice(0, 8), "--json"]);
    expect(json(shown)).toMatchObject({ id: push, name: "Push" });
    expect((await h.run(["routine", "next", push.slice(0, 5), "--date", "2026-03-02", "--json"])).code).toBe(0);
    expect((await h.run(["routine", "show", "pull"])).code).toBe(0);
    const unknownPrefix = await h.run(["routine", "show", "ffffffff"]);
    expect(push.startsWith("ffffffff") ? 1 : unknownPrefix.code).toBe(1);
    expect((await h.run(["routine", "show", "abc"])).stderr).toBe('Error: No routine named or with id "abc". See `svc routine list`.\n');
    const del = await h.run(["routine", "delete", push.slice(0, 8), "--yes"]);
    expect(del).toMatchObject({ code: 0, stdout: `Deleted routine Push (${push}).\n` });

    const one = json(await h.run(["key", "create", "--name", "backup", "--access", "read-only", "--expires", "90d", "--json"]));
    const two = json(await h.run(["key", "create", "--name", "ci", "--access", "read-write", "--expires", "1y", "--json"]));
    const byName = await h.run(["key", "revoke", "BACKUP", "--yes"]);
    expect(byName).toMatchObject({ code: 0, stdout: `Revoked key backup (${one.apiKey.id}); requests with it are now answered as signed out.\n` });
    expect((await post(s().url, "/api/graphql", { query: "{ viewer { id } }" }, { key: one.key })).body.data.viewer).toBeNull();
    const byPrefix = await h.run(["key", "revoke", two.apiKey.id.slice(0, 6), "--json", "--yes"]);
    expect(json(byPrefix)).toEqual({ revoked: two.apiKey.id, name: "ci" });
    expect(json(await h.run(["key", "list", "--json"]))).toEqual([]);
    expect((await h.run(["key", "revoke", "ci", "--yes"])).code).toBe(1);
    expect((await h.run(["key", "revoke", "abc", "--yes"])).code).toBe(1); // too short to be a prefix, and no such name
    // Two keys of one name: neither is guessed.
    for (let i = 0; i < 2; i += 1) await h.run(["key", "create", "--name", "twin", "--access", "read-only", "--expires", "30d"]);
    const twins = await h.run(["key", "revoke", "twin", "--yes"]);
    expect(twins.code).toBe(2);
    expect(twins.stderr).toMatch(/^Error: 2 keys are named "twin": twin \([0-9a-f-]{8}\), twin \([0-9a-f-]{8}\)\. Give the id instead\.\n$/);
    expect(json(await h.run(["key", "list", "--json"]))).toHaveLength(2);

    // Expiry values are a closed list: `1m` is refused and the accepted ones are named.
    const expiry = await h.run(["key", "create", "--name", "x", "--access", "read-only", "--expires", "1m"]);
    expect(expiry.code).toBe(2);
    expect(expiry.stderr).toContain("30d, 90d, 1y, never");
  });

  test("SVC_URL without a scheme: this machine's address means http://", async () => {
    const { h } = await signedUp("No Scheme");
    const bare = s().url.replace(/^http:\/\//, "");
    const who = await h.run(["whoami", "--json"], { env: { SVC_URL: bare } });
    expect(who.code).toBe(0);
    expect(json(who).url).toBe(s().url);
    // Saved credentials belong to the address they were saved for; localhost is http:// too.
    const lh = await h.run(["whoami"], { env: { SVC_URL: bare.replace("127.0.0.1", "localhost") } });
    expect(lh.code).toBe(4);
    expect(lh.stderr).toContain(`Not signed in to ${s().url.replace("127.0.0.1", "localhost")}.`);
    const ftp = await h.run(["whoami"], { env: { SVC_URL: "ftp://example.com" } });
    expect(ftp).toMatchObject({ code: 2, stderr: "Error: SVC_URL must start with http:// or https://\n" });
  });
});
