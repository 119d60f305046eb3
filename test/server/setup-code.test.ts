// The first account of an instance reachable from elsewhere (its admin) needs the setup code the
// server printed: refused without it or with a wrong one (nothing saved), taken typed loosely;
// later accounts need none; on loopback no code is asked. Over real HTTP into real PostgreSQL.
import { startTestServer, post, freshDatabase } from "../support/harness.ts";
import pg from "pg";
import { isLoopbackHost, mayAdminister, newSetupCode, setupCodeNotice } from "../../server/identity/setup-code.ts";

const account = { name: "Operator", email: "operator@example.com", password: "a long password" };

test("without the code, or with a wrong one, the first sign-up is refused and saves nothing; with it, the account is the admin", async () => {
  const code = newSetupCode();
  const s = await startTestServer({ setupCode: code });
  try {
    const without = await post(s.url, "/api/auth/sign-up/email", account);
    expect([without.status, without.body.code]).toEqual([403, "SETUP_CODE_REQUIRED"]);
    expect(without.body.message).toBe(
      "The first account administers this instance: give the setup code the server printed in its log (setupCode)",
    );
    const wrong = await post(s.url, "/api/auth/sign-up/email", { ...account, setupCode: "AAAA-AAAA-AAAA" });
    expect([wrong.status, wrong.body.message]).toEqual([
      403,
      "setupCode: not the setup code the server printed in its log",
    ]);
    const tooLong = await post(s.url, "/api/auth/sign-up/email", { ...account, setupCode: "A".repeat(101) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, "BAD_REQUEST"]);
    expect((await s.ownerPool.query("select count(*)::int as n from app_public.users")).rows[0].n).toBe(0);

    // Typed without the dashes and in lower case, it is the code.
    const first = await post(s.url, "/api/auth/sign-up/email", {
      ...account,
      setupCode: code.replaceAll("-", "").toLowerCase(),
    });
    expect([first.status, first.body.user.role]).toEqual([200, "admin"]);
    const second = await post(s.url, "/api/auth/sign-up/email", { ...account, email: "lifter@example.com" });
    expect([second.status, second.body.user.role]).toEqual([200, "user"]);
  } finally {
    await s.close();
  }
});

test("the notice npm start prints: the code while no account exists, nothing once one does", async () => {
  const db = await freshDatabase();
  const pool = new pg.Pool({ connectionString: db.ownerUrl });
  try {
    const code = newSetupCode();
    expect(code).toMatch(/^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/);
    expect(await setupCodeNotice(pool, "0.0.0.0", code)).toBe(
      `No account yet, and HOST 0.0.0.0 lets other machines in: the first account administers this instance, so its sign-up must give the setup code ${code} (valid until this process stops)`,
    );
    await pool.query("select app_private.sign_up('First', 'first@example.com', 'a long password', 'test')");
    expect(await setupCodeNotice(pool, "0.0.0.0", code)).toBeNull();
  } finally {
    await pool.end();
    await db.drop();
  }
});

test("only loopback hosts skip the code; a missing code is asked only when one is set", () => {
  for (const host of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) expect(isLoopbackHost(host)).toBe(true);
  for (const host of ["0.0.0.0", "::", "192.168.1.10", "train.lan", "127.0.0.1.example"])
    expect(isLoopbackHost(host)).toBe(false);
  expect(mayAdminister(undefined, undefined)).toBe(true);
  expect(mayAdminister("ABCD-EFGH-JKMN", undefined)).toBe(false);
  expect(mayAdminister("ABCD-EFGH-JKMN", "abcd efgh jkmn")).toBe(true);
  expect(mayAdminister("ABCD-EFGH-JKMN", "ABCD-EFGH-JKMP")).toBe(false);
  expect(mayAdminister("ABCD-EFGH-JKMN", "ABCD-EFGH-JKM")).toBe(false);
});
