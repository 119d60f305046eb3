// `viewer` over HTTP: null when signed out, the signed-in user, and their workouts newest first
// with `limit` at its edges.
import { useTestServer, gql, signUp, createApiKey } from "../support/harness.ts";

const s = useTestServer();

test("viewer is null when signed out", async () => {
  const res = await gql(s.url, "{ viewer { id } }");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { viewer: null } });
});

test("viewer is the signed-in user, workouts empty at first", async () => {
  const { token, user } = await signUp(s.url, "Vera");
  const res = await gql(
    s.url,
    "{ viewer { id name email unit effort workouts(limit: 10) { date name } } }",
    {},
    { token },
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.viewer).toEqual({
    id: user.id,
    name: "Vera",
    email: user.email,
    unit: "kg",
    effort: "rpe",
    workouts: [],
  });
});

describe("viewer.workouts", () => {
  test("newest first, limited", async () => {
    const { token, user } = await signUp(s.url, "Lim");
    for (const [date, name] of [
      ["2026-01-03", "C"],
      ["2026-01-01", "A"],
      ["2026-01-02", "B"],
    ]) {
      await s.ownerPool.query(
        "insert into app_public.workouts (user_id, date, start, name, unit, effort) values ($1, $2, ($2::date + time '12:00') at time zone 'UTC', $3, 'kg', 'rpe')",
        [user.id, date, name],
      );
    }
    const res = await gql(s.url, "{ viewer { workouts(limit: 2) { date name } } }", {}, { token });
    expect(res.body.data.viewer.workouts).toEqual([
      { date: "2026-01-03", name: "C" },
      { date: "2026-01-02", name: "B" },
    ]);
    const all = await gql(s.url, "{ viewer { workouts { name } } }", {}, { token });
    expect(all.body.data.viewer.workouts.map((w: any) => w.name)).toEqual(["C", "B", "A"]);
  });

  test("limit must be 1 to 1000", async () => {
    const { token } = await signUp(s.url, "Lim2");
    for (const limit of [1, 1000]) {
      expect(
        (await gql(s.url, "query($l: Int) { viewer { workouts(limit: $l) { name } } }", { l: limit }, { token })).body
          .errors,
      ).toBeUndefined();
    }
    for (const limit of [0, 1001, -1]) {
      const res = await gql(
        s.url,
        "query($l: Int) { viewer { workouts(limit: $l) { name } } }",
        { l: limit },
        { token },
      );
      expect(res.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(res.body.errors[0].message).toMatch(/limit/);
    }
  });
});

test("viewerReadOnly: null signed out, false for a session and a read-write key, true for a read-only key", async () => {
  expect((await gql(s.url, "{ viewerReadOnly }")).body).toEqual({ data: { viewerReadOnly: null } });
  const { token } = await signUp(s.url);
  expect((await gql(s.url, "{ viewerReadOnly }", {}, { token })).body.data.viewerReadOnly).toBe(false);
  for (const [access, readOnly] of [
    ["READ_WRITE", false],
    ["READ_ONLY", true],
  ] as const) {
    const { key } = await createApiKey(s.url, token, { name: access, access });
    expect([access, (await gql(s.url, "{ viewerReadOnly }", {}, { key })).body.data]).toEqual([
      access,
      { viewerReadOnly: readOnly },
    ]);
  }
});
