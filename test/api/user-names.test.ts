// A user's display name is visible and one line, through Settings (updateUserById) as at sign-up;
// it and a connected app's name (OAuth registration) hold no bidi control or zero-width character.
import { useTestServer, gql, post, signUp } from "../support/harness.ts";

const s = useTestServer();

const RENAME = `mutation($id: UUID!, $name: String!) { updateUserById(input: { id: $id, userPatch: { name: $name } }) { user { name } } }`;

test.each([
  ["blank", "   ", "name: must not be blank", "blank"],
  ["only a no-break and a zero-width space", "\u00a0\u200b", "name: must not be blank", "blank"],
  [
    "split by a newline",
    "Ada\nLovelace",
    "name: must not contain control characters such as a newline or tab",
    "controlCharacters",
  ],
  [
    "split by a tab",
    "Ada\tL",
    "name: must not contain control characters such as a newline or tab",
    "controlCharacters",
  ],
])("a name that is %s is refused with INVALID_INPUT and nothing changes", async (_what, name, message, rule) => {
  const u = await signUp(s.url, "Ada");
  const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
  expect(res.body.errors?.[0]?.extensions).toEqual({ code: "INVALID_INPUT", field: "name", rule });
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

// Every character that reorders or hides text, and neighbours of each range that stay allowed.
const HIDDEN = [0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
HIDDEN.push(0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff);
const NEIGHBOURS = [0x061b, 0x061d, 0x200a, 0x2010, 0x2029, 0x202f, 0x205f, 0x2061, 0x206a, 0xfefc];
const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");
const refusal = (field: string, c: number) =>
  `${field}: must not contain bidi control or zero-width characters (found U+${hex(c)})`;

test("a user name holding a bidi control or zero-width character is refused naming it, in Settings and at sign-up", async () => {
  const u = await signUp(s.url, "Ada");
  for (const c of HIDDEN) {
    const name = `Ad${String.fromCodePoint(c)}a`;
    const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
    expect([hex(c), res.body.errors?.[0]?.extensions, res.body.errors?.[0]?.message]).toEqual([
      hex(c),
      { code: "INVALID_INPUT", field: "name", rule: "hiddenCharacter", found: `U+${hex(c)}` },
      refusal("name", c),
    ]);
    const signUpRes = await post(s.url, "/api/auth/sign-up/email", {
      name,
      email: `hidden-${hex(c)}-${u.user.id.slice(0, 8)}@example.com`,
      password: "correct horse battery",
    });
    expect([hex(c), signUpRes.status, signUpRes.body]).toEqual([
      hex(c),
      400,
      {
        code: "BAD_REQUEST",
        message: refusal("name", c),
        field: "name",
        rule: "hiddenCharacter",
        found: `U+${hex(c)}`,
      },
    ]);
  }
  // A joiner outside the places Unicode gives it a job: between Latin letters, at the end, doubled.
  for (const [name, c] of [
    ["Ad\u200Dmin", 0x200d],
    ["\u0645\u06CC\u200C", 0x200c],
    ["Ada \u{1F468}\u200D", 0x200d],
    ["\u{1F468}\u200D\u200D\u{1F469}", 0x200d],
    ["\u0915\u200C", 0x200c],
  ] as const) {
    const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
    expect([name, res.body.errors?.[0]?.message]).toEqual([name, refusal("name", c)]);
  }
  const after = await gql(s.url, `{ viewer { name } }`, {}, { token: u.token });
  expect(after.body.data.viewer.name).toBe("Ada");
  const { rows } = await s.ownerPool.query(
    "select count(*)::int as n from app_public.users where email like 'hidden-%'",
  );
  expect(rows[0].n).toBe(0);
});

test("the characters next to those ranges, and right-to-left scripts, are taken in a user name", async () => {
  const u = await signUp(s.url, "Ada");
  // The joiners where they are spelling: a Persian half-space (می‌خواهم), a Devanagari half form
  // (क्‍ष), Malayalam's chillu-less conjunct (ന്‌), a family and a skin-toned profession emoji.
  const joined = [
    "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    "\u0915\u094D\u200D\u0937",
    "\u0D28\u0D4D\u200C",
    "Ada \u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
    "\u{1F469}\u{1F3FD}\u200D\u{1F52C}",
    "\u2764\uFE0F\u200D\u{1F525}",
  ];
  for (const name of [...NEIGHBOURS.map((c) => `Ad${String.fromCodePoint(c)}a`), "עדה לבלייס", "آدا", ...joined]) {
    const res = await gql(s.url, RENAME, { id: u.user.id, name }, { token: u.token });
    expect([name, res.body.errors]).toEqual([name, undefined]);
    expect(res.body.data.updateUserById.user.name).toBe(name);
  }
});

describe("a connected app's name (OAuth registration's client_name)", () => {
  const register = (client_name: string) =>
    post(s.url, "/api/oauth/register", {
      client_name,
      redirect_uris: ["http://127.0.0.1:7777/callback"],
      token_endpoint_auth_method: "none",
    });
  const stored = async (name: string) =>
    (await s.ownerPool.query("select count(*)::int as n from app_private.oauth_clients where name = $1", [name]))
      .rows[0].n;

  test("holding a bidi control or zero-width character: 400 invalid_client_metadata naming client_name, nothing registered", async () => {
    for (const c of HIDDEN) {
      const name = `Claude${String.fromCodePoint(c)}exe`;
      const res = await register(name);
      expect([hex(c), res.status, res.body.error, res.body.error_description]).toEqual([
        hex(c),
        400,
        "invalid_client_metadata",
        refusal("client_name", c),
      ]);
      expect(await stored(name)).toBe(0);
    }
  });

  test("the characters next to those ranges are taken", async () => {
    for (const c of NEIGHBOURS) {
      const name = `Claude${String.fromCodePoint(c)}app`;
      const res = await register(name);
      expect([hex(c), res.status]).toEqual([hex(c), 201]);
      expect(await stored(name)).toBe(1);
    }
  });
});
