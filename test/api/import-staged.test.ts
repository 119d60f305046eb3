// A long file imported all or nothing: its parts staged (stageImportPart), then importWorkouts
// (importId) imports every part in one transaction, over real HTTP into real PostgreSQL. A refused
// set in the last part imports nothing; the dry run sees the whole file as the import does; a
// second import adds nothing; the staging is the caller's own (RLS), refused to read-only keys,
// bounded per user (at the edge), and deleted once expired.
import { print } from "graphql";
import { createClient, SvcError } from "@svc/sdk";
import {
  parseImport,
  importParts,
  stageImport,
  lineOfPath,
  IMPORT_LIMITS,
  IMPORT_WORKOUTS,
  STAGE_IMPORT_PART,
  IMPORT_STAGING_LIMITS,
  type ImportWorkout,
  type ImportRequester,
  type ParsedImport,
} from "@svc/sdk/import";
import {
  useTestServer,
  secondInstance,
  gql,
  signUp,
  createApiKey,
  errorCode,
  asRole,
  credentialHash,
  type Credentials,
} from "../support/harness.ts";
import { historyCounts } from "../support/import-history.ts";

const s = useTestServer();
const STAGE = print(STAGE_IMPORT_PART);
const IMPORT = print(IMPORT_WORKOUTS);

