// The per-caller concurrency cap from outside, on one server with a cap of 2 and a short wait:
// requests are held in flight by a body not yet sent (the gate admits a request before reading its
// body) or by a row lock; the cap's edge, the wait, the 429 CONCURRENCY_LIMITED, other callers going on meanwhile, a
// made-up credential counting as its address, MCP connections capped like sessions (an unseen one on a
// shared address looked up first), and every way a
// request can end giving its slot back. Also MCP tool calls charged to their connection's budget.
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useTestServer, gql, signUp, createApiKey, GRAPHQL_RESPONSE } from "../support/harness.ts";
import { connectRaw, toolsListWith } from "../support/oauth-flow.ts";
import { readConfig } from "../../server/process/config.ts";
import { CallerSlots, MAX_WAITING_PER_CALLER } from "../../server/limits/caller-concurrency.ts";
import { operationText } from "../../sdk/src/graphql.ts";
import { WORKOUTS } from "../../sdk/src/operations.ts";

const CAP = 2;
const WAIT_MS = 300;
/** Every signed-in budget, refilling by 1 unit a second: a bucket a test empties stays empty. */
const BUDGET = 1_000_000_000;
const s = useTestServer({
  callerConcurrency: { perCaller: CAP, waitMs: WAIT_MS },
  requestTimeoutMs: 1000,
  // X-Forwarded-For from the test names the signed-out caller's address.
  trustProxy: ["loopback"],
  clientCostLimits: { perSessionPerMinute: BUDGET, perAddressPerMinute: BUDGET, windowSeconds: BUDGET },
});

const READ = JSON.stringify({ query: "{ viewer { name } }" });
// The first plan of an operation can take longer than this file's 1 s request timeout on a loaded machine.
beforeAll(() => gql(s.url, "{ viewer { name } }"));
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };

