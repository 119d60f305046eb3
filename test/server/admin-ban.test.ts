// POST /api/auth/admin/ban-user and /unban-user over HTTP: every status code of spec 7.3 at its
// edge, the {code, message} error bodies, the effects (one transaction) and the per-session limit.
import {
  startTestServer,
  gql,
  post,
  signUp,
  type SignedUpUser,
  type TestServer,
  createApiKey,
} from "../support/harness.ts";

let s: TestServer;
let admin: SignedUpUser;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signUp(s.url, "First Admin"); // the first account on an instance is its admin
  expect(admin.user.role).toBe("admin");
});
afterAll(async () => {
  await s.close();
});

const BAN = "/api/auth/admin/ban-user";
const UNBAN = "/api/auth/admin/unban-user";
const TEN_YEARS = 315360000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A fresh admin session each test that counts calls, so the 60-a-minute limit does not leak across tests. */
async function adminSession() {
  const res = await post(s.url, "/api/auth/sign-in/email", { email: admin.email, password: admin.password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

function expectError(res: { status: number; body: any }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(typeof res.body.message).toBe("string");
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(typeof res.body.code).toBe("string");
  if (code) expect(res.body.code).toBe(code);
  expect(Object.keys(res.body).sort()).toEqual(["code", "message"]);
}

const createKey = async (token: string) => (await createApiKey(s.url, token)).key;

const signedIn = async (c: { token?: string; key?: string }) =>
  (await gql(s.url, "{ viewer { id } }", {}, c)).body.data.viewer !== null;

test("200 {user} with every field of spec 2.5; sessions and keys ended, sign-in 403 BANNED_USER; unban restores sign-in, not the key", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url, "Victim");
  const key = await createKey(victim.token);
  const other = await post(s.url, "/api/auth/sign-in/email", { email: victim.email, password: victim.password });
  const before = Date.now();
  const res = await post(s.url, BAN, { userId: victim.user.id, banReason: "spam", banExpiresIn: 3600 }, { token });
  expect(res.status).toBe(200);
  const user = res.body.user;
  expect(Object.keys(res.body)).toEqual(["user"]);
  expect(user).toMatchObject({
    id: victim.user.id,
    name: "Victim",
    email: victim.email,
    emailVerified: false,
    role: "user",
    banned: true,
    banReason: "spam",
    isAnonymous: false,
    lastLoginMethod: "email",
  });
  for (const field of ["createdAt", "updatedAt", "banExpires"]) expect(user[field]).toMatch(ISO);
  const expires = Date.parse(user.banExpires);
  expect(expires).toBeGreaterThanOrEqual(before + 3600_000 - 2000);
  expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 2000);
  expect(Date.parse(user.updatedAt)).toBeGreaterThanOrEqual(Date.parse(user.createdAt));

  // Effects: every session ended, the key answers as signed out, sign-in refused.
  expect(await signedIn({ token: victim.token })).toBe(false);
  expect(await signedIn({ token: other.body.token })).toBe(false);
  expect(await signedIn({ key })).toBe(false);
  const write = await gql(
    s.url,
    `mutation { logBodyweight(input: {date: "2024-01-01", weight: 1}) { date } }`,
    {},
    { key },
  );
  expect(write.body.errors?.[0].extensions.code).toBe("FORBIDDEN");
  const signIn = await post(s.url, "/api/auth/sign-in/email", { email: victim.email, password: victim.password });
  expect(signIn.status).toBe(403);
  expect(signIn.body.code).toBe("BANNED_USER");
  // After the right password the person learns why and until when, as the ban's user record says.
  expect(signIn.body).toMatchObject({ banReason: "spam", banExpires: user.banExpires });
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.sessions where user_id = $1", [
    victim.user.id,
  ]);
  expect(rows[0].n).toBe(0);

  const unban = await post(s.url, UNBAN, { userId: victim.user.id }, { token });
  expect(unban.status).toBe(200);
  expect(unban.body.user).toMatchObject({ id: victim.user.id, banned: false });
  expect(unban.body.user.banReason).toBeUndefined();
  expect(unban.body.user.banExpires).toBeUndefined();
  // A key issued before the ban stays ended: it may be what was abused.
  expect(await signedIn({ key })).toBe(false);
  const keys = await s.ownerPool.query("select count(*)::int as n from app_public.api_keys where user_id = $1", [
    victim.user.id,
  ]);
  expect(keys.rows[0].n).toBe(0);
  expect(
    (await post(s.url, "/api/auth/sign-in/email", { email: victim.email, password: victim.password })).status,
  ).toBe(200);
});

