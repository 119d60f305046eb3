// The operation guard over real HTTP: fragment bombs (several shapes), many fields under one root
// field, every content type grafserv accepts, the per-request cost budget at its edge, negative list
// sizes, subscriptions, authorization for every content type, and an API key's cost budget a minute
// (429 with Retry-After and RATE_LIMITED, RateLimit headers naming both limits).
import { jest } from "@jest/globals";
import { randomUUID } from "node:crypto";
import {
  useTestServer,
  startTestServer,
  gql,
  signUp,
  createApiKey,
  secondInstance,
  type TestServer,
  errorCode,
  GRAPHQL_RESPONSE,
  logWorkout,
} from "../support/harness.ts";
import { OPERATION_LIMITS, COST_WEIGHTS, HISTORY_COSTS } from "../../server/graphql/operation-cost.ts";
import { LIST_LIMITS } from "../../server/graphql/list-bounds.ts";
import { RATE_LIMIT_PER_MINUTE } from "../../server/identity/api-key-meter.ts";

const KEY_COST_PER_MINUTE = OPERATION_LIMITS.keyCostPerMinute;

// Smaller than npm start's (OPERATION_LIMITS.responseBytes), so an answer reaches it in one request;
// larger than the standard introspection's answer (about 670 kB).
const RESPONSE_MAX_BYTES = 795_000;
const s = useTestServer({ responseMaxBytes: RESPONSE_MAX_BYTES });

type Answer = { status: number; headers: Headers; body: any };

/** A POST with any content type and a raw body (the harness's gql() always sends JSON). */
async function send(contentType: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": contentType, accept: GRAPHQL_RESPONSE, ...headers },
    body,
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, headers: res.headers, body: json };
}
const asJson = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  send("application/json", JSON.stringify({ query, variables }), headers);
const asGraphQL = (query: string, headers: Record<string, string> = {}) => send("application/graphql", query, headers);

/** Fragments each spreading the next `fanOut` times: the expanded operation doubles (or more) per level. */
function chainedFragments(prefix: string, levels: number, fanOut: number, on = "Query", leaf = "__typename") {
  const defs = Array.from(
    { length: levels },
    (_, i) =>
      `fragment ${prefix}${i} on ${on} { ${Array.from({ length: fanOut }, () => `...${prefix}${i + 1}`).join(" ")} }`,
  );
  return `${defs.join("\n")}\nfragment ${prefix}${levels} on ${on} { ${leaf} }`;
}

const bombs: Record<string, string> = {
  "the reported shape: 30 levels, each spreading the next twice": `{ ...F0 } ${chainedFragments("F", 30, 2)}`,
  "other names, 40 levels, three spreads each": `query Q { ...zZ_0 } ${chainedFragments("zZ_", 40, 3)}`,
  "on an object type under a root field": `{ viewer { ...U0 } } ${chainedFragments("U", 25, 2, "User", "id name")}`,
  "inline fragments wrapping the spreads": `{ ...I0 } ${Array.from(
    { length: 30 },
    (_, i) => `fragment I${i} on Query { ... on Query { ...I${i + 1} } ... { ...I${i + 1} } }`,
  ).join(" ")} fragment I30 on Query { __typename }`,
  "mixed: fields, inline fragments and spreads at every level": `{ ...M0 } ${Array.from(
    { length: 24 },
    (_, i) => `fragment M${i} on Query { a${i}: __typename ...M${i + 1} ... on Query { ...M${i + 1} } }`,
  ).join(" ")} fragment M24 on Query { viewer { id } }`,
};

