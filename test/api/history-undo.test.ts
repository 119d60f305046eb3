// The change history and Undo, from outside (real HTTP): every save and delete of a routine,
// workout, bodyweight or body measurement is listed newest first with its client and a one-line
// summary; Undo restores the state before (a deleted item under its old id, a created one deleted)
// as a new change; changes past 90 days leave the history and are pruned by the worker's task.
import { startTestServer, gql, gqlData, signUp, createApiKey, type TestServer } from "../support/harness.ts";

let s: TestServer;
let u: Awaited<ReturnType<typeof signUp>>;

const HISTORY = `query($before: String, $first: Int) {
  history(before: $before, first: $first) { changes { id cursor kind entityId op client via summary undoOf undone document } endCursor hasNextPage } }`;
const UNDO = `mutation($id: UUID!) { undoChange(input: { id: $id }) { change { id kind op summary undoOf document } } }`;
const APPLY_WORKOUT = `mutation($doc: JSON) { applyWorkoutDocument(input: { document: $doc }) { workout { id } document } }`;
const SHOW_WORKOUT = `query($id: UUID!) { workoutDocument(id: $id) }`;

type Change = {
  id: string;
  cursor: string;
  kind: string;
  entityId: string;
  op: string;
  client: string;
  via: string;
  summary: string;
  undoOf: string | null;
  undone: boolean;
  document: Record<string, any> | null;
};

async function history(token: string, first?: number, before?: string): Promise<Change[]> {
  return (await gqlData(s.url, HISTORY, { first: first ?? null, before: before ?? null }, { token })).history.changes;
}
const undo = (token: string, id: string) => gql(s.url, UNDO, { id }, { token });
const push = { name: "Push", date: "2026-03-02", exercises: [{ exercise: "Bench Press", sets: ["100x5", "100x5"] }] };

async function logged(token: string, doc: unknown = push): Promise<string> {
  return (await gqlData(s.url, APPLY_WORKOUT, { doc }, { token })).applyWorkoutDocument.workout.id;
}

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  u = await signUp(s.url, "History");
});