test("a ban without banExpiresIn or banReason has no end and no reason; re-banning replaces them", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url);
  const res = await post(s.url, BAN, { userId: victim.user.id }, { token });
  expect(res.status).toBe(200);
  expect(res.body.user.banned).toBe(true);
  expect(res.body.user.banExpires).toBeUndefined();
  expect(res.body.user.banReason).toBeUndefined();
  const again = await post(
    s.url,
    BAN,
    { userId: victim.user.id, banReason: "still", banExpiresIn: 60, extra: "ignored" },
    { token },
  );
  expect(again.body.user).toMatchObject({ banned: true, banReason: "still" });
  expect(again.body.user.banExpires).toMatch(ISO);
});

test("an admin can ban another admin; once the ban time passes, sign-in works even before the worker lifts the flag", async () => {
  const token = await adminSession();
  const other = await signUp(s.url);
  await s.ownerPool.query("select app_public.grant_admin($1)", [other.email]);
  expect((await post(s.url, BAN, { userId: other.user.id, banExpiresIn: 0.5 }, { token })).status).toBe(200);
  expect((await post(s.url, "/api/auth/sign-in/email", { email: other.email, password: other.password })).status).toBe(
    403,
  );
  await new Promise((r) => setTimeout(r, 600));
  expect((await post(s.url, "/api/auth/sign-in/email", { email: other.email, password: other.password })).status).toBe(
    200,
  );
});

describe("400: bad JSON, missing or non-string userId, wrong types, non-positive banExpiresIn, yourself", () => {
  test.each([
    ["a body that is not JSON", "{userId: nope", "BAD_REQUEST"],
    ["an array", "[]", "BAD_REQUEST"],
    ["no userId", {}, "BAD_REQUEST"],
    ["userId null", { userId: null }, "BAD_REQUEST"],
    ["userId a number", { userId: 12 }, "BAD_REQUEST"],
    ["userId an object", { userId: { id: "x" } }, "BAD_REQUEST"],
    ["userId empty", { userId: "" }, "BAD_REQUEST"],
    ["banReason a number", { userId: "u", banReason: 5 }, "BAD_REQUEST"],
    ["banReason of 1001 characters", { userId: "u", banReason: "r".repeat(1001) }, "BAD_REQUEST"],
    ["banExpiresIn a string", { userId: "u", banExpiresIn: "60" }, "BAD_REQUEST"],
    ["banExpiresIn a boolean", { userId: "u", banExpiresIn: true }, "BAD_REQUEST"],
    ["banExpiresIn 0", { userId: "u", banExpiresIn: 0 }, "BAD_REQUEST"],
    ["banExpiresIn negative", { userId: "u", banExpiresIn: -1 }, "BAD_REQUEST"],
    ["banExpiresIn past 10 years", { userId: "u", banExpiresIn: TEN_YEARS + 1 }, "BAD_REQUEST"],
  ])("%s", async (_name, body, code) => {
    const token = await adminSession();
    const victim = await signUp(s.url);
    const withId =
      typeof body === "object" && !Array.isArray(body) && (body as any).userId === "u"
        ? { ...body, userId: victim.user.id }
        : body;
    const res = await post(s.url, BAN, withId, { token });
    expectError(res, 400, code);
    expect(await signedIn({ token: victim.token })).toBe(true);
  });

  test("the edges that pass: banReason of 1000 characters, banExpiresIn of exactly 10 years and of a fraction of a second", async () => {
    const token = await adminSession();
    for (const body of [{ banReason: "r".repeat(1000) }, { banExpiresIn: TEN_YEARS }, { banExpiresIn: 0.001 }]) {
      const victim = await signUp(s.url);
      const res = await post(s.url, BAN, { userId: victim.user.id, ...body }, { token });
      expect(res.status).toBe(200);
      expect(res.body.user.banned).toBe(true);
    }
  });

  test("banning or unbanning yourself", async () => {
    const token = await adminSession();
    expectError(await post(s.url, BAN, { userId: admin.user.id }, { token }), 400, "CANNOT_BAN_YOURSELF");
    expectError(await post(s.url, UNBAN, { userId: admin.user.id }, { token }), 400, "CANNOT_UNBAN_YOURSELF");
    expect(await signedIn({ token })).toBe(true);
  });

  test("unban-user: missing or non-string userId", async () => {
    const token = await adminSession();
    expectError(await post(s.url, UNBAN, {}, { token }), 400);
    expectError(await post(s.url, UNBAN, { userId: 7 }, { token }), 400);
    expectError(await post(s.url, UNBAN, "nope", { token }), 400);
  });
});

