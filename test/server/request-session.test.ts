// A session on /api/graphql is resolved by SQL in the request's own transaction (set up in one
// round trip, server/graphql/request-transaction.ts), not by a lookup before it. From outside, nothing
// changes: a signed-out or expired session reads nothing and may not write, at once; the session is
// still marked active (at most once a minute); the log names the caller; and no role or hashed
// credential of one request stays on a pooled connection for the next.
import { randomBytes } from "node:crypto";
import { useTestServer, signUp, gql, post, captureJsonLog } from "../support/harness.ts";

const lines = captureJsonLog();
const s = useTestServer();

async function logged(query: string, token: string) {
  const requestId = `session-${randomBytes(6).toString("hex")}`;
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-request-id": requestId },
    body: JSON.stringify({ query }),
  });
  const body = await res.json();
  const t0 = Date.now();
  let line: any;
  while (
    !(line = lines.map((l) => JSON.parse(l)).find((r) => r.message === "request" && r.requestId === requestId)) &&
    Date.now() - t0 < 5000
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return { body, line };
}

test("the log names a session's user, from SQL or (an operation that ran none) from a lookup", async () => {
  const u = await signUp(s.url, "Logged");
  const read = await logged("{ viewer { id } }", u.token);
  expect(read.body).toEqual({ data: { viewer: { id: u.user.id } } });
  expect(read.line).toMatchObject({ caller: "session", userId: u.user.id, status: 200 });
  const noSql = await logged("{ __typename }", u.token);
  expect(noSql.body).toEqual({ data: { __typename: "Query" } });
  expect(noSql.line).toMatchObject({ caller: "session", userId: u.user.id });
});

