// The background tasks for real against the test database: lift expired bans, mark keys past
// their expiry, prune counters and failed sign-ins, delete idle sessions; once through
// graphile-worker's runOnce, and the crontab runs every one of them every minute.
import pg from "pg";
import { createHash } from "node:crypto";
import { runOnce, quickAddJob, parseCrontab, Logger } from "graphile-worker";
import { tasks, crontab, runTaskFunction } from "../../server/jobs/tasks.ts";
import { startWorker } from "../../server/jobs/worker.ts";
import { useTestServer, gql, post, signUp, createApiKey } from "../support/harness.ts";
import { connectRaw } from "../support/oauth-flow.ts";

const s = useTestServer();

const q = (text: string, values: unknown[] = []) => s.ownerPool.query(text, values);

const createKey = (token: string) => createApiKey(s.url, token, { expiresIn: "DAYS_30" });

async function signInStatus(email: string, password: string) {
  return (await post(s.url, "/api/auth/sign-in/email", { email, password })).status;
}

test("lift_expired_bans: bans whose time has passed are lifted; running and endless ones stay", async () => {
  const past = await signUp(s.url);
  const future = await signUp(s.url);
  const endless = await signUp(s.url);
  await q(
    "update app_public.users set banned = true, ban_reason = 'r', ban_expires = now() - interval '1 second' where id = $1",
    [past.user.id],
  );
  await q(
    "update app_public.users set banned = true, ban_reason = 'r', ban_expires = now() + interval '1 minute' where id = $1",
    [future.user.id],
  );
  await q("update app_public.users set banned = true, ban_reason = 'r', ban_expires = null where id = $1", [
    endless.user.id,
  ]);
  const client = await s.ownerPool.connect();
  try {
    expect(await runTaskFunction(client, "lift_expired_bans")).toBe(1);
    expect(await runTaskFunction(client, "lift_expired_bans")).toBe(0);
  } finally {
    client.release();
  }
  const { rows } = await q(
    "select id, banned, ban_reason, ban_expires is null as no_end from app_public.users where id = any($1)",
    [[past.user.id, future.user.id, endless.user.id]],
  );
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  expect(byId[past.user.id]).toMatchObject({ banned: false, ban_reason: null, no_end: true });
  expect(byId[future.user.id]).toMatchObject({ banned: true, ban_reason: "r" });
  expect(byId[endless.user.id]).toMatchObject({ banned: true, no_end: true });
  expect(await signInStatus(past.email, past.password)).toBe(200);
  expect(await signInStatus(future.email, future.password)).toBe(403);
  expect(await signInStatus(endless.email, endless.password)).toBe(403);
});

test("expire_api_keys: keys past their expiry are marked expired and stay listed until revoked", async () => {
  const { token } = await signUp(s.url);
  const old = await createKey(token);
  const live = await createKey(token);
  await q("update app_public.api_keys set expires_at = now() - interval '1 second' where id = $1", [old.id]);
  await q("update app_public.api_keys set expires_at = now() + interval '1 minute' where id = $1", [live.id]);
  const client = await s.ownerPool.connect();
  try {
    expect(await runTaskFunction(client, "expire_api_keys")).toBe(1);
    expect(await runTaskFunction(client, "expire_api_keys")).toBe(0);
  } finally {
    client.release();
  }
  const { rows } = await q("select id, expired from app_public.api_keys where id = any($1)", [[old.id, live.id]]);
  expect(Object.fromEntries(rows.map((r) => [r.id, r.expired]))).toEqual({ [old.id]: true, [live.id]: false });
  const listed = await gql(s.url, "{ viewer { apiKeys { id expired } } }", {}, { token });
  expect(listed.body.data.viewer.apiKeys).toEqual(
    expect.arrayContaining([
      { id: old.id, expired: true },
      { id: live.id, expired: false },
    ]),
  );
  expect((await gql(s.url, "{ viewer { id } }", {}, { key: old.key })).body.data.viewer).toBeNull();
  expect((await gql(s.url, "{ viewer { id } }", {}, { key: live.key })).body.data.viewer).not.toBeNull();
  // Moving the expiry back does not revive a key once it is marked expired.
  await q("update app_public.api_keys set expires_at = now() + interval '1 day' where id = $1", [old.id]);
  expect((await gql(s.url, "{ viewer { id } }", {}, { key: old.key })).body.data.viewer).toBeNull();
});