describe("401: no token, unknown or ended session, an API key", () => {
  test("every case, on both endpoints", async () => {
    const victim = await signUp(s.url);
    const ended = await adminSession();
    await post(s.url, "/api/auth/sign-out", {}, { token: ended });
    const token = await adminSession();
    const adminKey = await createKey(token);
    const idle = await adminSession();
    await s.ownerPool.query(
      "update app_public.sessions set last_active_at = now() - interval '31 days' where id = (select id from app_public.sessions order by created_at desc limit 1)",
    );
    for (const path of [BAN, UNBAN]) {
      expectError(await post(s.url, path, { userId: victim.user.id }), 401, "UNAUTHORIZED");
      expectError(await post(s.url, path, { userId: victim.user.id }, { token: "f".repeat(64) }), 401, "UNAUTHORIZED");
      expectError(await post(s.url, path, { userId: victim.user.id }, { token: ended }), 401, "UNAUTHORIZED");
      expectError(await post(s.url, path, { userId: victim.user.id }, { token: idle }), 401, "UNAUTHORIZED");
      expectError(await post(s.url, path, { userId: victim.user.id }, { key: adminKey }), 401, "UNAUTHORIZED");
      expectError(
        await post(s.url, path, { userId: victim.user.id }, { key: adminKey, keyHeader: "x-api-key" }),
        401,
        "UNAUTHORIZED",
      );
      expectError(
        await post(s.url, path, { userId: victim.user.id }, { headers: { authorization: "Basic abc" } }),
        401,
        "UNAUTHORIZED",
      );
      // The admin's session cookie alone is not enough: a browser would send it on other sites' behalf.
      expectError(
        await post(s.url, path, { userId: victim.user.id }, { headers: { cookie: `svc_session=${token}` } }),
        403,
        "CROSS_SITE_REQUEST",
      );
    }
    expect(await signedIn({ token: victim.token })).toBe(true);
  });
});

test("403: a signed-in user who is not an admin, for any target (even an admin or a missing user)", async () => {
  const plain = await signUp(s.url);
  const victim = await signUp(s.url);
  for (const [path, userId] of [
    [BAN, victim.user.id],
    [BAN, admin.user.id],
    [BAN, "00000000-0000-0000-0000-000000000000"],
    [UNBAN, victim.user.id],
  ]) {
    expectError(await post(s.url, path, { userId }, { token: plain.token }), 403, "FORBIDDEN");
  }
  expect(await signedIn({ token: victim.token })).toBe(true);
  expect(await signedIn({ token: plain.token })).toBe(true);
});

test("404: no such user (a well-formed id, or any other string)", async () => {
  const token = await adminSession();
  for (const path of [BAN, UNBAN]) {
    expectError(
      await post(s.url, path, { userId: "00000000-0000-0000-0000-000000000000" }, { token }),
      404,
      "USER_NOT_FOUND",
    );
    expectError(await post(s.url, path, { userId: "no-such-user" }, { token }), 404, "USER_NOT_FOUND");
  }
});

