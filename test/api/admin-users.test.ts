// adminUsers: the Admin page's user list. Admins with a session only; search by name or email.
import { startTestServer, gql, signUp, post, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const LIST = `query($search: String) { adminUsers(search: $search) { totalCount nodes { id name email role banned banReason banExpires createdAt } } }`;

test("an admin lists every user oldest first, searches name or email in any case, and sees bans", async () => {
  const admin = await signUp(s.url, "Root Admin");
  await s.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
  const ann = await signUp(s.url, "Ann Lifter", { email: `ann-${Date.now()}@Example.com` });
  const bob = await signUp(s.url, "Bob");
  await post(
    s.url,
    "/api/auth/admin/ban-user",
    { userId: bob.user.id, banReason: "spam", banExpiresIn: 3600 },
    { token: admin.token },
  );

  const all = await gql(s.url, LIST, {}, { token: admin.token });
  expect(all.body.errors).toBeUndefined();
  expect(all.body.data.adminUsers.totalCount).toBe(3);
  expect(all.body.data.adminUsers.nodes.map((u: { name: string }) => u.name)).toEqual([
    "Root Admin",
    "Ann Lifter",
    "Bob",
  ]);
  const banned = all.body.data.adminUsers.nodes[2];
  expect(banned).toMatchObject({ id: bob.user.id, email: bob.email, role: "user", banned: true, banReason: "spam" });
  expect(new Date(banned.banExpires).getTime()).toBeGreaterThan(Date.now());
  expect(all.body.data.adminUsers.nodes[0].role).toBe("admin");

  const byName = await gql(s.url, LIST, { search: "  LIFTER " }, { token: admin.token });
  expect(byName.body.data.adminUsers.nodes.map((u: { id: string }) => u.id)).toEqual([ann.user.id]);
  const byEmail = await gql(s.url, LIST, { search: "example.COM" }, { token: admin.token });
  expect(byEmail.body.data.adminUsers.totalCount).toBe(3);
  const none = await gql(s.url, LIST, { search: "%" }, { token: admin.token });
  expect(none.body.data.adminUsers.nodes).toEqual([]);
  const paged = await gql(s.url, `{ adminUsers(first: 1, offset: 1) { nodes { name } } }`, {}, { token: admin.token });
  expect(paged.body.data.adminUsers.nodes).toEqual([{ name: "Ann Lifter" }]);
});

test("anyone else is refused with FORBIDDEN: a user, an admin's API key, a signed-out caller", async () => {
  const admin = await signUp(s.url, "Second Admin");
  await s.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
  const user = await signUp(s.url, "Plain User");
  const created = await gql(
    s.url,
    `mutation { createApiKey(input: { name: "k", access: READ_WRITE, expiresIn: DAYS_30 }) { key } }`,
    {},
    { token: admin.token },
  );
  const key = created.body.data.createApiKey.key;
  for (const credentials of [{ token: user.token }, { key }, {}]) {
    const res = await gql(s.url, LIST, {}, credentials);
    expect(res.body.data?.adminUsers ?? null).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
  }
});