test("prune_counters: counters older than 10 minutes and failed sign-ins older than 15 minutes go; newer ones stay", async () => {
  await q(`insert into app_private.rate_counters (subject, window_start, count) values
    ('test:old', now() - interval '10 minutes' - interval '1 second', 5),
    ('test:recent', now() - interval '9 minutes' - interval '59 seconds', 5)`);
  await q(`insert into app_private.failed_sign_ins (email, attempted_at) values
    ('old@prune.test', now() - interval '15 minutes' - interval '1 second'),
    ('recent@prune.test', now() - interval '14 minutes' - interval '59 seconds')`);
  const client = await s.ownerPool.connect();
  try {
    expect(await runTaskFunction(client, "prune_counters")).toBe(2);
    expect(await runTaskFunction(client, "prune_counters")).toBe(0);
  } finally {
    client.release();
  }
  expect((await q("select subject from app_private.rate_counters where subject like 'test:%'")).rows).toEqual([
    { subject: "test:recent" },
  ]);
  expect((await q("select email::text from app_private.failed_sign_ins where email like '%@prune.test'")).rows).toEqual(
    [{ email: "recent@prune.test" }],
  );
});

test("delete_idle_sessions: sessions idle 30 days go; younger ones stay signed in", async () => {
  const idle = await signUp(s.url);
  const active = await signUp(s.url);
  await q("update app_public.sessions set last_active_at = now() - interval '30 days' where user_id = $1", [
    idle.user.id,
  ]);
  await q(
    "update app_public.sessions set last_active_at = now() - interval '29 days' - interval '23 hours' where user_id = $1",
    [active.user.id],
  );
  const client = await s.ownerPool.connect();
  try {
    expect(await runTaskFunction(client, "delete_idle_sessions")).toBe(1);
    expect(await runTaskFunction(client, "delete_idle_sessions")).toBe(0);
  } finally {
    client.release();
  }
  expect(
    (await q("select count(*)::int as n from app_public.sessions where user_id = $1", [idle.user.id])).rows[0].n,
  ).toBe(0);
  expect(
    (
      await q(
        "select count(*)::int as n from app_private.session_tokens t join app_public.sessions x on x.id = t.session_id where x.user_id = $1",
        [idle.user.id],
      )
    ).rows[0].n,
  ).toBe(0);
  expect((await gql(s.url, "{ viewer { id } }", {}, { token: active.token })).body.data.viewer.id).toBe(active.user.id);
});

test("forget_expired_oauth: codes and tokens expired over a day ago go, and registrations unused for a day; live ones stay", async () => {
  const { token } = await signUp(s.url);
  const app = await connectRaw(s.url, token);
  const hash = (text: string) => createHash("sha256").update(text).digest();
  const unused = async (age: string) => {
    const res = await post(s.url, "/api/oauth/register", {
      client_name: "Unused",
      redirect_uris: ["http://127.0.0.1:1/cb"],
      token_endpoint_auth_method: "none",
    });
    await q(`update app_private.oauth_clients set created_at = now() - interval '${age}' where id = $1`, [
      res.body.client_id,
    ]);
    return res.body.client_id as string;
  };
  const oldUnused = await unused("1 day 1 minute");
  const youngUnused = await unused("23 hours 59 minutes");
  // The connected client is older still, but in use.
  await q("update app_private.oauth_clients set created_at = now() - interval '90 days' where id = $1", [app.clientId]);
  await q("update app_private.oauth_tokens set expires_at = now() - interval '1 day 1 minute' where token_hash = $1", [
    hash(app.access_token),
  ]);
  await q("update app_private.oauth_tokens set expires_at = now() - interval '23 hours' where token_hash = $1", [
    hash(app.refresh_token),
  ]);
  await q("update app_private.oauth_codes set expires_at = now() - interval '1 day 1 minute' where client_id = $1", [
    app.clientId,
  ]);
  const client = await s.ownerPool.connect();
  try {
    expect(await runTaskFunction(client, "forget_expired_oauth")).toBe(3); // the access token, the code, the unused client
    expect(await runTaskFunction(client, "forget_expired_oauth")).toBe(0);
  } finally {
    client.release();
  }
  const count = async (sql: string, value: unknown) => (await q(sql, [value])).rows[0].n;
  expect(
    await count(
      "select count(*)::int as n from app_private.oauth_tokens where token_hash = $1",
      hash(app.access_token),
    ),
  ).toBe(0);
  expect(
    await count(
      "select count(*)::int as n from app_private.oauth_tokens where token_hash = $1",
      hash(app.refresh_token),
    ),
  ).toBe(1);
  expect(await count("select count(*)::int as n from app_private.oauth_codes where client_id = $1", app.clientId)).toBe(
    0,
  );
  expect(await count("select count(*)::int as n from app_private.oauth_clients where id = $1", oldUnused)).toBe(0);
  expect(await count("select count(*)::int as n from app_private.oauth_clients where id = $1", youngUnused)).toBe(1);
  expect(await count("select count(*)::int as n from app_private.oauth_clients where id = $1", app.clientId)).toBe(1);
});

