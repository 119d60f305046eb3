// A user's display name is visible and one line, through Settings (updateUserById) as at sign-up.
import { useTestServer, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

const RENAME = `mutation($id: UUID!, $name: String!) { updateUserById(input: { id: $id, userPatch: { name: $name } }) { user { name } } }`;

test.each([
  ["blank", "   ", "name: must not be blank"],
  ["only a no-break and a zero-width space", "\u00a0\u200b", "name: must not be blank"],
  ["split by a newline", "Ada\nLovelace", "name: must not contain control characters such as a newline or tab"],
  ["split by a tab", "Ada\tL", "name: must not contain control characters such as a newline or tab"],
])("a name that is %s is refused with INVALID_INPUT and nothing changes", async (_what, name, message) => {
  const u = await signUp(s.url, "Ada");
  const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
  expect(res.body.errors?.[0]?.extensions?.code).toBe("INVALID_INPUT");
  expect(res.body.errors[0].message).toBe(message);
  const after = await gql(s.url, `{ viewer { name } }`, {}, { token: u.token });
  expect(after.body.data.viewer.name).toBe("Ada");
});

test("a name with one visible character, and one of 100 characters, are taken", async () => {
  const u = await signUp(s.url, "Ada");
  for (const name of [" x ", "é".repeat(100)]) {
    const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateUserById.user.name).toBe(name);
  }
});
