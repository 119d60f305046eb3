/**
 * Runs EVERY case of test/fixtures/document-conformance.json through the SQL validator
 * (app_public.validate_routine_document / validate_workout_document), each in its own rolled-back
 * transaction as a signed-in visitor (role svc_visitor, the session hash in pgSettings, exactly
 * what a GraphQL request gets). The SDK runs the same file (sdk/test/documents-conformance.test.ts; this file is the SQL side).
 *
 * How results are compared:
 * - invalid cases: `path` must be equal; `reason` must be equal, except the server-only
 *   `unknown exercise`, where the server appends the reference and the closest names
 *   (`unknown exercise "X"; closest: A, B`): the reason must start with `unknown exercise`.
 * - valid cases: the canonical document from SQL must deep-equal the fixture's `canonical`
 *   exactly (validation keeps exercise references as written and adds no id, like the SDK).
 *   Then the document is applied and shown (app_public.routine_document / workout_document): the
 *   shown document must equal the fixture's canonical with two differences only, which the server
 *   adds: `id` (the saved row's) and each `exercise` shown as the resolved exercise's name. Applying
 *   the shown document again must show it identically (round trip).
 * - `database: true` cases need rows: the id 3f2b8c1e-... exists as ANOTHER user's routine and
 *   workout, so "not the user's" is tested with a real row, not merely a missing one.
 * - `plugin: true` cases are judged by the server before PostgreSQL (nesting depth, U+0000,
 *   unpaired surrogates, numbers beyond a double): they are sent through GraphQL, as raw JSON text
 *   when the case has `json`, and must be refused with the path and reason, nothing saved.
 * - a case with `json` (and no `document`) sends that text to PostgreSQL as it is.
 */
import pg from "pg";
import { startTestServer, signUp, asRole, credentialHash, type TestServer } from "../support/harness.ts";
import {
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  DURATION_PATTERN,
  PERCENT_SET_PATTERN,
  REPS_RANGE_PATTERN,
  SET_TEXT_PATTERN,
  STAGE_PATTERN,
  RESET_PATTERN,
  UUID_PATTERN,
} from "../../sdk/src/documents/index.ts";
import { readCases, type Case } from "../../sdk/test/conformance/cases.ts";

const cases = readCases();
const OTHER_USERS_ID = "3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f";

let s: TestServer;
let client: pg.Client;
let sessionHash: string;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  const me = await signUp(s.url, "Conformance");
  const other = await signUp(s.url, "Someone Else");
  token = me.token;
  sessionHash = credentialHash(me.token);
  // Another user's routine and workout under the id the database cases use.
  await s.ownerPool.query("insert into app_public.routines (id, user_id, name, unit) values ($1, $2, 'Theirs', 'kg')", [
    OTHER_USERS_ID,
    other.user.id,
  ]);
  await s.ownerPool.query(
    "insert into app_public.workouts (id, user_id, date, start, unit, effort) values ($1, $2, '2024-05-01', '2024-05-01 12:00Z', 'kg', 'rpe')",
    [OTHER_USERS_ID, other.user.id],
  );
  client = new pg.Client({ connectionString: s.authUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await s?.close();
});

/** Runs fn inside a transaction as the signed-in visitor, then rolls it back. */
async function asVisitor<T>(fn: () => Promise<T>): Promise<T> {
  return asRole(client, "svc_visitor", { "svc.session_hash": sessionHash }, fn);
}

/** The document as JSON text: the case's own text, or its document written as JSON. */
const textOf = (c: Case): string => c.json ?? JSON.stringify(c.document);

async function validate(c: Case) {
  const doc = textOf(c);
  const { rows } =
    c.kind === "routine"
      ? await client.query("select path, reason, canonical from app_public.validate_routine_document($1::jsonb, $2)", [
          doc,
          c.options?.unit ?? null,
        ])
      : await client.query(
          "select path, reason, canonical from app_public.validate_workout_document($1::jsonb, $2, $3)",
          [doc, c.options?.unit ?? null, c.options?.effort ?? null],
        );
  return rows[0] as { path: string | null; reason: string | null; canonical: Record<string, any> | null };
}

