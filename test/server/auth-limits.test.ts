// Sign-in limits over real HTTP: failures counted per account and client address (an attacker locks
// out only themselves) and per address; per-address sign-in and sign-up limits at their edge; the
// session cap; bcrypt hashes upgraded at sign-in; one credential parser (a malformed header is a
// 401 on every route, never a fallback to the cookie); emails with hidden characters; no-store on
// token responses; x-request-id; security headers on the auth routes.
// Client addresses are simulated with TRUST_PROXY (loopback) and X-Forwarded-For.
import { randomBytes } from "node:crypto";
import { startTestServer, signUp, type TestServer } from "../support/harness.ts";
import { AUTH_LIMITS } from "../../server/limits/auth-limits.ts";
import { parseTrustProxy } from "../../server/http/client-address.ts";
import { REQUEST_ID_MAX } from "../../server/http/request-id.ts";

let proxied: TestServer; // behind a declared proxy: X-Forwarded-For names the client
let direct: TestServer; // no TRUST_PROXY: the socket's address, whatever the header says
beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestServer({ trustProxy: ["loopback"], authLimits: AUTH_LIMITS }),
    startTestServer({ authLimits: AUTH_LIMITS }),
  ]);
});
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

const SIGN_IN = "/api/auth/sign-in/email";
const SIGN_UP = "/api/auth/sign-up/email";
const PASSWORD = "correct horse battery";

