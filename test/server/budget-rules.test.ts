// The cost budget's rules at their edges, from outside: a save held by another transaction's row
// lock for 3 s is charged at most one hold's bound (SPENT_UNITS.maxMsPerHold: 1,000 ms, 100,000
// units), not the 300,000 its connection was held, so one slow save never locks a lifter out; one
// held 500 ms, below the bound, is charged the time it held (50,000 to 100,000);
// imports and exports paid apart from interactive work; one bucket for every credential of an
// account; the cap on connected apps; one payer's concurrent claims and charges sent together, each
// claim judged in order as one after another.
import { useTestServer, gql, post, signUp, createApiKey } from "../support/harness.ts";
import type pg from "pg";
import { SPENT_UNITS, clientCostBudget } from "../../server/limits/client-cost-budget.ts";

/** A budget refilling by 1 unit a second: what a bucket lost is what it was charged. */
const BUDGET = 1_000_000_000;
// No leases (a statement per claim and per charge): a bucket set or read here is the one every
// request is judged by (test/server/cost-lease.test.ts tests the leases).
const s = useTestServer({
  clientCostLimits: { perSessionPerMinute: BUDGET, perAddressPerMinute: BUDGET, windowSeconds: BUDGET, leaseShare: 0 },
});

/** The account's bucket (the first of its two, sorted). */
const payerOfToken = async (token: string) =>
  (
    await s.ownerPool.query(
      "select (app_private.cost_payers(sha256(convert_to($1, 'UTF8')), null, null, null, false))[1] as payer",
      [token],
    )
  ).rows[0].payer as string;