/** A POST whose body is held back after its first byte: in flight (holding its slot) until finished or dropped. */
function held(path: string, headers: Record<string, string>, body = READ) {
  const req = http.request(new URL(path, s.url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "content-length": String(Buffer.byteLength(body)),
      ...headers,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on("error", reject);
  });
  answer.catch(() => {}); // a dropped request's answer is never read
  req.write(body.slice(0, 1));
  return {
    finish: (rest = body.slice(1)) => {
      req.end(rest);
      return answer;
    },
    drop: () => req.destroy(),
  };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const heldGraphql = (headers: Record<string, string> = {}, body?: string) => held("/api/graphql", headers, body);

const slots = () => s.app.services.callerSlots;
/** Waits until the server counts this many requests running and waiting (over all callers). */
async function counted(running: number, waiting = 0) {
  for (let i = 0; i < 500; i++) {
    const now = slots().count();
    if (now.running === running && now.waiting === waiting) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(slots().count()).toEqual({ running, waiting });
}

/** A signed-up user whose session this process has seen answered (so it counts as the session). */
async function liveUser(name: string) {
  const user = await signUp(s.url, name);
  expect((await gql(s.url, "{ viewer { name } }", {}, { token: user.token })).body.data.viewer.name).toBe(name);
  return user;
}

function expectRefused(
  answer: { status: number; headers: Headers | http.IncomingHttpHeaders; body: any },
  whose: RegExp,
) {
  expect(answer.status).toBe(429);
  const retryAfter =
    answer.headers instanceof Headers ? answer.headers.get("retry-after") : answer.headers["retry-after"];
  expect(retryAfter).toBe("1");
  expect(answer.body.errors[0].extensions).toEqual({
    code: "CONCURRENCY_LIMITED",
    limit: "concurrency",
    retryAfter: 1,
  });
  expect(answer.body.errors[0].message).toMatch(/^At most 2 requests of one caller may run at once/);
  expect(answer.body.errors[0].message).toMatch(whose);
}

test("a session runs 2 requests at once; the 3rd waits for a slot, and gets 429 naming the cap when none frees in time; other callers go on", async () => {
  const ada = await liveUser("Ada");
  const bob = await liveUser("Bob");
  const running = [heldGraphql(bearer(ada.token)), heldGraphql(bearer(ada.token))];
  await counted(2);

  const third = await gql(s.url, "{ viewer { name } }", {}, { token: ada.token });
  expectRefused(third, /\(this account, all its sessions, keys and apps together, has 2 running\)/);
  // Another user, and a signed-out caller, are not held up by Ada's cap.
  expect((await gql(s.url, "{ viewer { name } }", {}, { token: bob.token })).body).toEqual({
    data: { viewer: { name: "Bob" } },
  });
  expect((await gql(s.url, "{ __typename }")).status).toBe(200);

  // A request that waits gets the slot of the first one to finish.
  const waiting = gql(s.url, "{ viewer { name } }", {}, { token: ada.token });
  await counted(2, 1);
  expect(await running[0].finish()).toMatchObject({ status: 200, body: { data: { viewer: { name: "Ada" } } } });
  expect((await waiting).body).toEqual({ data: { viewer: { name: "Ada" } } });
  expect((await running[1].finish()).status).toBe(200);
  await counted(0);
});

test("a made-up session token counts as its address: it opens no slots of its own", async () => {
  const ada = await liveUser("Ada again");
  const running = [heldGraphql(), heldGraphql(bearer("made-up-token"))];
  await counted(2);
  const refused = await gql(s.url, "{ __typename }", {}, { token: "another-made-up-token" });
  expectRefused(refused, /\(your address \(signed out\) has 2 running\)/);
  // A live session is a caller of its own, from the same address.
  expect((await gql(s.url, "{ viewer { name } }", {}, { token: ada.token })).status).toBe(200);
  for (const request of running) expect((await request.finish()).status).toBe(200);
  await counted(0);
});

test("a session this process has not seen, at an address whose slots are held, runs as its account at once; a made-up token there waits as the address", async () => {
  // Signed up through /api/auth (as if elsewhere): no request of it has passed the gate yet.
  const fresh = await signUp(s.url, "Fresh");
  const from = { "x-forwarded-for": "203.0.113.77" };
  const running = [heldGraphql(from), heldGraphql(from)];
  await counted(2);
  // Answered while the address's two still hold its slots (as the address it would wait 300 ms, then 429).
  const first = await gql(s.url, "{ viewer { name } }", {}, { token: fresh.token, headers: from });
  expect(first.body).toEqual({ data: { viewer: { name: "Fresh" } } });
  expect(s.app.services.poolShares!.grants.at(-1)).toBe(`account:${fresh.user.id}`);
  // Known now: its next request is not looked up again, and still runs beside the address's two.
  expect((await gql(s.url, "{ viewer { name } }", {}, { token: fresh.token, headers: from })).status).toBe(200);
  const madeUp = await gql(s.url, "{ __typename }", {}, { token: "never-a-session", headers: from });
  expectRefused(madeUp, /\(your address \(signed out\) has 2 running\)/);
  for (const request of running) expect((await request.finish()).status).toBe(200);
  await counted(0);
});

test("signed out, each address is a caller, an IPv6 address by its /64", async () => {
  const from = (address: string) => ({ "x-forwarded-for": address });
  const read = (address: string) => gql(s.url, "{ __typename }", {}, { headers: from(address) });
  const running = [heldGraphql(from("2001:db8::1")), heldGraphql(from("2001:db8::2:3"))];
  await counted(2);
  expectRefused(await read("2001:db8::ffff"), /\(your address \(signed out\) has 2 running\)/);
  expect((await read("2001:db8:0:1::1")).status).toBe(200);
  expect((await read("192.0.2.1")).status).toBe(200);
  for (const request of running) expect((await request.finish()).status).toBe(200);
  await counted(0);
});

test("an API key and its owner's sessions are one caller, the account: with the key's 2 running its session waits and is refused; another account goes on", async () => {
  const ada = await liveUser("Kay");
  const { key } = await createApiKey(s.url, ada.token, { access: "READ_ONLY" });
  expect((await gql(s.url, "{ viewer { name } }", {}, { key })).body.data.viewer.name).toBe("Kay");
  const running = [heldGraphql(bearer(key)), heldGraphql(bearer(key))];
  await counted(2);
  expectRefused(
    await gql(s.url, "{ viewer { name } }", {}, { key }),
    /\(this account, all its sessions, keys and apps together, has 2 running\)/,
  );
  expectRefused(
    await gql(s.url, "{ viewer { name } }", {}, { token: ada.token }),
    /\(this account, all its sessions, keys and apps together, has 2 running\)/,
  );
  const other = await liveUser("Other");
  expect((await gql(s.url, "{ viewer { name } }", {}, { token: other.token })).status).toBe(200);
  for (const request of running) expect((await request.finish()).status).toBe(200);
  await counted(0);
});

test("the queue: 256 waiting per caller, the next refused at once; first come, first served; one that leaves is dropped; a known rate room bounds it", async () => {
  const queue = new CallerSlots({ perCaller: 2, waitMs: 60_000 });
  const gone = new AbortController();
  const live = new AbortController().signal;
  expect([await queue.acquire("c", live), await queue.acquire("c", live)]).toEqual([null, null]);
  const settled: number[] = [];
  const waiting = Array.from({ length: MAX_WAITING_PER_CALLER }, (_, i) =>
    queue.acquire("c", i === 0 ? gone.signal : live).then((refused) => {
      if (refused === null) settled.push(i);
      return refused;
    }),
  );
  expect(queue.count()).toEqual({ running: 2, waiting: 256 });
  expect(await queue.acquire("c", live)).toBe("queue-full"); // the 257th waiting
  expect(await queue.acquire("another caller", live)).toBeNull(); // its own queue: not behind c's
  gone.abort(); // the first waiting leaves: dropped
  expect(await waiting[0]).toBe("gone");
  expect(queue.count()).toEqual({ running: 3, waiting: 255 });
  queue.release("c"); // its slot goes to the next waiting, in order
  queue.release("c");
  await Promise.all([waiting[1], waiting[2]]);
  expect(settled).toEqual([1, 2]);
  for (let i = 0; i < 255; i++) queue.release("c");
  await Promise.all(waiting);
  expect(settled).toEqual(Array.from({ length: 255 }, (_, i) => i + 1));
  for (let i = 0; i < 2; i++) queue.release("c");
  queue.release("another caller");
  expect(queue.count()).toEqual({ running: 0, waiting: 0 });

  // A caller whose rate limit has 3 left: 2 run, 1 waits (each proceeds and takes one), the 4th is refused.
  const room = { left: 3, resetsAt: Date.now() + 30_000 };
  queue.learnRoom("k", room);
  for (let i = 0; i < 2; i++) {
    expect(await queue.acquire("k", live)).toBeNull();
    queue.proceed("k");
  }
  const third = queue.acquire("k", live);
  expect(await queue.acquire("k", live)).toEqual({ rate: room });
  queue.release("k");
  expect(await third).toBeNull();
  queue.proceed("k");
  expect(room.left).toBe(0);
  queue.release("k");
  queue.release("k");
  expect(await queue.acquire("k", live)).toEqual({ rate: room });
  // A minute gone by: the room is forgotten.
  queue.learnRoom("k", { left: 0, resetsAt: Date.now() - 1 });
  expect(await queue.acquire("k", live)).toBeNull();
  queue.release("k");
  expect(queue.count()).toEqual({ running: 0, waiting: 0 });
});

test("a slot is given back however its request ends: an error, the client gone (sending, queued, or while its query waits on a lock), the request's timeout", async () => {
  const ada = await liveUser("Cleo");
  const as = bearer(ada.token);
  // Errors: a body that is no JSON, a GraphQL syntax error, a refused mutation.
  const errors = [heldGraphql(as, "{not json}"), heldGraphql(as, JSON.stringify({ query: "{ viewer {" }))];
  await counted(2);
  expect((await errors[0].finish()).status).toBe(400);
  expect((await errors[1].finish()).body.errors).toHaveLength(1);
  await counted(0);
  expect(
    (await gql(s.url, 'mutation { logBodyweight(input: {date: "2026-01-01", weight: 80}) { date } }')).body.errors[0]
      .extensions.code,
  ).toBe("FORBIDDEN");
  await counted(0);

  // The client goes away while sending its body, and while waiting in the queue.
  const sending = [heldGraphql(as), heldGraphql(as)];
  await counted(2);
  const queued = heldGraphql(as);
  await counted(2, 1);
  queued.drop();
  await counted(2, 0);
  for (const request of sending) request.drop();
  await counted(0);

  // Blocked on a row lock: one request's client leaves (its query is cancelled), the other runs
  // into the request timeout (1 s here).
  const log = (weight: number) =>
    gql(
      s.url,
      'mutation($w: Float!) { logBodyweight(input: {date: "2026-01-02", weight: $w}) { weight } }',
      { w: weight },
      { token: ada.token },
    );
  expect((await log(80)).body.errors).toBeUndefined();
  const lock = await s.ownerPool.connect();
  try {
    await lock.query("begin");
    await lock.query("select 1 from app_public.bodyweights where date = '2026-01-02' for update");
    const leaving = new AbortController();
    const left = fetch(`${s.url}/api/graphql`, {
      method: "POST",
      signal: leaving.signal,
      headers: { "content-type": "application/json", accept: GRAPHQL_RESPONSE, ...as },
      body: JSON.stringify({ query: 'mutation { logBodyweight(input: {date: "2026-01-02", weight: 81}) { weight } }' }),
    }).catch((error: Error) => error.name);
    const timedOut = log(82);
    await counted(2);
    leaving.abort();
    expect(await left).toBe("AbortError");
    const answer = await timedOut;
    expect(answer.body.errors[0].extensions.code).toBe("TIMEOUT");
    await counted(0);
  } finally {
    await lock.query("rollback");
    lock.release();
  }
  // Both slots are free: 2 run at once again, the 3rd is refused.
  const again = [heldGraphql(as), heldGraphql(as)];
  await counted(2);
  expectRefused(await gql(s.url, "{ viewer { name } }", {}, { token: ada.token }), /this account/);
  for (const request of again) expect((await request.finish()).status).toBe(200);
  await counted(0);
});

describe("MCP", () => {
  const mcp = (token: string, body: string) =>
    held("/api/mcp", { ...bearer(token), accept: "application/json, text/event-stream" }, body);
  const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

  test("a connected app runs 2 requests at once within its account's cap; the 3rd gets 429 in JSON-RPC's shape; another account goes on", async () => {
    const user = await liveUser("Dee");
    const { access_token } = await connectRaw(s.url, user.token);
    const first = await toolsListWith(`${s.url}/api/mcp`, access_token);
    expect((await first.json()).result.tools.length).toBeGreaterThan(0);
    const running = [mcp(access_token, LIST), mcp(access_token, LIST)];
    await counted(2);
    const refused = await toolsListWith(`${s.url}/api/mcp`, access_token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message:
          "At most 2 requests of one caller may run at once (this account, all its sessions, keys and apps together, has 2 running) and none of its 2 slots came free within 0.3 s; retry in 1 s",
      },
      id: null,
    });
    const other = await liveUser("Dee's neighbour");
    expect((await gql(s.url, "{ viewer { name } }", {}, { token: other.token })).status).toBe(200);
    for (const request of running) expect((await request.finish()).body.result.tools.length).toBeGreaterThan(0);
    await counted(0);
  });

  test("a connected app this process has not seen, at an address whose slots are held, runs as its account at once; a made-up token there waits as the address", async () => {
    const user = await signUp(s.url, "Dee at the gym");
    // Issued through /api/oauth, never through the gate: unseen on /api/mcp.
    const { access_token } = await connectRaw(s.url, user.token);
    const from = { "x-forwarded-for": "203.0.113.78" };
    const running = [heldGraphql(from), heldGraphql(from)];
    await counted(2);
    const first = await toolsListWith(`${s.url}/api/mcp`, access_token, from);
    expect(first.status).toBe(200);
    expect((await first.json()).result.tools.length).toBeGreaterThan(0);
    // Known now as its account: the account's running count says so.
    expect(slots().count().running).toBe(2);
    const madeUp = await toolsListWith(`${s.url}/api/mcp`, "mcpa_never-issued", from);
    expect(madeUp.status).toBe(429);
    expect((await madeUp.json()).error.message).toMatch(/\(your address \(signed out\) has 2 running\)/);
    for (const request of running) expect((await request.finish()).status).toBe(200);
    await counted(0);
  });

  test("each tool call is priced by the operation guard like the same GraphQL, and charged to its connection's own budget: the user's other connection goes on", async () => {
    const user = await liveUser("Eve");
    const connectApp = async () => {
      const { access_token } = await connectRaw(s.url, user.token);
      const { rows } = await s.ownerPool.query(
        "select connection_id from app_private.oauth_tokens where token_hash = sha256(convert_to($1, 'UTF8'))",
        [access_token],
      );
      const client = new Client({ name: "budget-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${s.url}/api/mcp`), {
          requestInit: { headers: bearer(access_token) },
        }),
      );
      return { client, payer: `app:${rows[0].connection_id}` };
    };
    const [a, b] = [await connectApp(), await connectApp()];
    const tokens = async (payer: string) =>
      (await s.ownerPool.query("select tokens from app_private.cost_buckets where payer = $1", [payer])).rows[0]
        ?.tokens as number | undefined;
    const empty = (payer: string) =>
      s.ownerPool.query(
        `insert into app_private.cost_buckets (payer, tokens) values ($1, 0)
           on conflict (payer) do update set tokens = 0, updated_at = now()`,
        [payer],
      );
    const list = async (client: Client) => {
      const result: any = await client.callTool({ name: "list_workouts", arguments: {} });
      return { isError: result.isError ?? false, value: JSON.parse(result.content[0].text) };
    };
    const none = { isError: false, value: { workouts: [] } };
    try {
      expect(await list(a.client)).toEqual(none);
      // Charged to A's bucket once its response has closed; B has spent nothing.
      for (let i = 0; i < 200 && !((await tokens(a.payer))! < BUDGET); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await tokens(a.payer)).toBeLessThan(BUDGET);
      expect(await tokens(b.payer)).toBeUndefined();

      await empty(a.payer);
      const refused = await list(a.client);
      expect(refused).toMatchObject({ isError: true, value: { code: "RATE_LIMITED" } });
      // What is left is what refilled since the bucket was emptied, under the call's estimate.
      const [, callEstimate, left] =
        /estimated cost of (\d+) is more than the (\d+) left of this connected app's GraphQL cost budget/.exec(
          refused.value.error,
        )!;
      expect(Number(left)).toBeLessThan(Number(callEstimate));
      expect(await list(b.client)).toEqual(none);

      // The same operation on /api/graphql, with the session's share spent, has the same estimate.
      await s.ownerPool
        .query(
          "select (app_private.cost_payers(sha256(convert_to($1, 'UTF8')), null, null, null, false))[2] as payer",
          [user.token],
        )
        .then(({ rows }) => empty(rows[0].payer));
      const graphql = await gql(
        s.url,
        operationText(WORKOUTS),
        { limit: 20, since: null, until: null },
        { token: user.token },
      );
      expect(graphql.status).toBe(429);
      const estimate = (message: string) => /estimated cost of (\d+) /.exec(message)![1];
      expect(estimate(graphql.body.errors[0].message)).toBe(estimate(refused.value.error));
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });

  test("a batch is admitted call by call: a call that spent past what is left stops the next; one that spent less lets it run", async () => {
    const user = await liveUser("Fay");
    const app = async () => {
      const { access_token } = await connectRaw(s.url, user.token);
      const { rows } = await s.ownerPool.query(
        "select connection_id from app_private.oauth_tokens where token_hash = sha256(convert_to($1, 'UTF8'))",
        [access_token],
      );
      return { token: access_token, payer: `app:${rows[0].connection_id}` };
    };
    // The batches' app, and another whose refusal tells the call's estimate (a process that has
    // seen a bucket empty refuses it from memory until a charge shows it more).
    const [batching, probe] = [await app(), await app()];
    const setTokens = (tokens: number, payer = batching.payer) =>
      s.ownerPool.query(
        `insert into app_private.cost_buckets (payer, tokens) values ($1, $2)
           on conflict (payer) do update set tokens = $2, held = 0, updated_at = now()`,
        [payer, tokens],
      );
    const call = (id: number, weight: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "log_bodyweight", arguments: { date: "2026-02-03", weight, unit: "kg" } },
    });
    const batchAs = async (token: string, weights: number[]) => {
      const res = await fetch(`${s.url}/api/mcp`, {
        method: "POST",
        headers: {
          ...bearer(token),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(weights.map((w, i) => call(i + 1, w))),
      });
      const answers: any[] = await res.json();
      return answers.map((a) => ({ isError: a.result.isError ?? false, value: JSON.parse(a.result.content[0].text) }));
    };
    const batch = (...weights: number[]) => batchAs(batching.token, weights);
    const saved = async () =>
      (await s.ownerPool.query("select weight from app_public.bodyweights where user_id = $1", [user.user.id])).rows[0]
        ?.weight;
    expect((await batch(80))[0].isError).toBe(false);
    // The call's estimate, from its refusal with nothing left.
    await setTokens(0, probe.payer);
    const [refused] = await batchAs(probe.token, [80]);
    const estimate = Number(/estimated cost of (\d+) /.exec(refused.value.error)![1]);
    // Room for both estimates and 5,000 more: a call that spends less than that leaves room for the next.
    const room = 2 * estimate + 5_000;
    await setTokens(room);
    expect((await batch(81, 82)).map((a) => a.isError)).toEqual([false, false]);
    expect(await saved()).toBe(82);
    // The first call waits 500 ms on a row lock (about 50,000 spent): charged before the second
    // is admitted, it leaves less than the second's estimate, which is refused and saves nothing.
    await setTokens(room);
    const lock = await s.ownerPool.connect();
    let answers: Awaited<ReturnType<typeof batch>>;
    try {
      await lock.query("begin");
      await lock.query("select 1 from app_public.bodyweights where user_id = $1 for update", [user.user.id]);
      const sent = batch(83, 84);
      await new Promise((r) => setTimeout(r, 500));
      await lock.query("commit");
      answers = await sent;
    } finally {
      lock.release();
    }
    expect(answers[0].isError).toBe(false);
    expect(answers[1]).toMatchObject({ isError: true, value: { code: "RATE_LIMITED" } });
    expect(answers[1].value.error).toMatch(/this connected app's GraphQL cost budget/);
    expect(await saved()).toBe(83);
  });
});