describe("fragment bombs are refused before planning, for every content type", () => {
  for (const [name, query] of Object.entries(bombs)) {
    test(name, async () => {
      for (const answer of [
        await asJson(query),
        await asGraphQL(query),
        await send("application/json; charset=utf-8", JSON.stringify({ query })),
        await send("application/graphql; charset=utf-8", query),
      ]) {
        expect(answer.status).toBe(400);
        expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
        expect(answer.body.errors[0].message).toMatch(
          new RegExp(`at most (25 root fields|${OPERATION_LIMITS.fields} fields, counting each fragment spread)`),
        );
        expect(answer.body.data).toBeUndefined();
      }
    });
  }

  test("an ordinary request is answered while bombs are being sent", async () => {
    const { token } = await signUp(s.url, "Bystander");
    const bombsInFlight = Object.values(bombs).flatMap((q) => [asJson(q), asGraphQL(q)]);
    const ordinary = gql(s.url, "{ viewer { name } }", {}, { token });
    const [answer, ...refused] = await Promise.all([ordinary, ...bombsInFlight]);
    expect(answer.body.data.viewer.name).toBe("Bystander");
    for (const r of refused) expect(errorCode(r)).toBe("QUERY_TOO_COMPLEX");
  });

  test("no other way in: other content types are 415 and GET is not served, so nothing runs", async () => {
    const query = bombs["the reported shape: 30 levels, each spreading the next twice"];
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const answer = await send(
        contentType,
        contentType.startsWith("application/x-www") ? `query=${encodeURIComponent(query)}` : query,
      );
      expect([contentType, answer.status]).toEqual([contentType, 415]);
    }
    const get = await fetch(`${s.url}/api/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: "application/json" },
    });
    expect(get.status).toBe(405);
  });

  test("a spread used once per level is fine: fragments are not refused as such", async () => {
    const fine = `{ ...F0 } ${chainedFragments("F", 30, 1)}`;
    const answer = await asGraphQL(fine);
    expect(answer.status).toBe(200);
    expect(answer.body.data.__typename).toBe("Query");
  });

  test("a cycle of fragments is GraphQL's own validation error, not a hang", async () => {
    const answer = await asJson("{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }");
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/Cannot spread fragment "A" within itself/);
  });
});

describe("many fields under one root field", () => {
  const searches = (n: number, extra = "") =>
    `{ query { ${Array.from({ length: n }, (_, i) => `s${i}: searchExercises(words: "bench"${extra}) { id }`).join(" ")} } }`;

  test("990 searches nested under `query` are refused (JSON and application/graphql), and so is one more than the budget holds", async () => {
    // Each searchExercises is a statement of its own: 1 + statement, plus 1 per item and 1 for `id`.
    const perSearch = COST_WEIGHTS.field + COST_WEIGHTS.statement + 1;
    const fitting = Math.floor((OPERATION_LIMITS.cost - COST_WEIGHTS.field - COST_WEIGHTS.fetch) / perSearch);
    // 990 searches are also longer than an operation's text may be: refused before parsing.
    for (const answer of [
      await asJson(searches(990)),
      await asGraphQL(searches(990)),
      await asJson(searches(fitting + 1, ", limit: 1")),
    ]) {
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
      expect(answer.body.errors[0].message).toMatch(
        new RegExp(
          `over the budget of ${OPERATION_LIMITS.cost} for one request|at most ${OPERATION_LIMITS.textLength} characters`,
        ),
      );
    }
    expect((await asJson(searches(fitting + 1, ", limit: 1"))).body.errors[0].message).toMatch(
      new RegExp(`over the budget of ${OPERATION_LIMITS.cost} for one request`),
    );
    const { token } = await signUp(s.url, "Many searches");
    const fits = await gql(s.url, searches(fitting, ", limit: 1"), {}, { token });
    expect(fits.body.errors).toBeUndefined();
  });

  test("a few searches under one root field still run", async () => {
    const { token } = await signUp(s.url, "Searcher");
    const answer = await gql(s.url, searches(5, ", limit: 2"), {}, { token });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.query.s0.length).toBeGreaterThan(0);
  });

  test("nested lists multiply: every set of 1000 workouts is refused, 5 workouts are not", async () => {
    const { token } = await signUp(s.url, "Lister");
    const nested = (n: number) =>
      `{ viewer { workouts(limit: ${n}) { id exercises { id sets { id text personalRecord } } } } }`;
    const refused = await gql(s.url, nested(1000), {}, { token });
    expect(refused.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(refused.body.errors[0].extensions.cost).toBeGreaterThan(OPERATION_LIMITS.cost);
    // A computed column (WorkoutSet.text: a SQL function per row) counts as a fetch, a plain column as one field.
    const withReps = await gql(s.url, nested(1000).replace(" text ", " reps "), {}, { token });
    expect(refused.body.errors[0].extensions.cost - withReps.body.errors[0].extensions.cost).toBe(
      1000 * 10 * 10 * COST_WEIGHTS.fetch,
    );
    const fine = await gql(s.url, nested(5), {}, { token });
    expect(fine.body.errors).toBeUndefined();
    expect(fine.body.data.viewer.workouts).toEqual([]);
  });

  test("a field a plugin adds to a table's type (extendSchema: Exercise.custom, WorkoutSet.personalRecord) costs like a fetch", async () => {
    const { token } = await signUp(s.url, "Extended");
    const costOf = async (exerciseField: string, setField: string) => {
      const query = `{ viewer { workouts(limit: 1000) { id exercises { id exercise { id ${exerciseField} } sets { id ${setField} } } } } }`;
      const answer = await gql(s.url, query, {}, { token });
      expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
      return answer.body.errors[0].extensions.cost as number;
    };
    const columns = await costOf("name", "reps");
    // One per exercise of 1000 workouts (10 exercises each), one per set (10 sets each).
    expect((await costOf("custom", "reps")) - columns).toBe(1000 * 10 * COST_WEIGHTS.fetch);
    expect((await costOf("name", "personalRecord")) - columns).toBe(1000 * 10 * 10 * COST_WEIGHTS.fetch);
  });

  test("nesting deeper than 12 through `query` is refused", async () => {
    const deep = (n: number) => "{ " + "query { ".repeat(n - 1) + "__typename" + " }".repeat(n - 1) + " }";
    expect((await asGraphQL(deep(12))).body.data).toBeDefined();
    const answer = await asGraphQL(deep(13));
    expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
    expect(answer.body.errors[0].message).toMatch(/at most 12 levels deep \(this one nests 13\)/);
  });
});

test("every SDK operation fits the budget, at the largest sizes it may ask for", async () => {
  const operations = await import("../../sdk/src/operations.ts");
  const { print } = await import("postgraphile/graphql");
  const { token } = await signUp(s.url, "SDK");
  const largest = { first: 1000, limit: 1000 }; // workouts(limit) allows 1 to 1000; searches 1 to 100
  const sent = Object.entries(operations);
  expect(sent.length).toBeGreaterThan(15);
  for (const [name, document] of sent) {
    const answer = await gql(s.url, print(document), largest, { token });
    expect([name, errorCode(answer)]).not.toEqual([name, "QUERY_TOO_COMPLEX"]);
  }
});

describe("introspection", () => {
  test("the standard introspection query is answered (tools and GraphiQL need it), its type chains are no depth", async () => {
    const { getIntrospectionQuery } = await import("postgraphile/graphql");
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    for (const answer of [await asJson(query), await asGraphQL(query)]) {
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.__schema.queryType.name).toBe("Query");
    }
  });

  test("introspection costs what it answers: about a unit a value, so the standard query fits one request and two copies do not", async () => {
    const { getIntrospectionQuery } = await import("postgraphile/graphql");
    const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
    const answer = await asJson(query);
    expect(answer.body.errors).toBeUndefined();
    const values = (v: unknown): number =>
      1 + (v && typeof v === "object" ? Object.values(v).reduce<number>((sum, x) => sum + values(x), 0) : 0);
    const answered = values(answer.body.data);
    // Two copies under aliases: refused, and the refusal gives the price of both.
    const [operation, fragments] = [
      query.slice(0, query.indexOf("fragment ")),
      query.slice(query.indexOf("fragment ")),
    ];
    const selection = operation.slice(operation.indexOf("{") + 1, operation.lastIndexOf("}")).trim();
    const twice = await asJson(`query Twice { a: ${selection} b: ${selection} } ${fragments}`);
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    const cost = twice.body.errors[0].extensions.cost / 2;
    expect(cost).toBeGreaterThanOrEqual(answered);
    expect(cost).toBeLessThan(2 * answered);
    expect(cost).toBeLessThanOrEqual(OPERATION_LIMITS.cost);
  });

  test("re-entering lists through introspection is refused (GraphQL's own introspection depth rule)", async () => {
    const answer = await asJson("{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }");
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/Maximum introspection depth exceeded/);
  });
});

describe("the cost budget of one request, at its edge", () => {
  // { ...: __typename (t times) allExercises(first: n) { nodes { (52 fields) } } }: a root field (a
  // statement of its own), a list of n nodes (a fetch), 52 fields per node, and t root __typename at
  // 1 each; n within the maximum page, t (within the 25 root fields) sets the cost to the unit.
  const perNode = 52;
  const nodeFields = Array.from({ length: perNode }, (_, i) => `f${i}: __typename`).join(" ");
  const overhead = COST_WEIGHTS.field + COST_WEIGHTS.statement + COST_WEIGHTS.field + COST_WEIGHTS.fetch;
  const n = 942;
  const edge = OPERATION_LIMITS.cost - overhead - n * perNode; // the __typename fields that fill the budget
  const typenames = (t: number) => Array.from({ length: t }, (_, i) => `t${i}: __typename`).join(" ");
  const literal = (t: number) => `{ ${typenames(t)} allExercises(first: ${n}) { nodes { ${nodeFields} } } }`;
  const withVariable = (t: number) =>
    `query($n: Int) { ${typenames(t)} allExercises(first: $n) { nodes { ${nodeFields} } } }`;

  test("the last accepted cost runs, one more is refused (literal and variable)", async () => {
    const { token } = await signUp(s.url, "Edge");
    expect(edge).toBeGreaterThan(0);
    const accepted = [
      await gql(s.url, literal(edge), {}, { token }),
      await gql(s.url, withVariable(edge), { n }, { token }),
    ];
    for (const answer of accepted) {
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.allExercises.nodes.length).toBeGreaterThan(10);
    }
    const refused = [
      await gql(s.url, literal(edge + 1), {}, { token }),
      await gql(s.url, withVariable(edge + 1), { n }, { token }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX", cost: OPERATION_LIMITS.cost + 1 });
      expect(answer.body.errors[0].message).toBe(
        `This operation costs ${OPERATION_LIMITS.cost + 1}, over the budget of ${OPERATION_LIMITS.cost} for one request: ask for fewer items (first, limit) or fewer fields`,
      );
    }
  });

  test("a variable's default value counts when no value is sent", async () => {
    const withDefault = `query($n: Int = ${n + 1}) { ${typenames(edge)} allExercises(first: $n) { nodes { ${nodeFields} } } }`;
    expect(errorCode(await asJson(withDefault))).toBe("QUERY_TOO_COMPLEX");
    expect(errorCode(await asJson(withDefault, { n: 3 }))).toBeUndefined();
  });
});

describe("bad list sizes are INVALID_INPUT naming the argument", () => {
  const cases: [string, string, Record<string, unknown>, string, string][] = [
    ["first: -1", "{ allExercises(first: -1) { nodes { id } } }", {}, "allExercises", "first"],
    [
      "first from a variable",
      "query($f: Int) { allExercises(first: $f) { totalCount } }",
      { f: -1 },
      "allExercises",
      "first",
    ],
    ["last: -3", "{ allExercises(last: -3) { nodes { id } } }", {}, "allExercises", "last"],
    ["offset: -1", "{ allExercises(offset: -1, first: 2) { nodes { id } } }", {}, "allExercises", "offset"],
    ["limit: -5", `{ searchExercises(words: "squat", limit: -5) { id } }`, {}, "searchExercises", "limit"],
    [
      "nested in a fragment",
      "{ viewer { ...W } } fragment W on User { workouts(limit: -2) { id } }",
      {},
      "workouts",
      "limit",
    ],
  ];
  for (const [name, query, variables, field, argument] of cases) {
    test(name, async () => {
      const { token } = await signUp(s.url, "Sizes");
      const answer = await gql(s.url, query, variables, { token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].extensions).toEqual({ code: "INVALID_INPUT", field, argument });
      expect(answer.body.errors[0].message).toMatch(
        new RegExp(`^${field}: ${argument} must be 0 or more \\(got -\\d+\\)$`),
      );
    });
  }

  test("a cursor that does not decode is INVALID_INPUT too", async () => {
    for (const query of [
      `{ allExercises(after: "garbage") { nodes { id } } }`,
      `{ allExercises(before: "WyJuYXR1cmFsIiw1XQ==", orderBy: NAME_ASC) { nodes { id } } }`,
    ]) {
      const answer = await asJson(query);
      expect(answer.body.errors[0].extensions.code).toBe("INVALID_INPUT");
      expect(answer.body.errors[0].message).toMatch(/^Invalid (cursor|'before' cursor)/);
    }
  });

  test("first: 0 is fine", async () => {
    const answer = await asJson("{ allExercises(first: 0) { nodes { id } } }");
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.allExercises.nodes).toEqual([]);
  });
});

test("a subscription is refused with a clear error, nothing logged", async () => {
  const written: string[] = [];
  const spies = [
    jest.spyOn(console, "error").mockImplementation((...args) => {
      written.push(args.join(" "));
    }),
    jest.spyOn(console, "log").mockImplementation((...args) => {
      written.push(args.join(" "));
    }),
    jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    }),
  ];
  try {
    for (const answer of [
      await asJson("subscription { viewer { id } }"),
      await asGraphQL("subscription S { __typename }"),
    ]) {
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe("UNSUPPORTED_OPERATION");
      expect(answer.body.errors[0].message).toMatch(/^Subscriptions are not supported/);
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect(written).toEqual([]);
});

describe("authorization holds for every content type", () => {
  const mutation = `mutation { logBodyweight(input: {date: "2024-01-01", weight: 80}) { date } }`;

  test("signed out: a mutation over application/graphql is FORBIDDEN and saves nothing", async () => {
    const answer = await asGraphQL(mutation);
    expect(errorCode(answer)).toBe("FORBIDDEN");
    expect(answer.body.data).toBeNull();
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights");
    expect(rows[0].n).toBe(0);
  });

  test("a read-only key cannot mutate, and no key may use a session-only field, over either content type", async () => {
    const { token } = await signUp(s.url, "Keyholder");
    const make = async (access: string) =>
      (
        await gql(
          s.url,
          `mutation { createApiKey(input: {name: "k ${access}", access: ${access}, expiresIn: NEVER}) { key } }`,
          {},
          { token },
        )
      ).body.data.createApiKey.key as string;
    const readOnly = await make("READ_ONLY");
    const readWrite = await make("READ_WRITE");
    for (const send of [asGraphQL, (q: string, h: Record<string, string>) => asJson(q, {}, h)]) {
      const refused = await send(mutation, { authorization: `Bearer ${readOnly}` });
      expect(errorCode(refused)).toBe("FORBIDDEN");
      expect(refused.body.errors[0].message).toMatch(/read only/);
      const sessionOnly = await send(
        `mutation { createApiKey(input: {name: "x", access: READ_ONLY, expiresIn: NEVER}) { key } }`,
        { "x-api-key": readWrite },
      );
      expect(errorCode(sessionOnly)).toBe("FORBIDDEN");
      expect(sessionOnly.body.errors[0].message).toMatch(/createApiKey needs a signed-in session/);
      // Through a fragment too.
      const viaFragment = await send(
        `mutation { ...M } fragment M on Mutation { deleteAccount(input: {}) { clientMutationId } }`,
        { "x-api-key": readWrite },
      );
      expect(errorCode(viaFragment)).toBe("FORBIDDEN");
    }
    const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.bodyweights");
    expect(rows[0].n).toBe(0);
  });
});

describe("an API key's cost budget a minute", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Calendar minutes: start when the steps can finish inside the current minute. */
  async function awayFromMinuteEdge(secondsNeeded: number) {
    const intoMinute = (Date.now() % 60000) / 1000;
    if (intoMinute > 60 - secondsNeeded) await sleep((60 - intoMinute) * 1000 + 250);
  }
  async function keyFor(name: string) {
    const { token } = await signUp(s.url, name);
    const res = await gql(
      s.url,
      `mutation { createApiKey(input: {name: "cost", access: READ_ONLY, expiresIn: NEVER}) { key apiKey { id } } }`,
      {},
      { token },
    );
    return { key: res.body.data.createApiKey.key as string, id: res.body.data.createApiKey.apiKey.id as string };
  }
  const spent = async (id: string) =>
    (
      await s.ownerPool.query(
        "select coalesce(sum(count), 0)::int as n from app_private.rate_counters where subject = 'key-cost:' || $1 and window_start = date_trunc('minute', now())",
        [id],
      )
    ).rows[0].n as number;
  const setSpent = (id: string, n: number) =>
    s.ownerPool.query(
      `insert into app_private.rate_counters (subject, window_start, count) values ('key-cost:' || $1, date_trunc('minute', now()), $2)
     on conflict (subject, window_start) do update set count = excluded.count`,
      [id, n],
    );
  // { viewer { id } }: a root field (a statement) returning an object, and one field.
  const VIEWER = "{ viewer { id } }";
  const viewerCost = COST_WEIGHTS.field + COST_WEIGHTS.statement + COST_WEIGHTS.field;

  test("each operation spends its cost; headers name both limits", async () => {
    const { key, id } = await keyFor("Spender");
    await awayFromMinuteEdge(5);
    const first = await asJson(VIEWER, {}, { authorization: `Bearer ${key}` });
    expect(first.status).toBe(200);
    expect(await spent(id)).toBe(viewerCost);
    const second = await asGraphQL(VIEWER, { "x-api-key": key });
    expect(second.status).toBe(200);
    expect(await spent(id)).toBe(2 * viewerCost);
    expect(second.headers.get("ratelimit-policy")).toBe(
      `"requests";q=${RATE_LIMIT_PER_MINUTE};w=60, "cost";q=${KEY_COST_PER_MINUTE};w=60`,
    );
    expect(second.headers.get("ratelimit")).toMatch(
      new RegExp(
        `^"requests";r=${RATE_LIMIT_PER_MINUTE - 2};t=\\d+, "cost";r=${KEY_COST_PER_MINUTE - 2 * viewerCost};t=\\d+$`,
      ),
    );
    expect(second.headers.get("ratelimit-remaining")).toBe(String(RATE_LIMIT_PER_MINUTE - 2));
    // A refused operation (over the request budget) spends nothing.
    const ids = Array.from({ length: 60 }, (_, i) => `i${i}: id`).join(" ");
    const tooBig = await asJson(`{ allExercises(first: 1000) { nodes { ${ids} } } }`, {}, { "x-api-key": key });
    expect(errorCode(tooBig)).toBe("QUERY_TOO_COMPLEX");
    expect(await spent(id)).toBe(2 * viewerCost);
  });

  test("an operation that does not fit in what is left is 429 RATE_LIMITED with Retry-After; one that fits runs", async () => {
    const { key, id } = await keyFor("Near the edge");
    await awayFromMinuteEdge(5);
    const left = viewerCost; // exactly one { viewer { id } } left
    await setSpent(id, KEY_COST_PER_MINUTE - left);
    const bigger = await asJson("{ viewer { id name } }", {}, { "x-api-key": key });
    expect(bigger.status).toBe(429);
    expect(errorCode(bigger)).toBe("RATE_LIMITED");
    expect(bigger.body.errors[0].extensions.limit).toBe("cost");
    const retryAfter = Number(bigger.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(bigger.body.errors[0].extensions.retryAfter).toBe(retryAfter);
    expect(bigger.body.errors[0].message).toMatch(new RegExp(`costs ${viewerCost + 1}, more than the ${left} left`));
    expect(bigger.headers.get("ratelimit")).toMatch(new RegExp(`"cost";r=${left};t=${retryAfter}$`));
    expect(await spent(id)).toBe(KEY_COST_PER_MINUTE - left); // nothing spent by the refusal
    // Exactly what is left still runs (the last accepted cost), and spends the budget to 0.
    const fits = await asGraphQL(VIEWER, { authorization: `Bearer ${key}` });
    expect(fits.status).toBe(200);
    expect(fits.body.data.viewer).not.toBeNull();
    expect(fits.headers.get("ratelimit")).toMatch(/"cost";r=0;t=\d+$/);
    // Spent: the next request is refused before it is even read, over either content type.
    for (const answer of [
      await asJson("{ __typename }", {}, { "x-api-key": key }),
      await asGraphQL("{ __typename }", { "x-api-key": key }),
    ]) {
      expect(answer.status).toBe(429);
      expect(errorCode(answer)).toBe("RATE_LIMITED");
      expect(answer.body.errors[0].extensions.limit).toBe("cost");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get("ratelimit-policy")).toContain(`"cost";q=${KEY_COST_PER_MINUTE}`);
    }
    // The request count stayed exact through all this (4 requests, each counted once).
    const { rows } = await s.ownerPool.query(
      "select count from app_private.rate_counters where subject = 'key:' || $1",
      [id],
    );
    expect(rows).toEqual([{ count: 4 }]);
  });

  test("concurrent operations of one key cannot together pass the budget", async () => {
    const { key, id } = await keyFor("Concurrent");
    await awayFromMinuteEdge(10);
    await setSpent(id, KEY_COST_PER_MINUTE - 5 * viewerCost); // room for exactly five
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => asJson(VIEWER, {}, { authorization: `Bearer ${key}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    for (const a of answers.filter((x) => x.status === 429)) expect(errorCode(a)).toBe("RATE_LIMITED");
    expect(await spent(id)).toBe(KEY_COST_PER_MINUTE);
  });

  test("the budget is per key and sessions have none", async () => {
    const a = await keyFor("Key A");
    const b = await keyFor("Key B");
    await awayFromMinuteEdge(5);
    await setSpent(a.id, KEY_COST_PER_MINUTE);
    expect((await asJson(VIEWER, {}, { "x-api-key": a.key })).status).toBe(429);
    expect((await asJson(VIEWER, {}, { "x-api-key": b.key })).status).toBe(200);
    const { token } = await signUp(s.url, "Session");
    const session = await gql(s.url, VIEWER, {}, { token });
    expect(session.status).toBe(200);
    expect(session.headers.get("ratelimit")).toBeNull();
  });
});