/** The bucket once the charge has landed (nothing held any more). */
async function settled(payer: string) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await s.ownerPool.query("select tokens, held from app_private.cost_buckets where payer = $1", [
      payer,
    ]);
    if (rows[0] && rows[0].held === 0) return rows[0].tokens as number;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no charge for ${payer}`);
}

const log = (token: string, weight: number) =>
  gql(
    s.url,
    'mutation($w: Float!) { logBodyweight(input: {date: "2026-02-02", weight: $w}) { weight } }',
    { w: weight },
    { token },
  );

test("a save that waits 3 s on a row lock is charged at most 1,000 ms of database time (100,000 units)", async () => {
  expect(SPENT_UNITS.maxMsPerHold).toBe(1000);
  const user = await signUp(s.url, "Locked");
  expect((await log(user.token, 80)).body.errors).toBeUndefined();
  const payer = await payerOfToken(user.token);
  const before = await settled(payer);

  const lock = await s.ownerPool.connect();
  try {
    await lock.query("begin");
    await lock.query("select 1 from app_public.bodyweights where date = '2026-02-02' for update");
    const started = performance.now();
    const saving = log(user.token, 81);
    await new Promise((r) => setTimeout(r, 3000));
    await lock.query("commit");
    const answer = await saving;
    expect(answer.body).toEqual({ data: { logBodyweight: { weight: 81 } } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(3000);
  } finally {
    lock.release();
  }
  const charged = before - (await settled(payer));
  // The hold was 3 s: counted as 1 s, plus the request's other statements (its payload's: a few
  // ms, up to tens on a loaded machine; 13 ms seen in CI), bytes and refill; far below 3 s's 300,000.
  expect(charged).toBeGreaterThanOrEqual(SPENT_UNITS.maxMsPerHold * SPENT_UNITS.perDatabaseMs - 10);
  expect(charged).toBeLessThanOrEqual(SPENT_UNITS.maxMsPerHold * SPENT_UNITS.perDatabaseMs + 5_000);
});

test("below the bound a lock's wait is charged as the time it held: a save waiting 500 ms (seen waiting in pg_stat_activity) costs 50,000 to 100,000", async () => {
  const user = await signUp(s.url, "Briefly Locked");
  expect((await log(user.token, 80)).body.errors).toBeUndefined();
  const payer = await payerOfToken(user.token);
  const before = await settled(payer);

  const lock = await s.ownerPool.connect();
  try {
    await lock.query("begin");
    await lock.query("select 1 from app_public.bodyweights where date = '2026-02-02' for update");
    const saving = log(user.token, 81);
    // The save's statement is waiting on the row lock before the 500 ms are counted.
    let waiting = false;
    for (let i = 0; i < 500 && !waiting; i++) {
      const { rows } = await s.ownerPool.query(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%bodyweight%' and pid <> $1",
        [(lock as unknown as { processID: number }).processID],
      );
      waiting = rows[0].n > 0;
      if (!waiting) await new Promise((r) => setTimeout(r, 20));
    }
    expect(waiting).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    await lock.query("commit");
    expect((await saving).body).toEqual({ data: { logBodyweight: { weight: 81 } } });
  } finally {
    lock.release();
  }
  const charged = before - (await settled(payer));
  expect(charged).toBeGreaterThanOrEqual(500 * SPENT_UNITS.perDatabaseMs - 10);
  expect(charged).toBeLessThanOrEqual(SPENT_UNITS.maxMsPerHold * SPENT_UNITS.perDatabaseMs + 1_000);
});

describe("budgets by kind of work and per account", () => {
  const bucket = async (payer: string) =>
    (await s.ownerPool.query("select tokens from app_private.cost_buckets where payer = $1", [payer])).rows[0]
      ?.tokens as number | undefined;
  const setBucket = (payer: string, tokens: number) =>
    s.ownerPool.query(
      `insert into app_private.cost_buckets (payer, tokens) values ($1, $2)
         on conflict (payer) do update set tokens = $2, held = 0, updated_at = now()`,
      [payer, tokens],
    );
  const EXPORT = "{ exportWorkouts(first: 10) { documents endCursor } }";
  const READ = "{ viewer { name } }";

  test("an export is paid from the account's bulk bucket, never the interactive ones; each refused only by its own bucket", async () => {
    const user = await signUp(s.url, "Bulk");
    const account = `account:${user.user.id}`;
    const bulk = `bulk:${user.user.id}`;
    expect((await gql(s.url, EXPORT, {}, { token: user.token })).body.data.exportWorkouts.documents).toEqual([]);
    for (let i = 0; i < 300 && (await bucket(bulk)) === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await bucket(bulk)).toBeLessThan(BUDGET);
    expect(await bucket(account)).toBeUndefined(); // the interactive bucket was never touched

    // The account spent: interactive reads are refused naming it, exports go on.
    await setBucket(account, 0);
    const read = await gql(s.url, READ, {}, { token: user.token });
    expect(read.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", budget: "account" });
    const exported = await gql(s.url, EXPORT, {}, { token: user.token });
    expect([exported.status, exported.body.errors?.[0].message]).toEqual([200, undefined]);

    // Another lifter's bulk bucket spent (after an import): exports are refused naming it, reads go on.
    const lifter = await signUp(s.url, "Imported");
    await setBucket(`bulk:${lifter.user.id}`, 0);
    const refused = await gql(s.url, EXPORT, {}, { token: lifter.token });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost", budget: "bulk" });
    expect(refused.body.errors[0].message).toMatch(/this account's import and export GraphQL cost budget/);
    expect((await gql(s.url, READ, {}, { token: lifter.token })).body.data.viewer.name).toBe("Imported");
  });

  test("every credential of an account draws from its one account bucket: a second session and a key are refused once it is spent; another account goes on", async () => {
    const user = await signUp(s.url, "Many");
    const second = (await post(s.url, "/api/auth/sign-in/email", { email: user.email, password: user.password })).body;
    const { key } = await createApiKey(s.url, user.token, { access: "READ_ONLY" });
    for (const who of [{ token: user.token }, { token: second.token }, { key }])
      expect((await gql(s.url, READ, {}, who)).status).toBe(200);
    await setBucket(`account:${user.user.id}`, 0);
    for (const who of [{ token: user.token }, { token: second.token }, { key }]) {
      const refused = await gql(s.url, READ, {}, who);
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].message).toMatch(
        /of this account's \(all its sessions, keys and apps together\) GraphQL cost budget/,
      );
    }
    const other = await signUp(s.url, "Other");
    expect((await gql(s.url, READ, {}, { token: other.token })).status).toBe(200);
  });

  test("at most 20 connected apps per account: the 21st connection ends the least recently used one", async () => {
    const user = await signUp(s.url, "Apps");
    await s.ownerPool.query(
      `insert into app_private.oauth_clients (id, name, redirect_uris, metadata) values ('cap-test', 'Cap test', '{https://example.com/cb}', '{}')
         on conflict do nothing`,
    );
    const connect = (usedMinutesAgo: number) =>
      s.ownerPool.query(
        `insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource, last_used_at)
         values ($1, 'cap-test', 'Cap test', 'example.com', 'read_only', 'http://x/api/mcp', now() - make_interval(mins => $2))
         returning id`,
        [user.user.id, usedMinutesAgo],
      );
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await connect(100 - i)).rows[0].id); // ids[0] the least recently used
    const held = async () =>
      (await s.ownerPool.query("select id from app_public.connected_apps where user_id = $1", [user.user.id])).rows.map(
        (r) => r.id as string,
      );
    expect((await held()).sort()).toEqual([...ids].sort()); // the 20th kept them all
    const newest = (await connect(0)).rows[0].id as string;
    expect((await held()).sort()).toEqual([...ids.slice(1), newest].sort());
  });
});

test("one payer's concurrent claims go in one statement, each judged in order against what the ones before left; its charges add up in one", async () => {
  let statements = 0;
  const counting = {
    query: (...a: Parameters<pg.Pool["query"]>) => ((statements += 1), (s.ownerPool.query as any)(...a)),
  } as unknown as pg.Pool;
  const limits = { perAddressPerMinute: 1000, perSessionPerMinute: 1000, windowSeconds: BUDGET, leaseShare: 0 };
  const budget = clientCostBudget(counting, limits);
  const payer = { address: "198.51.100.7" };
  await s.ownerPool.query(
    `insert into app_private.cost_buckets (payer, tokens) values ('address:198.51.100.7', 250)
       on conflict (payer) do update set tokens = 250, held = 0, updated_at = now()`,
  );
  // The first is sent alone; the five after it wait for it and go together: 2 of 6 fit (250 = 100 + 100 + 50).
  const refusals = await Promise.all(Array.from({ length: 6 }, () => budget.admit(payer, 100)));
  expect(statements).toBe(2);
  expect(refusals.filter((r) => r === null)).toHaveLength(2);
  for (const refused of refusals.filter((r) => r !== null)) {
    expect(refused).toMatchObject({ budget: "address", remaining: 50 });
    expect(refused!.message).toContain("estimated cost of 100 is more than the 50 left");
  }
  const row = async () =>
    (await s.ownerPool.query("select tokens, held from app_private.cost_buckets where payer = 'address:198.51.100.7'"))
      .rows[0];
  expect(await row()).toMatchObject({ held: 200 });
  expect(Math.floor((await row()).tokens)).toBe(50);
  // Both charged (30 and 70 spent of 100 held each), the second gathered behind the first or with it.
  statements = 0;
  await Promise.all([budget.charge(payer, 30, 100), budget.charge(payer, 70, 100), budget.charge(payer, 0, 0)]);
  expect(statements).toBe(2);
  expect(await row()).toMatchObject({ held: 0 });
  expect(Math.floor((await row()).tokens)).toBe(150);
});
