import { OPERATION_LIMITS } from "../plugins/operation-cost.ts";
import { startTestServer, gql, signUp, type TestServer } from "./support/harness.ts";

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });

test("viewer is null when signed out", async () => {
  const res = await gql(s.url, "{ viewer { id } }");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { viewer: null } });
});

test("viewer is the signed-in user, workouts empty at first", async () => {
  const { token, user } = await signUp(s.url, "Vera");
  const res = await gql(s.url, "{ viewer { id name email unit effort workouts(limit: 10) { date name } } }", {}, { token });
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.viewer).toEqual({ id: user.id, name: "Vera", email: user.email, unit: "kg", effort: "rpe", workouts: [] });
});

const LOG = `mutation($input: BodyweightInput!) { logBodyweight(input: $input) { date weight unit } }`;

describe("logBodyweight", () => {
  test("signed out: FORBIDDEN, nothing saved", async () => {
    const res = await gql(s.url, LOG, { input: { date: "2026-01-01", weight: 80 } });
    expect(res.status).toBe(200);
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights");
    expect(rows[0].n).toBe(0);
  });

  test("unknown token: answered as signed out", async () => {
    const res = await gql(s.url, LOG, { input: { date: "2026-01-01", weight: 80 } }, { token: "0".repeat(64) });
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  test("logs in the user's unit by default; the same date again replaces the value", async () => {
    const { token } = await signUp(s.url, "Wes");
    const first = await gql(s.url, LOG, { input: { date: "2026-03-01", weight: 80.25 } }, { token });
    expect(first.body).toEqual({ data: { logBodyweight: { date: "2026-03-01", weight: 80.25, unit: "kg" } } });
    const again = await gql(s.url, LOG, { input: { date: "2026-03-01", weight: 176.5, unit: "LB" } }, { token });
    expect(again.body.data.logBodyweight).toEqual({ date: "2026-03-01", weight: 176.5, unit: "lb" });
    const list = await gql(s.url, "{ viewer { bodyweightsByUserId { nodes { date weight unit } } } }", {}, { token });
    expect(list.body.data.viewer.bodyweightsByUserId.nodes).toEqual([{ date: "2026-03-01", weight: 176.5, unit: "lb" }]);
  });

  test("weight 0.01 to 1500 is accepted, 0 and 1500.01 are refused (the rule of workout documents); dates must be real", async () => {
    const { token } = await signUp(s.url, "Xan");
    expect((await gql(s.url, LOG, { input: { date: "2024-02-29", weight: 0.01 } }, { token })).body.data.logBodyweight.weight).toBe(0.01);
    for (const weight of [0, -0.01]) {
      const refused = await gql(s.url, LOG, { input: { date: "2024-03-01", weight } }, { token });
      expect(refused.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(refused.body.errors[0].message).toMatch(/^weight/);
    }
    for (const date of ["2023-02-29", "2024-13-01", "2024-1-01", "yesterday"]) {
      const bad = await gql(s.url, LOG, { input: { date, weight: 70 } }, { token });
      expect(bad.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(bad.body.errors[0].message).toMatch(/^date/);
    }
    const bigOk = await gql(s.url, LOG, { input: { date: "2024-03-02", weight: 1500 } }, { token });
    expect(bigOk.body.errors).toBeUndefined();
    const tooBig = await gql(s.url, LOG, { input: { date: "2024-03-03", weight: 1500.01 } }, { token });
    expect(tooBig.body.errors[0].extensions.code).toBe("INVALID_INPUT");
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights b join app_public.users u on u.id = b.user_id where u.name = 'Xan'");
    expect(rows[0].n).toBe(2);
  });

  test("each user sees only their own bodyweights", async () => {
    const a = await signUp(s.url, "Yul");
    const b = await signUp(s.url, "Zed");
    await gql(s.url, LOG, { input: { date: "2026-04-01", weight: 90 } }, { token: a.token });
    const seen = await gql(s.url, "{ allBodyweights { nodes { weight } } }", {}, { token: b.token });
    expect(seen.body.data.allBodyweights.nodes).toEqual([]);
  });
});

describe("viewer.workouts", () => {
  test("newest first, limited", async () => {
    const { token, user } = await signUp(s.url, "Lim");
    for (const [date, name] of [["2026-01-03", "C"], ["2026-01-01", "A"], ["2026-01-02", "B"]]) {
      await s.ownerPool.query(
        "insert into app_public.workouts (user_id, date, start, name, unit, effort) values ($1, $2, ($2::date + time '12:00') at time zone 'UTC', $3, 'kg', 'rpe')",
        [user.id, date, name]);
    }
    const res = await gql(s.url, "{ viewer { workouts(limit: 2) { date name } } }", {}, { token });
    expect(res.body.data.viewer.workouts).toEqual([{ date: "2026-01-03", name: "C" }, { date: "2026-01-02", name: "B" }]);
    const all = await gql(s.url, "{ viewer { workouts { name } } }", {}, { token });
    expect(all.body.data.viewer.workouts.map((w: any) => w.name)).toEqual(["C", "B", "A"]);
  });

  test("limit must be 1 to 1000", async () => {
    const { token } = await signUp(s.url, "Lim2");
    for (const limit of [1, 1000]) {
      expect((await gql(s.url, "query($l: Int) { viewer { workouts(limit: $l) { name } } }", { l: limit }, { token })).body.errors).toBeUndefined();
    }
    for (const limit of [0, 1001, -1]) {
      const res = await gql(s.url, "query($l: Int) { viewer { workouts(limit: $l) { name } } }", { l: limit }, { token });
      expect(res.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(res.body.errors[0].message).toMatch(/limit/);
    }
  });
});

describe("errors", () => {
  test("GraphQL syntax errors keep their message", async () => {
    const res = await gql(s.url, "{ viewer { ");
    expect(res.body.errors[0].message).toMatch(/Syntax Error/);
  });

  test("bad JSON to /api/graphql is a 400, not a 500", async () => {
    const res = await fetch(`${s.url}/api/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].extensions.code).toBe("BAD_REQUEST");
  });
});

test("GraphiQL is not served outside development", async () => {
  const res = await fetch(`${s.url}/api/graphql`, { headers: { accept: "text/html" } });
  const text = await res.text();
  expect(text).not.toMatch(/ruru|graphiql/i);
  expect(res.status).not.toBe(200);
});

test("GraphiQL is served in development", async () => {
  const dev = await startTestServer({ dev: true });
  try {
    const res = await fetch(`${dev.url}/api/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/ruru|graphiql/i);
  } finally {
    await dev.close();
  }
});

test("deleting a routine or workout that is not yours (or does not exist) is NOT_FOUND and deletes nothing", async () => {
  const owner = await signUp(s.url, "Owner");
  const other = await signUp(s.url, "Other");
  const { rows: [r] } = await s.ownerPool.query(
    "insert into app_public.routines (user_id, name, unit) values ($1, 'Mine', 'kg') returning id", [owner.user.id]);
  for (const id of [r.id, "00000000-0000-4000-8000-000000000000"]) {
    const res = await gql(s.url, "mutation($id: UUID!) { deleteRoutineById(input: {id: $id}) { routine { id } } }", { id }, { token: other.token });
    expect(res.body.errors[0].extensions.code).toBe("NOT_FOUND");
    expect(res.body.errors[0].message).toBe("Not found");
    const w = await gql(s.url, "mutation($id: UUID!) { deleteWorkoutById(input: {id: $id}) { workout { id } } }", { id }, { token: other.token });
    expect(w.body.errors[0].extensions.code).toBe("NOT_FOUND");
  }
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.routines where id = $1", [r.id]);
  expect(rows[0].n).toBe(1);
});

describe("operation size limits", () => {
  test("25 root fields are fine, 26 are refused before anything runs", async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(" ");
    expect((await gql(s.url, `{ ${fields(25)} }`)).body.errors).toBeUndefined();
    const res = await gql(s.url, `{ ${fields(26)} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.body.errors[0].message).toMatch(/at most 25 root fields/);
  });

  test("depth 12 passes the guard, 13 is refused; fragments count where they are used", async () => {
    const { measureOperation } = await import("../plugins/operation-cost.ts");
    const { parse, buildSchema } = await import("postgraphile/graphql");
    const schema = buildSchema("type Query { a: A } type A { a: A b: B } type B { c: Int }");
    const chain = (n: number) => "{ " + "a { ".repeat(n - 1) + "b" + " }".repeat(n - 1) + " }";
    const measure = (text: string) => {
      const doc = parse(text);
      const { depth, fields } = measureOperation(schema, doc, doc.definitions[0] as any, null);
      return { depth, fields };
    };
    expect(measure(chain(12))).toEqual({ depth: 12, fields: 12 });
    expect(measure("query { ...F } fragment F on Query { a { ...G } } fragment G on A { b { c } }")).toEqual({ depth: 3, fields: 3 });
    const refused = await gql(s.url, chain(13));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/at most 12 levels/);
    // Depth 12 reaches GraphQL validation (the made-up fields fail there, not in the guard).
    const passed = await gql(s.url, chain(12));
    expect(passed.body.errors[0].extensions?.code).not.toBe("QUERY_TOO_COMPLEX");
    expect(passed.body.errors[0].message).toMatch(/Cannot query field "a"/);
  });

  test(`more than ${OPERATION_LIMITS.fields} fields are refused`, async () => {
    const n = OPERATION_LIMITS.fields;
    const wide = (count: number) => `{ viewer { ${Array.from({ length: count - 1 }, (_, i) => `f${i}: id`).join(" ")} } }`;
    expect((await gql(s.url, wide(n))).status).toBe(200);
    const res = await gql(s.url, wide(n + 1));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(new RegExp(`at most ${n} fields`));
  });
});

test("U+0000 in a GraphQL argument is INVALID_INPUT, not an internal error", async () => {
  const { token } = await signUp(s.url, "Nul");
  const search = await gql(s.url, "query($w: String!) { searchExercises(words: $w) { id } }", { w: "a\u0000b" }, { token });
  expect(search.body.errors[0].extensions.code).toBe("INVALID_INPUT");
  expect(search.body.errors[0].message).toMatch(/U\+0000/);
  const key = await gql(s.url, "mutation($n: String!) { createApiKey(input: {name: $n, access: READ_ONLY, expiresIn: NEVER}) { key } }", { n: "k\u0000" }, { token });
  expect(key.body.errors[0].extensions.code).toBe("INVALID_INPUT");
});
