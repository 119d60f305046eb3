// The request log from outside: real HTTP against the real app, the log captured line by line.
// One line per request with its id, method, path, status, duration and caller; no token, key,
// password or body in any line; JSON lines parse one by one; the worker's jobs logged the same way.
import { randomBytes } from "node:crypto";
import { quickAddJob } from "graphile-worker";
import { useTestServer, signUp, post, captureJsonLog } from "../support/harness.ts";
import { isCountedRefusal, type RefusalTally } from "../../server/observability/refusal-tally.ts";
import { startWorker } from "../../server/jobs/worker.ts";
import { tasks } from "../../server/jobs/tasks.ts";

const lines = captureJsonLog();
const s = useTestServer();

// The text-format test adds text lines; everything else is read as JSON lines.
const jsonLines = () => lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
const requestLines = () => jsonLines().filter((r) => r.message === "request");

/** A GraphQL request with an x-request-id of our own, so its log line can be found. */
async function graphql(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
  operationName?: string,
) {
  const requestId = `test-${randomBytes(6).toString("hex")}`;
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": requestId, ...headers },
    body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
  });
  return { requestId, status: res.status, body: await res.json() };
}

async function lineFor(requestId: string) {
  // The line is written when the answer has been sent: usually already there, at worst a tick later.
  for (let i = 0; i < 50; i++) {
    const found = requestLines().filter((r) => r.requestId === requestId);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  return [];
}

test("one line per request, with id, method, path, status, duration and caller; never a secret", async () => {
  const secrets: string[] = [];
  const before = requestLines().length;
  let sent = 0;

  const password = `pw-${randomBytes(10).toString("hex")}`;
  const user = await signUp(s.url, "Logged User", { password });
  sent += 1;
  secrets.push(user.token, password);
  const again = await post(s.url, "/api/auth/sign-in/email?token=should-not-appear", { email: user.email, password });
  sent += 1;
  expect(again.status).toBe(200);
  secrets.push(again.body.token);

  const created = await graphql(
    "mutation K($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } } }",
    { input: { name: "log test", access: "READ_ONLY", expiresIn: "DAYS_30" } },
    { authorization: `Bearer ${user.token}` },
    "K",
  );
  sent += 1;
  const key = created.body.data.createApiKey.key as string;
  const keyId = created.body.data.createApiKey.apiKey.id as string;
  secrets.push(key);

  const bySession = await lineFor(created.requestId);
  expect(bySession).toHaveLength(1);
  // A request over the slow threshold (a busy machine) is logged at warn with `slow: true`, else at info.
  expect(bySession[0].level).toBe(bySession[0].slow ? "warn" : "info");
  expect(bySession[0]).toMatchObject({
    method: "POST",
    path: "/api/graphql",
    status: 200,
    caller: "session",
    userId: user.user.id,
    operation: "K",
  });
  expect(typeof bySession[0].durationMs).toBe("number");
  expect(bySession[0].durationMs).toBeGreaterThanOrEqual(0);
  expect(new Date(bySession[0].time).getTime()).toBeGreaterThan(Date.now() - 60_000);

  const withKey = await graphql("# a comment first\nquery WhoAmI { viewer { id } }", {}, { "x-api-key": key });
  sent += 1;
  expect(await lineFor(withKey.requestId)).toEqual([
    expect.objectContaining({
      status: 200,
      caller: "key",
      keyId,
      userId: user.user.id,
      access: "read_only",
      operation: "WhoAmI",
    }),
  ]);
  // A read-only key's write is refused; still one line, with its status.
  const refused = await graphql(
    "mutation { signOutOtherSessions(input: {}) { count } }",
    {},
    { authorization: `Bearer ${key}` },
  );
  sent += 1;
  expect(await lineFor(refused.requestId)).toHaveLength(1);

  const unknownKey = `svc_${randomBytes(20).toString("hex")}`;
  secrets.push(unknownKey);
  const dead = await graphql("{ viewer { id } }", {}, { authorization: `Bearer ${unknownKey}` });
  sent += 1;
  expect((await lineFor(dead.requestId))[0]).toMatchObject({ caller: "unknown-key", status: 200 });
  expect((await lineFor(dead.requestId))[0].userId).toBeUndefined();

  const malformed = await graphql(
    "{ viewer { id } }",
    {},
    { authorization: `Basic ${Buffer.from(`x:${password}`).toString("base64")}` },
  );
  sent += 1;
  expect((await lineFor(malformed.requestId))[0]).toMatchObject({ status: 401, caller: "anonymous" });
  secrets.push(Buffer.from(`x:${password}`).toString("base64"));

  const anonymous = await graphql("{ viewer { id } }", {}, {});
  sent += 1;
  expect((await lineFor(anonymous.requestId))[0]).toMatchObject({ caller: "anonymous", status: 200 });
  expect((await lineFor(anonymous.requestId))[0].operation).toBeUndefined();
  // An operation name that is not a plain identifier is left out.
  const oddName = await graphql("query Q { viewer { id } }", {}, {}, "Q x");
  sent += 1;
  expect((await lineFor(oddName.requestId))[0].operation).toBeUndefined();

  // A request whose id is not safe gets a new one, and the log line carries that one.
  const res = await fetch(`${s.url}/api/nothing-here`, { headers: { "x-request-id": "bad id with spaces" } });
  sent += 1;
  expect(res.status).toBe(404);
  expect(await lineFor(res.headers.get("x-request-id")!)).toEqual([
    expect.objectContaining({ path: "/api/nothing-here", status: 404, method: "GET" }),
  ]);

  await new Promise((r) => setTimeout(r, 50));
  const all = requestLines();
  expect(all.length - before).toBe(sent);
  expect(all.every((r) => typeof r.requestId === "string" && r.requestId.length > 0)).toBe(true);
  const signIn = all.find((r) => r.path.startsWith("/api/auth/sign-in"));
  expect(signIn?.path).toBe("/api/auth/sign-in/email"); // the query string is never logged

  const text = lines.join("\n");
  for (const secret of secrets) expect(text.includes(secret)).toBe(false);
  expect(text).not.toContain("should-not-appear");
  expect(text).not.toContain(user.email); // bodies are not logged
});

test("requests refused by a limit are counted, one line an interval, not a line each", async () => {
  const user = await signUp(s.url, "Refused");
  const tally = s.app.locals.refusals as RefusalTally;
  tally.flush(); // what earlier tests were refused is written apart
  const before = requestLines().length;
  for (let i = 0; i < 3; i++) {
    const res = await post(s.url, "/api/auth/sign-in/email", { email: user.email, password: "not it" });
    expect(res.status).toBe(401);
  }
  const big = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `{ __typename } #${"x".repeat(1_100_000)}` }),
  });
  expect(big.status).toBe(413);
  await new Promise((r) => setTimeout(r, 50));
  // None of them has a line of its own ...
  expect(requestLines().slice(before)).toEqual([]);
  // ... and the interval's one line counts them.
  tally.flush();
  expect(jsonLines().filter((l) => l.message === "requests refused" && l.total === 4)).toEqual([
    expect.objectContaining({
      level: "warn",
      refused: { "401 /api/auth/sign-in/email": 3, "413 /api/graphql": 1 },
    }),
  ]);
  // A rate limit's 429 is counted the same way; other refusals keep their line.
  expect(isCountedRefusal(429, "/api/graphql")).toBe(true);
  expect(isCountedRefusal(401, "/api/graphql")).toBe(false);
  expect(isCountedRefusal(403, "/api/auth/sign-in/email")).toBe(false);
});

