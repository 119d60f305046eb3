// Webhooks from outside: registered over real HTTP with a session (never an API key), delivered by
// the real graphile-worker to a local receiver, signed per Standard Webhooks (checked against the
// spec's published test vector, and by the receiver with its own HMAC), retried with backoff, logged
// with their status codes, the webhook disabled after failed attempts in a row; private, loopback
// and link-local addresses refused unless WEBHOOK_ALLOW_PRIVATE allows them, at registration and
// again at delivery. Real saves through GraphQL fire them: a workout logged, edited and deleted
// reaches its owner's webhook as workout.created, .updated and .deleted, never another lifter's.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Runner } from "graphile-worker";
import { startTestServer, gql, gqlData, signUp, createApiKey, errorCode, type TestServer } from "../support/harness.ts";
import { startWorker } from "../../server/jobs/worker.ts";
import { taskList } from "../../server/jobs/tasks.ts";
import { signedHeaders, messageId } from "../../server/jobs/webhook-signature.ts";
import { postSigned, WEBHOOK_DELIVERY } from "../../server/jobs/webhook-delivery.ts";
import { parseAllowPrivate, addressProblem, checkWebhookUrl, PUBLIC_ONLY } from "../../server/http/outbound-address.ts";

const ALLOW = "127.0.0.0/8";
const FAILURES_BEFORE_DISABLE = 3;

type Received = { url: string; headers: http.IncomingHttpHeaders; body: string };
/** A local receiver: answers each request with the next status of `answers` (200 when none is left). */
function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body });
      res.writeHead(answers.shift() ?? 200).end("ok");
    });
  });
  return { server, received, answers, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

let s: TestServer;
let worker: Runner;
const hook = receiver();

beforeAll(async () => {
  s = await startTestServer({ webhookAllowPrivate: ALLOW });
  await new Promise<void>((resolve) => hook.server.listen(0, "127.0.0.1", resolve));
  worker = await startWorker(
    s.ownerPool,
    taskList({
      webhooks: { policy: parseAllowPrivate(ALLOW), failuresBeforeDisable: FAILURES_BEFORE_DISABLE, timeoutMs: 3000 },
    }),
  );
});
afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => hook.server.close(resolve));
  await s.close();
});

const CREATE = `mutation($url: String!, $events: [String!]!, $description: String) {
  createWebhook(input: { url: $url, events: $events, description: $description }) { secret webhook { id url events enabled } }
}`;
const TEST = `mutation($id: UUID!) { testWebhook(input: { id: $id }) { delivery { id event status } } }`;
const LOG = `query { viewer { webhooks { id enabled disabledReason consecutiveFailures deliveries { id event status attempts statusCode error } } } }`;

async function create(token: string, url = hook.url(), events = ["workout.created", "webhook.test"]) {
  const data = await gqlData(s.url, CREATE, { url, events, description: "Home Assistant" }, { token });
  return data.createWebhook as {
    secret: string;
    webhook: { id: string; url: string; events: string[]; enabled: boolean };
  };
}