test("the crontab runs every task every minute, and every task it names exists", () => {
  const items = parseCrontab(crontab);
  // Every task but deliver_webhook and import_history (queued per delivery and per import job, not scheduled) runs every minute.
  expect(items.map((i) => i.task).sort()).toEqual(
    Object.keys(tasks)
      .filter((t) => t !== "deliver_webhook" && t !== "import_history")
      .sort(),
  );
  for (const item of items) {
    expect(item.match).toBeDefined();
    // Every minute of every hour.
    for (const [min, hour] of [
      [0, 0],
      [1, 0],
      [37, 13],
      [59, 23],
    ]) {
      expect(item.match({ min, hour, date: 15, month: 6, dow: 3 })).toBe(true);
    }
  }
});

test("through graphile-worker: queued jobs for every task run with runOnce and do their work", async () => {
  const banned = await signUp(s.url);
  const { token } = await signUp(s.url);
  const key = await createKey(token);
  const idle = await signUp(s.url);
  await q("update app_public.users set banned = true, ban_expires = now() - interval '1 minute' where id = $1", [
    banned.user.id,
  ]);
  await q("update app_public.api_keys set expires_at = now() - interval '1 minute' where id = $1", [key.id]);
  await q(
    "insert into app_private.rate_counters (subject, window_start, count) values ('test:worker', now() - interval '1 hour', 1)",
  );
  await q("update app_public.sessions set last_active_at = now() - interval '31 days' where user_id = $1", [
    idle.user.id,
  ]);

  const quiet = new Logger(() => () => {});
  const pool = new pg.Pool({ connectionString: s.ownerUrl, max: 2 });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    for (const identifier of Object.keys(tasks)) await quickAddJob({ pgPool: pool, logger: quiet }, identifier, {});
    await runOnce({ pgPool: pool, taskList: tasks, logger: quiet, concurrency: 1 });
    // runOnce can return while the last completion is still being written; give it a moment.
    let left: unknown[] = [];
    for (let i = 0; i < 50; i++) {
      left = (await pool.query("select task_identifier, attempts, last_error from graphile_worker.jobs")).rows;
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toEqual([]);
  } finally {
    await pool.end();
  }
  expect((await q("select banned from app_public.users where id = $1", [banned.user.id])).rows[0].banned).toBe(false);
  expect((await q("select expired from app_public.api_keys where id = $1", [key.id])).rows[0].expired).toBe(true);
  expect(
    (await q("select count(*)::int as n from app_private.rate_counters where subject = 'test:worker'")).rows[0].n,
  ).toBe(0);
  expect(
    (await q("select count(*)::int as n from app_public.sessions where user_id = $1", [idle.user.id])).rows[0].n,
  ).toBe(0);
});

test("the server's worker registers the nine cron tasks", async () => {
  const pool = new pg.Pool({ connectionString: s.ownerUrl, max: 4 });
  pool.on("error", () => {});
  const runner = await startWorker(pool);
  try {
    let known: string[] = [];
    for (let i = 0; i < 50 && known.length < 9; i++) {
      await new Promise((r) => setTimeout(r, 100));
      known = (
        await q("select identifier from graphile_worker._private_known_crontabs order by 1").catch(() => ({
          rows: [] as any[],
        }))
      ).rows.map((r: any) => r.identifier);
    }
    expect(known).toEqual([
      "delete_expired_imports",
      "delete_idle_sessions",
      "delete_old_import_jobs",
      "delete_old_webhook_deliveries",
      "expire_api_keys",
      "forget_expired_oauth",
      "lift_expired_bans",
      "prune_changes",
      "prune_counters",
    ]);
  } finally {
    await runner.stop();
    await pool.end();
  }
});