async function applyAndShow(kind: "routine" | "workout", document: unknown) {
  const fn = kind === "routine" ? "apply_routine_document" : "apply_workout_document";
  const { rows } = await client.query(`select * from app_public.${fn}($1::jsonb)`, [JSON.stringify(document)]);
  const id = rows[0].routine_id ?? rows[0].workout_id;
  const show = kind === "routine" ? "app_public.routine_document($1::text)" : "app_public.workout_document($1::uuid)";
  const shown = await client.query(`select ${show}::text as doc`, [id]);
  return { id, created: rows[0].created as boolean, doc: JSON.parse(shown.rows[0].doc) };
}

async function exerciseName(ref: string): Promise<string> {
  const { rows } = await client.query(
    "select e.name from app_public.exercises e where e.id = app_hidden.resolve_exercise($1)",
    [ref],
  );
  if (rows.length !== 1) throw new Error(`reference ${ref} does not resolve`);
  return rows[0].name;
}

test("the conformance file has 805 cases, 275 of them valid, 11 judged only by the server and 27 before PostgreSQL", () => {
  expect(cases.length).toBe(805);
  expect(cases.filter((c) => c.path === null).length).toBe(275);
  expect(cases.filter((c) => c.database).length).toBe(11);
  expect(cases.filter((c) => c.plugin).length).toBe(27);
  expect(cases.filter((c) => c.plugin && c.path === null)).toEqual([]);
});

/** Sends a case through GraphQL as the signed-in user (raw JSON text, so 1e400 and "\ud800" arrive as written). */
async function applyOverGraphQL(c: Case) {
  const field = c.kind === "routine" ? "applyRoutineDocument" : "applyWorkoutDocument";
  const query = `mutation($document: JSON) { ${field}(input: {document: $document}) { created } }`;
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: `{"query":${JSON.stringify(query)},"variables":{"document":${textOf(c)}}}`,
  });
  const body = await res.json();
  return {
    data: body.data?.[field] ?? null,
    errors: body.errors as { message: string; extensions: Record<string, unknown> }[],
  };
}

test("the id the database cases use is another user's routine and workout (a real row, not just a missing one)", async () => {
  const { rows } = await s.ownerPool.query(
    `select (select count(*)::int from app_public.routines r join app_public.users u on u.id = r.user_id where r.id = $1 and u.name = 'Someone Else') as routines,
            (select count(*)::int from app_public.workouts w join app_public.users u on u.id = w.user_id where w.id = $1 and u.name = 'Someone Else') as workouts`,
    [OTHER_USERS_ID],
  );
  expect(rows[0]).toEqual({ routines: 1, workouts: 1 });
});

test("the SQL regular expressions are the SDK's, character for character", async () => {
  const { rows } = await s.ownerPool.query("select name, pattern from app_hidden.document_patterns()");
  expect(Object.fromEntries(rows.map((r) => [r.name, r.pattern]))).toEqual({
    uuid: UUID_PATTERN,
    date: DATE_PATTERN,
    dateTime: DATE_TIME_PATTERN,
    duration: DURATION_PATTERN,
    repsRange: REPS_RANGE_PATTERN,
    setText: SET_TEXT_PATTERN,
    percentSet: PERCENT_SET_PATTERN,
    stage: STAGE_PATTERN,
    reset: RESET_PATTERN,
  });
  // The functions use the same patterns as literals (so PostgreSQL caches them compiled).
  const { rows: bodies } = await s.ownerPool.query(
    `select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'app_hidden' and p.proname in ('doc_uuid', 'doc_duration', 'doc_parse_set', 'doc_start', 'walk_routine_target', 'walk_workout_when', 'doc_percent_set', 'doc_stage', 'doc_reset')`,
  );
  const src = Object.fromEntries(bodies.map((b) => [b.proname, b.prosrc as string]));
  expect(src.doc_uuid).toContain(`'${UUID_PATTERN}'`);
  expect(src.doc_duration).toContain(`'${DURATION_PATTERN}'`);
  expect(src.doc_parse_set).toContain(`'${SET_TEXT_PATTERN}'`);
  expect(src.doc_start).toContain(`'${DATE_TIME_PATTERN}'`);
  expect(src.walk_routine_target).toContain(`'${REPS_RANGE_PATTERN}'`);
  expect(src.walk_workout_when).toContain(`'${DATE_PATTERN}'`);
  expect(src.doc_percent_set).toContain(`'${PERCENT_SET_PATTERN}'`);
  expect(src.doc_stage).toContain(`'${STAGE_PATTERN}'`);
  expect(src.doc_reset).toContain(`'${RESET_PATTERN}'`);
});