async function webhooksOf(token: string) {
  return (await gqlData(s.url, LOG, {}, { token })).viewer.webhooks as {
    id: string;
    enabled: boolean;
    disabledReason: string | null;
    consecutiveFailures: number;
    deliveries: {
      id: string;
      event: string;
      status: string;
      attempts: number;
      statusCode: number | null;
      error: string | null;
    }[];
  }[];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The receiver's own check of a delivery's signature (not the library that signed it). */
function validSignature(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`)
    .digest("base64");
  return String(r.headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

test("signing matches the Standard Webhooks spec's test vector", () => {
  const headers = signedHeaders(
    "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    "msg_p5jXN8AQM9LWM0D4loKWxJek",
    new Date(1614265330 * 1000),
    '{"test": 2432232314}',
  );
  expect(headers).toEqual({
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  });
  expect(messageId("3f2b8c1e-9d4a-4c1b-8e2f-7a6b5c4d3e2f")).toBe("msg_3f2b8c1e9d4a4c1b8e2f7a6b5c4d3e2f");
});

test("addresses: public ones pass; private, loopback, link-local refused unless a range or `all` allows them", () => {
  const none = PUBLIC_ONLY;
  expect(addressProblem("93.184.216.34", none)).toBeNull();
  expect(addressProblem("2606:4700::1111", none)).toBeNull();
  expect(addressProblem("127.0.0.1", none)).toBe("127.0.0.1 is a loopback address");
  expect(addressProblem("10.1.2.3", none)).toBe("10.1.2.3 is a private address");
  expect(addressProblem("169.254.169.254", none)).toBe("169.254.169.254 is a link-local address");
  expect(addressProblem("::1", none)).toBe("::1 is a loopback address");
  expect(addressProblem("fe80::1", none)).toBe("fe80::1 is a link-local address");
  expect(addressProblem("fd00::5", none)).toBe("fd00::5 is a private (unique local) address");
  expect(addressProblem("::ffff:10.0.0.1", none)).toBe("10.0.0.1 is a private address");
  expect(addressProblem("0.0.0.0", none)).toBe("0.0.0.0 is an unspecified address");
  // A range allows exactly its addresses: the last one in, the first one out.
  const home = parseAllowPrivate("192.168.1.0/24, fd00::/8");
  expect(addressProblem("192.168.1.255", home)).toBeNull();
  expect(addressProblem("192.168.2.0", home)).toBe("192.168.2.0 is a private address");
  expect(addressProblem("fd12::1", home)).toBeNull();
  expect(addressProblem("127.0.0.1", home)).toBe("127.0.0.1 is a loopback address");
  expect(addressProblem("127.0.0.1", parseAllowPrivate("all"))).toBeNull();
  expect(addressProblem("10.0.0.7", parseAllowPrivate("10.0.0.7"))).toBeNull();
  expect(() => parseAllowPrivate("192.168.1.0/33")).toThrow(
    'WEBHOOK_ALLOW_PRIVATE: "192.168.1.0/33" is not an address range (e.g. 192.168.1.0/24), nor "all"',
  );
});

test("URLs: https, or http to an allowed private address; no credentials; the host's addresses checked", async () => {
  const allow = parseAllowPrivate(ALLOW);
  await expect(checkWebhookUrl("http://93.184.216.34/hook", allow)).rejects.toThrow(
    "url: must be an https URL (plain http only to a private address WEBHOOK_ALLOW_PRIVATE allows)",
  );
  await expect(checkWebhookUrl("ftp://93.184.216.34/hook", allow)).rejects.toThrow("url: must be an https URL");
  await expect(checkWebhookUrl("not a url", allow)).rejects.toThrow("url: not a URL");
  await expect(checkWebhookUrl("https://user:pw@93.184.216.34/", allow)).rejects.toThrow(
    "url: must not hold a user name or password",
  );
  await expect(checkWebhookUrl("https://[::1]:8123/api/webhook/x", allow)).rejects.toThrow(
    "url: [::1]: ::1 is a loopback address",
  );
  await expect(checkWebhookUrl("https://10.0.0.2/", allow)).rejects.toThrow(
    "url: 10.0.0.2: 10.0.0.2 is a private address",
  );
  expect((await checkWebhookUrl("https://93.184.216.34/hook", allow)).href).toBe("https://93.184.216.34/hook");
  expect((await checkWebhookUrl("http://127.0.0.1:8123/api/webhook/x", allow)).href).toBe(
    "http://127.0.0.1:8123/api/webhook/x",
  );
  await expect(checkWebhookUrl("http://127.0.0.1:8123/", PUBLIC_ONLY)).rejects.toThrow(
    "127.0.0.1 is a loopback address",
  );
});

test("registration: a session gets the secret once; an API key and a signed-out caller are refused; bad input names what is wrong", async () => {
  const u = await signUp(s.url, "Hooker");
  const made = await create(u.token);
  expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  expect(made.webhook).toMatchObject({ url: hook.url(), events: ["webhook.test", "workout.created"], enabled: true });
  // Listed without the secret.
  const listed = await gql(
    s.url,
    `query { viewer { webhooks { id url events description } } }`,
    {},
    { token: u.token },
  );
  expect(listed.body.data.viewer.webhooks).toEqual([
    {
      id: made.webhook.id,
      url: hook.url(),
      events: ["webhook.test", "workout.created"],
      description: "Home Assistant",
    },
  ]);
  expect(JSON.stringify(listed.body)).not.toContain(made.secret);
  const { key } = await createApiKey(s.url, u.token);
  const byKey = await gql(s.url, CREATE, { url: hook.url(), events: ["webhook.test"] }, { key });
  expect(errorCode(byKey)).toBe("FORBIDDEN");
  expect(byKey.body.errors[0].message).toBe("createWebhook needs a signed-in session; API keys cannot use it");
  expect(errorCode(await gql(s.url, CREATE, { url: hook.url(), events: ["webhook.test"] }))).toBe("FORBIDDEN");

  const refused = async (variables: Record<string, unknown>, message: string) => {
    const res = await gql(
      s.url,
      CREATE,
      { url: hook.url(), events: ["webhook.test"], ...variables },
      { token: u.token },
    );
    expect(errorCode(res)).toBe("INVALID_INPUT");
    expect(res.body.errors[0].message).toBe(message);
  };
  await refused(
    { url: "https://169.254.169.254/latest/meta-data" },
    "url: 169.254.169.254: 169.254.169.254 is a link-local address",
  );
  await refused(
    { url: "http://93.184.216.34/" },
    "url: must be an https URL (plain http only to a private address WEBHOOK_ALLOW_PRIVATE allows)",
  );
  await refused({ events: [] }, "events: choose at least one event");
  await refused(
    { events: ["workout.exploded"] },
    "events: workout.exploded is not an event (workout.created, workout.updated, workout.deleted, routine.created, routine.updated, routine.deleted, bodyweight.created, bodyweight.updated, bodyweight.deleted, measurement.created, measurement.updated, measurement.deleted, webhook.test)",
  );
  expect(await webhooksOf(u.token)).toHaveLength(1);
});

test("at most 10 webhooks per account: the 10th is made, the 11th LIMIT_REACHED", async () => {
  const u = await signUp(s.url, "Many Hooks");
  for (let i = 1; i <= 10; i++) await create(u.token);
  const eleventh = await gql(s.url, CREATE, { url: hook.url(), events: ["webhook.test"] }, { token: u.token });
  expect(errorCode(eleventh)).toBe("LIMIT_REACHED");
  expect(eleventh.body.errors[0].message).toBe("webhooks: at most 10 per account; delete one first");
  // Which limit and its number, for an app to say in its own language.
  expect(eleventh.body.errors[0].extensions).toEqual({ code: "LIMIT_REACHED", limit: "webhooks", max: 10 });
});

test("a test delivery arrives signed; the log shows it delivered with its status code", async () => {
  const u = await signUp(s.url, "Tester");
  const made = await create(u.token);
  const before = hook.received.length;
  const queued = await gqlData(s.url, TEST, { id: made.webhook.id }, { token: u.token });
  expect(queued.testWebhook.delivery).toMatchObject({ event: "webhook.test", status: "pending" });
  const [w] = await until(
    () => webhooksOf(u.token),
    (ws) => ws[0].deliveries[0]?.status !== "pending",
  );
  expect(w.deliveries[0]).toMatchObject({ status: "delivered", attempts: 1, statusCode: 200, error: null });
  const r = hook.received
    .slice(before)
    .find((x) => x.headers["webhook-id"] === messageId(queued.testWebhook.delivery.id));
  expect(r).toBeDefined();
  expect(r!.headers["content-type"]).toBe("application/json");
  expect(validSignature(made.secret, r!)).toBe(true);
  // Another secret does not verify it.
  expect(validSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", r!)).toBe(false);
  expect(Math.abs(Number(r!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
  const body = JSON.parse(r!.body);
  expect(body).toMatchObject({ type: "webhook.test", data: { webhookId: made.webhook.id } });
  expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
});

test("a failed attempt is retried with backoff under the same webhook-id, each attempt signed anew", async () => {
  const u = await signUp(s.url, "Retrier");
  const made = await create(u.token);
  hook.answers.push(500, 503);
  const queued = await gqlData(s.url, TEST, { id: made.webhook.id }, { token: u.token });
  const id = messageId(queued.testWebhook.delivery.id);
  const [w] = await until(
    () => webhooksOf(u.token),
    (ws) => ws[0].deliveries[0]?.status === "delivered",
    45_000,
  );
  expect(w.deliveries[0]).toMatchObject({ status: "delivered", attempts: 3, statusCode: 200, error: null });
  expect(w.consecutiveFailures).toBe(0);
  const attempts = hook.received.filter((r) => r.headers["webhook-id"] === id);
  expect(attempts).toHaveLength(3);
  for (const r of attempts) expect(validSignature(made.secret, r)).toBe(true);
  const times = attempts.map((r) => Number(r.headers["webhook-timestamp"]));
  // graphile-worker's backoff: at least e^1 s, then e^2 s, between the attempts.
  expect(times[1] - times[0]).toBeGreaterThanOrEqual(2);
  expect(times[2] - times[1]).toBeGreaterThanOrEqual(6);
});

test(`disabled after ${FAILURES_BEFORE_DISABLE} failed attempts in a row (not after ${FAILURES_BEFORE_DISABLE - 1}); enabled again it delivers`, async () => {
  const u = await signUp(s.url, "Failer");
  const made = await create(u.token);
  hook.answers.push(500, 500, 500);
  await gqlData(s.url, TEST, { id: made.webhook.id }, { token: u.token });
  const [twice] = await until(
    () => webhooksOf(u.token),
    (ws) => ws[0].consecutiveFailures >= FAILURES_BEFORE_DISABLE - 1,
  );
  expect(twice).toMatchObject({ enabled: true, consecutiveFailures: FAILURES_BEFORE_DISABLE - 1 });
  expect(twice.deliveries[0]).toMatchObject({ status: "pending", statusCode: 500, error: "answered 500" });
  const [off] = await until(
    () => webhooksOf(u.token),
    (ws) => !ws[0].enabled,
    45_000,
  );
  expect(off).toMatchObject({ enabled: false, disabledReason: "3 failed attempts in a row", consecutiveFailures: 3 });
  expect(off.deliveries[0]).toMatchObject({ status: "failed", attempts: 3, statusCode: 500, error: "answered 500" });
  const refused = await gql(s.url, TEST, { id: made.webhook.id }, { token: u.token });
  expect(errorCode(refused)).toBe("INVALID_INPUT");
  expect(refused.body.errors[0].message).toBe("This webhook is disabled (3 failed attempts in a row): enable it first");
  await gqlData(
    s.url,
    `mutation($id: UUID!) { setWebhookEnabled(input: { id: $id, enabled: true }) { webhook { enabled consecutiveFailures } } }`,
    { id: made.webhook.id },
    { token: u.token },
  );
  await gqlData(s.url, TEST, { id: made.webhook.id }, { token: u.token });
  const [on] = await until(
    () => webhooksOf(u.token),
    (ws) => ws[0].deliveries[0]?.status === "delivered",
  );
  expect(on).toMatchObject({ enabled: true, consecutiveFailures: 0 });
});

test("events go to the webhooks that asked for them; deleting a webhook deletes its log", async () => {
  const u = await signUp(s.url, "Events");
  const wants = await create(u.token, hook.url(), ["workout.created"]);
  const other = await create(u.token, hook.url(), ["routine.deleted"]);
  const { rows } = await s.ownerPool.query("select app_hidden.enqueue_webhooks($1, 'workout.created', $2) as n", [
    u.user.id,
    JSON.stringify({ workoutId: "00000000-0000-4000-8000-000000000001" }),
  ]);
  expect(rows[0].n).toBe(1);
  const ws = await until(
    () => webhooksOf(u.token),
    (x) => x.find((w) => w.id === wants.webhook.id)?.deliveries[0]?.status === "delivered",
  );
  expect(ws.find((w) => w.id === wants.webhook.id)!.deliveries.map((d) => d.event)).toEqual(["workout.created"]);
  expect(ws.find((w) => w.id === other.webhook.id)!.deliveries).toEqual([]);
  const deleted = await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteWebhook(input: { id: $id }) { id } }`,
    { id: wants.webhook.id },
    { token: u.token },
  );
  expect(deleted.deleteWebhook.id).toBe(wants.webhook.id);
  const { rows: left } = await s.ownerPool.query(
    "select count(*)::int as n from app_public.webhook_deliveries where webhook_id = $1",
    [wants.webhook.id],
  );
  expect(left[0].n).toBe(0);
  // Another lifter cannot delete, test or see it.
  const stranger = await signUp(s.url, "Stranger");
  expect(errorCode(await gql(s.url, TEST, { id: other.webhook.id }, { token: stranger.token }))).toBe("NOT_FOUND");
  expect(await webhooksOf(stranger.token)).toEqual([]);
});

