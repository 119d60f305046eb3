// Personal API keys over HTTP: creation (value shown once, only a hash stored), listing, use as
// Bearer or x-api-key, read-only keys, revocation, expiry, the 50-key limit, and what a key may not do.
import { useTestServer, gql, post, get, signUp, errorCode, asRole, credentialHash } from "../support/harness.ts";
import { SESSION_ONLY_FIELDS } from "../../server/graphql/operation-guard.ts";

const s = useTestServer();

const KEY_FIELDS = "id name start access createdAt lastUsedAt expiresAt expired";
const CREATE = `mutation($name: String!, $access: ApiKeyAccess!, $expiresIn: ApiKeyExpiry!) {
  createApiKey(input: {name: $name, access: $access, expiresIn: $expiresIn}) { key apiKey { ${KEY_FIELDS} } }
}`;

async function createKey(token: string, name = "script", access = "READ_WRITE", expiresIn = "DAYS_30") {
  const res = await gql(s.url, CREATE, { name, access, expiresIn }, { token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.createApiKey as { key: string; apiKey: any };
}

async function listKeys(token: string) {
  const res = await gql(s.url, `{ viewer { apiKeys { ${KEY_FIELDS} } } }`, {}, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.viewer.apiKeys as any[];
}

describe("creating a key", () => {
  test("returns the full value once, svc_ and 40 base62 characters; stores only its SHA-256 and first 8 characters", async () => {
    const { token } = await signUp(s.url, "Kim");
    const before = Date.now();
    const { key, apiKey } = await createKey(token, "  nightly export  ", "READ_WRITE", "DAYS_30");
    expect(key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatchObject({
      name: "nightly export",
      start: key.slice(0, 8),
      access: "READ_WRITE",
      lastUsedAt: null,
      expired: false,
    });
    const expires = Date.parse(apiKey.expiresAt) - Date.parse(apiKey.createdAt);
    expect(expires).toBe(30 * 24 * 3600 * 1000);
    expect(Date.parse(apiKey.createdAt)).toBeGreaterThanOrEqual(before - 2000);

    const { rows } = await s.ownerPool.query(
      "select h.key_hash, to_jsonb(k) as row from app_private.api_key_hashes h join app_public.api_keys k on k.id = h.api_key_id where k.id = $1",
      [apiKey.id],
    );
    expect(rows[0].key_hash.toString("hex")).toBe(credentialHash(key));
    expect(JSON.stringify(rows[0].row)).not.toContain(key.slice(8));
    // Listed without the value.
    const listed = await listKeys(token);
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  test("keys are random: 20 keys, 20 different values and starts of 8 characters", async () => {
    const { token } = await signUp(s.url);
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => createKey(token, `k${i}`)));
    expect(new Set(keys.map((k) => k.key)).size).toBe(20);
    for (const k of keys) expect(k.apiKey.start).toHaveLength(8);
  });

  test("expiry options: 90 days, one year, never; access READ_ONLY", async () => {
    const { token } = await signUp(s.url);
    const d90 = await createKey(token, "a", "READ_ONLY", "DAYS_90");
    expect(d90.apiKey.access).toBe("READ_ONLY");
    expect(Date.parse(d90.apiKey.expiresAt) - Date.parse(d90.apiKey.createdAt)).toBe(90 * 24 * 3600 * 1000);
    const y1 = await createKey(token, "b", "READ_WRITE", "YEAR_1");
    const created = new Date(y1.apiKey.createdAt);
    const expected = new Date(created);
    expected.setUTCFullYear(created.getUTCFullYear() + 1);
    expect(Math.abs(Date.parse(y1.apiKey.expiresAt) - expected.getTime())).toBeLessThan(24 * 3600 * 1000 + 1);
    expect(Date.parse(y1.apiKey.expiresAt) - created.getTime()).toBeGreaterThanOrEqual(365 * 24 * 3600 * 1000);
    const never = await createKey(token, "c", "READ_WRITE", "NEVER");
    expect(never.apiKey.expiresAt).toBeNull();
    expect((await listKeys(token)).map((k) => k.name)).toEqual(["c", "b", "a"]);
  });

  test("name: 1 to 80 characters after trimming (edges)", async () => {
    const { token } = await signUp(s.url);
    expect((await createKey(token, "n".repeat(80))).apiKey.name).toHaveLength(80);
    expect((await createKey(token, "x")).apiKey.name).toBe("x");
    expect([...(await createKey(token, "🏋".repeat(80))).apiKey.name]).toHaveLength(80);
    for (const name of ["n".repeat(81), "", "   ", "🏋".repeat(81)]) {
      const res = await gql(s.url, CREATE, { name, access: "READ_WRITE", expiresIn: "NEVER" }, { token });
      expect(errorCode(res)).toBe("INVALID_INPUT");
      expect(res.body.errors![0].message).toMatch(/^name: /);
    }
    expect(await listKeys(token)).toHaveLength(3);
  });

  test("a user holds at most 50 keys: the 50th is created, the 51st refused, after a revoke one more fits", async () => {
    const { token } = await signUp(s.url);
    const other = await signUp(s.url);
    // 49 straight in SQL (same function the API calls), the 50th and 51st over HTTP.
    await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(token) }, async (c) => {
      for (let i = 0; i < 49; i++)
        await c.query("select app_public.create_api_key($1, 'read_only', 'never')", [`bulk ${i}`]);
      await c.query("commit");
    });
    const fiftieth = await createKey(token, "fiftieth");
    expect(await listKeys(token)).toHaveLength(50);
    const res = await gql(s.url, CREATE, { name: "fifty-first", access: "READ_WRITE", expiresIn: "NEVER" }, { token });
    expect(errorCode(res)).toBe("LIMIT_REACHED");
    expect(res.body.errors[0].extensions).toEqual({ code: "LIMIT_REACHED", limit: "apiKeys", max: 50 });
    expect(res.body.data?.createApiKey ?? null).toBeNull();
    expect(await listKeys(token)).toHaveLength(50);
    // Another user is not affected.
    await createKey(other.token, "mine");
    const revoked = await gql(
      s.url,
      "mutation($id: UUID!) { revokeApiKey(input: {id: $id}) { id } }",
      { id: fiftieth.apiKey.id },
      { token },
    );
    expect(revoked.body.data.revokeApiKey.id).toBe(fiftieth.apiKey.id);
    await createKey(token, "fits again");
    expect(await listKeys(token)).toHaveLength(50);
  });

  test("concurrent creations cannot pass the limit", async () => {
    const { token } = await signUp(s.url);
    await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(token) }, async (c) => {
      for (let i = 0; i < 45; i++)
        await c.query("select app_public.create_api_key($1, 'read_only', 'never')", [`bulk ${i}`]);
      await c.query("commit");
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gql(s.url, CREATE, { name: `race ${i}`, access: "READ_ONLY", expiresIn: "NEVER" }, { token }),
      ),
    );
    expect(results.filter((r) => r.body.data?.createApiKey?.key).length).toBe(5);
    expect(results.filter((r) => errorCode(r) === "LIMIT_REACHED").length).toBe(5);
    expect(await listKeys(token)).toHaveLength(50);
  });

  test("unknown enum values are refused by GraphQL before anything runs", async () => {
    const { token } = await signUp(s.url);
    const res = await gql(s.url, CREATE, { name: "x", access: "ADMIN", expiresIn: "NEVER" }, { token });
    expect(res.body.errors).toBeDefined();
    expect(await listKeys(token)).toHaveLength(0);
  });
});