type Reply = { status: number; headers: Headers; body: any };
async function send(
  s: TestServer,
  path: string,
  options: { body?: unknown; ip?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${s.url}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

const signIn = (s: TestServer, email: string, password: string, ip?: string) =>
  send(s, SIGN_IN, { body: { email, password }, ip });
const newEmail = (tag: string) => `${tag}-${randomBytes(5).toString("hex")}@limits.test`;

/** A user created in SQL (no sign-up attempt counted against any address). */
async function seedUser(s: TestServer, cost = 11) {
  const email = newEmail("seed");
  const { rows } = await s.ownerPool.query(
    "insert into app_public.users (name, email) values ('Seed', $1) returning id",
    [email],
  );
  await s.ownerPool.query("insert into app_private.user_secrets values ($1, crypt($2, gen_salt('bf', $3)))", [
    rows[0].id,
    PASSWORD,
    cost,
  ]);
  return { email, id: rows[0].id as string };
}

function expectRetryAfter(res: Reply, min: number, max: number) {
  const seconds = Number(res.headers.get("retry-after"));
  expect(seconds).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(res.body.message).toContain(`try again in ${seconds} seconds`);
}

let octet = 0;
/** A documentation address (RFC 5737) no other test uses. */
const freshIp = () => `198.51.100.${++octet}`;

describe("failed sign-ins: per account and address, then per address", () => {
  test(`${AUTH_LIMITS.failuresPerAccountAndAddress} failures from the attacker's address lock that address out of the account; the owner signs in from another`, async () => {
    const owner = await seedUser(proxied);
    const attacker = freshIp();
    const home = freshIp();
    for (let i = 1; i <= AUTH_LIMITS.failuresPerAccountAndAddress; i++) {
      expect((await signIn(proxied, owner.email, `guess-${i}-wrong`, attacker)).status).toBe(401);
    }
    // Past the edge: even the right password is refused from the attacker's address.
    const locked = await signIn(proxied, owner.email, PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("TOO_MANY_ATTEMPTS");
    expectRetryAfter(locked, 890, 900);
    // The owner, from home: a typo is an ordinary 401, the right password a session.
    expect((await signIn(proxied, owner.email, "a typo here", home)).status).toBe(401);
    const ok = await signIn(proxied, owner.email, PASSWORD, home);
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(owner.id);
    // The owner's success clears only the owner's failures: the attacker stays locked.
    expect((await signIn(proxied, owner.email, PASSWORD, attacker)).status).toBe(429);
    const { rows } = await proxied.ownerPool.query(
      "select host(address) as address, count(*)::int as n from app_private.failed_sign_ins where email = $1 group by 1",
      [owner.email],
    );
    expect(rows).toEqual([{ address: attacker, n: AUTH_LIMITS.failuresPerAccountAndAddress }]);
    // The lock lifts when the oldest failure leaves the 15-minute window.
    await proxied.ownerPool.query(
      "update app_private.failed_sign_ins set attempted_at = attempted_at - interval '15 minutes' where email = $1 and attempted_at = (select min(attempted_at) from app_private.failed_sign_ins where email = $1)",
      [owner.email],
    );
    expect((await signIn(proxied, owner.email, PASSWORD, attacker)).status).toBe(200);
  });

  test(`${AUTH_LIMITS.failuresPerAddress} failures from one address over any emails (known or not) lock that address only`, async () => {
    const owner = await seedUser(proxied);
    const sprayer = freshIp();
    // Earlier failures of this address on other emails, 5 minutes ago (seeded: the sign-in rate limit would stop an HTTP run).
    await proxied.ownerPool.query(
      `insert into app_private.failed_sign_ins (email, address, attempted_at)
       select 'sprayed-' || n || '@limits.test', $1::inet, now() - interval '5 minutes' from generate_series(1, $2) n`,
      [sprayer, AUTH_LIMITS.failuresPerAddress - 2],
    );
    expect((await signIn(proxied, newEmail("unknown"), "not the password", sprayer)).status).toBe(401);
    expect((await signIn(proxied, owner.email, "not the password", sprayer)).status).toBe(401); // the last one allowed
    const locked = await signIn(proxied, owner.email, PASSWORD, sprayer);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(locked.body.message).toMatch(/from your address/);
    // The oldest failures are 5 minutes old: the address opens in about 10 minutes.
    expectRetryAfter(locked, 590, 601);
    expect((await signIn(proxied, owner.email, PASSWORD, freshIp())).status).toBe(200);
  });

  test("an unknown email is checked and counted like a wrong password", async () => {
    const ip = freshIp();
    const email = newEmail("nobody");
    const res = await signIn(proxied, email, "whatever it is", ip);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const { rows } = await proxied.ownerPool.query(
      "select host(address) as a from app_private.failed_sign_ins where email = $1",
      [email],
    );
    expect(rows).toEqual([{ a: ip }]);
  });

  test("without TRUST_PROXY, X-Forwarded-For is ignored: every failure counts on the socket's address", async () => {
    const owner = await seedUser(direct);
    for (let i = 1; i <= AUTH_LIMITS.failuresPerAccountAndAddress; i++) {
      expect((await signIn(direct, owner.email, `guess-${i}-wrong`, `203.0.113.${i}`)).status).toBe(401);
    }
    const locked = await signIn(direct, owner.email, PASSWORD, "203.0.113.200");
    expect(locked.status).toBe(429);
    const { rows } = await direct.ownerPool.query(
      "select distinct host(address) as address from app_private.failed_sign_ins where email = $1",
      [owner.email],
    );
    expect(rows).toEqual([{ address: "127.0.0.1" }]);
  });
});

describe("deleteAccount's password: checked and counted as a sign-in's", () => {
  const DELETE = "mutation($password: String) { deleteAccount(input: { password: $password }) { id } }";
  const N = AUTH_LIMITS.failuresPerAccountAndAddress;

  test(`${N - 1} wrong passwords at deleteAccount and one at sign-in make ${N} failures: that address is locked out of both; the owner deletes from another`, async () => {
    const owner = await seedUser(proxied);
    const attacker = freshIp();
    const home = freshIp();
    const token = (await signIn(proxied, owner.email, PASSWORD, home)).body.token as string;
    const deleteAccount = (password: string, ip: string) =>
      send(proxied, "/api/graphql", {
        body: { query: DELETE, variables: { password } },
        ip,
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 1; i < N; i++) {
      const wrong = await deleteAccount(`guess-${i}-wrong`, attacker);
      expect([i, wrong.body.errors?.[0]?.extensions?.code]).toEqual([i, "WRONG_PASSWORD"]);
    }
    // The last failure allowed is still judged: an ordinary 401.
    expect((await signIn(proxied, owner.email, "one more guess", attacker)).status).toBe(401);
    const locked = await deleteAccount(PASSWORD, attacker);
    expect(locked.body.errors[0].extensions.code).toBe("TOO_MANY_ATTEMPTS");
    expect(locked.body.errors[0].message).toMatch(
      /^Too many wrong passwords for this account from your address; try again in (89\d|900) seconds$/,
    );
    expect((await signIn(proxied, owner.email, PASSWORD, attacker)).status).toBe(429);
    expect((await proxied.ownerPool.query("select 1 from app_public.users where id = $1", [owner.id])).rowCount).toBe(
      1,
    );
    const deleted = await deleteAccount(PASSWORD, home);
    expect(deleted.body).toEqual({ data: { deleteAccount: { id: owner.id } } });
  });
});

describe("per-address limits", () => {
  test(`${AUTH_LIMITS.signInsPerAddressPerMinute} sign-in attempts a minute per address (right or wrong); an IPv6 /64 counts as one address`, async () => {
    const user = await seedUser(proxied);
    const sameNet = ["2001:db8:0:7::1", "2001:db8:0:7::2"];
    const started = Date.now();
    for (let i = 0; i < AUTH_LIMITS.signInsPerAddressPerMinute; i++) {
      const res = await signIn(proxied, user.email, i % 5 === 4 ? "wrong password" : PASSWORD, sameNet[i % 2]);
      expect(res.status).toBe(i % 5 === 4 ? 401 : 200);
    }
    const limited = await signIn(proxied, user.email, PASSWORD, sameNet[0]);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    // The window opened at the first attempt; twenty bcrypt checks take seconds on a busy machine.
    expectRetryAfter(limited, 60 - Math.ceil((Date.now() - started) / 1000), 60);
    expect((await signIn(proxied, user.email, PASSWORD, "2001:db8:0:7::ffff")).status).toBe(429);
    // Another /64 and an IPv4 client are not affected.
    expect((await signIn(proxied, user.email, PASSWORD, "2001:db8:0:8::1")).status).toBe(200);
    expect((await signIn(proxied, user.email, PASSWORD, freshIp())).status).toBe(200);
    // Sliding minute: once the oldest attempt is a minute old, one more is let through.
    await proxied.ownerPool.query(`
      update app_private.address_attempts set attempted_at = attempted_at - interval '1 minute'
       where action = 'sign-in' and address = '2001:db8:0:7::/64'
         and attempted_at = (select min(attempted_at) from app_private.address_attempts where action = 'sign-in' and address = '2001:db8:0:7::/64')`);
    expect((await signIn(proxied, user.email, PASSWORD, sameNet[1])).status).toBe(200);
    expect((await signIn(proxied, user.email, PASSWORD, sameNet[1])).status).toBe(429);
  });

  test("the sign-in limit and the failure count are exact under concurrency", async () => {
    const user = await seedUser(proxied);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: AUTH_LIMITS.signInsPerAddressPerMinute + 10 }, () =>
        signIn(proxied, user.email, "wrong password", ip),
      ),
    );
    // Exactly `signInsPerAddressPerMinute` get past the address limit; of those, exactly
    // `failuresPerAccountAndAddress` are checked and the rest find the account locked for this address.
    const count = (status: number, code?: string) =>
      results.filter((r) => r.status === status && (!code || r.body.code === code)).length;
    expect(count(429, "RATE_LIMITED")).toBe(10);
    expect(count(401)).toBe(AUTH_LIMITS.failuresPerAccountAndAddress);
    expect(count(429, "TOO_MANY_ATTEMPTS")).toBe(
      AUTH_LIMITS.signInsPerAddressPerMinute - AUTH_LIMITS.failuresPerAccountAndAddress,
    );
  });

  test(`${AUTH_LIMITS.signUpsPerAddressPerHour} sign-ups an hour per address; the next is refused and saves nothing`, async () => {
    const ip = freshIp();
    for (let i = 0; i < AUTH_LIMITS.signUpsPerAddressPerHour; i++) {
      expect(
        (await send(proxied, SIGN_UP, { body: { name: "N", email: newEmail("up"), password: PASSWORD }, ip })).status,
      ).toBe(200);
    }
    const email = newEmail("refused");
    const limited = await send(proxied, SIGN_UP, { body: { name: "N", email, password: PASSWORD }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(limited.body.message).toMatch(/sign-ups an hour/);
    expectRetryAfter(limited, 3590, 3600);
    expect((await proxied.ownerPool.query("select 1 from app_public.users where email = $1", [email])).rowCount).toBe(
      0,
    );
    expect(
      (await send(proxied, SIGN_UP, { body: { name: "N", email, password: PASSWORD }, ip: freshIp() })).status,
    ).toBe(200);
  });
});

describe("sessions per user", () => {
  test("at most 20 sessions: the next sign-in ends the least recently active one", async () => {
    const {
      rows: [{ cap }],
    } = await proxied.ownerPool.query("select app_private.max_sessions_per_user() as cap");
    expect(cap).toBe(20);
    const user = await seedUser(proxied);
    const tokens: string[] = [];
    for (let i = 0; i < cap; i++) {
      // Spread over addresses: this test is about the cap, not the per-address limit.
      const res = await signIn(proxied, user.email, PASSWORD, `192.0.2.${i + 1}`);
      expect(res.status).toBe(200);
      tokens.push(res.body.token);
    }
    const live = async () =>
      (
        await proxied.ownerPool.query("select count(*)::int as n from app_public.sessions where user_id = $1", [
          user.id,
        ])
      ).rows[0].n;
    const signedIn = async (token: string) =>
      (await send(proxied, "/api/auth/get-session", { headers: { authorization: `Bearer ${token}` } })).body !== null;
    expect(await live()).toBe(cap);
    // The first session is the oldest but was used a moment ago: the second is the least recently active.
    await proxied.ownerPool.query(
      "update app_public.sessions set last_active_at = now() where id = (select session_id from app_private.session_tokens where token_hash = digest($1, 'sha256'))",
      [tokens[0]],
    );
    const next = await signIn(proxied, user.email, PASSWORD, "192.0.2.100");
    expect(next.status).toBe(200);
    expect(await live()).toBe(cap);
    expect(await signedIn(tokens[1])).toBe(false);
    expect(await signedIn(tokens[0])).toBe(true);
    expect(await signedIn(tokens[2])).toBe(true);
    expect(await signedIn(next.body.token)).toBe(true);
  });
});

describe("password hashes", () => {
  test("a cost-8 hash is upgraded to password_hash_cost() at the next successful sign-in, not at a failed one", async () => {
    const {
      rows: [{ cost }],
    } = await proxied.ownerPool.query("select app_private.password_hash_cost() as cost");
    expect(cost).toBeGreaterThanOrEqual(10);
    const user = await seedUser(proxied, 8);
    const hash = async () =>
      (
        await proxied.ownerPool.query("select password_hash from app_private.user_secrets where user_id = $1", [
          user.id,
        ])
      ).rows[0].password_hash as string;
    const old = await hash();
    expect(old).toMatch(/^\$2a\$08\$/);
    expect((await signIn(proxied, user.email, "wrong password", freshIp())).status).toBe(401);
    expect(await hash()).toBe(old);
    expect((await signIn(proxied, user.email, PASSWORD, freshIp())).status).toBe(200);
    const upgraded = await hash();
    expect(upgraded).toMatch(new RegExp(`^\\$2a\\$${cost}\\$`));
    expect(upgraded).not.toContain(PASSWORD);
    // The same password still signs in; a hash of the current cost is left alone.
    expect((await signIn(proxied, user.email, PASSWORD, freshIp())).status).toBe(200);
    expect(await hash()).toBe(upgraded);
    // New accounts get the current cost.
    const fresh = await signUp(proxied.url, "Fresh");
    const { rows } = await proxied.ownerPool.query(
      "select app_private.password_hash_cost_of(password_hash) as c from app_private.user_secrets join app_public.users u on u.id = user_id where u.email = $1",
      [fresh.email],
    );
    expect(rows[0].c).toBe(cost);
  });
});

describe("one credential parser: a malformed header is 401 on every route, never a fallback", () => {
  const MALFORMED: Array<Record<string, string>> = [
    { authorization: "Bearer x y" },
    { authorization: "Bearer" },
    { authorization: "Bearer a,b" },
    { authorization: "Basic dXNlcjpwYXNz" },
    { authorization: "Token abc" },
    { authorization: "" },
    { "x-api-key": "svc_a b" },
    { "x-api-key": "" },
  ];
  let admin: { token: string; email: string };
  let victim: { token: string; id: string };
  beforeAll(async () => {
    const s = direct;
    const first = await signUp(s.url, "Admin");
    await s.ownerPool.query("select app_public.grant_admin($1)", [first.email]);
    admin = { token: first.token, email: first.email };
    const v = await signUp(s.url, "Victim");
    victim = { token: v.token, id: v.user.id };
  });

  const cookie = () => ({ cookie: `svc_session=${admin.token}` });
  const expectUnauthorized = (res: Reply, graphql = false) => {
    expect(res.status).toBe(401);
    if (graphql) expect(res.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    else expect(res.body.code).toBe("UNAUTHORIZED");
    const message = graphql ? res.body.errors[0].message : res.body.message;
    expect(message).toMatch(/^(Authorization|x-api-key) must be/);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  };

  test.each(MALFORMED.map((h) => [JSON.stringify(h), h]))("%s", async (_label, header) => {
    const s = direct;
    const headers = { ...header, ...cookie() };
    // The cookie alone is a valid admin session on each of these routes.
    expect((await send(s, "/api/auth/get-session", { headers: cookie() })).body.user.email).toBe(admin.email);
    expectUnauthorized(await send(s, "/api/auth/get-session", { headers }));
    expectUnauthorized(await send(s, "/api/graphql", { body: { query: "{ viewer { id } }" }, headers }), true);
    expectUnauthorized(await send(s, "/api/graphql", { method: "GET", headers }), true);
    expectUnauthorized(await send(s, "/api/auth/admin/ban-user", { body: { userId: victim.id }, headers }));
    expectUnauthorized(await send(s, "/api/auth/admin/unban-user", { body: { userId: victim.id }, headers }));
    expectUnauthorized(await send(s, "/api/auth/sign-out", { body: {}, headers }));
    expectUnauthorized(await send(s, SIGN_IN, { body: { email: admin.email, password: PASSWORD }, headers }));
    const email = newEmail("malformed");
    expectUnauthorized(await send(s, SIGN_UP, { body: { name: "M", email, password: PASSWORD }, headers }));
    // Nothing happened: no ban, no sign-out, no account.
    expect(
      (await s.ownerPool.query("select banned from app_public.users where id = $1", [victim.id])).rows[0].banned,
    ).toBe(false);
    expect((await send(s, "/api/auth/get-session", { headers: cookie() })).body.user.email).toBe(admin.email);
    expect((await s.ownerPool.query("select 1 from app_public.users where email = $1", [email])).rowCount).toBe(0);
  });

  test("well-formed headers still work: any case of `Bearer`, extra spaces between scheme and token", async () => {
    for (const authorization of [`Bearer ${admin.token}`, `bearer ${admin.token}`, `BEARER   ${admin.token}`]) {
      expect((await send(direct, "/api/auth/get-session", { headers: { authorization } })).body.user.email).toBe(
        admin.email,
      );
    }
    // An unknown (well-formed) token is simply signed out, as before.
    expect(
      (await send(direct, "/api/auth/get-session", { headers: { authorization: `Bearer ${"f".repeat(64)}` } })).body,
    ).toBeNull();
  });
});

describe("emails with control or invisible characters", () => {
  test.each([
    ["zero-width space", "a\u200Bb@example.com", "U+200B"],
    ["zero-width joiner", "ab@exa\u200Dmple.com", "U+200D"],
    ["byte order mark", "\uFEFFab@example.com", "U+FEFF"],
    ["word joiner", "ab\u2060@example.com", "U+2060"],
    ["right-to-left override", "ab@\u202Eexample.com", "U+202E"],
    ["soft hyphen", "a\u00ADb@example.com", "U+00AD"],
    ["bell", "a\u0007b@example.com", "U+0007"],
    ["escape", "ab@example.com\u001B[2J", "U+001B"],
    ["delete", "ab\u007F@example.com", "U+007F"],
    ["C1 next line", "ab\u0085@example.com", "U+0085"],
    ["Hangul filler", "ab\u3164@example.com", "U+3164"],
    ["variation selector", "ab\uFE0F@example.com", "U+FE0F"],
    ["tag character", "ab\u{E0041}@example.com", "U+E0041"],
  ])("%s is refused on sign-up and sign-in, naming the character", async (_label, email, codePoint) => {
    const ip = freshIp();
    const up = await send(proxied, SIGN_UP, { body: { name: "Hidden", email, password: PASSWORD }, ip });
    expect(up.status).toBe(400);
    expect(up.body.code).toBe("BAD_REQUEST");
    expect(up.body.message).toBe(`email must not contain control or invisible characters (found ${codePoint})`);
    const signInRes = await send(proxied, SIGN_IN, { body: { email, password: PASSWORD }, ip });
    expect(signInRes.status).toBe(400);
    expect(signInRes.body.message).toBe(`email must not contain control or invisible characters (found ${codePoint})`);
    expect((await proxied.ownerPool.query("select 1 from app_public.users where email = $1", [email])).rowCount).toBe(
      0,
    );
  });

  test("visible non-ASCII addresses are still accepted", async () => {
    const email = `jürgen-${randomBytes(3).toString("hex")}@bücher.example`;
    expect(
      (await send(proxied, SIGN_UP, { body: { name: "J", email, password: PASSWORD }, ip: freshIp() })).status,
    ).toBe(200);
  });
});

describe("response headers", () => {
  test("Cache-Control: no-store on every response carrying a token or a session", async () => {
    const ip = freshIp();
    const email = newEmail("nostore");
    const up = await send(proxied, SIGN_UP, { body: { name: "N", email, password: PASSWORD }, ip });
    const inRes = await signIn(proxied, email, PASSWORD, ip);
    const wrong = await signIn(proxied, email, "wrong password", ip);
    const session = await send(proxied, "/api/auth/get-session", {
      headers: { authorization: `Bearer ${inRes.body.token}` },
    });
    const out = await send(proxied, "/api/auth/sign-out", {
      body: {},
      headers: { authorization: `Bearer ${inRes.body.token}` },
    });
    const key = await send(proxied, "/api/graphql", {
      body: { query: `mutation { createApiKey(input: {name: "k", access: READ_ONLY, expiresIn: NEVER}) { key } }` },
      headers: { authorization: `Bearer ${up.body.token}` },
    });
    const malformed = await send(proxied, "/api/auth/get-session", { headers: { authorization: "Bearer x y" } });
    expect([up.status, inRes.status, wrong.status, session.status, out.status, key.status, malformed.status]).toEqual([
      200, 200, 401, 200, 200, 200, 401,
    ]);
    expect(up.body.token).toBeTruthy();
    expect(inRes.body.token).toBeTruthy();
    expect(key.body.data.createApiKey.key).toMatch(/^svc_/);
    for (const res of [up, inRes, wrong, session, out, key, malformed])
      expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  test("security headers reach the auth routes' answers (200, 401, 429, malformed credential, ban route)", async () => {
    const user = await seedUser(proxied);
    const ip = freshIp();
    const answers = [
      await signIn(proxied, user.email, PASSWORD, ip),
      await signIn(proxied, user.email, "wrong password", ip),
      await send(proxied, "/api/auth/get-session", { headers: { authorization: "Bearer x y" } }),
      await send(proxied, "/api/auth/admin/ban-user", { body: { userId: user.id } }),
    ];
    for (let i = 0; i < AUTH_LIMITS.failuresPerAccountAndAddress; i++)
      await signIn(proxied, user.email, "wrong password", ip);
    answers.push(await signIn(proxied, user.email, PASSWORD, ip));
    expect(answers.map((r) => r.status)).toEqual([200, 401, 401, 401, 429]);
    for (const res of answers) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });

  test(`x-request-id: a plain identifier up to ${REQUEST_ID_MAX} characters is echoed; anything else is replaced by a UUID`, async () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const idOf = async (value?: string) =>
      (
        await send(proxied, "/api/auth/get-session", { headers: value === undefined ? {} : { "x-request-id": value } })
      ).headers.get("x-request-id");
    for (const good of [
      "abc-123",
      "Root=1-5759e988-bd862e3fe1be46a994272793",
      "a.b_c:d/e+f",
      "x".repeat(REQUEST_ID_MAX),
    ]) {
      expect(await idOf(good)).toBe(good);
    }
    for (const bad of [
      "x".repeat(REQUEST_ID_MAX + 1),
      "two words",
      "<script>",
      'quote"d',
      "semi;colon",
      "ünïcode",
      "tab\there",
      "",
    ]) {
      expect(await idOf(bad)).toMatch(UUID);
    }
    expect(await idOf()).toMatch(UUID);
  });
});

describe("TRUST_PROXY", () => {
  test("unset, empty, false or 0: no proxy; a hop count; a list of addresses, subnets and names", () => {
    for (const none of [undefined, "", "false", "0", " "]) expect(parseTrustProxy(none)).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8 ,fd00::/8")).toEqual(["loopback", "10.0.0.0/8", "fd00::/8"]);
  });

  test("`true` (believe any client) and a bad address are refused with a message", () => {
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(() => parseTrustProxy("10.0.0.1, proxy.example")).toThrow(
      /^TRUST_PROXY: invalid IP address: proxy\.example/,
    );
  });
});
