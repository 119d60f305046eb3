// The real `svc` binary against the real server: the admin tools (user list, ban and unban by email
// or id, with reason and expiry; asking first on a terminal), refused to non-admins and API keys.
import { get } from "../../test/support/harness.ts";
import { accountKit, svcOnTerminal, ACCOUNT_PASSWORD, stdoutJson } from "./support.ts";

const { s, signedUp } = accountKit();
const PASSWORD = ACCOUNT_PASSWORD;

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
