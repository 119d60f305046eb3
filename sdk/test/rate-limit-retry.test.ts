// The SDK's wait on 429 at its edges, against a real local HTTP server that answers 429 with a
// Retry-After as the service does: a Retry-After of exactly maxRetryWaitSeconds is waited and the
// request sent again; one second more is thrown at once; at most rateLimitRetries waits; reads and
// imports (mutations: a refused one ran nothing) alike.
import { createServer, type Server } from "node:http";
import { createClient, RateLimitedError } from "@svc/sdk";

type Answer = { status: number; retryAfter?: string; body: unknown };
let server: Server;
let url: string;
let answers: Answer[] = [];
let received: string[] = [];

const limited = (retryAfter: string): Answer => ({
  status: 429,
  retryAfter,
  body: {
    data: null,
    errors: [{ message: "spent", extensions: { code: "RATE_LIMITED", limit: "cost", budget: "bulk" } }],
  },
});
const ok: Answer = { status: 200, body: { data: { done: true } } };

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (d) => (text += d));
    req.on("end", () => {
      received.push(JSON.parse(text).query);
      const answer = answers.shift() ?? ok;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (answer.retryAfter) headers["retry-after"] = answer.retryAfter;
      res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  received = [];
});

const READ = "{ done }";
const IMPORT = "mutation { importWorkouts(input: {importId: null}) { workouts } }";

function client(options: { maxRetryWaitSeconds?: number; rateLimitRetries?: number } = {}) {
  const waits: { seconds: number; attempt: number }[] = [];
  const c = createClient({ url, apiKey: "svc_test", onRateLimitWait: (w) => waits.push(w), ...options });
  return { c, waits };
}

test.each([
  ["a read", READ],
  ["an import (a mutation)", IMPORT],
])("%s: a Retry-After of exactly maxRetryWaitSeconds is waited, then the request is sent again", async (_, query) => {
  const { c, waits } = client({ maxRetryWaitSeconds: 1 });
  answers = [limited("1")];
  const started = performance.now();
  expect(await c.request(query)).toEqual({ done: true });
  expect(received).toEqual([query, query]);
  expect(waits).toEqual([{ seconds: 1, attempt: 1 }]);
  expect(performance.now() - started).toBeGreaterThanOrEqual(990);
});

test("a Retry-After one second past maxRetryWaitSeconds is thrown at once, with its seconds", async () => {
  const { c, waits } = client({ maxRetryWaitSeconds: 1 });
  answers = [limited("2")];
  const error = await c.request(IMPORT).catch((e) => e);
  expect(error).toBeInstanceOf(RateLimitedError);
  expect(error.retryAfter).toBe(2);
  expect(error.extensions).toMatchObject({ budget: "bulk" });
  expect(received).toHaveLength(1);
  expect(waits).toEqual([]);
});

test("at most rateLimitRetries waits: refused once more than that, the last refusal is thrown", async () => {
  const { c, waits } = client({ maxRetryWaitSeconds: 1, rateLimitRetries: 2 });
  answers = [limited("1"), limited("1")];
  expect(await c.request(READ)).toEqual({ done: true }); // two refusals: both waited
  expect(waits.map((w) => w.attempt)).toEqual([1, 2]);
  received = [];
  const again = client({ maxRetryWaitSeconds: 1, rateLimitRetries: 2 });
  answers = [limited("1"), limited("1"), limited("1")];
  expect(await again.c.request(READ).catch((e) => e)).toBeInstanceOf(RateLimitedError);
  expect(received).toHaveLength(3);
  expect(again.waits.map((w) => w.attempt)).toEqual([1, 2]);
}, 20_000);

test("the defaults: a Retry-After past 60 s is thrown at once; rateLimitRetries 0 throws the first refusal", async () => {
  const { c } = client({ rateLimitRetries: 0 });
  answers = [limited("1")];
  expect(await c.request(READ).catch((e) => e)).toBeInstanceOf(RateLimitedError);
  expect(received).toHaveLength(1);
  const defaults = client();
  answers = [limited("61")];
  received = [];
  expect(await defaults.c.request(READ).catch((e) => e)).toMatchObject({ retryAfter: 61 });
  expect(received).toHaveLength(1);
});
