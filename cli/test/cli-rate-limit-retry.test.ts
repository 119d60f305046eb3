// The real `svc` binary meeting a spent budget: a short Retry-After (at most 10 s) is waited out
// with a line on stderr and the command then succeeds; a long one is reported at once (exit 5,
// which budget and when). For reads (the account's bucket) and imports (its bulk bucket); each
// bucket is set in SQL to what each case needs.
import path from "node:path";
import { cliServer } from "./support.ts";
import { RATE_LIMIT_RETRY } from "../src/base.ts";

/** Budgets refilling 10,000 units a second: a bucket at -60,000 fits an estimate about 6 s later (svc starts meanwhile). */
const PER_MINUTE = 600_000;
const cli = cliServer({
  clientCostLimits: {
    perSessionPerMinute: PER_MINUTE,
    perAccountPerMinute: PER_MINUTE,
    perAddressPerMinute: PER_MINUTE,
    bulkPerMinute: PER_MINUTE,
  },
});

async function spend(userId: string, tokens: number, bucket: "account" | "bulk" = "account") {
  await cli.fixture.server.ownerPool.query(
    `insert into app_private.cost_buckets (payer, tokens) values ($1, $2)
       on conflict (payer) do update set tokens = $2, held = 0, updated_at = now()`,
    [`${bucket}:${userId}`, tokens],
  );
}

const STRONG = path.resolve(import.meta.dirname, "../../test/fixtures/import/strong-comma.csv");

test("a short Retry-After is waited out, saying so on stderr, and the read succeeds", async () => {
  expect(RATE_LIMIT_RETRY).toEqual({ retries: 3, maxWaitSeconds: 10 });
  const { h, userId } = await cli.signedUp("Patient");
  await spend(userId, -60_000);
  const started = Date.now();
  const read = await h.run(["whoami", "--json"]);
  expect(read.code).toBe(0);
  expect(JSON.parse(read.stdout).user.name).toBe("Patient");
  expect(read.stderr).toMatch(/^Rate limited: waiting [1-9] s before trying again \(1 of 3\)\n/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
});

test("a Retry-After past 10 s is reported at once: exit 5, the account's budget named, when to retry", async () => {
  const { h, userId } = await cli.signedUp("Hurried");
  await spend(userId, -PER_MINUTE);
  const started = Date.now();
  const read = await h.run(["whoami"]);
  expect(read.code).toBe(5);
  expect(read.stderr).not.toContain("waiting");
  expect(read.stderr).toMatch(
    /^Error: Rate limited: this account's cost budget for the minute is spent \(all its sessions, keys and apps share it\)\. Try again in \d+ seconds/,
  );
  expect(Date.now() - started).toBeLessThan(10_000);
});

test("svc import meeting a spent bulk budget with a short Retry-After waits it out, saying so, and imports", async () => {
  const { h, userId } = await cli.signedUp("Patient Importer");
  await spend(userId, -60_000, "bulk");
  const started = Date.now();
  const imported = await h.run(["import", STRONG, "--unit", "kg", "--create-unmapped", "--json"], {
    timeoutMs: 60_000,
  });
  expect(imported.code).toBe(0);
  expect(JSON.parse(imported.stdout).workouts).toBeGreaterThan(0);
  expect(imported.stderr).toMatch(/^Rate limited: waiting [1-9] s before trying again \(1 of 3\)$/m);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
}, 90_000);

test("svc import meeting a bulk Retry-After past 10 s reports it at once: exit 5, the import budget named, nothing imported", async () => {
  const { h, userId } = await cli.signedUp("Hurried Importer");
  await spend(userId, -PER_MINUTE, "bulk");
  const started = Date.now();
  const imported = await h.run(["import", STRONG, "--unit", "kg", "--create-unmapped"]);
  expect(imported.code).toBe(5);
  expect(imported.stderr).not.toContain("waiting");
  expect(imported.stderr).toMatch(
    /Error: Rate limited: this account's budget for imports and exports for the minute is spent\. Try again in \d+ seconds/,
  );
  expect(Date.now() - started).toBeLessThan(10_000);
  const { rows } = await cli.fixture.server.ownerPool.query(
    "select count(*)::int as n from app_public.workouts where user_id = $1",
    [userId],
  );
  expect(rows[0].n).toBe(0);
});
