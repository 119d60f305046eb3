// The lifter's order of routine folders (User.routineFolderOrder): kept trimmed, refused at its
// edges naming the entry with nothing saved, and only the owner can set it.
import {
  startTestServer,
  gql,
  gqlData,
  signUp,
  errorCode,
  type SignedUpUser,
  type TestServer,
} from "../support/harness.ts";

let s: TestServer;
let u: SignedUpUser;
let other: SignedUpUser;

const READ = `query { viewer { routineFolderOrder } }`;
const SET = `mutation($id: UUID!, $order: [String]) { updateUserById(input: { id: $id, userPatch: { routineFolderOrder: $order } }) { user { routineFolderOrder } } }`;

const set = (who: SignedUpUser, id: string, order: unknown) => gql(s.url, SET, { id, order }, { token: who.token });
const read = async (who: SignedUpUser) =>
  (await gqlData(s.url, READ, {}, { token: who.token })).viewer.routineFolderOrder;
const names = (n: number) => Array.from({ length: n }, (_, i) => `Folder ${i + 1}`);

beforeAll(async () => {
  s = await startTestServer();
  u = await signUp(s.url, "Folders");
  other = await signUp(s.url, "Neighbour");
});
afterAll(async () => s?.close());

test("an order is kept trimmed, in the order given, and null clears it", async () => {
  expect(await read(u)).toBeNull();
  const ok = await set(u, u.user.id, ["  Push ", "Pull", "Legs"]);
  expect(ok.body.data.updateUserById.user.routineFolderOrder).toEqual(["Push", "Pull", "Legs"]);
  expect(await read(u)).toEqual(["Push", "Pull", "Legs"]);
  expect((await set(u, u.user.id, null)).body.data.updateUserById.user.routineFolderOrder).toBeNull();
});

test("100 names are kept; 101 are refused naming the limit, nothing saved", async () => {
  expect((await set(u, u.user.id, names(100))).body.data.updateUserById.user.routineFolderOrder).toHaveLength(100);
  const refused = await set(u, u.user.id, names(101));
  expect(errorCode(refused)).toBe("INVALID_INPUT");
  expect(refused.body.errors[0].message).toBe("routineFolderOrder: at most 100 folder names");
  expect(await read(u)).toEqual(names(100));
});

test("a name of 80 characters is kept; 81, an empty name, a line break or a repeat are refused by index", async () => {
  const long = "F".repeat(80);
  expect((await set(u, u.user.id, ["Push", long])).body.data.updateUserById.user.routineFolderOrder).toEqual([
    "Push",
    long,
  ]);
  const cases: [unknown[], string][] = [
    [["Push", "F".repeat(81)], "routineFolderOrder[1]: must be 1 to 80 characters on one line"],
    [["   "], "routineFolderOrder[0]: must be 1 to 80 characters on one line"],
    [["Push", "Pull\nLegs"], "routineFolderOrder[1]: must be 1 to 80 characters on one line"],
    [["Push", "Pull", " push"], 'routineFolderOrder[2]: "push" is listed twice'],
  ];
  for (const [order, message] of cases) {
    const refused = await set(u, u.user.id, order);
    expect([errorCode(refused), refused.body.errors[0].message]).toEqual(["INVALID_INPUT", message]);
  }
  expect(await read(u)).toEqual(["Push", long]);
});

test("another user cannot set it: no user answered, the order unchanged", async () => {
  const before = await read(u);
  const refused = await set(other, u.user.id, ["Mine now"]);
  // Row-level security hides the row: nothing matches, so nothing is updated or answered.
  expect(refused.body.data.updateUserById.user).toBeNull();
  expect(await read(u)).toEqual(before);
});