test("every JSON line parses on its own; LOG_FORMAT=text writes one readable line per request", async () => {
  for (const line of lines) {
    expect(line).not.toContain("\n");
    expect(() => JSON.parse(line)).not.toThrow();
  }
  process.env.LOG_FORMAT = "text";
  try {
    const { requestId } = await graphql("{ viewer { id } }", {}, {});
    await new Promise((r) => setTimeout(r, 50));
    const textLine = lines.find((l) => l.includes(`requestId=${requestId}`));
    expect(textLine).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z INFO  request requestId=${requestId} method=POST path=/api/graphql status=200 durationMs=[\\d.]+ caller=anonymous$`,
      ),
    );
  } finally {
    process.env.LOG_FORMAT = "json";
  }
});

test("a request its client gives up on before any answer is logged as aborted, with no status", async () => {
  // The catalog locked: a search waits for it, and its client goes before anything is answered.
  const locker = await s.ownerPool.connect();
  await locker.query("begin");
  await locker.query("lock table app_public.exercises in access exclusive mode");
  const requestId = `test-${randomBytes(6).toString("hex")}`;
  const controller = new AbortController();
  try {
    const pending = fetch(`${s.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": requestId },
      body: JSON.stringify({ query: '{ searchExercises(words: "bench", limit: 1) { name } }' }),
      signal: controller.signal,
    }).catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    expect(((await pending) as Error).name).toBe("AbortError");
    const found = await lineFor(requestId);
    expect(found).toEqual([expect.objectContaining({ aborted: true, method: "POST", path: "/api/graphql" })]);
    expect(found[0].status).toBeUndefined();
  } finally {
    await locker.query("rollback");
    locker.release();
  }
  // An answered request keeps its status.
  const answered = await graphql("{ viewer { id } }", {}, {});
  expect((await lineFor(answered.requestId))[0]).toMatchObject({ status: 200 });
  expect((await lineFor(answered.requestId))[0].aborted).toBeUndefined();
});