describe("the nesting of an operation's text is bounded before it is parsed", () => {
  // The GraphQL parser recurses once per level: 4,400 levels overflowed its stack (a raw
  // "Maximum call stack size exceeded"), so the text is measured before parsing.
  const nestedArgument = (levels: number) =>
    `mutation { applyWorkoutDocument(input: { document: ${"[".repeat(levels)}1${"]".repeat(levels)} }) { workout { id } } }`;
  const nestedSelection = (levels: number) => `{ ${"viewer { ".repeat(levels)}id${" }".repeat(levels)} }`;

  test.each([
    ["an inline argument 4,400 levels deep", nestedArgument(4400)],
    ["text 101 levels deep (the first refused)", nestedArgument(98)],
    ["selections 5,000 levels deep", nestedSelection(5_000)],
    ["parentheses and braces mixed", `{ viewer ${"(a: {b: ".repeat(60)}1${"})".repeat(60)} { id } }`],
  ])("%s: QUERY_TOO_COMPLEX, for JSON and application/graphql", async (_name, query) => {
    for (const answer of [await asJson(query), await asGraphQL(query)]) {
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
      expect(JSON.stringify(answer.body)).not.toMatch(/call stack/i);
    }
  });

  test("the last nesting allowed is parsed and judged by the usual rules; braces in strings and comments do not count", async () => {
    // `mutation {`, `applyWorkoutDocument(`, `input: {` and 97 brackets: 100 levels of text.
    const atLimit = await asJson(nestedArgument(97));
    expect(errorCode(atLimit)).not.toBe("QUERY_TOO_COMPLEX");
    const quoted = `# ${"{".repeat(500)}\n{ a: __typename b: __typename @skip(if: false) } `;
    const strings = `{ __type(name: "${"{[(".repeat(300)}") { name } __typename }`;
    expect((await asJson(quoted)).body.data).toEqual({ a: "Query", b: "Query" });
    expect((await asJson(strings)).body.data).toEqual({ __type: null, __typename: "Query" });
  });
});

