// Share links of routines, from outside: the token is unguessable and kept only as its SHA-256;
// the link shows that one routine to anyone (signed out, another user) and nothing else of the
// owner (no name unless chosen, no other routine, no history, no ids); a signed-in user adds a
// copy; revoked or deleted, it opens nothing; RLS keeps each user's links to themselves.
import { createHash } from "node:crypto";
import {
  startTestServer,
  gql,
  gqlData,
  signUp,
  logWorkout,
  errorCode,
  createApiKey,
  asRole,
  credentialHash,
  type SignedUpUser,
  type TestServer,
} from "../support/harness.ts";

let s: TestServer;
let owner: SignedUpUser;
let other: SignedUpUser;

const SHARE = `mutation($routine: String!, $showName: Boolean) { shareRoutine(input: { routine: $routine, showName: $showName }) { link { shareId token } } }`;
const SHARED = `query($token: String!) { sharedRoutine(token: $token) }`;
const ADD = `mutation($token: String!, $name: String) { addSharedRoutine(input: { token: $token, name: $name }) { routine { id name } } }`;
const REVOKE = `mutation($id: UUID!) { deleteRoutineShareById(input: { id: $id }) { routineShare { id } } }`;
const MY_SHARES = `{ viewer { routineSharesByUserId { nodes { id showName routineByRoutineId { name } } } } }`;
const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

async function share(who: SignedUpUser, routine: string, showName = false) {
  return (await gqlData(s.url, SHARE, { routine, showName }, { token: who.token })).shareRoutine.link as {
    shareId: string;
    token: string;
  };
}
const shared = async (token: string, credential = {}) =>
  (await gqlData(s.url, SHARED, { token }, credential)).sharedRoutine;
/** The HTTP status of the link's page in the web app (its HTML either way). */
const pageStatus = async (token: string) => {
  const res = await fetch(`${s.url}/shared/${token}`, { headers: { accept: "text/html" } });
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  await res.arrayBuffer();
  return res.status;
};

let pushId: string;

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUp(s.url, "Olga Owner");
  other = await signUp(s.url, "Otto Other");
  pushId = (
    await gqlData(
      s.url,
      APPLY_ROUTINE,
      {
        d: {
          name: "Push",
          folder: "Home gym",
          unit: "kg",
          exercises: [
            { exercise: "Bench Press", sets: 3, reps: 5, weight: 80, rest: 120 },
            { exercise: "Overhead Press", sets: 3, reps: "8-10", weight: 40 },
          ],
        },
      },
      { token: owner.token },
    )
  ).applyRoutineDocument.routine.id;
  await gqlData(
    s.url,
    APPLY_ROUTINE,
    { d: { name: "Secret plan", unit: "kg", exercises: [{ exercise: "Deadlift", sets: 1, reps: 1, weight: 250 }] } },
    { token: owner.token },
  );
  await logWorkout(s.url, owner.token, {
    date: "2025-03-03",
    name: "Private session",
    routine: pushId,
    unit: "kg",
    exercises: [{ exercise: "Bench Press", sets: ["80x5"] }],
  });
});
afterAll(async () => s?.close());

test("the token is rs_ and 32 random base62 characters, kept only as its SHA-256", async () => {
  const links = [await share(owner, "Push"), await share(owner, "push")];
  for (const link of links) expect(link.token).toMatch(/^rs_[0-9A-Za-z]{32}$/);
  expect(links[0].token).not.toBe(links[1].token);
  const { rows } = await s.ownerPool.query(
    `select h.token_hash, to_jsonb(sh) as row from app_private.routine_share_hashes h
       join app_public.routine_shares sh on sh.id = h.share_id where sh.id = $1`,
    [links[0].shareId],
  );
  expect(rows).toHaveLength(1);
  expect(Buffer.from(rows[0].token_hash).equals(createHash("sha256").update(links[0].token).digest())).toBe(true);
  // No column of the link's row, nor of its hash row, holds the token itself.
  expect(JSON.stringify(rows[0].row)).not.toContain(links[0].token.slice(3));
});

test("signed out and as another user: that routine only, without its id, folder, owner or history", async () => {
  const { token } = await share(owner, "Push");
  for (const credential of [{}, { token: other.token }]) {
    const seen = await shared(token, credential);
    expect(seen.routine).toEqual({
      name: "Push",
      progression: "linear",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: 3, reps: 5, weight: 80, rest: 120 },
        { exercise: "Overhead Press", sets: 3, reps: "8-10", weight: 40 },
      ],
    });
    expect(seen.sharedBy).toBeUndefined();
    expect(seen.sharedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const text = JSON.stringify(seen);
    for (const secret of ["Olga", owner.email, owner.user.id, pushId, "Secret plan", "Private session", "Home gym"])
      expect(text).not.toContain(secret);
  }
  // The name only when the owner chose to show it.
  const named = await share(owner, "Push", true);
  expect((await shared(named.token)).sharedBy).toBe("Olga Owner");
});

test("unknown, malformed and over-long tokens open nothing", async () => {
  const { token } = await share(owner, "Push");
  for (const guess of [
    "",
    "rs_",
    `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`,
    token.toLowerCase(),
    "x".repeat(101),
    `${token} `,
  ])
    if (guess !== token) expect(await shared(guess)).toBeNull();
});

