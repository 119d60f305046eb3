// Budgets by kind of work, from outside, at the default budgets (CLIENT_COST_LIMITS): a five-year
// history imported with the real `svc` and one API key (11,014 rows of a Strong export, staged in
// parts, then a dry run and the import) is paid from the account's bulk bucket, so the same key's
// next `svc export` and the web app's Progress reads are answered, not refused; and at the edge, an
// import goes on when the interactive buckets are spent to 0 and is refused (naming `bulk`) when
// the bulk bucket is, while reads go on.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { print } from "graphql";
import { IMPORT_WORKOUTS as IMPORT_WORKOUTS_DOCUMENT } from "@svc/sdk/import";
import { CLIENT_COST_LIMITS } from "../../server/limits/client-cost-budget.ts";
import { createApiKey, gql } from "../../test/support/harness.ts";
import { cliServer } from "./support.ts";

// No leases: the buckets this file sets and reads are the ones each request is judged and charged by
// at once (test/server/cost-lease.test.ts tests the leases).
const cli = cliServer({ clientCostLimits: { ...CLIENT_COST_LIMITS, leaseShare: 0 }, importJobs: true });
const dir = mkdtempSync(path.join(tmpdir(), "svc-import-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 11_014;
const EXERCISES = ["Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)"];

/** A Strong comma export of `rows` rows: sessions two days apart, 4 exercises x 8 sets. */
function strongFile(rows: number): string {
  const lines = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let session = 0; lines.length - 1 < rows; session++) {
    const day = new Date(Date.UTC(2021, 0, 1) + session * 2 * 86_400_000).toISOString().slice(0, 10);
    for (let e = 0; e < EXERCISES.length && lines.length - 1 < rows; e++) {
      for (let s = 1; s <= 8 && lines.length - 1 < rows; s++) {
        const weight = 60 + (session % 40) * 2.5 + e * 5;
        lines.push([`${day} 18:00:00`, "Full Body", "1h 5m", EXERCISES[e], s, weight, 5, 0, 0, "", "", 8].join(","));
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

const PROGRESS = [
  "{ viewer { id workouts(limit: 40) { id date exercises { id exercise { id name } } } } }",
  "{ weeklyVolume { __typename } }",
  "{ viewer { id trainingDays: workoutsByUserId(orderBy: [DATE_DESC], first: 150) { nodes { id date } } } }",
];

type Bucket = { tokens: number; held: number } | undefined;
const bucket = async (payer: string): Promise<Bucket> =>
  (
    await cli.fixture.server.ownerPool.query("select tokens, held from app_private.cost_buckets where payer = $1", [
      payer,
    ])
  ).rows[0];
/** What the bucket is below its budget once nothing is held (its refill of 1/60 a second aside). */
async function spent(payer: string, budget: number): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const b = await bucket(payer);
    if (!b) return 0;
    if (b.held === 0) return budget - b.tokens;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${payer} still holds a claim`);
}
const setBucket = (payer: string, tokens: number) =>
  cli.fixture.server.ownerPool.query(
    `insert into app_private.cost_buckets (payer, tokens) values ($1, $2)
       on conflict (payer) do update set tokens = $2, held = 0, updated_at = now()`,
    [payer, tokens],
  );

test(`svc import of ${ROWS.toLocaleString("en")} Strong rows with one API key, at the default budgets: paid from the bulk bucket; the key's next svc export and Progress reads are answered`, async () => {
  const { h, token, userId } = await cli.signedUp("Five Years");
  const { key, id: keyId } = await createApiKey(cli.fixture.server.url, token);
  const file = path.join(dir, "strong.csv");
  writeFileSync(file, strongFile(ROWS));
  const env = { SVC_API_KEY: key };

  const imported = await h.run(["import", file, "--unit", "kg", "--create-unmapped", "--json"], {
    env,
    timeoutMs: 300_000,
  });
  expect([imported.code, imported.stderr]).toEqual([0, expect.not.stringContaining("Rate limited")]);
  const summary = JSON.parse(imported.stdout);
  expect(summary).toMatchObject({ rows: ROWS, sets: ROWS });
  expect(summary.parts).toBeGreaterThan(1);

  // The import (its parts, then the jobs of the dry run and the import) paid from the bulk bucket alone.
  const bulk = await spent(`bulk:${userId}`, CLIENT_COST_LIMITS.bulkPerMinute);
  const account = await spent(`account:${userId}`, CLIENT_COST_LIMITS.perAccountPerMinute);
  const share = await spent(`key:${keyId}`, CLIENT_COST_LIMITS.perSessionPerMinute);
  expect(bulk).toBeGreaterThan(0);
  expect(await bucket(`key:${keyId}`)).toBeUndefined(); // the key made no interactive request
  expect(share).toBe(0);
  // The account's bucket: only the signed-in session's sign-up and key creation, never the import.
  expect(account).toBeLessThan(CLIENT_COST_LIMITS.perAccountPerMinute / 10);

  const exported = await h.run(["export"], { env, timeoutMs: 300_000 });
  expect([exported.code, exported.stderr]).toEqual([0, expect.not.stringContaining("Rate limited")]);
  expect(exported.stderr).toContain(`Exported ${summary.workouts} of ${summary.workouts} workouts`);
  expect(JSON.parse(exported.stdout).workouts).toHaveLength(summary.workouts);
  for (const query of PROGRESS) {
    const read = await gql(cli.fixture.server.url, query, {}, { key });
    expect([read.status, read.body.errors]).toEqual([200, undefined]);
  }
}, 600_000);

describe("an import at the edge of its budgets", () => {
  const IMPORT_WORKOUTS = print(IMPORT_WORKOUTS_DOCUMENT);
  const workouts = [
    {
      date: "2026-03-02",
      start: "2026-03-02T18:00:00Z",
      exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
    },
  ];
  const importOne = (key: string) => gql(cli.fixture.server.url, IMPORT_WORKOUTS, { workouts, dryRun: false }, { key });

  // A bucket refills 1/60 of its budget a second: spent to half a budget below 0, it stays below
  // 0 for the test's few seconds.
  test("the interactive buckets spent below 0: a read is refused, the import goes on and leaves them as they were", async () => {
    const { token, userId } = await cli.signedUp("Spent Reader");
    const { key, id: keyId } = await createApiKey(cli.fixture.server.url, token);
    await setBucket(`account:${userId}`, -CLIENT_COST_LIMITS.perAccountPerMinute / 2);
    await setBucket(`key:${keyId}`, -CLIENT_COST_LIMITS.perSessionPerMinute / 2);
    const read = await gql(cli.fixture.server.url, PROGRESS[0], {}, { key });
    expect(read.status).toBe(429);
    expect(read.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost" });
    const before = [await bucket(`account:${userId}`), await bucket(`key:${keyId}`)];
    expect(before[0]!.tokens).toBeLessThan(0);
    const imported = await importOne(key);
    expect([imported.status, imported.body.errors]).toEqual([200, undefined]);
    expect(imported.body.data.importWorkouts.workouts).toBe(1);
    await spent(`bulk:${userId}`, CLIENT_COST_LIMITS.bulkPerMinute);
    // Untouched by the import: as the refused read left them, nothing held.
    expect([await bucket(`account:${userId}`), await bucket(`key:${keyId}`)]).toEqual(before);
    expect(before.map((b) => b!.held)).toEqual([0, 0]);
  });

  test("the bulk bucket spent below 0: the import is refused naming it (nothing imported), a Progress read goes on", async () => {
    const { token, userId } = await cli.signedUp("Spent Importer");
    const { key } = await createApiKey(cli.fixture.server.url, token);
    await setBucket(`bulk:${userId}`, -CLIENT_COST_LIMITS.bulkPerMinute / 2);
    const refused = await importOne(key);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost", budget: "bulk" });
    const read = await gql(cli.fixture.server.url, PROGRESS[0], {}, { key });
    expect([read.status, read.body.errors]).toEqual([200, undefined]);
    expect(read.body.data.viewer.workouts).toEqual([]);
  });
});