test("429: 60 admin calls a minute per session (refused ones count), then 429 with Retry-After; another session is not limited", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url);
  const intoMinute = (Date.now() % 60000) / 1000;
  if (intoMinute > 50) await new Promise((r) => setTimeout(r, (60 - intoMinute) * 1000 + 250));
  for (let i = 1; i <= 60; i++) {
    const res = await post(s.url, i % 2 ? BAN : UNBAN, { userId: i % 3 ? victim.user.id : 5 }, { token });
    expect(res.status).toBe(i % 3 ? 200 : 400);
    expect(res.headers.get("ratelimit-remaining")).toBe(String(60 - i));
  }
  const limited = await post(s.url, BAN, { userId: victim.user.id }, { token });
  expectError(limited, 429, "RATE_LIMITED");
  const retryAfter = Number(limited.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(Math.abs(retryAfter - (60 - (Date.now() % 60000) / 1000))).toBeLessThanOrEqual(1.5);
  expectError(await post(s.url, UNBAN, { userId: victim.user.id }, { token }), 429, "RATE_LIMITED");
  const { rows } = await s.ownerPool.query(
    "select c.count from app_private.rate_counters c join app_private.session_tokens t on c.subject = 'admin:' || t.session_id where t.token_hash = sha256($1::bytea)",
    [Buffer.from(token)],
  );
  expect(rows).toEqual([{ count: 62 }]);
  const fresh = await adminSession();
  expect((await post(s.url, UNBAN, { userId: victim.user.id }, { token: fresh })).status).toBe(200);
});

test("the effects are one transaction: if ending the sessions fails, the user is not banned either", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url);
  // Break the second half of the work in this test's own database.
  await s.ownerPool.query(`
    create function app_private.test_refuse() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$;
    create trigger refuse_delete before delete on app_public.sessions for each row execute function app_private.test_refuse();`);
  try {
    const res = await post(s.url, BAN, { userId: victim.user.id, banReason: "half" }, { token });
    expectError(res, 500, "INTERNAL_ERROR");
    expect(res.body.message).not.toMatch(/boom|refuse|trigger|sessions/);
  } finally {
    await s.ownerPool.query(
      "drop trigger refuse_delete on app_public.sessions; drop function app_private.test_refuse()",
    );
  }
  const { rows } = await s.ownerPool.query("select banned, ban_reason from app_public.users where id = $1", [
    victim.user.id,
  ]);
  expect(rows[0]).toEqual({ banned: false, ban_reason: null });
  expect(await signedIn({ token: victim.token })).toBe(true);
});

test("500 is masked: {message, code} without SQL details", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url);
  await s.ownerPool.query("alter function app_private.unban_user(uuid, text) rename to unban_user_broken");
  try {
    const res = await post(s.url, UNBAN, { userId: victim.user.id }, { token });
    expectError(res, 500, "INTERNAL_ERROR");
    expect(res.body.message).toMatch(/^Internal server error \(error id [0-9a-f-]{36}\)$/);
  } finally {
    await s.ownerPool.query("alter function app_private.unban_user_broken(uuid, text) rename to unban_user");
  }
  expect((await post(s.url, UNBAN, { userId: victim.user.id }, { token })).status).toBe(200);
});

test("other methods and paths under /api/auth/admin are 404 {message, code}", async () => {
  const token = await adminSession();
  expectError(await post(s.url, "/api/auth/admin/list-users", {}, { token }), 404);
  const res = await fetch(`${s.url}${BAN}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(404);
});

test("U+0000 in userId or banReason is a 400, not a 500", async () => {
  const token = await adminSession();
  const victim = await signUp(s.url);
  expectError(await post(s.url, BAN, { userId: "a\u0000b" }, { token }), 400, "BAD_REQUEST");
  expectError(await post(s.url, BAN, { userId: victim.user.id, banReason: "x\u0000" }, { token }), 400, "BAD_REQUEST");
  expectError(await post(s.url, UNBAN, { userId: "a\u0000b" }, { token }), 400, "BAD_REQUEST");
});