test("every save and delete, newest first, with its client and summary", async () => {
  const id = await logged(u.token);
  const shown = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  const { key } = await createApiKey(s.url, u.token, { name: "garmin sync" });
  await gqlData(s.url, APPLY_WORKOUT, { doc: { ...shown, name: "Push heavy" } }, { key });
  await gqlData(s.url, `mutation { logBodyweight(input: { date: "2026-03-02", weight: 80.5 }) { id } }`, {}, u);
  await gqlData(s.url, `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`, { id }, u);
  const listed = await history(u.token);
  expect(listed.map((c) => c.summary)).toEqual([
    "Deleted Push heavy on 2026-03-02",
    "Logged bodyweight 80.5 kg on 2026-03-02",
    "Edited Push heavy on 2026-03-02",
    "Logged Push on 2026-03-02",
  ]);
  expect(listed[2]).toMatchObject({ client: 'API key "garmin sync"', via: "key" });
  expect(listed[3]).toMatchObject({ via: "session", kind: "workout", entityId: id, op: "created", undone: false });
  expect(listed[3].client).toMatch(/^web app \(|^svc /);
  // Pages, newest first, continuing from endCursor.
  const page = (await gqlData(s.url, HISTORY, { first: 3 }, u)).history;
  expect(page.hasNextPage).toBe(true);
  expect((await history(u.token, 3, page.endCursor)).map((c) => c.summary)).toEqual(["Logged Push on 2026-03-02"]);
});

test("Undo of an edit restores the document before, as a new change; Undo of that redoes it", async () => {
  const id = await logged(u.token);
  const before = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  const edited = structuredClone(before);
  edited.exercises[0].sets = ["105x5"];
  edited.name = "Push heavy";
  await gqlData(s.url, APPLY_WORKOUT, { doc: edited }, u);
  const [edit] = await history(u.token, 1);

  const answer = await undo(u.token, edit.id);
  expect(answer.body.errors).toBeUndefined();
  const change = answer.body.data.undoChange.change;
  expect(change).toMatchObject({
    kind: "workout",
    op: "updated",
    undoOf: edit.id,
    summary: 'Undid "Edited Push heavy on 2026-03-02"',
  });
  const now = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  expect({ ...now, version: 0 }).toEqual({ ...before, version: 0 });
  expect(now.version).toBe(3);
  expect((await history(u.token)).find((c) => c.id === edit.id)?.undone).toBe(true);

  await gqlData(s.url, UNDO, { id: change.id }, u);
  expect((await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument.exercises[0].sets).toEqual(["105x5"]);
});

test("Undo of a delete brings the workout back under its id; Undo of a create deletes it", async () => {
  const id = await logged(u.token);
  const before = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  await gqlData(s.url, `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`, { id }, u);
  const [deletion, creation] = await history(u.token);
  expect(deletion.op).toBe("deleted");
  const back = await undo(u.token, deletion.id);
  expect(back.body.data.undoChange.change).toMatchObject({ op: "created", document: { id, name: "Push" } });
  const restored = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  expect({ ...restored, version: 0 }).toEqual({ ...before, version: 0 });

  const gone = await undo(u.token, creation.id);
  expect(gone.body.data.undoChange.change).toMatchObject({ op: "deleted", document: null });
  expect((await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument).toBeNull();
  // Nothing left to undo of that creation.
  const again = await undo(u.token, creation.id);
  expect(again.body.errors[0].extensions.code).toBe("INVALID_INPUT");
  expect(again.body.errors[0].message).toBe("id: nothing to undo: the workout it created is already gone");
});

test("Undo of routine and bodyweight changes", async () => {
  const routine = await gqlData(
    s.url,
    `mutation($doc: JSON) { applyRoutineDocument(input: { document: $doc }) { routine { id } } }`,
    { doc: { name: "Pull", exercises: [{ exercise: "Deadlift", sets: 1, reps: 5 }] } },
    u,
  );
  const routineId = routine.applyRoutineDocument.routine.id;
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
    { id: routineId },
    u,
  );
  await gqlData(s.url, UNDO, { id: (await history(u.token, 1))[0].id }, u);
  const back = await gqlData(s.url, `query($ref: String!) { routineDocument(ref: $ref) }`, { ref: routineId }, u);
  expect(back.routineDocument).toMatchObject({
    id: routineId,
    name: "Pull",
    exercises: [{ exercise: "Deadlift", sets: 1, reps: 5 }],
  });

  const log = (w: number) =>
    gqlData(
      s.url,
      `mutation($w: Float!) { logBodyweight(input: { date: "2026-03-03", weight: $w }) { id weight } }`,
      { w },
      u,
    );
  await log(80);
  await log(81);
  const [change] = await history(u.token, 1);
  expect(change.summary).toBe("Changed bodyweight 81 kg on 2026-03-03");
  await gqlData(s.url, UNDO, { id: change.id }, u);
  const bodyweights = await gqlData(s.url, `{ allBodyweights { nodes { date weight } } }`, {}, u);
  expect(bodyweights.allBodyweights.nodes).toEqual([{ date: "2026-03-03", weight: 80 }]);
});

test("another user's change, a malformed id and a change past 90 days", async () => {
  await logged(u.token);
  const [mine] = await history(u.token);
  const other = await signUp(s.url, "Other");
  expect((await undo(other.token, mine.id)).body.errors[0].extensions.code).toBe("NOT_FOUND");
  expect(await history(other.token)).toEqual([]);
  expect((await undo(u.token, "12x")).body.errors[0].extensions.code).toBe("INVALID_INPUT");
  expect((await gql(s.url, HISTORY, {})).body.errors[0].extensions.code).toBe("FORBIDDEN");

  // 90 days and one second ago: out of the history; pruned, the latest change of a workout still there stays.
  await s.ownerPool.query("update app_public.changes set at = now() - interval '90 days 1 second' where id = $1", [
    mine.id,
  ]);
  expect(await history(u.token)).toEqual([]);
  expect((await s.ownerPool.query("select app_private.prune_changes() as n")).rows[0].n).toBe(0);
  const kept = await s.ownerPool.query("select before from app_public.changes where id = $1", [mine.id]);
  expect(kept.rows).toEqual([{ before: null }]);
});

test("pruning: superseded changes past 90 days go, a deletion's raises the feed's horizon", async () => {
  const id = await logged(u.token);
  const shown = (await gqlData(s.url, SHOW_WORKOUT, { id }, u)).workoutDocument;
  await gqlData(s.url, APPLY_WORKOUT, { doc: { ...shown, name: "Again" } }, u);
  const doomed = await logged(u.token, { ...push, name: "Doomed" });
  const feedStart = (await gqlData(s.url, `{ changes(first: 1) { endCursor } }`, {}, u)).changes.endCursor;
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`,
    { id: doomed },
    u,
  );
  // 89 days: kept whole.
  await s.ownerPool.query("update app_public.changes set at = now() - interval '89 days' where user_id = $1", [
    u.user.id,
  ]);
  expect((await s.ownerPool.query("select app_private.prune_changes() as n")).rows[0].n).toBe(0);
  await s.ownerPool.query("update app_public.changes set at = now() - interval '91 days' where user_id = $1", [
    u.user.id,
  ]);
  // Gone: the first save of "Again" (superseded), "Doomed"'s creation and deletion; kept: "Again"'s last save.
  expect((await s.ownerPool.query("select app_private.prune_changes() as n")).rows[0].n).toBe(4);
  const left = await s.ownerPool.query("select entity_id, op, before from app_public.changes where user_id = $1", [
    u.user.id,
  ]);
  expect(left.rows).toEqual([{ entity_id: id, op: "updated", before: null }]);
  const stale = await gql(s.url, `query($a: String) { changes(after: $a) { endCursor } }`, { a: feedStart }, u);
  expect(stale.body.errors[0]).toMatchObject({
    message: "after: this cursor is older than the changes kept (90 days); read the feed again from the start",
    extensions: { code: "INVALID_INPUT" },
  });
  const fromStart = await gqlData(s.url, `{ changes { changes { entityId document } } }`, {}, u);
  expect(fromStart.changes.changes).toEqual([{ entityId: id, document: expect.objectContaining({ name: "Again" }) }]);
});

test("deleting the account records nothing and leaves no change behind", async () => {
  await logged(u.token);
  await gqlData(s.url, `mutation { deleteAccount(input: {}) { id } }`, {}, u);
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.changes where user_id = $1", [
    u.user.id,
  ]);
  expect(rows[0].n).toBe(0);
});

test("body measurements: logged, changed and deleted are listed; Undo of each restores the state before", async () => {
  const LOG = `mutation($waist: Float, $bodyFat: Float) {
    logMeasurements(input: { date: "2026-03-04", unit: "cm", waist: $waist, bodyFat: $bodyFat }) { measurement { id } } }`;
  const day = async () =>
    (await gqlData(s.url, `{ allMeasurements { nodes { id date unit waist bodyFat neck } } }`, {}, u)).allMeasurements
      .nodes;
  const id = (await gqlData(s.url, LOG, { waist: 82.5, bodyFat: 18 }, u)).logMeasurements.measurement.id;
  await gqlData(s.url, LOG, { waist: 81 }, u);
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteMeasurementById(input: { id: $id }) { measurement { id } } }`,
    { id },
    u,
  );
  const [deleted, changed, logged] = await history(u.token);
  expect([deleted, changed, logged].map((c) => [c.kind, c.entityId, c.op, c.summary])).toEqual([
    ["measurement", id, "deleted", "Deleted body measurements on 2026-03-04"],
    ["measurement", id, "updated", "Changed body measurements on 2026-03-04"],
    ["measurement", id, "created", "Logged body measurements on 2026-03-04"],
  ]);
  expect(logged.document).toBeNull();

  // Undo of the delete: back under its id, as it was.
  const back = await undo(u.token, deleted.id);
  expect(back.body.errors).toBeUndefined();
  expect(back.body.data.undoChange.change).toMatchObject({
    kind: "measurement",
    op: "created",
    summary: 'Undid "Deleted body measurements on 2026-03-04"',
    document: { id, date: "2026-03-04", unit: "cm", waist: 81 },
  });
  expect(await day()).toEqual([{ id, date: "2026-03-04", unit: "cm", waist: 81, bodyFat: null, neck: null }]);
  // Undo of the change: the day's values before it (body fat measured again).
  await gqlData(s.url, UNDO, { id: changed.id }, u);
  expect(await day()).toEqual([{ id, date: "2026-03-04", unit: "cm", waist: 82.5, bodyFat: 18, neck: null }]);
  // Undo of the first log: gone.
  const gone = await undo(u.token, logged.id);
  expect(gone.body.data.undoChange.change).toMatchObject({ kind: "measurement", op: "deleted", document: null });
  expect(await day()).toEqual([]);
  // The feed carries them too, each with the measurement as it is now.
  const fed = await gqlData(s.url, `{ changes(first: 100) { changes { kind entityId op } } }`, {}, u);
  expect(
    fed.changes.changes.filter((c: { kind: string }) => c.kind === "measurement").map((c: { op: string }) => c.op),
  ).toEqual(["created", "updated", "deleted", "created", "updated", "deleted"]);
});
