// Accounts over real HTTP: every status of sign-up, sign-in, sign-out and get-session.
import { useTestServer, post, get, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

const USER_FIELDS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "createdAt",
  "updatedAt",
  "role",
  "banned",
  "isAnonymous",
  "lastLoginMethod",
];

describe("sign-up", () => {
  test("the first account is admin, later ones are users; the user record has the spec 2.5 fields", async () => {
    const first = await post(s.url, "/api/auth/sign-up/email", {
      name: "Ada",
      email: "Ada@Example.com",
      password: "12345678",
    });
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[0-9a-f]{64}$/);
    for (const f of USER_FIELDS) expect(first.body.user).toHaveProperty(f);
    expect(first.body.user.role).toBe("admin");
    expect(first.body.user.email).toBe("Ada@Example.com");
    expect(new Date(first.body.user.createdAt).toISOString()).toBe(first.body.user.createdAt);
    expect(first.headers.get("set-cookie")).toMatch(/svc_session=.*HttpOnly/i);
    const second = await signUp(s.url, "Bob");
    expect(second.user.role).toBe("user");
  });

  test("email is unique ignoring case", async () => {
    const res = await post(s.url, "/api/auth/sign-up/email", {
      name: "Ada 2",
      email: "ada@EXAMPLE.com",
      password: "12345678",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  test("password: 8 characters is enough, 7 is not", async () => {
    const ok = await post(s.url, "/api/auth/sign-up/email", {
      name: "P",
      email: "p8@example.com",
      password: "abcdefgh",
    });
    expect(ok.status).toBe(200);
    const bad = await post(s.url, "/api/auth/sign-up/email", {
      name: "P",
      email: "p7@example.com",
      password: "abcdefg",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/password/);
  });

  test.each([
    ["missing name", { email: "x@example.com", password: "12345678" }, /name is required/],
    ["missing email", { name: "X", password: "12345678" }, /email is required/],
    ["missing password", { name: "X", email: "x@example.com" }, /password is required/],
    ["number as name", { name: 5, email: "x@example.com", password: "12345678" }, /name must be a string/],
    ["array as email", { name: "X", email: ["a"], password: "12345678" }, /email must be a string/],
    ["empty name", { name: "", email: "x@example.com", password: "12345678" }, /name must not be empty/],
    ["not an email", { name: "X", email: "nope", password: "12345678" }, /email must be an email/],
    ["body is an array", [1, 2], /JSON object/],
  ])("400 for %s", async (_label, body, message) => {
    const res = await post(s.url, "/api/auth/sign-up/email", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test("password: at most 72 bytes, what bcrypt checks (counted in UTF-8)", async () => {
    const ok = await post(s.url, "/api/auth/sign-up/email", {
      name: "B",
      email: "b72@example.com",
      password: "a".repeat(72),
    });
    expect(ok.status).toBe(200);
    const euroOk = await post(s.url, "/api/auth/sign-up/email", {
      name: "B",
      email: "b72e@example.com",
      password: "€".repeat(24),
    });
    expect(euroOk.status).toBe(200);
    for (const password of ["a".repeat(73), "€".repeat(25)]) {
      const bad = await post(s.url, "/api/auth/sign-up/email", { name: "B", email: "b73@example.com", password });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("password must be at most 72 bytes (UTF-8)");
    }
    // A longer password can no longer sign in by matching only its first 72 bytes.
    const signIn = await post(s.url, "/api/auth/sign-in/email", {
      email: "b72@example.com",
      password: "a".repeat(72) + "zzz",
    });
    expect(signIn.status).toBe(400);
  });

  test("U+0000 anywhere is a 400 naming the field; a blank name is refused; non-object JSON says so", async () => {
    const nulName = await post(s.url, "/api/auth/sign-up/email", {
      name: "a\u0000b",
      email: "nul@example.com",
      password: "12345678",
    });
    expect(nulName.status).toBe(400);
    expect(nulName.body.message).toBe("name must not contain the character U+0000");
    const nulPassword = await post(s.url, "/api/auth/sign-in/email", {
      email: "nul@example.com",
      password: "x\u0000y",
    });
    expect(nulPassword.status).toBe(400);
    expect(nulPassword.body.message).toMatch(/^password/);
    const blank = await post(s.url, "/api/auth/sign-up/email", {
      name: "   ",
      email: "blank@example.com",
      password: "12345678",
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("name: must not be blank");
    for (const body of ["null", '"x"', "42"]) {
      const res = await post(s.url, "/api/auth/sign-up/email", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The request body must be a JSON object");
    }
  });

  test("the account weighs in the unit chosen at sign-up; none chosen is kg; another unit is a 400 and no account", async () => {
    const viewerUnit = async (token: string) =>
      (await gql(s.url, "{ viewer { unit } }", {}, { token })).body.data.viewer.unit;
    for (const unit of ["lb", "kg"]) {
      const res = await post(s.url, "/api/auth/sign-up/email", {
        name: "U",
        email: `unit-${unit}@example.com`,
        password: "12345678",
        unit,
      });
      expect(res.status).toBe(200);
      expect(await viewerUnit(res.body.token)).toBe(unit);
    }
    const none = await post(s.url, "/api/auth/sign-up/email", {
      name: "U",
      email: "unit-none@example.com",
      password: "12345678",
    });
    expect(await viewerUnit(none.body.token)).toBe("kg");
    for (const unit of ["LB", "stone", ""]) {
      const bad = await post(s.url, "/api/auth/sign-up/email", {
        name: "U",
        email: "unit-bad@example.com",
        password: "12345678",
        unit,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("unit must be kg or lb");
    }
    const notText = await post(s.url, "/api/auth/sign-up/email", {
      name: "U",
      email: "unit-bad@example.com",
      password: "12345678",
      unit: 1,
    });
    expect(notText.status).toBe(400);
    expect(notText.body.message).toBe("unit must be a string");
    // Nothing was saved by the refusals: the email is still free.
    const after = await post(s.url, "/api/auth/sign-up/email", {
      name: "U",
      email: "unit-bad@example.com",
      password: "12345678",
    });
    expect(after.status).toBe(200);
  });

  test("400 for bad JSON, never 500", async () => {
    const res = await post(s.url, "/api/auth/sign-up/email", "{not json");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid JSON/);
  });

  test("the password is stored only as a bcrypt hash", async () => {
    const { email, password } = await signUp(s.url, "Hash");
    const { rows } = await s.ownerPool.query(
      "select password_hash from app_private.user_secrets join app_public.users u on u.id = user_id where u.email = $1",
      [email],
    );
    expect(rows[0].password_hash).toMatch(/^\$2[ab]\$11\$/);
    expect(rows[0].password_hash).not.toContain(password);
  });
});

describe("sign-in", () => {
  test("right password gives a working token; the session records its client", async () => {
    const { email, password } = await signUp(s.url, "Cy");
    const res = await post(
      s.url,
      "/api/auth/sign-in/email",
      { email: email.toUpperCase(), password },
      { headers: { "x-client-name": "svc CLI on testhost" } },
    );
    expect(res.status).toBe(200);
    const me = await get(s.url, "/api/auth/get-session", { token: res.body.token });
    expect(me.body.user.email).toBe(email);
    expect(me.body.session.client).toBe("svc CLI on testhost");
    expect(me.body.session).toHaveProperty("createdAt");
    expect(me.body.session).toHaveProperty("lastActiveAt");
  });

  test("a browser session is named from its user agent", async () => {
    const { email, password } = await signUp(s.url, "Browser");
    const ua = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const res = await post(s.url, "/api/auth/sign-in/email", { email, password }, { headers: { "user-agent": ua } });
    const me = await get(s.url, "/api/auth/get-session", { token: res.body.token });
    expect(me.body.session.client).toBe("Firefox 128 on Linux");
  });

  test("wrong credentials: 401 with a message", async () => {
    const { email } = await signUp(s.url, "Dee");
    const wrong = await post(s.url, "/api/auth/sign-in/email", { email, password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(typeof wrong.body.message).toBe("string");
    const nobody = await post(s.url, "/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever1" });
    expect(nobody.status).toBe(401);
  });

  test("400 for missing fields and wrong types", async () => {
    expect((await post(s.url, "/api/auth/sign-in/email", { password: "12345678" })).body.message).toMatch(
      /email is required/,
    );
    expect((await post(s.url, "/api/auth/sign-in/email", { email: "a@b.c", password: 12345678 })).status).toBe(400);
    expect((await post(s.url, "/api/auth/sign-in/email", "nope")).status).toBe(400);
  });

  test("10 failures are answered 401; the 11th attempt in 15 minutes is 429 with Retry-After, even with the right password", async () => {
    const { email, password } = await signUp(s.url, "Eve");
    for (let i = 0; i < 10; i++) {
      const res = await post(s.url, "/api/auth/sign-in/email", { email, password: `wrong-${i}-pass` });
      expect(res.status).toBe(401);
    }
    const locked = await post(s.url, "/api/auth/sign-in/email", { email, password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(locked.body.message).toMatch(/try again/);
    // Once the failures are older than 15 minutes the account opens again.
    await s.ownerPool.query(
      "update app_private.failed_sign_ins set attempted_at = attempted_at - interval '15 minutes 1 second' where email = $1",
      [email],
    );
    expect((await post(s.url, "/api/auth/sign-in/email", { email, password })).status).toBe(200);
  });

  test("a banned user gets 403 BANNED_USER; an expired ban no longer blocks", async () => {
    const { email, password, user } = await signUp(s.url, "Fay");
    await s.ownerPool.query("update app_public.users set banned = true, ban_reason = 'spam' where id = $1", [user.id]);
    const res = await post(s.url, "/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("BANNED_USER");
    expect(typeof res.body.message).toBe("string");
    await s.ownerPool.query("update app_public.users set ban_expires = now() - interval '1 second' where id = $1", [
      user.id,
    ]);
    expect((await post(s.url, "/api/auth/sign-in/email", { email, password })).status).toBe(200);
  });
});

describe("sessions", () => {
  test("get-session is null without a session, or with an unknown token", async () => {
    expect((await get(s.url, "/api/auth/get-session")).body).toBeNull();
    expect((await get(s.url, "/api/auth/get-session", { token: "f".repeat(64) })).body).toBeNull();
  });

  test("the cookie works like the bearer token", async () => {
    const { token, user } = await signUp(s.url, "Gus");
    const res = await get(s.url, "/api/auth/get-session", { headers: { cookie: `svc_session=${token}` } });
    expect(res.body.user.id).toBe(user.id);
    const viewer = await gql(
      s.url,
      "{ viewer { id } }",
      {},
      { headers: { cookie: `svc_session=${token}`, origin: s.url } },
    );
    expect(viewer.body.data.viewer.id).toBe(user.id);
  });

  test("sign-out ends the session: the next request with that token is signed out", async () => {
    const { token } = await signUp(s.url, "Hal");
    expect((await gql(s.url, "{ viewer { id } }", {}, { token })).body.data.viewer).not.toBeNull();
    const out = await post(s.url, "/api/auth/sign-out", {}, { token });
    expect(out.status).toBe(200);
    expect((await gql(s.url, "{ viewer { id } }", {}, { token })).body.data.viewer).toBeNull();
    expect((await get(s.url, "/api/auth/get-session", { token })).body).toBeNull();
  });

  test("only the token's hash is stored", async () => {
    const { token } = await signUp(s.url, "Ivy");
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_private.session_tokens where token_hash = digest($1, 'sha256')",
      [token],
    );
    expect(rows[0].n).toBe(1);
    const { rows: leaked } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.sessions s where s.client like '%' || $1 || '%'",
      [token],
    );
    expect(leaked[0].n).toBe(0);
  });

  test("a session idle for 30 days is signed out", async () => {
    const { token, user } = await signUp(s.url, "Jo");
    await s.ownerPool.query(
      "update app_public.sessions set last_active_at = now() - interval '30 days 1 second' where user_id = $1",
      [user.id],
    );
    expect((await gql(s.url, "{ viewer { id } }", {}, { token })).body.data.viewer).toBeNull();
  });
});

describe("sign-up and SQL agree on a name and an email at their edges", () => {
  /** SQL's verdict on a user: null when app_public.users takes it, else its refusal (nothing is kept). */
  async function sqlRefusal(name: string, email: string): Promise<string | null> {
    const client = await s.ownerPool.connect();
    try {
      await client.query("begin");
      await client.query("insert into app_public.users (name, email) values ($1, $2)", [name, email]);
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.query("rollback");
      client.release();
    }
  }
  let n = 0;
  const fresh = () => `agree-${process.pid}-${++n}@example.com`;
  const local254 = "a".repeat(254 - "@example.com".length);

  test.each([
    ["a name of only U+200B (not space to JavaScript's trim)", "\u200b", fresh],
    ["a name of only U+2003 (space to JavaScript's trim)", "\u2003", fresh],
    ["a name of only spaces, tabs and line breaks", " \t\r\n ", fresh],
    ["a name of only U+00A0 and U+3000", "\u00a0\u3000", fresh],
    ["a name with one visible character", "\u2003x\u2003", fresh],
    ["an email of 254 characters", "Edge", () => `${local254}@example.com`],
    ["an email of 255 characters", "Edge", () => `${local254}b@example.com`],
    ["an email with a space", "Edge", () => `a b-${process.pid}@example.com`],
    ["an email with two @", "Edge", () => `a@b-${process.pid}@example.com`],
    ["an email with U+00A0 (space to JavaScript's \\s)", "Edge", () => `a\u00a0b-${process.pid}@example.com`],
    ["an email with U+2003", "Edge", () => `a\u2003b-${process.pid}@example.com`],
  ])("%s: the route takes it exactly when SQL does", async (_what, name, makeEmail) => {
    const email = makeEmail();
    // SQL first (its insert is rolled back), then the route with the same values.
    const bySql = await sqlRefusal(name, email);
    const byRoute = await post(s.url, "/api/auth/sign-up/email", { name, email, password: "12345678" });
    expect({ status: byRoute.status, refusedBySql: bySql !== null }).toEqual(
      bySql === null ? { status: 200, refusedBySql: false } : { status: 400, refusedBySql: true },
    );
    // An account the route made signs in with the same email.
    if (byRoute.status === 200) {
      const signIn = await post(s.url, "/api/auth/sign-in/email", { email, password: "12345678" });
      expect(signIn.status).toBe(200);
    }
  });
});