describe.each(cases.filter((c) => c.plugin).map((c) => [c.name, c] as const))("%s", (_name, c) => {
  test(`is refused over GraphQL at ${c.path}: ${c.reason}, nothing saved`, async () => {
    const before = await s.ownerPool.query(
      "select (select count(*) from app_public.routines) + (select count(*) from app_public.workouts) as n",
    );
    const r = await applyOverGraphQL(c);
    expect(r.data).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].extensions).toEqual({ code: "INVALID_DOCUMENT", path: c.path, reason: c.reason });
    expect(r.errors[0].message).toBe(`${c.path}: ${c.reason}`);
    const after = await s.ownerPool.query(
      "select (select count(*) from app_public.routines) + (select count(*) from app_public.workouts) as n",
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe.each(cases.filter((c) => !c.plugin).map((c) => [c.name, c] as const))("%s", (_name, c) => {
  test(
    c.path === null
      ? "is valid in SQL with the SDK's canonical form; apply and show round-trip"
      : `fails in SQL at ${c.path}: ${c.reason}`,
    async () => {
      await asVisitor(async () => {
        if (c.options) {
          await client.query(
            "update app_public.users set unit = coalesce($1, unit), effort = coalesce($2, effort) where id = app_public.current_user_id()",
            [c.options.unit ?? null, c.options.effort ?? null],
          );
        }
        const r = await validate(c);
        if (c.path !== null) {
          expect({
            path: r.path,
            reason: c.reason === "unknown exercise" ? r.reason?.slice(0, "unknown exercise".length) : r.reason,
          }).toEqual({
            path: c.path,
            reason: c.reason,
          });
          if (c.reason === "unknown exercise") expect(r.reason).toMatch(/^unknown exercise "/);
          expect(r.canonical).toBeNull();
          return;
        }
        expect({ path: r.path, reason: r.reason }).toEqual({ path: null, reason: null });
        expect(r.canonical).toEqual(c.canonical);

        const first = await applyAndShow(c.kind, c.json !== undefined ? JSON.parse(c.json) : c.document);
        const expected: Record<string, any> = { ...c.canonical, id: first.id };
        expected.exercises = [];
        // One query at a time on the shared client.
        for (const e of c.canonical!.exercises as Record<string, any>[]) {
          expected.exercises.push({ ...e, exercise: await exerciseName(e.exercise) });
        }
        // A new routine or workout is at version 1; saved again over it, at version 2, nothing else changed.
        expected.version = 1;
        if (c.canonical!.id !== undefined) expect(first.id).toBe(c.canonical!.id);
        expect(first.doc).toEqual(expected);
        const again = await applyAndShow(c.kind, first.doc);
        expect(again.created).toBe(false);
        expect(again.id).toBe(first.id);
        expect(JSON.stringify(again.doc)).toBe(JSON.stringify({ ...first.doc, version: 2 }));
      });
    },
  );
});