describe("using a key", () => {
  test("as Authorization: Bearer or x-api-key, the key acts as its owner; lastUsedAt moves", async () => {
    const { token, user } = await signUp(s.url, "Lee");
    const { key, apiKey } = await createKey(token);
    for (const keyHeader of ["authorization", "x-api-key"] as const) {
      const res = await gql(s.url, "{ viewer { id name workouts(limit: 10) { date name } } }", {}, { key, keyHeader });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { viewer: { id: user.id, name: "Lee", workouts: [] } } });
    }
    const [listed] = await listKeys(token);
    expect(listed.id).toBe(apiKey.id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(apiKey.createdAt));
    // Written at most once a minute: an older mark moves on the next use.
    await s.ownerPool.query(
      "update app_public.api_keys set last_used_at = now() - interval '5 minutes' where id = $1",
      [apiKey.id],
    );
    const stale = (await listKeys(token))[0].lastUsedAt;
    await gql(s.url, "{ viewer { id } }", {}, { key });
    const fresh = (await listKeys(token))[0].lastUsedAt;
    expect(Date.parse(fresh) - Date.parse(stale)).toBeGreaterThan(4 * 60 * 1000);
  });

  test("a read-write key writes as its owner under the same rules", async () => {
    const { token } = await signUp(s.url);
    const { key } = await createKey(token, "writer", "READ_WRITE");
    const res = await gql(
      s.url,
      `mutation { logBodyweight(input: {date: "2024-05-01", weight: 80.5}) { date weight } }`,
      {},
      { key },
    );
    expect(res.body).toEqual({ data: { logBodyweight: { date: "2024-05-01", weight: 80.5 } } });
  });

  test("a key works only on /api/graphql: 401 on /api/auth/*", async () => {
    const { token } = await signUp(s.url);
    const { key } = await createKey(token);
    for (const keyHeader of ["authorization", "x-api-key"] as const) {
      const session = await get(s.url, "/api/auth/get-session", { key, keyHeader });
      expect(session.status).toBe(401);
      expect(session.body).toMatchObject({ code: "UNAUTHORIZED" });
      const out = await post(s.url, "/api/auth/sign-out", {}, { key, keyHeader });
      expect(out.status).toBe(401);
    }
  });

  test("a key (even an admin's, even read-write) cannot list, create or revoke keys, list or end sessions, or delete the account", async () => {
    const admin = await signUp(s.url, "Admin maybe");
    const { rows } = await s.ownerPool.query(
      "update app_public.users set role = 'admin' where id = $1 returning role",
      [admin.user.id],
    );
    expect(rows[0].role).toBe("admin");
    const { key, apiKey } = await createKey(admin.token, "admin's key", "READ_WRITE");
    const { rows: sessions } = await s.ownerPool.query("select id from app_public.sessions where user_id = $1", [
      admin.user.id,
    ]);
    const attempts: Array<[string, Record<string, unknown>]> = [
      [CREATE, { name: "from a key", access: "READ_WRITE", expiresIn: "NEVER" }],
      ["mutation($id: UUID!) { revokeApiKey(input: {id: $id}) { id } }", { id: apiKey.id }],
      ["mutation($id: UUID!) { signOutSession(input: {id: $id}) { id } }", { id: sessions[0].id }],
      ["mutation { signOutOtherSessions(input: {}) { count } }", {}],
      ["mutation { deleteAccount(input: {}) { id } }", {}],
      // Through a fragment, an inline fragment and an alias: still refused.
      ["mutation { ...F } fragment F on Mutation { deleteAccount { id } }", {}],
      ["mutation { ... on Mutation { gone: deleteAccount { id } } }", {}],
      ["{ viewer { apiKeys { id } } }", {}],
      ["{ viewer { sessions { id } } }", {}],
      ["{ viewer { ...V } } fragment V on User { apiKeys { id name } }", {}],
    ];
    for (const [query, variables] of attempts) {
      const res = await gql(s.url, query, variables, { key });
      expect(res.status).toBe(200);
      expect(errorCode(res)).toBe("FORBIDDEN");
    }
    // Nothing happened: one key, the session alive, the account there.
    expect(await listKeys(admin.token)).toHaveLength(1);
    expect((await gql(s.url, "{ viewer { id } }", {}, { token: admin.token })).body.data.viewer.id).toBe(admin.user.id);
    // The SQL refuses too, whatever the GraphQL layer does: a key's identity is not a session.
    await asRole(s.ownerPool, "svc_visitor", { "svc.key_hash": credentialHash(key) }, async (c) => {
      for (const sql of [
        "select * from app_public.create_api_key('x', 'read_write', 'never')",
        `select app_public.revoke_api_key('${apiKey.id}')`,
        `select app_public.sign_out_session('${sessions[0].id}')`,
        "select app_public.sign_out_other_sessions()",
        "select app_public.delete_account()",
        "select app_public.change_password('x', 'long enough', '127.0.0.1', 5, 20)",
        `select * from app_public.users_api_keys((select u from app_public.users u where u.id = '${admin.user.id}'))`,
        `select * from app_public.users_sessions((select u from app_public.users u where u.id = '${admin.user.id}'))`,
      ]) {
        await c.query("savepoint s");
        await expect(c.query(sql)).rejects.toMatchObject({ code: "SVFBD" });
        await c.query("rollback to savepoint s");
      }
      expect((await c.query("select count(*)::int as n from app_public.api_keys")).rows[0].n).toBe(0);
      expect((await c.query("select count(*)::int as n from app_public.sessions")).rows[0].n).toBe(0);
    });
  });

  test("every session-only root field answers a key with the same message naming it; a session passes", async () => {
    const admin = await signUp(s.url, "Session only");
    await s.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
    const { key, apiKey } = await createKey(admin.token, "rw", "READ_WRITE");
    const { key: readOnly } = await createKey(admin.token, "ro", "READ_ONLY");
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const byField: Record<string, string> = {
      createApiKey: `mutation { createApiKey(input: {name: "k", access: READ_ONLY, expiresIn: NEVER}) { key } }`,
      revokeApiKey: `mutation { revokeApiKey(input: {id: "${unknownId}"}) { id } }`,
      signOutSession: `mutation { signOutSession(input: {id: "${unknownId}"}) { id } }`,
      signOutOtherSessions: "mutation { signOutOtherSessions(input: {}) { count } }",
      deleteAccount: "mutation { deleteAccount(input: {}) { id } }",
      changePassword: `mutation { changePassword(input: {currentPassword: "x", newPassword: "long enough"}) { signedOutSessions } }`,
      disconnectApp: `mutation { disconnectApp(input: {id: "${unknownId}"}) { id } }`,
      createWebhook: `mutation { createWebhook(input: {url: "https://example.com/hook", events: ["workout.created"]}) { secret } }`,
      deleteWebhook: `mutation { deleteWebhook(input: {id: "${unknownId}"}) { id } }`,
      setWebhookEnabled: `mutation { setWebhookEnabled(input: {id: "${unknownId}", enabled: false}) { clientMutationId } }`,
      testWebhook: `mutation { testWebhook(input: {id: "${unknownId}"}) { clientMutationId } }`,
      adminUsers: "{ adminUsers { totalCount } }",
    };
    expect(Object.keys(byField).sort()).toEqual([...SESSION_ONLY_FIELDS].sort());
    for (const [field, query] of Object.entries(byField)) {
      const res = await gql(s.url, query, {}, { key });
      expect(errorCode(res)).toBe("FORBIDDEN");
      expect(res.body.errors[0].message).toBe(`${field} needs a signed-in session; API keys cannot use it`);
    }
    // A query field is refused to a read-only key the same way (a mutation is refused as a write first).
    const readOnlyList = await gql(s.url, byField.adminUsers, {}, { key: readOnly });
    expect(codeAndMessage(readOnlyList)).toEqual([
      "FORBIDDEN",
      "adminUsers needs a signed-in session; API keys cannot use it",
    ]);
    // With the session the guard lets them through: the admin list answers, an unknown app is NOT_FOUND.
    const listed = await gql(s.url, byField.adminUsers, {}, { token: admin.token });
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.adminUsers.totalCount).toBeGreaterThanOrEqual(1);
    expect(codeAndMessage(await gql(s.url, byField.disconnectApp, {}, { token: admin.token }))).toEqual([
      "NOT_FOUND",
      "No connected app with this id",
    ]);
    expect((await listKeys(admin.token)).map((k) => k.id)).toContain(apiKey.id);
    function codeAndMessage(answer: Awaited<ReturnType<typeof gql>>) {
      return [errorCode(answer), answer.body.errors?.[0]?.message];
    }
  });

  test("a read-only key reads, and every mutation is refused with FORBIDDEN before anything runs", async () => {
    const { token, user } = await signUp(s.url);
    const { key } = await createKey(token, "reader", "READ_ONLY");
    const read = await gql(s.url, "{ viewer { id } }", {}, { key });
    expect(read.body.data.viewer.id).toBe(user.id);
    const write = await gql(
      s.url,
      `mutation { logBodyweight(input: {date: "2024-05-01", weight: 80}) { date } }`,
      {},
      { key, keyHeader: "x-api-key" },
    );
    expect(write.status).toBe(200);
    expect(errorCode(write)).toBe("FORBIDDEN");
    expect(write.body.errors![0].message).toMatch(/read only/);
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.bodyweights where user_id = $1",
      [user.id],
    );
    expect(rows[0].n).toBe(0);
  });

  test("defence in depth: the read-only key's database role cannot write even its owner's rows", async () => {
    const { token, user } = await signUp(s.url);
    const { key } = await createKey(token, "reader", "READ_ONLY");
    await gql(s.url, `mutation { logBodyweight(input: {date: "2024-05-02", weight: 70}) { date } }`, {}, { token });
    await asRole(s.ownerPool, "svc_reader", { "svc.key_hash": credentialHash(key) }, async (c) => {
      expect((await c.query("select app_public.current_user_id() as id")).rows[0].id).toBe(user.id);
      expect((await c.query("select count(*)::int as n from app_public.bodyweights")).rows[0].n).toBe(1);
      for (const sql of [
        "insert into app_public.bodyweights (date, weight, unit) values ('2024-05-03', 1, 'kg')",
        "update app_public.bodyweights set weight = 1",
        "delete from app_public.bodyweights",
        "update app_public.users set name = 'hacked'",
        "select app_public.log_bodyweight('2024-05-04', 1)",
      ]) {
        await c.query("savepoint s");
        await expect(c.query(sql)).rejects.toMatchObject({ code: "42501" });
        await c.query("rollback to savepoint s");
      }
    });
  });
});

