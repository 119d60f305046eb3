// The per-key rate limit over HTTP: 120 requests per key per calendar minute, counted in Postgres
// (shared by every server process), committed even when the request fails; 429 with Retry-After
// and RATE_LIMITED after that; RateLimit-* headers on every keyed response.
import {
  useTestServer,
  secondInstance,
  gql,
  signUp,
  createApiKey,
  awayFromMinuteEdge,
  GRAPHQL_RESPONSE,
} from "../support/harness.ts";

const LIMIT = 120;
const s = useTestServer();

const createKey = (token: string, access: "READ_ONLY" | "READ_WRITE" = "READ_WRITE") =>
  createApiKey(s.url, token, { access });

/** Calendar minutes: start a run only when it can finish inside the current minute. */
const secondsToMinuteEnd = () => 60 - (Date.now() % 60000) / 1000;

async function raw(url: string, key: string, body: string, header: "authorization" | "x-api-key" = "authorization") {
  const res = await fetch(`${url}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: GRAPHQL_RESPONSE,
      ...(header === "authorization" ? { authorization: `Bearer ${key}` } : { "x-api-key": key }),
    },
    body,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const READ = JSON.stringify({ query: "{ viewer { id } }" });

test("120 a minute, failures counted too; headers on every keyed response; then 429 with Retry-After and RATE_LIMITED", async () => {
  const { token } = await signUp(s.url);
  const { key } = await createKey(token, "READ_ONLY");
  const other = await createKey(token, "READ_ONLY");
  await awayFromMinuteEdge(12);
  // A third of the requests fail (bad syntax, refused mutation): they count all the same.
  const bodies = [
    READ,
    JSON.stringify({ query: "{ viewer { " }),
    JSON.stringify({ query: 'mutation { logBodyweight(input: {date: "2024-01-01", weight: 1}) { date } }' }),
  ];
  for (let i = 1; i <= LIMIT; i++) {
    const res = await raw(s.url, key, bodies[i % 3], i % 2 ? "authorization" : "x-api-key");
    expect(res.status).toBe(i % 3 === 1 ? 400 : 200); // a syntax error is a 400 from GraphQL
    if (i % 3 === 0) expect(res.body.data.viewer).not.toBeNull();
    if (i % 3 === 2) expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    expect(res.headers.get("ratelimit-remaining")).toBe(String(LIMIT - i));
    const reset = Number(res.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
  }
  for (const header of ["authorization", "x-api-key"] as const) {
    const expected = secondsToMinuteEnd();
    const res = await raw(s.url, key, READ, header);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Math.abs(retryAfter - expected)).toBeLessThanOrEqual(1.5);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    expect(res.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    expect(res.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(res.body.data).toBeUndefined();
  }
  // Per key: the owner's other key and their session are not limited.
  const second = await raw(s.url, other.key, READ);
  expect(second.status).toBe(200);
  expect(second.headers.get("ratelimit-remaining")).toBe("119");
  const session = await gql(s.url, "{ viewer { id } }", {}, { token });
  expect(session.status).toBe(200);
  expect(session.headers.get("ratelimit-limit")).toBeNull();
  // Refused requests were counted as well.
  const { rows } = await s.ownerPool.query(
    "select count from app_private.rate_counters c join app_public.api_keys k on c.subject = 'key:' || k.id join app_private.api_key_hashes h on h.api_key_id = k.id where h.key_hash = sha256($1::bytea)",
    [Buffer.from(key)],
  );
  expect(rows).toEqual([{ count: 122 }]);
});

test("the count is per calendar minute: when the minute is over the key works again", async () => {
  const { token } = await signUp(s.url);
  const { key, id } = await createKey(token);
  await awayFromMinuteEdge(5);
  await s.ownerPool.query(
    "insert into app_private.rate_counters (subject, window_start, count) values ('key:' || $1, date_trunc('minute', now()), 120)",
    [id],
  );
  expect((await raw(s.url, key, READ)).status).toBe(429);
  // The same counter, one minute older: it is the previous minute's and no longer counts.
  await s.ownerPool.query(
    "update app_private.rate_counters set window_start = window_start - interval '1 minute' where subject = 'key:' || $1",
    [id],
  );
  const res = await raw(s.url, key, READ);
  expect(res.status).toBe(200);
  expect(res.headers.get("ratelimit-remaining")).toBe("119");
});

test("past the limit, requests refused before their operation is measured are 429 too, and still counted", async () => {
  const { token } = await signUp(s.url);
  const { key, id } = await createKey(token);
  await awayFromMinuteEdge(5);
  await s.ownerPool.query(
    "insert into app_private.rate_counters (subject, window_start, count) values ('key:' || $1, date_trunc('minute', now()), 119)",
    [id],
  );
  // The 120th: a syntax error, answered as such (counted before its answer goes out).
  const last = await raw(s.url, key, JSON.stringify({ query: "{ viewer { " }));
  expect(last.status).toBe(400);
  expect(last.headers.get("ratelimit-remaining")).toBe("0");
  // Past the limit: a syntax error and a body with no query are 429 like any request.
  for (const body of [JSON.stringify({ query: "{ viewer { " }), JSON.stringify({ variables: {} })]) {
    const res = await raw(s.url, key, body);
    expect(res.status).toBe(429);
    expect(res.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "requests" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
  }
  // A `null` body never reaches GraphQL: refused at once, and counted when its answer has gone.
  expect((await raw(s.url, key, "null")).status).toBe(400);
  const counted = async () =>
    (
      await s.ownerPool.query(
        "select count from app_private.rate_counters where subject = 'key:' || $1 and window_start = date_trunc('minute', now())",
        [id],
      )
    ).rows;
  for (let i = 0; i < 50 && (await counted())[0]?.count !== 123; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await counted()).toEqual([{ count: 123 }]);
});

test("exactly 120 of 200 concurrent requests with one key succeed", async () => {
  const { token } = await signUp(s.url);
  const { key, id } = await createKey(token);
  await awayFromMinuteEdge(15);
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) => raw(s.url, key, READ, i % 2 ? "authorization" : "x-api-key")),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(120);
  expect(results.filter((r) => r.status === 429)).toHaveLength(80);
  for (const r of results.filter((x) => x.status === 429))
    expect(r.body.errors[0].extensions.code).toBe("RATE_LIMITED");
  // Every remaining count from 119 down to 0 was handed out exactly once.
  const remaining = results
    .filter((r) => r.status === 200)
    .map((r) => Number(r.headers.get("ratelimit-remaining")))
    .sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => i));
  const { rows } = await s.ownerPool.query(
    "select sum(count)::int as n from app_private.rate_counters where subject = 'key:' || $1",
    [id],
  );
  expect(rows[0].n).toBe(200);
});

test("exactly 120 across two server processes on the same database", async () => {
  const second = await secondInstance(s);
  const secondUrl = second.url;
  try {
    const { token } = await signUp(s.url);
    const { key } = await createKey(token);
    await awayFromMinuteEdge(15);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => raw(i % 2 ? s.url : secondUrl, key, READ)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    expect(results.filter((r) => r.status === 429)).toHaveLength(80);
    const remaining = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get("ratelimit-remaining")))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => i));
  } finally {
    await second.close();
  }
});