test("another user adds a copy (its own name, or one given); a name they use is refused at name", async () => {
  const { token } = await share(owner, "Push");
  const added = (await gqlData(s.url, ADD, { token }, { token: other.token })).addSharedRoutine.routine;
  expect(added.name).toBe("Push");
  const doc = await gqlData(
    s.url,
    `query($r: String!) { routineDocument(ref: $r) }`,
    { r: added.id },
    { token: other.token },
  );
  expect(doc.routineDocument.exercises).toHaveLength(2);
  expect(doc.routineDocument.folder).toBeUndefined();
  const again = await gql(s.url, ADD, { token }, { token: other.token });
  expect(errorCode(again)).toBe("INVALID_DOCUMENT");
  expect(again.body.errors[0].extensions.path).toBe("name");
  const renamed = (await gqlData(s.url, ADD, { token, name: "Olga's push" }, { token: other.token })).addSharedRoutine
    .routine;
  expect(renamed.name).toBe("Olga's push");
  // The owner's routines are untouched; signed out, nothing is added.
  expect(errorCode(await gql(s.url, ADD, { token }))).toBe("FORBIDDEN");
});

test("each user lists and revokes only their own links; RLS on the table, the hashes out of reach", async () => {
  const { shareId, token } = await share(owner, "Push");
  const mine = (await gqlData(s.url, MY_SHARES, {}, { token: owner.token })).viewer.routineSharesByUserId.nodes;
  expect(mine.map((x: { id: string }) => x.id)).toContain(shareId);
  expect(mine.every((x: { routineByRoutineId: { name: string } }) => x.routineByRoutineId.name === "Push")).toBe(true);
  expect((await gqlData(s.url, MY_SHARES, {}, { token: other.token })).viewer.routineSharesByUserId.nodes).toEqual([]);
  // Another user can neither see the owner's routine through its id nor revoke the link.
  expect(
    (await gqlData(s.url, `query($id: UUID!) { routineById(id: $id) { id } }`, { id: pushId }, { token: other.token }))
      .routineById,
  ).toBeNull();
  const theirs = await gql(s.url, REVOKE, { id: shareId }, { token: other.token });
  expect(theirs.body.errors).toBeDefined();
  expect(await shared(token)).not.toBeNull();
  expect(await pageStatus(token)).toBe(200);
  // Straight in SQL as the other user: no rows of the owner's, and no way to the hashes.
  await asRole(s.ownerPool, "svc_visitor", { "svc.session_hash": credentialHash(other.token) }, async (db) => {
    expect((await db.query("select * from app_public.routine_shares")).rows).toEqual([]);
    await expect(db.query("select * from app_private.routine_share_hashes")).rejects.toThrow(/permission denied/);
  });
  // The owner revokes: the link opens nothing, and adding from it is NOT_FOUND.
  expect(
    (await gqlData(s.url, REVOKE, { id: shareId }, { token: owner.token })).deleteRoutineShareById.routineShare.id,
  ).toBe(shareId);
  expect(await shared(token)).toBeNull();
  // Its page answers 404, as one of a link never made (or not even text) does.
  expect(await pageStatus(token)).toBe(404);
  expect(await pageStatus(`rs_${"a".repeat(32)}`)).toBe(404);
  expect(await pageStatus("%E0%A4%A")).toBe(404);
  expect(errorCode(await gql(s.url, ADD, { token }, { token: other.token }))).toBe("NOT_FOUND");
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_private.routine_share_hashes where share_id = $1",
    [shareId],
  );
  expect(rows[0].n).toBe(0);
});

test("deleting the routine revokes its links", async () => {
  const id = (
    await gqlData(
      s.url,
      APPLY_ROUTINE,
      { d: { name: "Short-lived", unit: "kg", exercises: [] } },
      { token: owner.token },
    )
  ).applyRoutineDocument.routine.id;
  const { token } = await share(owner, id);
  expect(await shared(token)).not.toBeNull();
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
    { id },
    { token: owner.token },
  );
  expect(await shared(token)).toBeNull();
});

test("making a link: signed in with a writing credential, of a routine of yours, at most 100", async () => {
  expect(errorCode(await gql(s.url, SHARE, { routine: "Push" }))).toBe("FORBIDDEN");
  const readOnly = await createApiKey(s.url, owner.token, { access: "READ_ONLY" });
  expect(errorCode(await gql(s.url, SHARE, { routine: "Push" }, { key: readOnly.key }))).toBe("FORBIDDEN");
  expect(errorCode(await gql(s.url, SHARE, { routine: "Secret plan" }, { token: other.token }))).toBe("NOT_FOUND");
  expect(errorCode(await gql(s.url, SHARE, { routine: pushId }, { token: other.token }))).toBe("NOT_FOUND");

  const lifter = await signUp(s.url, "Many links");
  await gqlData(s.url, APPLY_ROUTINE, { d: { name: "Legs", unit: "kg", exercises: [] } }, { token: lifter.token });
  for (let i = 0; i < 100; i++) await share(lifter, "Legs");
  const over = await gql(s.url, SHARE, { routine: "Legs" }, { token: lifter.token });
  expect(errorCode(over)).toBe("LIMIT_REACHED");
  expect(over.body.errors[0].message).toBe("You already have 100 share links, the most allowed; revoke one first");
  expect(over.body.errors[0].extensions).toEqual({ code: "LIMIT_REACHED", limit: "shareLinks", max: 100 });
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_public.routine_shares where user_id = $1",
    [lifter.user.id],
  );
  expect(rows[0].n).toBe(100);
}, 120_000);