/** A Strong comma file of `workouts` days, three sets a day, read in UTC. */
function strongFile(workouts: number): ParsedImport {
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < workouts; i++) {
    const day = new Date(Date.UTC(2021, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let k = 1; k <= 3; k++)
      rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),${k},${100 + (i % 20)},5,0,0,,,`);
  }
  return parseImport(rows.join("\n"), { timeZone: "UTC", unit: "kg" });
}

/** Stages every part of a file as the client does; the importId. */
async function stage(parsed: ParsedImport, c: Credentials, url = s.url): Promise<string> {
  let importId: string | null = null;
  for (const [part, p] of importParts(parsed).entries()) {
    const res = await gql(url, STAGE, { importId, part, workouts: p.workouts, extras: p.extras ?? null }, c);
    expect(res.body.errors).toBeUndefined();
    importId = res.body.data.stageImportPart.importId;
  }
  return importId!;
}

const apply = (importId: string, dryRun: boolean, c: Credentials, url = s.url) =>
  gql(url, IMPORT, { importId, choices: [], dryRun }, c);

const counts = (userId: string) => historyCounts(s.ownerPool, userId);

test("a file of three parts whose last part holds a refused set imports nothing, in the dry run and the import", async () => {
  const u = await signUp(s.url, "Last part");
  const parsed = strongFile(450);
  const parts = importParts(parsed);
  expect(parts.map((p) => p.workouts.length)).toEqual([200, 200, 50]);
  // RPE 11: the document rules refuse it (the reader does not check RPE of set text).
  parsed.workouts[449].exercises[0].sets[2] = "105x5@11";
  const importId = await stage(parsed, { token: u.token });
  expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 1 });
  for (const dryRun of [true, false]) {
    const res = await apply(importId, dryRun, { token: u.token });
    expect(res.body.errors[0].extensions).toMatchObject({
      code: "INVALID_DOCUMENT",
      path: "workouts[449].exercises[0].sets[2]",
    });
    // The path is the whole file's: its line is the last row.
    expect(lineOfPath(parsed, res.body.errors[0].extensions.path)).toEqual({
      line: 1351,
      field: "exercises[0].sets[2]",
    });
  }
  // Nothing of parts 1 and 2 either; the staging stays for another try until it expires.
  expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 1 });
});

test("the dry run sees the whole file as the import does, across parts; a second import adds nothing and says so", async () => {
  const u = await signUp(s.url, "Twice");
  const parsed = strongFile(450);
  // The same workout again in the last part: a duplicate of one in the first part.
  parsed.workouts.push(structuredClone(parsed.workouts[10]));
  const importId = await stage(parsed, { token: u.token });
  const dry = await apply(importId, true, { token: u.token });
  expect(dry.body.errors).toBeUndefined();
  const done = await apply(importId, false, { token: u.token });
  expect(done.body.errors).toBeUndefined();
  const { dryRun: _d, ...dryCounts } = dry.body.data.importWorkouts;
  const { dryRun: _i, ...importCounts } = done.body.data.importWorkouts;
  expect(importCounts).toEqual(dryCounts);
  expect(importCounts).toMatchObject({ workouts: 450, duplicates: 1, sets: 1350 });
  // Imported: the staging is gone.
  expect(await counts(u.user.id)).toEqual({ workouts: 450, sets: 1350, custom: 0, staged: 0 });
  expect(errorCode(await apply(importId, true, { token: u.token }))).toBe("NOT_FOUND");

  const again = await apply(await stage(parsed, { token: u.token }), false, { token: u.token });
  expect(again.body.data.importWorkouts).toMatchObject({ workouts: 0, duplicates: 451, sets: 0 });
  expect(await counts(u.user.id)).toEqual({ workouts: 450, sets: 1350, custom: 0, staged: 0 });
});

test("importWorkouts may take longer than STATEMENT_TIMEOUT and REQUEST_TIMEOUT allow other requests", async () => {
  // Staged through the usual server (each part is bounded by its size, not this test's point),
  // imported through an instance on the same database whose other requests get 300 ms.
  const strict = await secondInstance(s, { statementTimeoutMs: 300, requestTimeoutMs: 600 });
  try {
    const u = await signUp(s.url, "Slow");
    // Large enough to need well over the bound however fast the import gets.
    const importId = await stage(strongFile(1500), { token: u.token });
    const started = Date.now();
    const res = await apply(importId, false, { token: u.token }, strict.url);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.importWorkouts.workouts).toBe(1500);
    // It did need more than the other requests' bound (else this test would prove nothing).
    expect(Date.now() - started).toBeGreaterThan(600);
  } finally {
    await strict.close();
  }
});

describe("who may stage and import", () => {
  test("a read-only key cannot stage nor import a staged file (FORBIDDEN); signed out neither", async () => {
    const u = await signUp(s.url, "Reader");
    const { key } = await createApiKey(s.url, u.token, { access: "READ_ONLY", expiresIn: "DAYS_30" });
    const workouts = strongFile(2).workouts;
    const staged = await gql(s.url, STAGE, { importId: null, part: 0, workouts }, { key });
    expect(errorCode(staged)).toBe("FORBIDDEN");
    expect(errorCode(await gql(s.url, STAGE, { importId: null, part: 0, workouts }))).toBe("FORBIDDEN");
    const importId = await stage(strongFile(2), { token: u.token });
    for (const dryRun of [true, false]) expect(errorCode(await apply(importId, dryRun, { key }))).toBe("FORBIDDEN");
    expect(errorCode(await apply(importId, true, {}))).toBe("FORBIDDEN");
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 1 });
  });

  test("another user cannot import, add to or see my staged parts (RLS); mine still imports", async () => {
    const owner = await signUp(s.url, "Owner");
    const other = await signUp(s.url, "Other");
    const importId = await stage(strongFile(3), { token: owner.token });
    expect(errorCode(await apply(importId, true, { token: other.token }))).toBe("NOT_FOUND");
    expect(errorCode(await apply(importId, false, { token: other.token }))).toBe("NOT_FOUND");
    const added = await gql(
      s.url,
      STAGE,
      { importId, part: 1, workouts: strongFile(1).workouts },
      { token: other.token },
    );
    expect(errorCode(added)).toBe("NOT_FOUND");
    const seen = await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(other.token) }, (c) =>
      c.query(
        "select (select count(*)::int from app_public.staged_imports) as imports, (select count(*)::int from app_public.staged_import_parts) as parts",
      ),
    );
    expect(seen.rows[0]).toEqual({ imports: 0, parts: 0 });
    const mine = await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(owner.token) }, (c) =>
      c.query("select count(*)::int as parts from app_public.staged_import_parts where staged_import_id = $1", [
        importId,
      ]),
    );
    expect(mine.rows[0].parts).toBe(1);
    // Written directly, a part into someone else's import is refused too.
    const direct = await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(other.token) }, (c) =>
      c
        .query(
          "insert into app_public.staged_import_parts (staged_import_id, part, workouts, workout_count, bytes) values ($1, 5, '[]', 0, 2)",
          [importId],
        )
        .then(
          () => "inserted",
          (e: { code: string }) => e.code,
        ),
    );
    expect(direct).toBe("42501");
    const done = await apply(importId, false, { token: owner.token });
    expect(done.body.data.importWorkouts.workouts).toBe(3);
    expect(await counts(other.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 0 });
  });
});

describe("the staging's rules", () => {
  test("parts are imported in order and none may be missing; extras only with the first; a part sent again replaces its place", async () => {
    const u = await signUp(s.url, "Gaps");
    const workouts = strongFile(3).workouts;
    const first = await gql(s.url, STAGE, { importId: null, part: 0, workouts: [workouts[0]] }, { token: u.token });
    const importId = first.body.data.stageImportPart.importId;
    await gql(s.url, STAGE, { importId, part: 2, workouts: [workouts[2]] }, { token: u.token });
    const gap = await apply(importId, true, { token: u.token });
    expect(errorCode(gap)).toBe("INVALID_INPUT");
    expect(gap.body.errors[0].message).toMatch(/^importId: part 1 is missing/);
    const extras = await gql(s.url, STAGE, { importId, part: 1, workouts: [], extras: {} }, { token: u.token });
    expect(errorCode(extras)).toBe("INVALID_INPUT");
    expect(extras.body.errors[0].message).toMatch(/^extras: only with the first part/);
    await gql(s.url, STAGE, { importId, part: 1, workouts: [workouts[0]] }, { token: u.token });
    const replaced = await gql(s.url, STAGE, { importId, part: 1, workouts: [workouts[1]] }, { token: u.token });
    expect(replaced.body.data.stageImportPart).toMatchObject({ importId, parts: 3, workouts: 3 });
    const res = await apply(importId, false, { token: u.token });
    expect(res.body.data.importWorkouts).toMatchObject({ workouts: 3, duplicates: 0 });
  });

  test("an abandoned staging expires: it cannot be imported, the worker's task deletes it, and a new import replaces an old one", async () => {
    const u = await signUp(s.url, "Abandoned");
    const old = await stage(strongFile(2), { token: u.token });
    const newer = await stage(strongFile(3), { token: u.token });
    // Starting another import discarded the first.
    expect(errorCode(await apply(old, true, { token: u.token }))).toBe("NOT_FOUND");
    const answer = await gql(s.url, STAGE, { importId: newer, part: 1, workouts: [] }, { token: u.token });
    const { expiresAt } = answer.body.data.stageImportPart;
    // ISO 8601 like every other Datetime (not JavaScript's Date text).
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    await s.ownerPool.query(
      "update app_public.staged_imports set expires_at = now() - interval '1 second' where id = $1",
      [newer],
    );
    expect(errorCode(await apply(newer, true, { token: u.token }))).toBe("NOT_FOUND");
    const { rows } = await s.ownerPool.query("select app_private.delete_expired_imports() as n");
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
    const left = await s.ownerPool.query(
      "select (select count(*)::int from app_public.staged_imports where id = $1) as imports, (select count(*)::int from app_public.staged_import_parts where staged_import_id = $1) as parts",
      [newer],
    );
    expect(left.rows[0]).toEqual({ imports: 0, parts: 0 });
    expect(await counts(u.user.id)).toEqual({ workouts: 0, sets: 0, custom: 0, staged: 0 });
  });

  test("what one user may stage, at the edge: workouts", async () => {
    const { rows } = await s.ownerPool.query("select workouts from app_hidden.staged_import_limits()");
    const limit: number = rows[0].workouts;
    const u = await signUp(s.url, "Many");
    const empty = (n: number) => Array.from({ length: n }, () => ({}));
    let importId: string | null = null;
    let part = 0;
    for (let left = limit; left > 0; left -= IMPORT_LIMITS.workouts) {
      const res = await gql(
        s.url,
        STAGE,
        { importId, part: part++, workouts: empty(Math.min(left, IMPORT_LIMITS.workouts)) },
        { token: u.token },
      );
      expect(res.body.errors).toBeUndefined();
      importId = res.body.data.stageImportPart.importId;
    }
    const over = await gql(s.url, STAGE, { importId, part, workouts: empty(1) }, { token: u.token });
    expect(errorCode(over)).toBe("LIMIT_REACHED");
    expect(over.body.errors[0].extensions).toEqual({
      code: "LIMIT_REACHED",
      limit: "stagedWorkouts",
      max: limit,
      wouldMake: limit + 1,
    });
    expect(over.body.errors[0].message).toBe(
      `workouts: at most ${limit} staged per user (this part would make ${limit + 1}); split the file by date`,
    );
  });

  test("a file of more workouts than a user may stage is refused before any part is sent, at the edge", async () => {
    const { rows } = await s.ownerPool.query("select workouts from app_hidden.staged_import_limits()");
    const limit: number = rows[0].workouts;
    const u = await signUp(s.url, "Too many");
    const client = createClient({ url: s.url, token: u.token });
    const sent: number[] = [];
    const inner: ImportRequester = client;
    const counting: ImportRequester = {
      request(document, variables) {
        if (document === STAGE_IMPORT_PART) sent.push((variables as { part: number }).part);
        return inner.request(document, variables);
      },
    };
    const limits = await client.request(IMPORT_STAGING_LIMITS, {});
    expect(limits.importLimits).toEqual({ workouts: limit, bytes: expect.any(Number), expirySeconds: 3600 });
    const file = (n: number) => ({ workouts: Array.from({ length: n }, () => ({}) as ImportWorkout) });
    const refused = await stageImport(counting, file(limit + 1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SvcError);
    expect(refused).toMatchObject({
      code: "LIMIT_REACHED",
      message: `workouts: at most ${limit} staged per user (this file has ${limit + 1}); split the file by date`,
    });
    expect(sent).toEqual([]);
    expect((await counts(u.user.id)).staged).toBe(0);
    await stageImport(counting, file(limit));
    expect(sent).toHaveLength(Math.ceil(limit / IMPORT_LIMITS.partWorkouts));
  }, 120_000);

  test("what one user may stage, at the edge: bytes", async () => {
    const { rows } = await s.ownerPool.query("select bytes::int from app_hidden.staged_import_limits()");
    const limit: number = rows[0].bytes;
    const u = await signUp(s.url, "Large");
    // Parts of one workout with a long note, sized as stored (jsonb text).
    const { rows: sized } = await s.ownerPool.query(`select octet_length('[{"notes": ""}]'::jsonb::text) as n`);
    const overhead: number = sized[0].n;
    const note = (bytes: number) => [{ notes: "x".repeat(bytes - overhead) }];
    const partBytes = 900_000;
    let importId: string | null = null;
    let part = 0;
    let staged = 0;
    const send = (workouts: unknown[]) => gql(s.url, STAGE, { importId, part: part++, workouts }, { token: u.token });
    while (limit - staged > partBytes) {
      const res = await send(note(partBytes));
      expect(res.body.errors).toBeUndefined();
      importId = res.body.data.stageImportPart.importId;
      staged += partBytes;
      expect(res.body.data.stageImportPart.bytes).toBe(staged);
    }
    const last = await send(note(limit - staged));
    expect(last.body.errors).toBeUndefined();
    expect(last.body.data.stageImportPart.bytes).toBe(limit);
    const over = await send(note(overhead));
    expect(errorCode(over)).toBe("LIMIT_REACHED");
    expect(over.body.errors[0].message).toMatch(new RegExp(`^workouts: at most ${limit} bytes staged per user`));
    expect(over.body.errors[0].extensions).toMatchObject({ code: "LIMIT_REACHED", limit: "stagedBytes", max: limit });
  }, 120_000);
});
