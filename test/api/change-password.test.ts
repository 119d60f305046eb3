// changePassword over real HTTP: the current password checked as sign-in checks it (counted, and
// locked out alike), the new one's length at its edges, other sessions signed out and this one
// kept, the old password refused and the new one taken at sign-in; a session only.
import { startTestServer, gql, post, signUp, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const CHANGE = `mutation($current: String!, $next: String!) {
  changePassword(input: { currentPassword: $current, newPassword: $next, clientMutationId: "c" }) { signedOutSessions clientMutationId } }`;
const change = (token: string, current: string, next: string) => gql(s.url, CHANGE, { current, next }, { token });
const signIn = (email: string, password: string) => post(s.url, "/api/auth/sign-in/email", { email, password });
const signedIn = async (token: string) =>
  (await gql(s.url, "{ viewer { id } }", {}, { token })).body.data?.viewer !== null;

test("the right current password changes it: other sessions out, this one kept, the old password refused", async () => {
  const u = await signUp(s.url, "Changer");
  const phone = (await signIn(u.email, u.password)).body.token as string;
  const laptop = (await signIn(u.email, u.password)).body.token as string;
  const res = await change(u.token, u.password, "a new passphrase");
  expect(res.body).toEqual({ data: { changePassword: { signedOutSessions: 2, clientMutationId: "c" } } });
  expect(await signedIn(u.token)).toBe(true);
  expect(await signedIn(phone)).toBe(false);
  expect(await signedIn(laptop)).toBe(false);
  expect((await signIn(u.email, u.password)).status).toBe(401);
  const fresh = await signIn(u.email, "a new passphrase");
  expect(fresh.status).toBe(200);
  // The stored hash is bcrypt at the current cost, never the password.
  const { rows } = await s.ownerPool.query("select password_hash from app_private.user_secrets where user_id = $1", [
    u.user.id,
  ]);
  expect(rows[0].password_hash).toMatch(/^\$2[aby]\$11\$/);
  expect(rows[0].password_hash).not.toContain("a new passphrase");
});

test("a wrong current password: WRONG_PASSWORD, nothing changed, counted like a failed sign-in until locked out", async () => {
  const u = await signUp(s.url, "Guesser");
  const other = (await signIn(u.email, u.password)).body.token as string;
  const wrong = await change(u.token, "not my password", "a new passphrase");
  expect(wrong.body.errors[0]).toMatchObject({
    message: "currentPassword: wrong password; nothing was changed",
    extensions: { code: "WRONG_PASSWORD" },
  });
  expect(wrong.body.data).toEqual({ changePassword: null });
  expect(await signedIn(other)).toBe(true);
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_private.failed_sign_ins where email = $1",
    [u.email],
  );
  expect(rows[0].n).toBe(1);
  // Nothing changed: the password still signs in (and clears this address's count, as sign-in does).
  expect((await signIn(u.email, u.password)).status).toBe(200);
  // The test server's sign-in limit per account and address, then the lockout.
  let last = wrong;
  for (let i = 0; i < 20 && last.body.errors?.[0].extensions.code === "WRONG_PASSWORD"; i++)
    last = await change(u.token, "still not it", "a new passphrase");
  expect(last.body.errors[0].extensions.code).toBe("TOO_MANY_ATTEMPTS");
  expect(last.body.errors[0].message).toMatch(/try again in \d+ seconds/);
  // Locked out, even the right password changes nothing.
  expect((await change(u.token, u.password, "a new passphrase")).body.errors[0].extensions.code).toBe(
    "TOO_MANY_ATTEMPTS",
  );
});

test("the new password: 8 characters and 72 bytes pass, 7 and 73 are INVALID_INPUT naming it; the same one is refused", async () => {
  const u = await signUp(s.url, "Lengths");
  const extensions: Record<string, unknown>[] = [];
  const refused = async (next: string) => {
    const res = await change(u.token, u.password, next);
    expect(res.body.errors?.[0].extensions.code).toBe("INVALID_INPUT");
    extensions.push(res.body.errors[0].extensions);
    return res.body.errors[0].message as string;
  };
  expect(await refused("1234567")).toBe("newPassword: must be at least 8 characters");
  expect(await refused("é".repeat(36) + "x")).toBe("newPassword: must be at most 72 bytes of UTF-8");
  expect(await refused(u.password)).toBe("newPassword: must differ from the current password");
  // Each by its rule and numbers, for an app to say in its own language.
  expect(extensions).toEqual([
    { code: "INVALID_INPUT", field: "newPassword", rule: "passwordShort", min: 8 },
    { code: "INVALID_INPUT", field: "newPassword", rule: "passwordLong", max: 72 },
    { code: "INVALID_INPUT", field: "newPassword", rule: "passwordSame" },
  ]);
  expect((await signIn(u.email, u.password)).status).toBe(200);
  const eight = await change(u.token, u.password, "12345678");
  expect(eight.body.errors).toBeUndefined();
  const seventyTwo = "é".repeat(36);
  const again = await change(u.token, "12345678", seventyTwo);
  expect(again.body.errors).toBeUndefined();
  expect((await signIn(u.email, seventyTwo)).status).toBe(200);
});

test("signed out it is FORBIDDEN", async () => {
  const res = await gql(s.url, CHANGE, { current: "x", next: "a new passphrase" });
  expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
});