describe("a document's size is bounded before GraphQL's own validation walks it", () => {
  const L = OPERATION_LIMITS;

  test("the text length at its edge: the last character allowed runs, one more is refused before parsing", async () => {
    const padded = (length: number) => {
      const query = "{ __typename }";
      return query + " ".repeat(length - query.length);
    };
    expect((await asJson(padded(L.textLength))).body.data).toEqual({ __typename: "Query" });
    const refused = await asGraphQL(padded(L.textLength + 1));
    expect(refused.status).toBe(400);
    expect(errorCode(refused)).toBe("QUERY_TOO_COMPLEX");
    expect(refused.body.errors[0].message).toMatch(new RegExp(`at most ${L.textLength} characters`));
  });

  test("operations and fragments in one document, and variables of one operation, at their edges", async () => {
    const fragments = (n: number) =>
      `query Main { ...F0 } ${Array.from(
        { length: n - 1 },
        (_, i) => `fragment F${i} on Query { ${i + 1 < n - 1 ? `...F${i + 1}` : "__typename"} }`,
      ).join(" ")}`;
    expect((await asJson(fragments(L.definitions))).body.data).toEqual({ __typename: "Query" });
    const tooMany = await asJson(fragments(L.definitions + 1));
    expect(errorCode(tooMany)).toBe("QUERY_TOO_COMPLEX");
    expect(tooMany.body.errors[0].message).toMatch(new RegExp(`at most ${L.definitions} operations and fragments`));

    const declare = (n: number) =>
      `query(${Array.from({ length: n }, (_, i) => `$v${i}: Int`).join(" ")}) { __typename }`;
    const atLimit = await asJson(declare(L.variables));
    // Declared but unused variables are GraphQL's own error; what matters is that the bound is not it.
    expect(errorCode(atLimit)).not.toBe("QUERY_TOO_COMPLEX");
    const overLimit = await asJson(declare(L.variables + 1));
    expect(errorCode(overLimit)).toBe("QUERY_TOO_COMPLEX");
    expect(overLimit.body.errors[0].message).toMatch(new RegExp(`at most ${L.variables} variables`));
  });

  test("many same-named fields with different arguments (quadratic for GraphQL's overlap rule) get one error from the bounds, and an ordinary request is answered meanwhile", async () => {
    const conflicting = (salt: number) =>
      `{ viewer { ${Array.from({ length: 900 }, (_, i) => `x: workouts(limit: ${(i % 90) + 1}) { id }`).join(" ")} } } #${salt}`;
    const ordinary = asJson("{ __typename }");
    const answers = await Promise.all([1, 2, 3].map((salt) => asJson(conflicting(salt))));
    for (const answer of answers) {
      expect(errorCode(answer)).toBe("QUERY_TOO_COMPLEX");
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].message).not.toMatch(/Validation aborted|conflict/i);
    }
    expect((await ordinary).body.data).toEqual({ __typename: "Query" });
  });
});