test("a request past the slow threshold is logged at warn level with slow: true", async () => {
  const { createApp } = await import("../../server/app.ts");
  const slowApp = await createApp({ pools: s.pools, slowRequestMs: 0 });
  await new Promise<void>((resolve) => slowApp.server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = slowApp.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { id } }" }),
    });
    const found = await lineFor(res.headers.get("x-request-id")!);
    expect(found).toEqual([expect.objectContaining({ level: "warn", slow: true, status: 200 })]);
  } finally {
    await slowApp.close();
  }
  // At the default threshold an ordinary request is not slow.
  const ordinary = await graphql("{ viewer { id } }", {}, {});
  expect((await lineFor(ordinary.requestId))[0].slow).toBeUndefined();
});

test("the worker logs one line per job: task, id, attempt, outcome, duration; never its payload", async () => {
  const secretPayload = `payload-${randomBytes(8).toString("hex")}`;
  const runner = await startWorker(s.pools.worker, {
    ...tasks,
    log_test_ok: async () => {},
    log_test_fail: async () => {
      throw new Error("task failed on purpose");
    },
  });
  try {
    await quickAddJob({ pgPool: s.pools.worker }, "log_test_ok", { secret: secretPayload });
    await quickAddJob({ pgPool: s.pools.worker }, "log_test_fail", { secret: secretPayload }, { maxAttempts: 1 });
    const jobs = () => jsonLines().filter((r) => r.message === "job" && r.task?.startsWith("log_test"));
    for (let i = 0; i < 100 && jobs().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(jobs()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: "info",
          task: "log_test_ok",
          status: "ok",
          attempt: 1,
          durationMs: expect.any(Number),
          jobId: expect.any(String),
        }),
        expect.objectContaining({
          level: "error",
          task: "log_test_fail",
          status: "failed",
          attempt: 1,
          maxAttempts: 1,
          error: "task failed on purpose",
        }),
      ]),
    );
  } finally {
    await runner.stop();
  }
  expect(lines.join("\n")).not.toContain(secretPayload);
});

test("LOG_SLOW_MS and LOG_FORMAT are checked at start: edges of the threshold, the two formats", async () => {
  const { readConfig } = await import("../../server/process/config.ts");
  expect(readConfig({}).slowRequestMs).toBe(1000);
  expect(readConfig({ LOG_SLOW_MS: "100" }).slowRequestMs).toBe(100);
  expect(readConfig({ LOG_SLOW_MS: "3600000" }).slowRequestMs).toBe(3_600_000);
  for (const bad of ["99", "3600001", "1s", "-5"])
    expect(() => readConfig({ LOG_SLOW_MS: bad })).toThrow(
      /^LOG_SLOW_MS must be a whole number of milliseconds from 100 to 3600000/,
    );
  expect(readConfig({}).logFormat).toBe("text");
  expect(readConfig({ LOG_FORMAT: "JSON" }).logFormat).toBe("json");
  expect(() => readConfig({ LOG_FORMAT: "pretty" })).toThrow('LOG_FORMAT must be text or json, got "pretty"');
});
