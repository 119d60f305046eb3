// The cost budget's rules at their edges, from outside: a save held by another transaction's row
// lock for 3 s is charged at most one hold's bound (SPENT_UNITS.maxMsPerHold: 1,000 ms, 100,000
// units), not the 300,000 its connection was held, so one slow save never locks a lifter out.
import { useTestServer, gql, signUp } from "../support/harness.ts";
import { SPENT_UNITS } from "../../server/limits/client-cost-budget.ts";

/** A budget refilling by 1 unit a second: what a bucket lost is what it was charged. */
const BUDGET = 1_000_000_000;
const s = useTestServer({
  clientCostLimits: { perSessionPerMinute: BUDGET, perAddressPerMinute: BUDGET, windowSeconds: BUDGET },
});

const payerOfToken = async (token: string) =>
  (
    await s.ownerPool.query(
      "select app_private.cost_payer(sha256(convert_to($1, 'UTF8')), null, null, null) as payer",
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
  // The hold was 3 s: counted as 1 s, plus at most a unit or two of bytes and refill.
  expect(charged).toBeGreaterThanOrEqual(SPENT_UNITS.maxMsPerHold * SPENT_UNITS.perDatabaseMs - 10);
  expect(charged).toBeLessThanOrEqual(SPENT_UNITS.maxMsPerHold * SPENT_UNITS.perDatabaseMs + 1_000);
});