test("media types are case-insensitive: Application/JSON and APPLICATION/GRAPHQL are read like their lower-case forms", async () => {
  const json = await send("Application/JSON; charset=UTF-8", JSON.stringify({ query: "{ __typename }" }));
  expect(json.body.data).toEqual({ __typename: "Query" });
  const graphql = await send("APPLICATION/GRAPHQL", "{ __typename }");
  expect(graphql.body.data).toEqual({ __typename: "Query" });
  expect((await send("Text/Plain", "{ __typename }")).status).toBe(415);
});

describe("the cost budgets charged as spent, in PostgreSQL", () => {
  // Small budgets refilled over ~116 days, so a level set by a test stays put to the unit while it
  // runs; npm start's are CLIENT_COST_LIMITS over 60 s. Addresses come from X-Forwarded-For
  // (trusted from loopback here), a fresh one per test. Everything signed out together is not
  // bounded here (test/server/signed-out-budget.test.ts).
  const limits = {
    perAddressPerMinute: 60_000,
    perSessionPerMinute: 200_000,
    signedOutPerMinute: Number.MAX_SAFE_INTEGER,
    // The pause before a signed-out refusal is test/server/signed-out-budget.test.ts's.
    signedOutRefusalPauseMs: 0,
    windowSeconds: 10_000_000,
  };
  let small: TestServer;
  let twin: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    small = await startTestServer({ clientCostLimits: limits, trustProxy: ["loopback"] });
    twin = await secondInstance(small, { clientCostLimits: limits, trustProxy: ["loopback"] });
  });
  afterAll(async () => {
    await twin?.close();
    await small?.close();
  });

  const QUERY = '{ viewer { id name } exercises: searchExercises(words: "squat", limit: 5) { id } }';
  let nextAddress = 0;
  const freshAddress = () => `203.0.113.${(nextAddress += 1)}`;
  const ask = (url: string, who: { token?: string; key?: string; address: string }, query = QUERY) =>
    gql(url, query, {}, { token: who.token, key: who.key, headers: { "x-forwarded-for": who.address } });
  const bucket = async (payer: string) =>
    (
      await small.ownerPool.query("select tokens, held, updated_at from app_private.cost_buckets where payer = $1", [
        payer,
      ])
    ).rows[0] as { tokens: number; held: number; updated_at: Date } | undefined;
  const setTokens = (payer: string, tokens: number) =>
    small.ownerPool.query(
      `insert into app_private.cost_buckets (payer, tokens) values ($1, $2)
       on conflict (payer) do update set tokens = excluded.tokens, updated_at = now()`,
      [payer, tokens],
    );
  /** The bucket once a charge after `since` has landed (charges follow the answer). */
  async function chargedAfter(payer: string, since: Date) {
    for (let tries = 0; tries < 250; tries++) {
      const row = await bucket(payer);
      // Charged: written since, and no estimate held any more (the gate's claim also writes the row).
      if (row && row.updated_at > since && row.held === 0) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no charge landed for ${payer}`);
  }
  const now = async () => (await small.ownerPool.query("select now() as t")).rows[0].t as Date;
  const sessionPayer = async (token: string) =>
    "session:" +
    (await small.ownerPool.query("select session_id from app_private.session_of_hash(sha256($1::bytea))", [token]))
      .rows[0].session_id;
  /** The estimate of QUERY: what a 429 names. */
  let estimate = 0;
  beforeAll(async () => {
    const address = freshAddress();
    await setTokens(`address:${address}`, 0);
    estimate = (await ask(small.url, { address })).body.errors[0].extensions.cost;
    expect(estimate).toBeGreaterThan(1000);
  });

  test("introspection queries nothing, yet is charged its estimate: a second standard introspection no longer fits a fresh address's budget", async () => {
    const { getIntrospectionQuery } = await import("postgraphile/graphql");
    const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
    const address = freshAddress();
    const payer = `address:${address}`;
    await setTokens(payer, limits.perAddressPerMinute);
    const since = await now();
    const first = await ask(small.url, { address }, query);
    expect(first.body.errors).toBeUndefined();
    const { tokens } = await chargedAfter(payer, since);
    const second = await ask(small.url, { address }, query);
    expect(second.status).toBe(429);
    const introspectionCost = second.body.errors[0].extensions.cost;
    // Charged its estimate (and its bytes), not the ~500 its 0.5 MB answer alone would cost.
    expect(limits.perAddressPerMinute - tokens).toBeGreaterThanOrEqual(introspectionCost);
    expect(tokens).toBeLessThan(introspectionCost);
  });

  type Payer = { who: { token?: string; key?: string; address: string }; payer: string };
  const payers: Record<string, { budget: number; whose: RegExp; make: () => Promise<Payer> }> = {
    "signed out (per address)": {
      budget: limits.perAddressPerMinute,
      whose: /your address's \(signed out\) GraphQL cost budget/,
      make: async () => {
        const address = freshAddress();
        return { who: { address }, payer: `address:${address}` };
      },
    },
    "a session": {
      budget: limits.perSessionPerMinute,
      whose: /this session's GraphQL cost budget/,
      make: async () => {
        const { token } = await signUp(small.url, "Session payer");
        return { who: { token, address: freshAddress() }, payer: await sessionPayer(token) };
      },
    },
    "an API key": {
      budget: limits.perSessionPerMinute,
      whose: /this API key's GraphQL cost budget/,
      make: async () => {
        const { token } = await signUp(small.url, "Key payer");
        const { key, id } = await createApiKey(small.url, token, { access: "READ_ONLY" });
        return { who: { key, address: freshAddress() }, payer: `key:${id}` };
      },
    },
  };

  for (const [name, { budget, whose, make }] of Object.entries(payers)) {
    test(`${name}: an estimate of exactly what is left runs; one unit more is 429 naming the budget, with Retry-After and RateLimit headers`, async () => {
      const last = await make();
      await setTokens(last.payer, estimate);
      const allowed = await ask(small.url, last.who);
      expect(allowed.status).toBe(200);
      expect(allowed.body.errors).toBeUndefined();

      const first = await make();
      await setTokens(first.payer, estimate - 1);
      const refused = await ask(small.url, first.who);
      expect(refused.status).toBe(429);
      expect(refused.body.data).toBeUndefined();
      const error = refused.body.errors[0];
      expect(error.extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost", cost: estimate });
      expect(error.message).toMatch(whose);
      expect(error.message).toContain(`estimated cost of ${estimate} is more than the ${estimate - 1} left`);
      const kind = first.payer.slice(0, first.payer.indexOf(":"));
      expect(error.extensions.budget).toBe(kind);
      // One unit at `budget` per window: that many seconds until the estimate fits.
      const retryAfter = Math.ceil(limits.windowSeconds / budget);
      expect(refused.headers.get("retry-after")).toBe(String(retryAfter));
      expect(error.extensions.retryAfter).toBe(retryAfter);
      expect(refused.headers.get("ratelimit-policy")).toBe(`"${kind}";q=${budget};w=${limits.windowSeconds}`);
      expect(refused.headers.get("ratelimit")).toMatch(new RegExp(`^"${kind}";r=${estimate - 1};t=\\d+$`));
      expect(refused.headers.get("ratelimit-remaining")).toBe(String(estimate - 1));
      // A refusal spends nothing.
      expect(Math.floor((await bucket(first.payer))!.tokens)).toBe(estimate - 1);
    });
  }

  test("signed out pays the address's small budget; signed in from the same address, its own; a made-up token pays as signed out", async () => {
    const address = freshAddress();
    await setTokens(`address:${address}`, 0);
    const anonymous = await ask(small.url, { address });
    expect(anonymous.status).toBe(429);
    expect(anonymous.headers.get("ratelimit-policy")).toBe(
      `"address";q=${limits.perAddressPerMinute};w=${limits.windowSeconds}`,
    );
    // Known spent out, this process refuses what comes next before reading it (a syntax error too).
    const early = await ask(small.url, { address }, "{ viewer { ");
    expect(early.status).toBe(429);
    expect(early.body.errors[0].message).toMatch(
      /^Nothing is left of your address's \(signed out\) GraphQL cost budget/,
    );
    expect(early.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "cost", budget: "address" });
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(early.headers.get("ratelimit")).toMatch(/^"address";r=0;t=\d+$/);
    const madeUp = await ask(small.url, { address, token: "made-up-session-token" });
    expect(madeUp.status).toBe(429);
    expect(madeUp.body.errors[0].extensions.budget).toBe("address");
    const { token } = await signUp(small.url, "Behind the same address");
    const signedIn = await ask(small.url, { address, token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.viewer.name).toBe("Behind the same address");
  });

  test("what a request spent is charged after it: a heavy request that passed the gate leaves less than a light one", async () => {
    const heavy = await payers["a session"].make();
    const light = await payers["a session"].make();
    const since = await now();
    const fuzzy = Array.from(
      { length: 12 },
      (_, i) => `s${i}: searchExercises(words: "bnech prses ${i}", limit: 20) { id name }`,
    );
    const heavyAnswer = await ask(small.url, heavy.who, `{ ${fuzzy.join(" ")} }`);
    expect(heavyAnswer.status).toBe(200);
    expect((await ask(small.url, light.who, "{ viewer { name } }")).status).toBe(200);
    const heavyLeft = (await chargedAfter(heavy.payer, since)).tokens;
    const lightLeft = (await chargedAfter(light.payer, since)).tokens;
    const budget = limits.perSessionPerMinute;
    expect(budget - lightLeft).toBeGreaterThanOrEqual(1);
    expect(heavyLeft).toBeLessThan(lightLeft);
    // The estimates the gates held were given back: what is gone is what was spent.
    expect((await bucket(heavy.payer))!.held).toBe(0);
    expect((await bucket(light.payer))!.held).toBe(0);
  });

  test("concurrent requests of one payer cannot together take more than is left: each estimate is held until its request is charged", async () => {
    const RENAME = `mutation($id: UUID!) { updateUserById(input: {id: $id, userPatch: {name: "Held"}}) { user { name } } }`;
    const probe = await payers["a session"].make();
    await setTokens(probe.payer, 0);
    const probed = await gql(small.url, RENAME, { id: randomUUID() }, { token: probe.who.token });
    const renameEstimate = probed.body.errors[0].extensions.cost as number;
    const { token, user } = await signUp(small.url, "Concurrent");
    const payer = await sessionPayer(token);
    await setTokens(payer, 2.5 * renameEstimate); // room for two
    // The admitted renames wait on the user's row, so none is charged (and none gives back) before all are gated.
    const lock = await small.ownerPool.connect();
    try {
      await lock.query("begin");
      await lock.query("select 1 from app_public.users where id = $1 for update", [user.id]);
      const settled: number[] = [];
      const answers = Array.from({ length: 5 }, () =>
        gql(small.url, RENAME, { id: user.id }, { token }).then((a) => (settled.push(a.status), a)),
      );
      for (let i = 0; i < 250 && settled.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(settled).toEqual([429, 429, 429]);
      expect(Math.floor((await bucket(payer))!.tokens)).toBe(Math.floor(0.5 * renameEstimate));
      await lock.query("rollback");
      const all = await Promise.all(answers);
      expect(all.filter((a) => a.status === 200).map((a) => a.body.data.updateUserById.user.name)).toEqual([
        "Held",
        "Held",
      ]);
    } finally {
      lock.release();
    }
  });

  test("a session's budget is one for two app instances with their own pools on one database", async () => {
    const { who, payer } = await payers["a session"].make();
    await setTokens(payer, estimate);
    const since = await now();
    expect((await ask(small.url, who)).status).toBe(200);
    const { tokens } = await chargedAfter(payer, since);
    expect(tokens).toBeLessThan(estimate);
    // The twin never served this session: it refuses on what the first instance charged.
    const refused = await ask(twin.url, who);
    expect(refused.status).toBe(429);
    // What the twin read is what the first charged (the refill since is a fraction of a unit).
    const left = Number(/more than the (\d+) left of this session's/.exec(refused.body.errors[0].message)?.[1]);
    expect(Math.abs(left - Math.max(0, tokens))).toBeLessThanOrEqual(1);
    expect(refused.body.errors[0].extensions.budget).toBe("session");
  });
});

test("SESSION_COST_PER_MINUTE and ADDRESS_COST_PER_MINUTE: defaults (signed out far smaller), and values below one request's budget refused at start", async () => {
  const { readConfig } = await import("../../server/process/config.ts");
  const { CLIENT_COST_LIMITS } = await import("../../server/limits/client-cost-budget.ts");
  const config = readConfig({});
  const defaults = config.clientCostLimits;
  expect(defaults).toEqual({
    perSessionPerMinute: CLIENT_COST_LIMITS.perSessionPerMinute,
    perAddressPerMinute: CLIENT_COST_LIMITS.perAddressPerMinute,
    perAccountPerMinute: 1_000_000,
    bulkPerMinute: 3_000_000,
    // Five addresses' budgets for everything signed out, split among the API processes.
    signedOutPerMinute: Math.max(OPERATION_LIMITS.cost, Math.ceil(500_000 / config.webConcurrency)),
    // Each process leases a twentieth of a payer's smallest budget at a time, settled every second.
    leaseShare: 0.05,
    leaseSettleMs: 1000,
  });
  expect(defaults.perAddressPerMinute * 5).toBeLessThanOrEqual(defaults.perSessionPerMinute);
  // An account holds two credentials' shares; its bulk work three times that.
  expect(defaults.perAccountPerMinute).toBe(2 * defaults.perSessionPerMinute);
  for (const name of ["ACCOUNT_COST_PER_MINUTE", "BULK_COST_PER_MINUTE"]) {
    expect(() => readConfig({ [name]: String(OPERATION_LIMITS.cost - 1) })).toThrow(new RegExp(`^${name} must be`));
  }
  expect(readConfig({ BULK_COST_PER_MINUTE: String(OPERATION_LIMITS.cost) }).clientCostLimits.bulkPerMinute).toBe(
    OPERATION_LIMITS.cost,
  );
  expect(
    readConfig({ SESSION_COST_PER_MINUTE: String(OPERATION_LIMITS.cost) }).clientCostLimits.perSessionPerMinute,
  ).toBe(OPERATION_LIMITS.cost);
  expect(() => readConfig({ SESSION_COST_PER_MINUTE: String(OPERATION_LIMITS.cost - 1) })).toThrow(
    /SESSION_COST_PER_MINUTE must be a whole number/,
  );
  expect(() => readConfig({ ADDRESS_COST_PER_MINUTE: "1e6" })).toThrow(/ADDRESS_COST_PER_MINUTE/);
});

describe("every list is bounded: a default page, a maximum, grouped aggregates, the bytes of an answer", () => {
  // One lifter with 50,001 sets, made in SQL: three exercises of one workout holding 1,000, 1,001
  // and 48,000 sets (positions 1..n), so grouping one exercise's sets by position makes exactly
  // 1,000 or 1,001 groups.
  let lifter: { token: string };
  const exerciseIds: string[] = [];
  beforeAll(async () => {
    lifter = await signUp(s.url, "Heavy history");
    const workoutId = await logWorkout(s.url, lifter.token, {
      date: "2026-01-05",
      exercises: ["Bench Press", "Back Squat", "Deadlift"].map((exercise) => ({ exercise, sets: ["100x5"] })),
    });
    const { rows } = await s.ownerPool.query<{ id: string }>(
      "select id from app_public.workout_exercises where workout_id = $1 order by position",
      [workoutId],
    );
    exerciseIds.push(...rows.map((r) => r.id));
    await s.ownerPool.query(
      `insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, exercise_id, date, unit, position, weight, reps)
       select x.id, x.workout_id, x.user_id, x.exercise_id, '2026-01-05', 'kg', n, 100, 5
       from unnest($1::uuid[], $2::int[]) as sizes(id, size)
       join app_public.workout_exercises x using (id), generate_series(2, sizes.size) n`,
      [exerciseIds, [1000, 1001, 48_000]],
    );
  });
  const ask = (query: string, variables: Record<string, unknown> = {}) => gql(s.url, query, variables, lifter);

  test("a list given no size answers the default page (100 of 50,001 sets): connections, relations, first: null", async () => {
    const { defaultPage } = LIST_LIMITS;
    const all = await ask("{ allWorkoutSets { totalCount nodes { id } pageInfo { hasNextPage } } }");
    expect(all.body.data.allWorkoutSets).toMatchObject({ totalCount: 50_001, pageInfo: { hasNextPage: true } });
    expect(all.body.data.allWorkoutSets.nodes).toHaveLength(defaultPage);
    const related = await ask("{ viewer { workoutSetsByUserId { nodes { id } } } }");
    expect(related.body.data.viewer.workoutSetsByUserId.nodes).toHaveLength(defaultPage);
    const nullFirst = await ask("query($f: Int) { allWorkoutSets(first: $f) { nodes { id } } }", { f: null });
    expect(nullFirst.body.data.allWorkoutSets.nodes).toHaveLength(defaultPage);
    // `last` alone is a page of its own; a null `first` beside it takes nothing from it.
    for (const [query, variables] of [
      ["{ allWorkoutSets(last: 3, orderBy: POSITION_ASC) { nodes { position } } }", {}],
      [
        "query($f: Int) { allWorkoutSets(first: $f, last: 3, orderBy: POSITION_ASC) { nodes { position } } }",
        { f: null },
      ],
    ] as const) {
      const { nodes } = (await ask(query, variables)).body.data.allWorkoutSets;
      expect(nodes.map((n: { position: number }) => n.position)).toEqual([47_998, 47_999, 48_000]);
    }
  });

  test("a history series given no size answers 1,000 rows: 1,001 weekly workouts give 1,000 weeks and 1,000 sessions", async () => {
    const historian = await signUp(s.url, "Twenty years");
    const userId = historian.user.id;
    const { rows } = await s.ownerPool.query(
      "select id from app_public.exercises where user_id is null and name = 'Back Squat'",
    );
    const squat = rows[0].id;
    // One workout a week for 1,001 weeks, each one set of 100x5 (three statements: a set's trigger reads its parents).
    await s.ownerPool.query(
      `insert into app_public.workouts (user_id, date, start, unit, effort)
       select $1, d, d::timestamptz, 'kg', 'rpe' from generate_series(0, 1000) n, lateral (select date '2026-01-05' - 7 * n as d) day`,
      [userId],
    );
    await s.ownerPool.query(
      `insert into app_public.workout_exercises (workout_id, user_id, position, exercise_id)
       select id, user_id, 1, $2 from app_public.workouts where user_id = $1`,
      [userId, squat],
    );
    await s.ownerPool.query(
      `insert into app_public.workout_sets (workout_exercise_id, workout_id, user_id, exercise_id, date, unit, position, weight, reps)
       select x.id, x.workout_id, x.user_id, x.exercise_id, w.date, w.unit, 1, 100, 5
       from app_public.workout_exercises x join app_public.workouts w on w.id = x.workout_id where x.user_id = $1`,
      [userId],
    );
    const series = `query($x: UUID!) { weeklyVolume { week } e1rmSeries(exerciseId: $x) { date } all: weeklyVolume(first: ${LIST_LIMITS.maxPage}) { week } }`;
    const answer = await gql(s.url, series, { x: squat }, historian);
    expect(answer.body.errors).toBeUndefined();
    const { weeklyVolume, e1rmSeries, all } = answer.body.data;
    expect([weeklyVolume.length, e1rmSeries.length, all.length]).toEqual([
      LIST_LIMITS.defaultSeries,
      LIST_LIMITS.defaultSeries,
      LIST_LIMITS.maxPage,
    ]);
    // Oldest first: the newest week (2026-01-05) is the 1,001st, the one past the default.
    expect([weeklyVolume.at(-1).week, e1rmSeries.at(-1).date]).toEqual(["2025-12-29", "2025-12-29"]);
  });

  test("the maximum page at its edge: 1,000 rows answered, 1,001 refused naming the field, the argument and the maximum", async () => {
    const { maxPage } = LIST_LIMITS;
    const byVariable = "query($n: Int) { viewer { workoutSetsByUserId(first: $n) { nodes { id } } } }";
    expect((await ask(byVariable, { n: maxPage })).body.data.viewer.workoutSetsByUserId.nodes).toHaveLength(maxPage);
    expect(
      (await ask(`{ allWorkoutSets(last: ${maxPage}) { nodes { id } } }`)).body.data.allWorkoutSets.nodes,
    ).toHaveLength(maxPage);
    for (const [query, variables, field, argument] of [
      [`{ allWorkoutSets(first: ${maxPage + 1}) { nodes { id } } }`, {}, "allWorkoutSets", "first"],
      [`{ allWorkoutSets(last: ${maxPage + 1}) { nodes { id } } }`, {}, "allWorkoutSets", "last"],
      [byVariable, { n: maxPage + 1 }, "workoutSetsByUserId", "first"],
      [`{ weeklyVolume(first: ${maxPage + 1}) { week } }`, {}, "weeklyVolume", "first"],
    ] as const) {
      const answer = await ask(query, variables);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].extensions).toEqual({ code: "INVALID_INPUT", field, argument, maximum: maxPage });
      expect(answer.body.errors[0].message).toBe(
        `${field}: ${argument} may be at most ${maxPage} (got ${maxPage + 1}); page with after or offset`,
      );
    }
  });

  test("groupedAggregates at its bound: 1,000 groups answered, 1,001 refused by SQL naming the bound; the reviewer's request refused", async () => {
    const byPosition =
      "query($x: UUID!) { allWorkoutSets(condition: { workoutExerciseId: $x }) { groupedAggregates(groupBy: [POSITION]) { keys } } }";
    const fits = await ask(byPosition, { x: exerciseIds[0] });
    expect(fits.body.data.allWorkoutSets.groupedAggregates).toHaveLength(LIST_LIMITS.maxGroups);
    const over = await ask(byPosition, { x: exerciseIds[1] });
    expect(over.body.data.allWorkoutSets.groupedAggregates).toBeNull();
    expect(over.body.errors[0].extensions).toEqual({ code: "QUERY_TOO_COMPLEX" });
    expect(over.body.errors[0].message).toBe(
      `groupedAggregates: this grouping makes ${LIST_LIMITS.maxGroups + 1} groups, more than the ${LIST_LIMITS.maxGroups} one answer may hold; group by fewer columns or narrow the list with condition`,
    );
    // The reviewer's: grouped by every column, five times over. Priced at 1,000 groups each, it is
    // refused before running; one of the five runs and is refused by the bound (50,001 groups).
    const grouping =
      "groupedAggregates(groupBy: [DATE, EXERCISE_ID, POSITION, WEEK, WORKOUT_EXERCISE_ID, WORKOUT_ID]) { keys sum { volumeKg reps } }";
    const five = await ask(`{ allWorkoutSets { ${[1, 2, 3, 4, 5].map((i) => `g${i}: ${grouping}`).join(" ")} } }`);
    expect(five.status).toBe(400);
    expect(five.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(five.body.errors[0].extensions.cost).toBeGreaterThan(5 * LIST_LIMITS.maxGroups * 4);
    const one = await ask(`{ allWorkoutSets { ${grouping} } }`);
    expect(one.body.errors[0].message).toMatch(/this grouping makes 50001 groups, more than the 1000/);
  });

  test("an answer of exactly the byte cap is sent, one byte more is RESPONSE_TOO_LARGE naming the cap", async () => {
    // Pages of ids (as many as come within a few kB of the cap) and an alias whose length sets the
    // answer's size to the byte.
    let pages = 1;
    const query = (pad: number) =>
      `{ ${"p".repeat(pad)}: __typename ${Array.from({ length: pages }, (_, i) => `a${i}: allWorkoutSets(first: 1000) { nodes { id } }`).join(" ")} }`;
    // Uncompressed, so Content-Length is the answer's size (the cap counts the bytes before compression).
    const raw = (pad: number) =>
      asJson(query(pad), {}, { authorization: `Bearer ${lifter.token}`, "accept-encoding": "identity" });
    const size = async (pad: number) => Number((await raw(pad)).headers.get("content-length"));
    const onePage = await size(1);
    pages = Math.floor((RESPONSE_MAX_BYTES - 8_000) / onePage);
    const shortOf = RESPONSE_MAX_BYTES - (await size(1));
    expect(shortOf).toBeGreaterThan(0);
    expect(shortOf).toBeLessThan(OPERATION_LIMITS.textLength - query(1).length);
    const atCap = await raw(1 + shortOf);
    expect(atCap.body.errors).toBeUndefined();
    expect(Number(atCap.headers.get("content-length"))).toBe(RESPONSE_MAX_BYTES);
    const over = await raw(2 + shortOf);
    expect(over.body).toEqual({
      data: null,
      errors: [
        {
          message: `The answer to this operation has ${RESPONSE_MAX_BYTES + 1} bytes, more than the ${RESPONSE_MAX_BYTES} one answer may have (GRAPHQL_MAX_RESPONSE_BYTES): ask for fewer items (first, limit) or fewer fields`,
          extensions: { code: "RESPONSE_TOO_LARGE", limit: RESPONSE_MAX_BYTES, bytes: RESPONSE_MAX_BYTES + 1 },
        },
      ],
    });
  });
});

describe("history forecasts (HISTORY_COSTS) by the rows that ask", () => {
  const forecast = async (text: string) => {
    const { measureOperation } = await import("../../server/graphql/operation-cost.ts");
    const { parse, buildSchema } = await import("postgraphile/graphql");
    const { readFileSync } = await import("node:fs");
    const schema = buildSchema(readFileSync(new URL("../../packages/sdk/schema.graphql", import.meta.url), "utf8"));
    const doc = parse(text);
    return measureOperation(schema, doc, doc.definitions[0] as never, {}).history;
  };
  const { units: targets } = HISTORY_COSTS["Routine.nextTargets"];
  const { units: records } = HISTORY_COSTS["WorkoutSet.personalRecord"];

  test("a field computed per row is priced for each row of the lists around it", async () => {
    const one = `{ routineById(id: "${randomUUID()}") { nextTargets { position } } }`;
    expect(await forecast(one)).toBe(targets);
    const many = (first: number) =>
      `{ viewer { routinesByUserId(first: ${first}) { nodes { nextTargets { position } } } } }`;
    expect(await forecast(many(1))).toBe(targets);
    expect(await forecast(many(50))).toBe(50 * targets);
  });

  test("a field one statement answers for every row is priced once, however many rows ask", async () => {
    const sets = (workouts: number) =>
      `{ viewer { workoutsByUserId(first: ${workouts}) { nodes { workoutSetsByWorkoutId(first: 50) { nodes { personalRecord } } } } } }`;
    expect(await forecast(sets(1))).toBe(records);
    expect(await forecast(sets(100))).toBe(records);
  });
});