test("at delivery the address is checked again: a URL that now means a refused address is not called", async () => {
  const before = hook.received.length;
  const outcome = await postSigned(
    { url: hook.url(), secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", body: "{}", enabled: true, status: "pending" },
    "msg_x",
    { ...WEBHOOK_DELIVERY, policy: PUBLIC_ONLY },
  );
  expect(outcome).toEqual({ statusCode: null, error: "refused: 127.0.0.1: 127.0.0.1 is a loopback address" });
  expect(hook.received.length).toBe(before);
});

const APPLY_WORKOUT = `mutation($doc: JSON) { applyWorkoutDocument(input: { document: $doc }) { workout { id } document } }`;

test("real saves fire: a workout logged, edited and deleted arrives signed as its event; never at another lifter's webhook", async () => {
  const u = await signUp(s.url, "Saver");
  const v = await signUp(s.url, "Neighbour");
  const events = ["workout.created", "workout.updated", "workout.deleted"];
  const mine = await create(u.token, `${hook.url()}/saver`, events);
  const theirs = await create(v.token, `${hook.url()}/neighbour`, events);
  const at = (path: string) => hook.received.filter((r) => r.url === `/hook/${path}`);
  const delivered = (token: string, n: number) =>
    until(
      () => webhooksOf(token),
      (ws) => ws[0].deliveries.length >= n && ws[0].deliveries.every((d) => d.status !== "pending"),
    );

  const push = { name: "Push", date: "2026-03-02", exercises: [{ exercise: "Bench Press", sets: ["100x5"] }] };
  const saved = (await gqlData(s.url, APPLY_WORKOUT, { doc: push }, { token: u.token })).applyWorkoutDocument;
  const id = saved.workout.id as string;
  // The neighbour logs one too, at the same time: it goes to their webhook only.
  const theirId = (await gqlData(s.url, APPLY_WORKOUT, { doc: { ...push, name: "Legs" } }, { token: v.token }))
    .applyWorkoutDocument.workout.id as string;
  // A refused save (rolled back) sends nothing.
  const bad = await gql(s.url, APPLY_WORKOUT, { doc: { ...push, date: "not a date" } }, { token: u.token });
  expect(bad.body.errors).toBeDefined();

  const [created] = await delivered(u.token, 1);
  expect(created.deliveries).toEqual([
    expect.objectContaining({ event: "workout.created", status: "delivered", attempts: 1, statusCode: 200 }),
  ]);
  const first = at("saver").find((r) => r.headers["webhook-id"] === messageId(created.deliveries[0].id));
  expect(first).toBeDefined();
  expect(validSignature(mine.secret, first!)).toBe(true);
  expect(validSignature(theirs.secret, first!)).toBe(false);
  const body = JSON.parse(first!.body);
  expect(body).toMatchObject({
    type: "workout.created",
    data: {
      kind: "workout",
      id,
      op: "created",
      summary: "Logged Push on 2026-03-02",
      via: "session",
      undoOf: null,
      document: { id, name: "Push", exercises: [{ exercise: "Bench Press", sets: ["100x5"] }], version: 1 },
    },
  });
  expect(body.data.client).toMatch(/^web app \(|^svc /);
  expect(body.data.cursor).toMatch(/^\d+$/);

  // Edited over its version, then deleted: one delivery each, in order.
  await gqlData(s.url, APPLY_WORKOUT, { doc: { ...saved.document, name: "Push heavy" } }, { token: u.token });
  await gqlData(
    s.url,
    `mutation($id: UUID!) { deleteWorkoutById(input: { id: $id }) { workout { id } } }`,
    { id },
    { token: u.token },
  );
  const [all] = await delivered(u.token, 3);
  expect(all.deliveries.map((d) => [d.event, d.status])).toEqual([
    ["workout.deleted", "delivered"],
    ["workout.updated", "delivered"],
    ["workout.created", "delivered"],
  ]);
  // In commit order (the worker may send two at once).
  const bodies = at("saver")
    .map((r) => JSON.parse(r.body))
    .sort((a, b) => Number(a.data.cursor) - Number(b.data.cursor));
  expect(bodies.map((b) => [b.type, b.data.id, b.data.summary])).toEqual([
    ["workout.created", id, "Logged Push on 2026-03-02"],
    ["workout.updated", id, "Edited Push heavy on 2026-03-02"],
    ["workout.deleted", id, "Deleted Push heavy on 2026-03-02"],
  ]);
  expect(bodies[1].data.document).toMatchObject({ name: "Push heavy", version: 2 });
  expect(bodies[2].data.document).toBeNull();
  for (const r of at("saver")) expect(validSignature(mine.secret, r)).toBe(true);

  // The neighbour's webhook got their workout and nothing of the saver's.
  const [neighbour] = await delivered(v.token, 1);
  expect(neighbour.deliveries.map((d) => d.event)).toEqual(["workout.created"]);
  expect(at("neighbour").map((r) => JSON.parse(r.body).data.id)).toEqual([theirId]);
  expect(at("neighbour").every((r) => validSignature(theirs.secret, r))).toBe(true);
  expect(JSON.stringify(at("saver"))).not.toContain(theirId);
});
