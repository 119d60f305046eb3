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
  // A read's answer does not wait for its commit (server/request-transaction.ts): the touch lands just after.
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
});
