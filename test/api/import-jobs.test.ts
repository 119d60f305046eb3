// An import as a background job, from outside: a file staged in parts, queueImport over real HTTP,
// graphile-worker's import_history task running it against real PostgreSQL. The job reports its
// progress while its transaction runs and ends done with the summary; a refused document fails
// the job with the error and imports nothing; another user cannot read the job (RLS); a
// read-only key cannot queue one; the job's database time is paid from the bulk budget.
import { print } from "graphql";
import { run, Logger, type Runner } from "graphile-worker";
import {
  parseImport,
  importParts,
  STAGE_IMPORT_PART,
  QUEUE_IMPORT,
  IMPORT_JOB,
  LATEST_IMPORT_JOB,
  type ParsedImport,
} from "@svc/sdk/import";
import {
  startTestServer,
  gql,
  signUp,
  createApiKey,
  errorCode,
  type Credentials,
  type TestServer,
} from "../support/harness.ts";
import { historyCounts } from "../support/import-history.ts";
import { importJobTask, IMPORT_JOB_TASK } from "../../server/jobs/import-jobs.ts";
import { bulkCharge, CLIENT_COST_LIMITS } from "../../server/limits/client-cost-budget.ts";

let s: TestServer;
const STAGE = print(STAGE_IMPORT_PART);
const QUEUE = print(QUEUE_IMPORT);
const JOB = print(IMPORT_JOB);
const LATEST = print(LATEST_IMPORT_JOB);

let worker: Runner;
/** What the task charged each job's owner (its database time), as main.ts's bulkCharge would. */
const charged: { userId: string; databaseMs: number }[] = [];
beforeAll(async () => {
  s = await startTestServer();
  worker = await run({
    pgPool: s.pools.worker,
    concurrency: 1,
    noHandleSignals: true,
    pollInterval: 200,
    taskList: {
      [IMPORT_JOB_TASK]: importJobTask({
        charge: async (userId, databaseMs) => {
          charged.push({ userId, databaseMs });
        },
      }),
    },
    logger: new Logger(() => () => undefined),
  });
});
afterAll(async () => {
  await worker?.stop();
  await s?.close();
});

