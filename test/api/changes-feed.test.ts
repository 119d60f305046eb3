// The changes feed, from outside (real HTTP, real PostgreSQL): routines, workouts, bodyweights and
// body measurements created, updated and deleted, in commit order, a page at a time with a cursor
// to continue from; two overlapping transactions come out in the order they committed; and a
// property: a client that pages from the start, then from its cursor after each burst of random
// changes, holds exactly the server's data.
import fc from "fast-check";
import pg from "pg";
import { startTestServer, gql, gqlData, signUp, credentialHash, type TestServer } from "../support/harness.ts";
import { CHANGE_KINDS, CHANGE_OPS, CHANGE_VIAS } from "../../server/graphql/schema/changes.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);

let s: TestServer;

const FEED = `query($after: String, $first: Int) {
  changes(after: $after, first: $first) { changes { id cursor kind entityId op summary client via document } endCursor hasNextPage } }`;
const APPLY_WORKOUT = `mutation($doc: JSON) { applyWorkoutDocument(input: { document: $doc }) { workout { id } } }`;
const APPLY_ROUTINE = `mutation($doc: JSON) { applyRoutineDocument(input: { document: $doc }) { routine { id } } }`;

type Change = { cursor: string; kind: string; entityId: string; op: string; document: Record<string, unknown> | null };

async function feed(token: string, after: string | null, first?: number) {
  return (await gqlData(s.url, FEED, { after, first: first ?? null }, { token })).changes as {
    changes: Change[];
    endCursor: string;
    hasNextPage: boolean;
  };
}

/** Every change after `after`, page by page of `first`; the cursor to continue from. */
async function readAll(
  token: string,
  after: string | null,
  first = 1000,
): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = after;
  for (;;) {
    const page = await feed(token, cursor, first);
    changes.push(...page.changes);
    cursor = page.endCursor;
    if (!page.hasNextPage) return { changes, cursor };
  }
}

const workoutDoc = (name: string, sets: string[] = ["100x5"]) => ({
  name,
  date: "2026-03-02",
  exercises: [{ exercise: "Bench Press", sets }],
});

async function applyWorkout(token: string, doc: unknown): Promise<string> {
  return (await gqlData(s.url, APPLY_WORKOUT, { doc }, { token })).applyWorkoutDocument.workout.id;
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

test("created, updated and deleted, in order, with the item as it is now", async () => {
  const u = await signUp(s.url, "Feed");
  const id = await applyWorkout(u.token, workoutDoc("Push"));
  const shown = (await gqlData(s.url, `query($id: UUID!) { workoutDocument(id: $id) }`, { id }, u)).workoutDocument;
  await applyWorkout(u.token, { ...shown, name: "Push heavy" });
  const routine = (await gqlData(s.url, APPLY_ROUTINE, { doc: { name: "Pull", exercises: [] } }, u))
    .applyRoutineDocument.routine.id;
  await gqlData(s.url, `mutation { logBodyweight(input: { date: "2026-03-02", weight: 80 }) { id } }`, {}, u);
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
    { id: routine },
    u,
  );

  const { changes, cursor } = await readAll(u.token, null);
  expect(changes.map((c) => [c.kind, c.op])).toEqual([
    ["workout", "created"],
    ["workout", "updated"],
    ["routine", "created"],
    ["bodyweight", "created"],
    ["routine", "deleted"],
  ]);
  expect(changes[0].document).toMatchObject({ id, name: "Push heavy", version: 2 });
  expect(changes[4].document).toBeNull();
  expect(changes.map((c) => Number(c.cursor))).toEqual([...changes.map((c) => Number(c.cursor))].sort((a, b) => a - b));
  expect(cursor).toBe(changes[4].cursor);
  // From the cursor: nothing yet, and the same cursor to keep.
  expect(await feed(u.token, cursor)).toEqual({ changes: [], endCursor: cursor, hasNextPage: false });
  // Another user's feed has none of it.
  const other = await signUp(s.url, "Other");
  expect((await feed(other.token, null)).changes).toEqual([]);
});

