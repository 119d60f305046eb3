// The account's language (User.language) over HTTP, through the mutation Settings saves with
// (updateUserById): null until chosen (the browser's), each language taken as written, null again,
// anything else refused naming the field and the list, and no one else's to change (RLS).
import { useTestServer, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

const SET = `mutation($id: UUID!, $language: String) { updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { language } } }`;
const VIEWER = `{ viewer { language } }`;

test("a new account follows the browser (null); each language is taken as written, and null again", async () => {
  const u = await signUp(s.url, "Polyglot");
  expect((await gql(s.url, VIEWER, {}, { token: u.token })).body.data.viewer).toEqual({ language: null });
  for (const language of ["en", "de", "es", "fr", "pt-BR", "ar", null]) {
    const res = await gql(s.url, SET, { id: u.user.id, language }, { token: u.token });
    expect([language, res.body.errors]).toEqual([language, undefined]);
    expect(res.body.data.updateUserById.user).toEqual({ language });
    expect((await gql(s.url, VIEWER, {}, { token: u.token })).body.data.viewer).toEqual({ language });
  }
});

test.each(["pt", "en-US", "pt-br", "DE", "", "de "])(
  "%j is refused with INVALID_INPUT naming the field and the languages; nothing changes",
  async (language) => {
    const u = await signUp(s.url, "Polyglot");
    await gql(s.url, SET, { id: u.user.id, language: "fr" }, { token: u.token });
    const res = await gql(s.url, SET, { id: u.user.id, language }, { token: u.token });
    expect(res.body.errors?.[0]?.extensions?.code).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toBe("language: must be one of en, de, es, fr, pt-BR, ar");
    expect((await gql(s.url, VIEWER, {}, { token: u.token })).body.data.viewer).toEqual({ language: "fr" });
  },
);

test("another user cannot change an account's language (row-level security)", async () => {
  const owner = await signUp(s.url, "Owner");
  const other = await signUp(s.url, "Other");
  await gql(s.url, SET, { id: owner.user.id, language: "de" }, { token: owner.token });
  const res = await gql(s.url, SET, { id: owner.user.id, language: "ar" }, { token: other.token });
  // The row is not the caller's to see or update: no user comes back and nothing changes.
  expect(res.body.data).toEqual({ updateUserById: { user: null } });
  const { rows } = await s.ownerPool.query("select language from app_public.users where id = $1", [owner.user.id]);
  expect(rows[0].language).toBe("de");
  const signedOut = await gql(s.url, SET, { id: owner.user.id, language: "ar" });
  expect(signedOut.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  expect(
    (await s.ownerPool.query("select language from app_public.users where id = $1", [owner.user.id])).rows[0].language,
  ).toBe("de");
});