describe("revoked, expired, unknown keys and banned owners answer as signed out", () => {
  const MUTATION = `mutation { logBodyweight(input: {date: "2024-06-01", weight: 60}) { date } }`;

  async function expectSignedOut(key: string) {
    for (const keyHeader of ["authorization", "x-api-key"] as const) {
      const read = await gql(s.url, "{ viewer { id } }", {}, { key, keyHeader });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ data: { viewer: null } });
      const write = await gql(s.url, MUTATION, {}, { key, keyHeader });
      expect(write.status).toBe(200);
      expect(errorCode(write)).toBe("FORBIDDEN");
    }
  }

  test("revokeApiKey deletes the key at once; the next request with it is signed out", async () => {
    const { token, user } = await signUp(s.url);
    const { key, apiKey } = await createKey(token);
    expect((await gql(s.url, "{ viewer { id } }", {}, { key })).body.data.viewer.id).toBe(user.id);
    const res = await gql(
      s.url,
      'mutation($id: UUID!) { revokeApiKey(input: {id: $id, clientMutationId: "r1"}) { id clientMutationId } }',
      { id: apiKey.id },
      { token },
    );
    expect(res.body).toEqual({ data: { revokeApiKey: { id: apiKey.id, clientMutationId: "r1" } } });
    await expectSignedOut(key);
    expect(await listKeys(token)).toEqual([]);
    const { rows } = await s.ownerPool.query(
      "select count(*)::int as n from app_private.api_key_hashes where api_key_id = $1",
      [apiKey.id],
    );
    expect(rows[0].n).toBe(0);
    const { rows: written } = await s.ownerPool.query(
      "select count(*)::int as n from app_public.bodyweights where user_id = $1",
      [user.id],
    );
    expect(written[0].n).toBe(0);
  });

  test("revoking an unknown id or another user's key: NOT_FOUND; a malformed id: INVALID_INPUT; that key still works", async () => {
    const alice = await signUp(s.url);
    const bob = await signUp(s.url);
    const bobs = await createKey(bob.token);
    const revoke = (id: string) =>
      gql(s.url, "mutation($id: UUID!) { revokeApiKey(input: {id: $id}) { id } }", { id }, { token: alice.token });
    for (const id of [bobs.apiKey.id, "00000000-0000-0000-0000-000000000000"])
      expect(errorCode(await revoke(id))).toBe("NOT_FOUND");
    for (const id of ["not-a-uuid", ""]) expect(errorCode(await revoke(id))).toBe("INVALID_INPUT");
    expect((await gql(s.url, "{ viewer { id } }", {}, { key: bobs.key })).body.data.viewer.id).toBe(bob.user.id);
  });

  test("an expired key is signed out, and stays listed as expired until revoked", async () => {
    const { token } = await signUp(s.url);
    const { key, apiKey } = await createKey(token, "short", "READ_WRITE", "DAYS_30");
    // One second before expiry: still good. At expiry: dead, before the worker marks it.
    await s.ownerPool.query("update app_public.api_keys set expires_at = now() + interval '2 seconds' where id = $1", [
      apiKey.id,
    ]);
    expect((await gql(s.url, "{ viewer { id } }", {}, { key })).body.data.viewer).not.toBeNull();
    await s.ownerPool.query(
      "update app_public.api_keys set expires_at = now() - interval '1 millisecond' where id = $1",
      [apiKey.id],
    );
    await expectSignedOut(key);
    const [listed] = await listKeys(token);
    expect(listed).toMatchObject({ id: apiKey.id, expired: true });
    const res = await gql(
      s.url,
      "mutation($id: UUID!) { revokeApiKey(input: {id: $id}) { id } }",
      { id: apiKey.id },
      { token },
    );
    expect(res.body.data.revokeApiKey.id).toBe(apiKey.id);
    expect(await listKeys(token)).toEqual([]);
  });

  test("unknown keys and garbage are signed out, never an error", async () => {
    for (const key of ["svc_" + "A".repeat(40), "svc_", "svc_short", "svc_" + "x".repeat(5000)])
      await expectSignedOut(key);
  });

  test("a banned owner's keys are signed out while the ban lasts", async () => {
    const { token, user } = await signUp(s.url);
    const { key } = await createKey(token);
    await s.ownerPool.query(
      "update app_public.users set banned = true, ban_expires = now() + interval '1 hour' where id = $1",
      [user.id],
    );
    await expectSignedOut(key);
    // Once the ban's time has passed the key works again (even before the worker lifts the flag).
    await s.ownerPool.query("update app_public.users set ban_expires = now() - interval '1 second' where id = $1", [
      user.id,
    ]);
    expect((await gql(s.url, "{ viewer { id } }", {}, { key })).body.data.viewer.id).toBe(user.id);
    await s.ownerPool.query("update app_public.users set banned = true, ban_expires = null where id = $1", [user.id]);
    await expectSignedOut(key);
  });

  test("signed out: viewer { apiKeys } is simply viewer null", async () => {
    const res = await gql(s.url, "{ viewer { apiKeys { id } sessions { id } } }");
    expect(res.body).toEqual({ data: { viewer: null } });
    const create = await gql(s.url, CREATE, { name: "x", access: "READ_ONLY", expiresIn: "NEVER" });
    expect(errorCode(create)).toBe("FORBIDDEN");
  });
});

test("another user never sees my keys", async () => {
  const alice = await signUp(s.url);
  const bob = await signUp(s.url);
  await createKey(alice.token, "alice's");
  expect(await listKeys(bob.token)).toEqual([]);
  const res = await gql(s.url, "{ viewer { apiKeys { name } } }", {}, { token: bob.token });
  expect(JSON.stringify(res.body)).not.toContain("alice's");
});