test("a GraphQL batch (an array of operations) is refused whole: nothing of it is admitted or run", async () => {
  const res = await fetch(`${s.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: GRAPHQL_RESPONSE },
    body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]),
  });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.data).toBeUndefined();
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).toMatchObject({
    message: "Batched operations (a JSON array) are not supported: send one operation per request",
    extensions: { code: "BAD_REQUEST" },
  });
});

test("CALLER_CONCURRENCY: 4 by default; 1 to one less than a process's GraphQL pool; anything else refused at start, naming it", () => {
  expect(readConfig({}).callerConcurrency).toBe(4);
  expect(readConfig({ CALLER_CONCURRENCY: "1" }).callerConcurrency).toBe(1);
  expect(readConfig({ CALLER_CONCURRENCY: "19", WEB_CONCURRENCY: "1" }).callerConcurrency).toBe(19);
  expect(() => readConfig({ CALLER_CONCURRENCY: "20", WEB_CONCURRENCY: "1" })).toThrow(
    'CALLER_CONCURRENCY must be a whole number of requests from 1 to 19 (one less than the GraphQL pool of each of 1 API process), got "20"',
  );
  expect(readConfig({ CALLER_CONCURRENCY: "9", WEB_CONCURRENCY: "2" }).callerConcurrency).toBe(9);
  expect(() => readConfig({ CALLER_CONCURRENCY: "10", WEB_CONCURRENCY: "2" })).toThrow(/from 1 to 9 .*got "10"/);
  for (const bad of ["0", "-1", "2.5", "four"])
    expect(() => readConfig({ CALLER_CONCURRENCY: bad })).toThrow(/^CALLER_CONCURRENCY must be/);
});