test("kind, op and via are also enums (entity, action, credential), of the texts SQL allows", async () => {
  const u = await signUp(s.url, "Enums");
  await applyWorkout(u.token, workoutDoc("Legs"));
  const query = `{ history { changes { kind entity op action via credential } } }`;
  const [change] = (await gqlData(s.url, query, {}, u)).history.changes;
  expect(change).toEqual({
    kind: "workout",
    entity: "WORKOUT",
    op: "created",
    action: "CREATED",
    via: "session",
    credential: "SESSION",
  });
  const owner = new pg.Client({ connectionString: s.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'app_public.changes'::regclass and conname in ('changes_kind_check', 'changes_op_check', 'changes_via_check')
        order by conname`,
    );
    const allowed = rows.map((r) => [...r.definition.matchAll(/'([^']+)'::text/g)].map((m) => m[1]));
    expect(allowed).toEqual([Object.keys(CHANGE_KINDS), Object.keys(CHANGE_OPS), Object.keys(CHANGE_VIAS)]);
  } finally {
    await owner.end();
  }
  const enumOf = async (name: string) =>
    (await gqlData(s.url, `{ __type(name: "${name}") { enumValues { name } } }`, {}, u)).__type.enumValues.map(
      (v: { name: string }) => v.name,
    );
  expect(await enumOf("ChangeEntity")).toEqual(["ROUTINE", "WORKOUT", "BODYWEIGHT", "MEASUREMENT"]);
  expect(await enumOf("ChangeCredential")).toEqual(["SESSION", "KEY", "APP", "SERVER"]);
});

test("pages of `first`, each continuing from the last cursor", async () => {
  const u = await signUp(s.url, "Pages");
  for (let i = 0; i < 5; i += 1) await applyWorkout(u.token, workoutDoc(`W${i}`));
  const first = await feed(u.token, null, 2);
  expect(first.changes).toHaveLength(2);
  expect(first.hasNextPage).toBe(true);
  const { changes } = await readAll(u.token, null, 2);
  expect(changes.map((c) => (c.document as { name: string }).name)).toEqual(["W0", "W1", "W2", "W3", "W4"]);
});

test("first from 1 to 1000; a cursor that is not one is refused", async () => {
  const u = await signUp(s.url, "Bounds");
  await applyWorkout(u.token, workoutDoc("One"));
  expect((await feed(u.token, null, 1)).changes).toHaveLength(1);
  expect((await feed(u.token, null, 1000)).changes).toHaveLength(1);
  for (const [after, first] of [
    [null, 0],
    [null, 1001],
    ["abc", 10],
    ["-1", 10],
  ] as const) {
    const answer = await gql(s.url, FEED, { after, first }, { token: u.token });
    expect(answer.body.errors[0].extensions.code).toBe("INVALID_INPUT");
  }
  const signedOut = await gql(s.url, FEED, {});
  expect(signedOut.body.errors[0].extensions.code).toBe("FORBIDDEN");
});

/** A connection acting as the user's session, as a request does, in its own transaction. */
async function sessionClient(token: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: s.ownerUrl });
  await client.connect();
  await client.query("begin");
  await client.query("select set_config('svc.session_hash', $1, true)", [credentialHash(token)]);
  await client.query("set local role svc_visitor");
  return client;
}

test("two overlapping transactions: the one that commits first comes first, and none is skipped", async () => {
  const u = await signUp(s.url, "Overlap");
  const apply = (c: pg.Client, name: string) =>
    c.query("select workout_id from app_public.apply_workout_document($1::jsonb)", [workoutDoc(name)]);
  const early = await sessionClient(u.token);
  const late = await sessionClient(u.token);
  try {
    await apply(early, "Started first"); // its change is recorded first ...
    await apply(late, "Started second");
    await late.query("commit"); // ... but this one commits first
    const seen = await readAll(u.token, null);
    expect(seen.changes.map((c) => (c.document as { name: string }).name)).toEqual(["Started second"]);
    await early.query("commit");
    const next = await readAll(u.token, seen.cursor);
    expect(next.changes.map((c) => (c.document as { name: string }).name)).toEqual(["Started first"]);
    // The row order of recording is the other way round: a cursor by id would have skipped it.
    const { rows } = await s.ownerPool.query(
      "select recorded, seq from app_public.changes where user_id = $1 order by recorded",
      [u.user.id],
    );
    expect(Number(rows[0].seq)).toBeGreaterThan(Number(rows[1].seq));
  } finally {
    await early.end();
    await late.end();
  }
});

test("a transaction that rolls back leaves no change", async () => {
  const u = await signUp(s.url, "Rollback");
  const c = await sessionClient(u.token);
  await c.query("select app_public.apply_workout_document($1::jsonb)", [workoutDoc("Never")]);
  await c.query("rollback");
  await c.end();
  expect((await feed(u.token, null)).changes).toEqual([]);
});

// The property: random bursts of saves and deletes, the client syncing between them.
type Op =
  | { type: "workout"; name: string; sets: number }
  | { type: "editWorkout"; pick: number; name: string }
  | { type: "deleteWorkout"; pick: number }
  | { type: "routine"; name: string }
  | { type: "deleteRoutine"; pick: number }
  | { type: "bodyweight"; day: number; weight: number }
  | { type: "deleteBodyweight"; pick: number }
  | { type: "measurement"; day: number; waist: number }
  | { type: "deleteMeasurement"; pick: number }
  | { type: "sync"; first: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant("workout" as const),
    name: fc.constantFrom("A", "B", "C"),
    sets: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ type: fc.constant("editWorkout" as const), pick: fc.nat(), name: fc.constantFrom("X", "Y") }),
  fc.record({ type: fc.constant("deleteWorkout" as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant("routine" as const),
    name: fc.string({ minLength: 1, maxLength: 6 }).map((t) => `R ${t.replace(/[^a-z]/gi, "")}`),
  }),
  fc.record({ type: fc.constant("deleteRoutine" as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant("bodyweight" as const),
    day: fc.integer({ min: 1, max: 3 }),
    weight: fc.integer({ min: 60, max: 90 }),
  }),
  fc.record({ type: fc.constant("deleteBodyweight" as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant("measurement" as const),
    day: fc.integer({ min: 1, max: 3 }),
    waist: fc.integer({ min: 70, max: 95 }),
  }),
  fc.record({ type: fc.constant("deleteMeasurement" as const), pick: fc.nat() }),
  fc.record({ type: fc.constant("sync" as const), first: fc.integer({ min: 1, max: 4 }) }),
);

/** What the server holds for the user, keyed `<kind>:<id>`: documents, bodyweight and measurement rows. */
async function serverData(token: string): Promise<Map<string, unknown>> {
  const data = await gqlData(
    s.url,
    `{ allWorkouts { nodes { id } } allRoutines { nodes { id } } allBodyweights { nodes { id date weight unit } }
       allMeasurements { nodes { id date unit waist } } }`,
    {},
    { token },
  );
  const out = new Map<string, unknown>();
  for (const { id } of data.allWorkouts.nodes)
    out.set(
      `workout:${id}`,
      (await gqlData(s.url, `query($id: UUID!) { workoutDocument(id: $id) }`, { id }, { token })).workoutDocument,
    );
  for (const { id } of data.allRoutines.nodes)
    out.set(
      `routine:${id}`,
      (await gqlData(s.url, `query($ref: String!) { routineDocument(ref: $ref) }`, { ref: id }, { token }))
        .routineDocument,
    );
  for (const b of data.allBodyweights.nodes) out.set(`bodyweight:${b.id}`, b);
  for (const m of data.allMeasurements.nodes) out.set(`measurement:${m.id}`, m);
  return out;
}

/** A sync client: applies each change's `document` (or removes the item) in feed order. */
class SyncClient {
  readonly items = new Map<string, unknown>();
  cursor: string | null = null;
  readonly token: string;
  constructor(token: string) {
    this.token = token;
  }
  async sync(first: number) {
    const { changes, cursor } = await readAll(this.token, this.cursor, first);
    for (const c of changes) {
      const key = `${c.kind}:${c.entityId}`;
      if (c.document === null) this.items.delete(key);
      else this.items.set(key, c.document);
    }
    this.cursor = cursor;
  }
}

/** The bodyweight as the feed carries it, for comparing with allBodyweights' rows. */
const bodyweightRow = (d: Record<string, unknown>) => ({ id: d.id, date: d.date, weight: d.weight, unit: d.unit });
/** A measurement as the feed carries it, for comparing with allMeasurements' rows. */
const measurementRow = (d: Record<string, unknown>) => ({ id: d.id, date: d.date, unit: d.unit, waist: d.waist });
/** An item the client holds, in the form the server's list answers it. */
const asListed = (k: string, v: unknown) => {
  if (k.startsWith("bodyweight:")) return bodyweightRow(v as Record<string, unknown>);
  if (k.startsWith("measurement:")) return measurementRow(v as Record<string, unknown>);
  return v;
};

async function run(token: string, op: Op, client: SyncClient) {
  const ids = async (kind: string) =>
    [...(await serverData(token)).keys()].filter((k) => k.startsWith(kind)).map((k) => k.split(":")[1]);
  const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
  switch (op.type) {
    case "workout":
      await applyWorkout(
        token,
        workoutDoc(
          op.name,
          Array.from({ length: op.sets }, (_, i) => `${100 + i}x5`),
        ),
      );
      return;
    case "editWorkout": {
      const id = pick(await ids("workout"), op.pick);
      if (id) await applyWorkout(token, { ...workoutDoc(op.name, ["90x8"]), id });
      return;
    }
    case "deleteWorkout": {
      const id = pick(await ids("workout"), op.pick);
      if (id)
        await gqlData(
          s.url,
          `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`,
          { id },
          { token },
        );
      return;
    }
    case "routine": {
      const answer = await gql(
        s.url,
        APPLY_ROUTINE,
        { doc: { name: op.name, exercises: [{ exercise: "Deadlift", sets: 1 }] } },
        { token },
      );
      if (answer.body.errors) expect(answer.body.errors[0].extensions.code).toBe("INVALID_DOCUMENT"); // a name taken
      return;
    }
    case "deleteRoutine": {
      const id = pick(await ids("routine"), op.pick);
      if (id)
        await gqlData(
          s.url,
          `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
          { id },
          { token },
        );
      return;
    }
    case "bodyweight":
      await gqlData(
        s.url,
        `mutation($d: String!, $w: Float!) { logBodyweight(input: { date: $d, weight: $w }) { id } }`,
        { d: `2026-01-0${op.day}`, w: op.weight },
        { token },
      );
      return;
    case "deleteBodyweight": {
      const id = pick(await ids("bodyweight"), op.pick);
      if (id)
        await gqlData(
          s.url,
          `mutation($id: UUID!) { deleteBodyweightById(input: { id: $id }) { bodyweight { id } } }`,
          { id },
          { token },
        );
      return;
    }
    case "measurement":
      await gqlData(
        s.url,
        `mutation($d: String!, $w: Float!) { logMeasurements(input: { date: $d, unit: "cm", waist: $w }) { measurement { id } } }`,
        { d: `2026-01-0${op.day}`, w: op.waist },
        { token },
      );
      return;
    case "deleteMeasurement": {
      const id = pick(await ids("measurement"), op.pick);
      if (id)
        await gqlData(
          s.url,
          `mutation($id: UUID!) { deleteMeasurementById(input: { id: $id }) { measurement { id } } }`,
          { id },
          { token },
        );
      return;
    }
    case "sync":
      await client.sync(op.first);
  }
}

test("property: a client paging from the start, then from its cursor, holds exactly the server's data", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
      const u = await signUp(s.url, "Sync");
      const client = new SyncClient(u.token);
      for (const op of ops) await run(u.token, op, client);
      await client.sync(3);
      const server = await serverData(u.token);
      const held = new Map([...client.items].map(([k, v]) => [k, asListed(k, v)]));
      expect(held).toEqual(server);
      // A fresh client from the start agrees too.
      const fresh = new SyncClient(u.token);
      await fresh.sync(1000);
      expect(new Map([...fresh.items].map(([k, v]) => [k, asListed(k, v)]))).toEqual(server);
    }),
    { numRuns: RUNS },
  );
});
