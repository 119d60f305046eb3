// Signed-in devices and account deletion over HTTP: viewer { sessions }, signOutSession,
// signOutOtherSessions, the 30-day idle expiry, and deleteAccount (session only).
import { useTestServer, gql, post, get, signUp, errorCode, createApiKey } from "../support/harness.ts";

const s = useTestServer();

const SESSIONS = "{ viewer { sessions { id client createdAt lastActiveAt current } } }";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

async function signIn(email: string, password: string, headers: Record<string, string>) {
  const res = await post(s.url, "/api/auth/sign-in/email", { email, password }, { headers });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

async function sessions(token: string) {
  const res = await gql(s.url, SESSIONS, {}, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.viewer.sessions as any[];
}

async function signedIn(token: string) {
  const res = await gql(s.url, "{ viewer { id } }", {}, { token });
  expect(res.status).toBe(200);
  return res.body.data.viewer !== null;
}

const createKey = async (token: string) => (await createApiKey(s.url, token)).key;

test("lists every device: the CLI as `svc CLI on <host>`, a browser by its name; `current` marks the caller", async () => {
  const { email, password } = await signUp(s.url, "Dev");
  const cli = await signIn(email, password, { "x-client-name": "svc CLI on rack-01" });
  const chrome = await signIn(email, password, { "user-agent": CHROME });
  const firefox = await signIn(email, password, { "user-agent": FIREFOX });
  const list = await sessions(chrome);
  expect(list).toHaveLength(4); // sign-up made one too
  const clients = list.map((x) => x.client);
  expect(clients).toEqual(
    expect.arrayContaining(["svc CLI on rack-01", "Chrome 120 on Windows", "Firefox 128 on Linux"]),
  );
  expect(list.filter((x) => x.current).map((x) => x.client)).toEqual(["Chrome 120 on Windows"]);
  for (const x of list) {
    expect(Date.parse(x.createdAt)).not.toBeNaN();
    expect(Date.parse(x.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(x.createdAt));
  }
  // Most recently active first.
  const times = list.map((x) => Date.parse(x.lastActiveAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect((await sessions(cli)).find((x) => x.current).client).toBe("svc CLI on rack-01");
  expect((await sessions(firefox)).find((x) => x.current).client).toBe("Firefox 128 on Linux");
});

test("signOutSession ends that session at once; the next request with its token is signed out", async () => {
  const { token, email, password } = await signUp(s.url);
  const laptop = await signIn(email, password, { "user-agent": FIREFOX });
  const target = (await sessions(token)).find((x) => x.client === "Firefox 128 on Linux");
  const res = await gql(
    s.url,
    'mutation($id: UUID!) { signOutSession(input: {id: $id, clientMutationId: "m"}) { id clientMutationId } }',
    { id: target.id },
    { token },
  );
  expect(res.body).toEqual({ data: { signOutSession: { id: target.id, clientMutationId: "m" } } });
  expect(await signedIn(laptop)).toBe(false);
  expect((await get(s.url, "/api/auth/get-session", { token: laptop })).body).toBeNull();
  const write = await gql(
    s.url,
    `mutation { logBodyweight(input: {date: "2024-01-01", weight: 1}) { date } }`,
    {},
    { token: laptop },
  );
  expect(errorCode(write)).toBe("FORBIDDEN");
  expect(await signedIn(token)).toBe(true);
  expect((await sessions(token)).map((x) => x.id)).not.toContain(target.id);
  // Signing out the current session is allowed too.
  const mine = (await sessions(token)).find((x) => x.current);
  const self = await gql(
    s.url,
    "mutation($id: UUID!) { signOutSession(input: {id: $id}) { id } }",
    { id: mine.id },
    { token },
  );
  expect(self.body.data.signOutSession.id).toBe(mine.id);
  expect(await signedIn(token)).toBe(false);
});

test("another user's session or an unknown id: NOT_FOUND; a malformed id: INVALID_INPUT; nothing ends", async () => {
  const alice = await signUp(s.url);
  const bob = await signUp(s.url);
  const bobsSession = (await sessions(bob.token))[0].id;
  const signOut = (id: string) =>
    gql(s.url, "mutation($id: UUID!) { signOutSession(input: {id: $id}) { id } }", { id }, { token: alice.token });
  for (const id of [bobsSession, "00000000-0000-0000-0000-000000000000"])
    expect(errorCode(await signOut(id))).toBe("NOT_FOUND");
  // Inline in the document too: refused by validation, before anything runs.
  const inline = await gql(
    s.url,
    'mutation { signOutSession(input: {id: "nope"}) { id } }',
    {},
    { token: alice.token },
  );
  for (const res of [await signOut("nope"), inline]) {
    expect(errorCode(res)).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toMatch(/Invalid UUID/);
  }
  expect(await signedIn(bob.token)).toBe(true);
  expect(await signedIn(alice.token)).toBe(true);
});

test("signOutOtherSessions ends every other session and keeps the caller's; another user's sessions are untouched", async () => {
  const { token, email, password } = await signUp(s.url);
  const others = [
    await signIn(email, password, { "user-agent": CHROME }),
    await signIn(email, password, { "x-client-name": "svc CLI on box" }),
    await signIn(email, password, {}),
  ];
  const bystander = await signUp(s.url);
  const res = await gql(s.url, "mutation { signOutOtherSessions(input: {}) { count } }", {}, { token });
  expect(res.body).toEqual({ data: { signOutOtherSessions: { count: 3 } } });
  for (const t of others) expect(await signedIn(t)).toBe(false);
  expect(await signedIn(token)).toBe(true);
  expect(await signedIn(bystander.token)).toBe(true);
  expect((await sessions(token)).map((x) => x.current)).toEqual([true]);
  // Without an input object, and with nothing left to end.
  const again = await gql(s.url, "mutation { signOutOtherSessions { count } }", {}, { token });
  expect(again.body).toEqual({ data: { signOutOtherSessions: { count: 0 } } });
});

test("with an API key, or signed out: listing and ending sessions is FORBIDDEN", async () => {
  const { token } = await signUp(s.url);
  const key = await createKey(token);
  const id = (await sessions(token))[0].id;
  for (const credentials of [{ key }, {}]) {
    for (const query of [
      `mutation { signOutSession(input: {id: "${id}"}) { id } }`,
      "mutation { signOutOtherSessions(input: {}) { count } }",
    ]) {
      expect(errorCode(await gql(s.url, query, {}, credentials))).toBe("FORBIDDEN");
    }
  }
  expect(errorCode(await gql(s.url, SESSIONS, {}, { key }))).toBe("FORBIDDEN");
  expect(await signedIn(token)).toBe(true);
});

test("a session idle for 30 days is signed out; seconds short of that it is still alive and its activity moves", async () => {
  const { token, user } = await signUp(s.url);
  const {
    rows: [{ id }],
  } = await s.ownerPool.query("select id from app_public.sessions where user_id = $1", [user.id]);
  await s.ownerPool.query(
    "update app_public.sessions set last_active_at = now() - interval '30 days' + interval '5 seconds' where id = $1",
    [id],
  );
  expect(await signedIn(token)).toBe(true);
  // A read's answer does not wait for its commit (server/graphql/request-transaction.ts): the touch lands just after.
  const fresh = async () =>
    (
      await s.ownerPool.query(
        "select now() - last_active_at < interval '1 minute' as fresh from app_public.sessions where id = $1",
        [id],
      )
    ).rows[0].fresh as boolean;
  for (let i = 0; i < 50 && !(await fresh()); i++) await new Promise((ok) => setTimeout(ok, 100));
  expect(await fresh()).toBe(true);
  await s.ownerPool.query(
    "update app_public.sessions set last_active_at = now() - interval '30 days' - interval '1 second' where id = $1",
    [id],
  );
  expect(await signedIn(token)).toBe(false);
  expect((await get(s.url, "/api/auth/get-session", { token })).body).toBeNull();
});

describe("deleteAccount", () => {
  // The first account of an instance is its admin: made here, so the ones deleted below are not.
  beforeAll(async () => {
    await signUp(s.url, "Owner");
  });

  const DELETE = "mutation($password: String) { deleteAccount(input: { password: $password }) { id } }";
  /** Moves the session of this token back: it signed in this many seconds ago. */
  async function signedInAgo(token: string, seconds: number) {
    await s.ownerPool.query(
      "update app_public.sessions set created_at = now() - make_interval(secs => $2) where id = (select session_id from app_private.session_of_hash(sha256(convert_to($1, 'UTF8'))))",
      [token, seconds],
    );
  }
  const exists = async (id: string) =>
    (await s.ownerPool.query("select 1 from app_public.users where id = $1", [id])).rowCount === 1;
  async function seedEverything(userId: string) {
    // Rows in every table that hangs off a user, written straight in SQL (documents are not this test's subject).
    const {
      rows: [ex],
    } = await s.ownerPool.query(
      "insert into app_public.exercises (user_id, name, kind) values ($1, 'My ' || substr(md5(random()::text), 1, 8), 'reps') returning id",
      [userId],
    );
    const {
      rows: [routine],
    } = await s.ownerPool.query(
      "insert into app_public.routines (user_id, name, unit) values ($1, 'Plan', 'kg') returning id",
      [userId],
    );
    await s.ownerPool.query(
      "insert into app_public.routine_exercises (routine_id, user_id, position, exercise_id, sets) values ($1, $2, 0, $3, 3)",
      [routine.id, userId, ex.id],
    );
    const {
      rows: [workout],
    } = await s.ownerPool.query(
      "insert into app_public.workouts (user_id, routine_id, date, start, unit, effort) values ($1, $2, '2024-01-01', '2024-01-01T12:00Z', 'kg', 'rpe') returning id",
      [userId, routine.id],
    );
    const {
      rows: [we],
    } = await s.ownerPool.query(
      "insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id) values ($1, $2, 0, $3) returning id",
      [workout.id, userId, ex.id],
    );
    await s.ownerPool.query(
      "insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, position, weight, reps) values ($1, $2, $3, 0, 100, 5)",
      [we.id, workout.id, userId],
    );
    await s.ownerPool.query(
      "insert into app_public.bodyweights (user_id, date, weight, unit) values ($1, '2024-01-01', 80, 'kg')",
      [userId],
    );
  }

  async function countRows(userId: string) {
    const { rows } = await s.ownerPool.query(
      `
      select (select count(*) from app_public.users where id = $1)
           + (select count(*) from app_public.sessions where user_id = $1)
           + (select count(*) from app_public.api_keys where user_id = $1)
           + (select count(*) from app_public.exercises where user_id = $1)
           + (select count(*) from app_public.routines where user_id = $1)
           + (select count(*) from app_public.routine_exercises where user_id = $1)
           + (select count(*) from app_public.workouts where user_id = $1)
           + (select count(*) from app_public.workout_exercises where user_id = $1)
           + (select count(*) from app_public.workout_sets where user_id = $1)
           + (select count(*) from app_public.bodyweights where user_id = $1)
           + (select count(*) from app_private.user_secrets where user_id = $1) as n`,
      [userId],
    );
    return Number(rows[0].n);
  }

  test("deletes the user with keys, sessions and all their data; tokens and keys are signed out; others keep theirs", async () => {
    const doomed = await signUp(s.url, "Leaving");
    const keeper = await signUp(s.url, "Staying");
    const key = await createKey(doomed.token);
    const second = await signIn(doomed.email, doomed.password, { "user-agent": CHROME });
    await seedEverything(doomed.user.id);
    await seedEverything(keeper.user.id);
    const keeperRows = await countRows(keeper.user.id);
    expect(await countRows(doomed.user.id)).toBe(12);

    const res = await gql(
      s.url,
      'mutation { deleteAccount(input: {clientMutationId: "bye"}) { id clientMutationId } }',
      {},
      { token: doomed.token },
    );
    expect(res.body).toEqual({ data: { deleteAccount: { id: doomed.user.id, clientMutationId: "bye" } } });
    expect(await countRows(doomed.user.id)).toBe(0);
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_private.api_key_hashes h left join app_public.api_keys k on k.id = h.api_key_id where k.id is null",
    );
    expect(rows[0].n).toBe(0);
    for (const token of [doomed.token, second]) expect(await signedIn(token)).toBe(false);
    expect((await gql(s.url, "{ viewer { id } }", {}, { key })).body.data.viewer).toBeNull();
    const signInAgain = await post(s.url, "/api/auth/sign-in/email", {
      email: doomed.email,
      password: doomed.password,
    });
    expect(signInAgain.status).toBe(401);
    expect(await countRows(keeper.user.id)).toBe(keeperRows);
    expect(await signedIn(keeper.token)).toBe(true);
    // The email is free again.
    expect(
      (
        await post(s.url, "/api/auth/sign-up/email", {
          name: "Back",
          email: doomed.email,
          password: "another password",
        })
      ).status,
    ).toBe(200);
  });

  test("session only: with a key (read-write) or signed out it is FORBIDDEN and nothing is deleted", async () => {
    const { token, user } = await signUp(s.url);
    const key = await createKey(token);
    for (const credentials of [{ key }, { key: "svc_unknown" }, {}]) {
      const res = await gql(s.url, "mutation { deleteAccount(input: {}) { id } }", {}, credentials);
      expect(errorCode(res)).toBe("FORBIDDEN");
    }
    expect(await countRows(user.id)).toBe(4); // user, secret, session, key
  });
  test("a session older than 5 minutes needs the password: PASSWORD_REQUIRED and nothing deleted; at 299 seconds it is not asked", async () => {
    const old = await signUp(s.url, "Old session");
    await signedInAgo(old.token, 301);
    const refused = await gql(s.url, DELETE, {}, { token: old.token });
    expect(errorCode(refused)).toBe("PASSWORD_REQUIRED");
    expect(refused.body.errors[0].message).toBe(
      "password: give your password to delete your account (it is not asked within 5 minutes of signing in)",
    );
    expect(refused.body.data.deleteAccount).toBeNull();
    expect(await exists(old.user.id)).toBe(true);
    const recent = await signUp(s.url, "Recent session");
    await signedInAgo(recent.token, 299);
    const deleted = await gql(s.url, DELETE, {}, { token: recent.token });
    expect(deleted.body).toEqual({ data: { deleteAccount: { id: recent.user.id } } });
    expect(await exists(recent.user.id)).toBe(false);
  });

  test("a wrong password: WRONG_PASSWORD, nothing deleted, counted as a failed sign-in; the right one deletes", async () => {
    const u = await signUp(s.url, "Careful");
    await signedInAgo(u.token, 3600);
    const failures = async () =>
      Number(
        (await s.ownerPool.query("select count(*) from app_private.failed_sign_ins where email = $1", [u.email]))
          .rows[0].count,
      );
    // Also when the payload asks for nothing but its type name: the refusal is the field's own value.
    const typeOnly = "mutation($password: String) { deleteAccount(input: { password: $password }) { __typename } }";
    for (const [query, password] of [
      [DELETE, "not my password"],
      [typeOnly, ""],
    ]) {
      const wrong = await gql(s.url, query, { password }, { token: u.token });
      expect(errorCode(wrong)).toBe("WRONG_PASSWORD");
      expect(wrong.body.errors[0].message).toBe("password: wrong password; nothing was deleted");
      expect(wrong.body.data.deleteAccount).toBeNull();
    }
    expect(await exists(u.user.id)).toBe(true);
    expect(await signedIn(u.token)).toBe(true);
    expect(await failures()).toBe(2);
    const right = await gql(s.url, DELETE, { password: u.password }, { token: u.token });
    expect(right.body).toEqual({ data: { deleteAccount: { id: u.user.id } } });
    expect(await exists(u.user.id)).toBe(false);
    // The owner's success cleared this address's failures, as a sign-in does.
    expect(await failures()).toBe(0);
  });

  test("the only admin is refused with LAST_ADMIN whatever the password; with a second admin (not banned) it is deleted", async () => {
    // This instance's admins stand aside: `first` alone is one.
    await s.ownerPool.query("update app_public.users set role = 'user' where role = 'admin'");
    const first = await signUp(s.url, "First admin");
    const second = await signUp(s.url, "Second admin");
    await s.ownerPool.query("select app_public.grant_admin($1)", [first.email]);
    for (const variables of [{}, { password: first.password }, { password: "wrong password" }]) {
      const refused = await gql(s.url, DELETE, variables, { token: first.token });
      expect(errorCode(refused)).toBe("LAST_ADMIN");
      expect(refused.body.errors[0].message).toBe(
        "You are the only admin of this service: promote another admin first (the database owner runs select app_public.grant_admin('their email'))",
      );
    }
    // A banned admin does not administer: still the last.
    await s.ownerPool.query("select app_public.grant_admin($1)", [second.email]);
    await s.ownerPool.query("update app_public.users set banned = true where id = $1", [second.user.id]);
    expect(errorCode(await gql(s.url, DELETE, { password: first.password }, { token: first.token }))).toBe(
      "LAST_ADMIN",
    );
    expect(await exists(first.user.id)).toBe(true);
    await s.ownerPool.query("update app_public.users set banned = false where id = $1", [second.user.id]);
    const deleted = await gql(s.url, DELETE, { password: first.password }, { token: first.token });
    expect(deleted.body).toEqual({ data: { deleteAccount: { id: first.user.id } } });
    expect(await exists(first.user.id)).toBe(false);
    // Now the second is the last.
    expect(errorCode(await gql(s.url, DELETE, { password: second.password }, { token: second.token }))).toBe(
      "LAST_ADMIN",
    );
    expect(await exists(second.user.id)).toBe(true);
  });

  test("two admins deleting themselves at once: one is deleted, the other refused as the last", async () => {
    await s.ownerPool.query("update app_public.users set role = 'user' where role = 'admin'");
    const a = await signUp(s.url, "Admin A");
    const b = await signUp(s.url, "Admin B");
    for (const u of [a, b]) await s.ownerPool.query("select app_public.grant_admin($1)", [u.email]);
    const answers = await Promise.all(
      [a, b].map((u) => gql(s.url, DELETE, { password: u.password }, { token: u.token })),
    );
    expect(answers.map((r) => errorCode(r) ?? "deleted").sort()).toEqual(["LAST_ADMIN", "deleted"]);
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.users where role = 'admin'");
    expect(rows[0].n).toBe(1);
  });
});
