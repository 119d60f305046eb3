// Budgets leased to each API process in slices (server/limits/cost-lease.ts), on a real PostgreSQL:
// two budgets on one database stand for two processes. A bucket refilling by one unit in 115 days,
// so what it lost is what it was charged.
import type pg from "pg";
import { useTestServer } from "../support/harness.ts";
import { clientCostBudget, type ClientCostLimits } from "../../server/limits/client-cost-budget.ts";

const s = useTestServer();
const BUDGET = 100_000;
const SHARE = 0.05;
const SLICE = BUDGET * SHARE;
const limits: ClientCostLimits = {
  perAddressPerMinute: BUDGET,
  perSessionPerMinute: BUDGET,
  windowSeconds: 10_000_000,
  leaseShare: SHARE,
  leaseSettleMs: 200,
};

let statements = 0;
const counting = () =>
  ({
    query: (...a: Parameters<pg.Pool["query"]>) => ((statements += 1), (s.ownerPool.query as any)(...a)),
  }) as unknown as pg.Pool;

let nextAddress = 0;
const freshPayer = () => ({ address: `198.51.100.${(nextAddress += 1)}` });
/** The payer's bucket, its tokens rounded (the refill adds a hundredth of a unit a second). */
const bucket = async (payer: { address: string }) => {
  const { rows } = await s.ownerPool.query("select tokens, held from app_private.cost_buckets where payer = $1", [
    `address:${payer.address}`,
  ]);
  return { tokens: Math.round(rows[0].tokens), held: rows[0].held as number };
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("a payer's requests spend its lease in memory: 100 requests of 100 units are 2 statements, and the bucket ends charged exactly what they spent", async () => {
  statements = 0;
  // Settled only when the slice is spent here (no interval within the test).
  const budget = clientCostBudget(counting(), { ...limits, leaseSettleMs: 60_000 });
  const payer = freshPayer();
  for (let i = 0; i < 100; i++) {
    expect(await budget.admit(payer, 100)).toBeNull();
    await budget.charge(payer, 90, 100);
  }
  // The first claim with its slice (5,000), and the next one when that was spent (90 a request: 56
  // requests in); none per request.
  expect(statements).toBe(2);
  await budget.close();
  expect(await bucket(payer)).toEqual({ tokens: BUDGET - 100 * 90, held: 0 });
});

test("two processes sharing one bucket never admit more than it holds, and together use all but what one lease held", async () => {
  const one = clientCostBudget(s.ownerPool, limits);
  const two = clientCostBudget(s.ownerPool, limits);
  const payer = freshPayer();
  const ESTIMATE = 700;
  let admitted = 0;
  for (let refusedBoth = false; !refusedBoth;) {
    refusedBoth = true;
    for (const budget of [one, two]) {
      if ((await budget.admit(payer, ESTIMATE)) !== null) continue;
      refusedBoth = false;
      admitted += ESTIMATE;
      await budget.charge(payer, ESTIMATE, ESTIMATE);
    }
  }
  expect(admitted).toBeLessThanOrEqual(BUDGET);
  // What the other process's lease still held when the first was refused, at most a slice and an estimate.
  expect(admitted).toBeGreaterThanOrEqual(BUDGET - SLICE - ESTIMATE);
  await Promise.all([one.close(), two.close()]);
  const settled = await bucket(payer);
  expect(settled.held).toBe(0);
  expect(settled.tokens).toBe(BUDGET - admitted);
});

test("what a request spends beyond its estimate reaches PostgreSQL within one settle interval, while the lease is in use", async () => {
  const budget = clientCostBudget(s.ownerPool, limits);
  const payer = freshPayer();
  expect(await budget.admit(payer, 100)).toBeNull();
  await budget.charge(payer, 3_000, 100);
  // Still in use: settled by the interval (200 ms), not given back.
  expect(await budget.admit(payer, 100)).toBeNull();
  await wait(limits.leaseSettleMs! * 2.5);
  const inUse = await bucket(payer);
  // Charged what the first spent; the second's estimate and a new slice held.
  expect(inUse.tokens + inUse.held).toBe(BUDGET - 3_000);
  await budget.charge(payer, 100, 100);
  await budget.close();
  expect(await bucket(payer)).toEqual({ tokens: BUDGET - 3_100, held: 0 });
});

test("a bucket spent by another process is refused here once this process's lease is spent: at most one slice more", async () => {
  const budget = clientCostBudget(s.ownerPool, limits);
  const payer = freshPayer();
  expect(await budget.admit(payer, 100)).toBeNull();
  await budget.charge(payer, 100, 100);
  await s.ownerPool.query("update app_private.cost_buckets set tokens = 0 where payer = $1", [
    `address:${payer.address}`,
  ]);
  let more = 0;
  while ((await budget.admit(payer, 100)) === null) {
    more += 100;
    await budget.charge(payer, 100, 100);
  }
  expect(more).toBeLessThanOrEqual(SLICE);
  const refused = await budget.admit(payer, 100);
  expect(refused).toMatchObject({ budget: "address" });
  // Now judged by PostgreSQL: the lease's spending settled in the refusing statement, nothing left.
  expect(refused!.remaining).toBe(0);
  await budget.close();
});

test("a lease unused for one settle interval is given back whole; with no share every claim and charge is a statement", async () => {
  const budget = clientCostBudget(s.ownerPool, limits);
  const payer = freshPayer();
  expect(await budget.admit(payer, 100)).toBeNull();
  await budget.charge(payer, 40, 100);
  expect((await bucket(payer)).held).toBe(100 + SLICE);
  await wait(limits.leaseSettleMs! * 3);
  expect(await bucket(payer)).toEqual({ tokens: BUDGET - 40, held: 0 });
  await budget.close();

  statements = 0;
  const unleased = clientCostBudget(counting(), { ...limits, leaseShare: 0 });
  const other = freshPayer();
  for (let i = 0; i < 3; i++) {
    expect(await unleased.admit(other, 100)).toBeNull();
    await unleased.charge(other, 50, 100);
  }
  expect(statements).toBe(6);
  expect(await bucket(other)).toEqual({ tokens: BUDGET - 150, held: 0 });
  await unleased.close();
});