/** A Strong comma file of `workouts` days, three sets a day, read in UTC. */
function strongFile(workouts: number): ParsedImport {
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < workouts; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let k = 1; k <= 3; k++)
      rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),${k},${100 + (i % 20)},5,0,0,,,`);
  }
  return parseImport(rows.join("\n"), { timeZone: "UTC", unit: "kg" });
}

async function stage(parsed: ParsedImport, c: Credentials): Promise<string> {
  let importId: string | null = null;
  for (const [part, p] of importParts(parsed).entries()) {
    const res = await gql(s.url, STAGE, { importId, part, workouts: p.workouts, extras: p.extras ?? null }, c);
    expect(res.body.errors).toBeUndefined();
    importId = res.body.data.stageImportPart.importId;
  }
  return importId!;
}

async function queue(importId: string, c: Credentials, dryRun = false) {
  const res = await gql(s.url, QUEUE, { importId, choices: [], dryRun }, c);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.queueImport.importJob;
}

/** Reads the job over GraphQL until it ends, and the progress the owner saw in the table meanwhile (every 10 ms). */
async function untilEnded(id: string, c: Credentials) {
  const seen: { state: string; done: number; hashBytes: number | null }[] = [];
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const { rows } = await s.ownerPool.query(
      `select j.state, j.done, octet_length(c.secret_hash) as "hashBytes"
         from app_public.import_jobs j left join app_private.import_job_secrets c on c.job_id = j.id where j.id = $1`,
      [id],
    );
    seen.push(rows[0]);
    if (rows[0].state === "done" || rows[0].state === "failed") break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const res = await gql(s.url, JOB, { id }, c);
  expect(res.body.errors).toBeUndefined();
  return { job: res.body.data.importJobById, seen };
}

test("a staged file imported as a job: queued at once, progress while it runs, done with the summary", async () => {
  const u = await signUp(s.url, "Job");
  const parsed = strongFile(300);
  const importId = await stage(parsed, { token: u.token });
  const queued = await queue(importId, { token: u.token });
  expect(queued).toMatchObject({ state: "queued", done: 0, total: 300, dryRun: false, summary: null });
  const { job, seen } = await untilEnded(queued.id, { token: u.token });
  expect(job).toMatchObject({ state: "done", done: 300, total: 300, error: null, errorCode: null });
  expect(job.summary).toMatchObject({ dryRun: false, workouts: 300, sets: 900, duplicates: 0 });
  // Its end is when the import committed, after the progress written while it ran.
  expect(Date.parse(job.finishedAt)).toBeGreaterThan(Date.parse(job.startedAt));
  // Progress between 0 and the whole file was readable while the import's transaction was open.
  expect(seen.some((r) => r.state === "running" && r.done > 0 && r.done < 300)).toBe(true);
  // While it ran, its credential was kept as a SHA-256 only (the worker holds the secret).
  expect(seen.filter((r) => r.state === "running").map((r) => r.hashBytes)).not.toContain(null);
  expect(new Set(seen.filter((r) => r.state === "running").map((r) => r.hashBytes))).toEqual(new Set([32]));
  expect(await historyCounts(s.ownerPool, u.user.id)).toEqual({ workouts: 300, sets: 900, custom: 0, staged: 0 });
  // The screen that reloads finds it again; its changes were made by the server for the lifter.
  const latest = await gql(s.url, LATEST, {}, { token: u.token });
  expect(latest.body.data.viewer.latestImportJob).toMatchObject({ id: queued.id, state: "done" });
  // Its database time is charged to its owner (the bulk budget: below).
  for (let i = 0; i < 100 && !charged.some((c) => c.userId === u.user.id); i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(charged.find((c) => c.userId === u.user.id)?.databaseMs).toBeGreaterThan(0);
});

test("bulkCharge takes a job's database time from the account's bulk bucket alone", async () => {
  const u = await signUp(s.url, "Payer");
  await bulkCharge(s.pools.worker, CLIENT_COST_LIMITS)(u.user.id, 1000);
  const { rows } = await s.ownerPool.query("select payer, tokens from app_private.cost_buckets where payer = any($1)", [
    [`bulk:${u.user.id}`, `account:${u.user.id}`],
  ]);
  expect(rows).toHaveLength(1);
  expect(rows[0].payer).toBe(`bulk:${u.user.id}`);
  // 1 s of database time is 100,000 units of the 3,000,000 a minute (refilled meanwhile by a few).
  expect(rows[0].tokens).toBeGreaterThan(CLIENT_COST_LIMITS.bulkPerMinute - 100_000 - 1);
  expect(rows[0].tokens).toBeLessThan(CLIENT_COST_LIMITS.bulkPerMinute - 90_000);
});

test("a refused document fails the job with the error and its path, and imports nothing", async () => {
  const u = await signUp(s.url, "Bad");
  const parsed = strongFile(230);
  // RPE 11: the document rules refuse it, in the second part.
  parsed.workouts[220].exercises[0].sets[1] = "105x5@11";
  const importId = await stage(parsed, { token: u.token });
  const queued = await queue(importId, { token: u.token });
  const { job } = await untilEnded(queued.id, { token: u.token });
  expect(job).toMatchObject({
    state: "failed",
    errorCode: "INVALID_DOCUMENT",
    errorPath: "workouts[220].exercises[0].sets[1]",
    summary: null,
  });
  expect(job.error).toMatch(/^workouts\[220\]\.exercises\[0\]\.sets\[1\]: /);
  expect(await historyCounts(s.ownerPool, u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 1 });
  // The staging is kept: fixed, the file can be sent again; a second job can be queued now.
  const again = await gql(s.url, QUEUE, { importId, choices: [], dryRun: true }, { token: u.token });
  expect(again.body.errors).toBeUndefined();
});

test("another user cannot read the job, nor queue one on your staging; a read-only key cannot queue", async () => {
  const owner = await signUp(s.url, "Owner");
  const other = await signUp(s.url, "Other");
  const importId = await stage(strongFile(3), { token: owner.token });
  const stolen = await gql(s.url, QUEUE, { importId, choices: [] }, { token: other.token });
  expect(errorCode(stolen)).toBe("NOT_FOUND");
  const job = await queue(importId, { token: owner.token }, true);
  // One job at a time per user.
  const second = await gql(s.url, QUEUE, { importId, choices: [] }, { token: owner.token });
  expect(errorCode(second)).toBe("LIMIT_REACHED");
  const read = await gql(s.url, JOB, { id: job.id }, { token: other.token });
  expect(read.body.errors).toBeUndefined();
  expect(read.body.data.importJobById).toBeNull();
  expect((await gql(s.url, LATEST, {}, { token: other.token })).body.data.viewer.latestImportJob).toBeNull();
  const readOnly = await createApiKey(s.url, owner.token, { access: "READ_ONLY" });
  const refused = await gql(s.url, QUEUE, { importId, choices: [] }, { key: readOnly.key });
  expect(errorCode(refused)).toBe("FORBIDDEN");
  // The owner's read-only key reads it.
  const mine = await gql(s.url, JOB, { id: job.id }, { key: readOnly.key });
  expect(mine.body.data.importJobById).toMatchObject({ id: job.id, dryRun: true });
  await untilEnded(job.id, { token: owner.token });
  // A job left running by a killed worker, silent for 15 minutes, no longer blocks the next one.
  await s.ownerPool.query(
    "update app_public.import_jobs set state = 'running', updated_at = now() - interval '16 minutes' where id = $1",
    [job.id],
  );
  const next = await queue(importId, { token: owner.token }, true);
  expect((await untilEnded(next.id, { token: owner.token })).job.state).toBe("done");
});

test("workouts given to queueImport are staged and imported as a job", async () => {
  const u = await signUp(s.url, "Given");
  const parsed = strongFile(4);
  const res = await gql(s.url, QUEUE, { workouts: parsed.workouts, choices: [] }, { token: u.token });
  expect(res.body.errors).toBeUndefined();
  const { job } = await untilEnded(res.body.data.queueImport.importJob.id, { token: u.token });
  expect(job).toMatchObject({ state: "done", total: 4, summary: { workouts: 4 } });
  expect(await historyCounts(s.ownerPool, u.user.id)).toEqual({ workouts: 4, sets: 12, custom: 0, staged: 0 });
});