test("a signed-out session reads nothing and may not write, on its very next request", async () => {
  const u = await signUp(s.url, "Gone");
  expect((await gql(s.url, "{ viewer { id } }", {}, { token: u.token })).body.data.viewer.id).toBe(u.user.id);
  expect((await post(s.url, "/api/auth/sign-out", {}, { token: u.token })).status).toBe(200);
  const read = await logged("{ viewer { id } }", u.token);
  expect(read.body).toEqual({ data: { viewer: null } });
  // As before: a session credential that is no sign-in is logged as a session without a user.
  expect(read.line.caller).toBe("session");
  expect(read.line.userId).toBeUndefined();
  const write = await gql(
    s.url,
    'mutation { logBodyweight(input: { date: "2026-01-01", weight: 80 }) { id } }',
    {},
    { token: u.token },
  );
  expect(write.body.errors[0]).toMatchObject({
    message: "Sign in (or use a valid API key) to make changes",
    extensions: { code: "FORBIDDEN" },
  });
  expect(
    (await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights where user_id = $1", [u.user.id]))
      .rows[0].n,
  ).toBe(0);
});

test("a mutation's session is resolved in its own transaction: a live one writes, one that is no sign-in is FORBIDDEN in every root field before anything is written", async () => {
  const u = await signUp(s.url, "Writer");
  const bodyweights = async () =>
    (await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights where user_id = $1", [u.user.id]))
      .rows[0].n;
  const two = `mutation {
    a: logBodyweight(input: { date: "2026-01-01", weight: 80 }) { id }
    b: logBodyweight(input: { date: "2026-01-02", weight: 81 }) { id }
  }`;
  const live = await logged(two, u.token);
  expect(live.body.errors).toBeUndefined();
  expect(live.line).toMatchObject({ caller: "session", userId: u.user.id, status: 200 });
  expect(await bodyweights()).toBe(2);
  // Idle past the limit: no longer a sign-in, refused at once, and the log still says so.
  await s.ownerPool.query(
    "update app_public.sessions set last_active_at = now() - interval '30 days 1 second' where user_id = $1",
    [u.user.id],
  );
  const idle = await logged(two.replaceAll("2026-01-0", "2026-02-0"), u.token);
  expect(idle.body.errors.map((e: any) => [e.path, e.message, e.extensions])).toEqual(
    ["a", "b"].map((field) => [[field], "Sign in (or use a valid API key) to make changes", { code: "FORBIDDEN" }]),
  );
  expect(idle.body.data).toEqual({ a: null, b: null });
  expect(idle.line.caller).toBe("session");
  expect(idle.line.userId).toBeUndefined();
  expect(await bodyweights()).toBe(2);
  // An unknown token: the same.
  const unknown = await logged(two, randomBytes(24).toString("base64url"));
  expect(unknown.body.errors[0].extensions).toEqual({ code: "FORBIDDEN" });
  expect(await bodyweights()).toBe(2);
});

test("a session idle 30 days reads nothing; a read marks a session active at most once a minute", async () => {
  const u = await signUp(s.url, "Idle");
  const active = async (token: string) =>
    (
      await s.ownerPool.query(
        `select s.last_active_at from app_private.session_tokens t join app_public.sessions s on s.id = t.session_id
          where t.token_hash = sha256(convert_to($1, 'UTF8'))`,
        [token],
      )
    ).rows[0].last_active_at as Date;
  const idleFor = (interval: string) =>
    s.ownerPool.query(
      `update app_public.sessions set last_active_at = now() - interval '${interval}' where user_id = $1`,
      [u.user.id],
    );
  const read = async (token: string) => (await gql(s.url, "{ viewer { id } }", {}, { token })).body;
  await idleFor("59 seconds");
  const before = await active(u.token);
  expect((await read(u.token)).data.viewer.id).toBe(u.user.id);
  expect(await active(u.token)).toEqual(before); // touched less than a minute ago: left alone
  // Found live by this process moments ago: a read does not resolve it again for RECHECK_MS.
  await idleFor("61 seconds");
  const stale = await active(u.token);
  expect((await read(u.token)).data.viewer.id).toBe(u.user.id);
  expect(await active(u.token)).toEqual(stale);
  // A device this process has not seen lately (another sign-in of the same lifter): its read marks it.
  const other = (await post(s.url, "/api/auth/sign-in/email", { email: u.email, password: u.password })).body;
  await idleFor("61 seconds");
  expect((await read(other.token)).data.viewer.id).toBe(u.user.id);
  // A read's answer does not wait for its commit: the touch lands just after it.
  for (let i = 0; i < 50 && Date.now() - (await active(other.token)).getTime() >= 10_000; i++)
    await new Promise((ok) => setTimeout(ok, 100));
  expect(Date.now() - (await active(other.token)).getTime()).toBeLessThan(10_000);
  // Idle 30 days: nothing to read, for a device seen moments ago too (every statement checks).
  await idleFor("30 days 1 second");
  expect(await read(u.token)).toEqual({ data: { viewer: null } });
  expect(await read(other.token)).toEqual({ data: { viewer: null } });
});

test("no role, credential hash or timeout of a request stays on the GraphQL pool's connections", async () => {
  const u = await signUp(s.url, "Pooled");
  await Promise.all(Array.from({ length: 30 }, () => gql(s.url, "{ viewer { id } }", {}, { token: u.token })));
  const clients = await Promise.all(Array.from({ length: 5 }, () => s.authPool.connect()));
  try {
    for (const client of clients) {
      const {
        rows: [row],
      } = await client.query(`select current_user as role, current_setting('svc.session_hash', true) as session,
        current_setting('svc.key_hash', true) as key, current_setting('statement_timeout') as timeout`);
      expect(row.role).toBe("svc_authenticator");
      expect(row.session ?? "").toBe("");
      expect(row.key ?? "").toBe("");
      expect(row.timeout).toBe("0"); // the request's 5 s ended with its transaction
      const {
        rows: [status],
      } = await client.query("select pg_current_xact_id_if_assigned() is null as no_transaction_left");
      expect(status.no_transaction_left).toBe(true);
    }
  } finally {
    for (const client of clients) client.release();
  }
});
