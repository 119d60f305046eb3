// The `@svc/sdk` client against the real server: every typed function the CLI uses, the raw
// `request`, and each typed error (with its code, path/reason, retryAfter) from real responses.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import {
  createClient,
  SvcError,
  InvalidDocumentError,
  RateLimitedError,
  ForbiddenError,
  NotFoundError,
  NetworkError,
  operations,
} from "@svc/sdk";
import { validateRoutineDocument } from "@svc/sdk/documents";
import { startTestServer, signUp, type TestServer } from "../../test/support/harness.ts";
import { closedUrl } from "../../cli/test/support.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function caught(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test("package exports: @svc/sdk, @svc/sdk/documents and @svc/sdk/schema.graphql", () => {
  const require = createRequire(import.meta.url);
  expect(readFileSync(require.resolve("@svc/sdk/schema.graphql"), "utf8")).toContain("type Query");
  expect(typeof validateRoutineDocument).toBe("function");
  expect(operations.VIEWER).toMatchObject({ kind: "Document" });
});

test("every operation the client sends is valid against schema.graphql", async () => {
  const { buildSchema, parse, print, validate } = await import("graphql");
  const require = createRequire(import.meta.url);
  const schema = buildSchema(readFileSync(require.resolve("@svc/sdk/schema.graphql"), "utf8"));
  const problems = Object.entries(operations).flatMap(([name, document]) =>
    validate(schema, parse(print(document))).map((e) => `${name}: ${e.message}`),
  );
  expect(problems).toEqual([]);
  expect(Object.keys(operations).length).toBeGreaterThanOrEqual(21);
});

test("createClient refuses an address that is not http(s)", () => {
  expect(() => createClient({ url: "ftp://example.com" })).toThrow(SvcError);
  expect(() => createClient({ url: "example.com" })).toThrow(/http/);
});

test("auth, viewer, settings, bodyweight and the raw request", async () => {
  const anonymous = createClient({ url: `${s.url}/` });
  expect(anonymous.url).toBe(s.url);
  expect(await anonymous.viewer()).toBeNull();
  expect(await anonymous.request("{ viewer { id } }")).toEqual({ viewer: null });
  expect(await anonymous.auth.getSession()).toBeNull();

  const email = `sdk-${Date.now()}@example.com`;
  const up = await createClient({ url: s.url, clientName: "sdk test" }).auth.signUp({
    name: "Sdk",
    email,
    password: "correct horse battery",
  });
  expect(up.user).toMatchObject({ name: "Sdk", email });
  const client = createClient({ url: s.url, token: up.token });
  expect(await client.viewer()).toMatchObject({ id: up.user.id, name: "Sdk", unit: "kg", effort: "rpe" });
  expect((await client.auth.getSession())?.session.client).toBe("sdk test");
  expect(await client.updateSettings({ unit: "lb" })).toMatchObject({ unit: "lb", effort: "rpe" });
  expect(await client.logBodyweight({ date: "2026-04-01", weight: 180 })).toMatchObject({
    date: "2026-04-01",
    weight: 180,
    unit: "lb",
  });
  expect(await client.logBodyweight({ date: "2026-04-02", weight: 81, unit: "kg" })).toMatchObject({ unit: "kg" });
  expect((await client.bodyweights({ limit: 1 })).map((b) => b.date)).toEqual(["2026-04-02"]);
  expect(
    await client.request<{ viewer: { email: string } }>(
      "query($x: Int) { viewer { email workouts(limit: $x) { id } } }",
      { x: 1 },
    ),
  ).toEqual({ viewer: { email, workouts: [] } });

  const again = await createClient({ url: s.url }).auth.signIn({ email, password: "correct horse battery" });
  expect(await createClient({ url: s.url, token: again.token }).signOutOtherSessions()).toBe(1);
  expect(await client.viewer()).toBeNull();
  await createClient({ url: s.url, token: again.token }).auth.signOut();
  expect(await createClient({ url: s.url, token: again.token }).viewer()).toBeNull();
});

test("deleteAccount: a wrong password is WRONG_PASSWORD and nothing is deleted; the password deletes; the id is answered", async () => {
  await signUp(s.url, "Owner"); // the first account is the admin, never the one deleted here
  const { token, email, password, user } = await signUp(s.url, "Leaving");
  await s.ownerPool.query("update app_public.sessions set created_at = now() - interval '1 hour' where user_id = $1", [
    user.id,
  ]);
  const client = createClient({ url: s.url, token });
  const required = await caught(client.deleteAccount());
  expect(required).toBeInstanceOf(SvcError);
  expect(required.code).toBe("PASSWORD_REQUIRED");
  const wrong = await caught(client.deleteAccount({ password: "not the password" }));
  expect([wrong.code, wrong.message]).toEqual(["WRONG_PASSWORD", "password: wrong password; nothing was deleted"]);
  expect((await client.viewer())?.email).toBe(email);
  expect(await client.deleteAccount({ password })).toBe(user.id);
  expect(await client.viewer()).toBeNull();
});

test("documents, routines, workouts and search", async () => {
  const { token } = await signUp(s.url, "Docs");
  const client = createClient({ url: s.url, token });
  const applied = await client.applyRoutineDocument({
    name: "Pull",
    exercises: [{ exercise: "pullup", sets: 3, reps: 8 }],
  });
  expect(applied).toMatchObject({
    created: true,
    routine: { name: "Pull" },
    document: { name: "Pull", id: applied.routine.id },
  });
  expect(await client.routines()).toEqual([applied.routine]);
  expect(await client.routineDocument("pull")).toEqual(applied.document);
  expect(await client.routineDocument("nothing")).toBeNull();
  expect((await client.routineDocument(applied.routine.id, { unit: "lb" }))?.unit).toBe("lb");
  // Saved again, unchanged: the same document at its next version.
  expect(await client.applyRoutineDocument(applied.document)).toMatchObject({
    created: false,
    document: { ...applied.document, version: Number(applied.document.version) + 1 },
  });

  const logged = await client.applyWorkoutDocument({
    date: "2026-04-03",
    exercises: [{ exercise: "bench", sets: ["100x5"] }],
  });
  expect(logged).toMatchObject({ created: true, workout: { date: "2026-04-03", name: null } });
  expect(await client.workouts({ limit: 5 })).toEqual([logged.workout]);
  expect(await client.workout(logged.workout.id)).toEqual(logged.workout);
  expect(await client.workoutDocument(logged.workout.id)).toEqual(logged.document);
  expect(await client.deleteWorkout(logged.workout.id)).toEqual(logged.workout);
  expect(await client.workout(logged.workout.id)).toBeNull();
  expect(await client.deleteRoutine(applied.routine.id)).toEqual(applied.routine);

  const found = await client.searchExercises("bench", { limit: 2 });
  expect(found).toHaveLength(2);
  expect(found[0]).toMatchObject({ name: "Bench Press", aliases: expect.arrayContaining(["bench"]) });
});

test("InvalidDocumentError carries the path and reason of the first problem; nothing saved", async () => {
  const { token } = await signUp(s.url);
  const client = createClient({ url: s.url, token });
  const error = await caught(
    client.applyRoutineDocument({ name: "X", exercises: [{ exercise: "bench", sets: 3, reps: "12-8" }] }),
  );
  expect(error).toBeInstanceOf(InvalidDocumentError);
  expect(error).toBeInstanceOf(SvcError);
  const offline = validateRoutineDocument({ name: "X", exercises: [{ exercise: "bench", sets: 3, reps: "12-8" }] });
  expect(offline.valid).toBe(false);
  expect({ code: error.code, path: error.path, reason: error.reason }).toEqual({
    code: "INVALID_DOCUMENT",
    path: "exercises[0].reps",
    reason: offline.valid ? "" : offline.reason,
  });
  expect(error.message).toBe(`exercises[0].reps: ${error.reason}`);
  expect(await client.routines()).toEqual([]);
});

test("ForbiddenError: signed out, read-only key, key on a session-only field, non-admin", async () => {
  const anonymous = createClient({ url: s.url });
  const signedOut = await caught(anonymous.logBodyweight({ date: "2026-01-01", weight: 80 }));
  expect(signedOut).toBeInstanceOf(ForbiddenError);
  expect(signedOut.code).toBe("FORBIDDEN");
  await expect(anonymous.routines()).rejects.toBeInstanceOf(ForbiddenError);

  const { token } = await signUp(s.url);
  const client = createClient({ url: s.url, token });
  const { key, apiKey } = await client.createApiKey({ name: "ro", access: "READ_ONLY", expiresIn: "DAYS_30" });
  expect(key).toMatch(/^svc_/);
  expect((await client.apiKeys()).map((k) => k.id)).toEqual([apiKey.id]);
  const reader = createClient({ url: s.url, apiKey: key });
  expect(await reader.viewer()).not.toBeNull();
  const readOnly = await caught(reader.logBodyweight({ date: "2026-01-01", weight: 80 }));
  expect(readOnly).toBeInstanceOf(ForbiddenError);
  expect(readOnly.message).toMatch(/read only/);
  await expect(reader.apiKeys()).rejects.toBeInstanceOf(ForbiddenError);

  const admin = await caught(client.admin.banUser({ userId: "00000000-0000-4000-8000-000000000000" }));
  expect(admin).toBeInstanceOf(ForbiddenError);
  expect(admin.status).toBe(403);
  const adminWithKey = await caught(reader.admin.unbanUser({ userId: "00000000-0000-4000-8000-000000000000" }));
  expect(adminWithKey).toBeInstanceOf(ForbiddenError);
  expect(adminWithKey.status).toBe(401);

  await client.revokeApiKey(apiKey.id);
  expect(await reader.viewer()).toBeNull();
  const again = await caught(client.revokeApiKey(apiKey.id));
  expect(again).toBeInstanceOf(NotFoundError);
  expect(again.code).toBe("NOT_FOUND");
});

test("SvcError codes from auth routes: wrong password, taken email, bad input", async () => {
  const { email } = await signUp(s.url);
  const anonymous = createClient({ url: s.url });
  const wrong = await caught(anonymous.auth.signIn({ email, password: "nope nope nope" }));
  expect(wrong).toBeInstanceOf(SvcError);
  expect(wrong).not.toBeInstanceOf(ForbiddenError);
  expect({ code: wrong.code, status: wrong.status }).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", status: 401 });
  const taken = await caught(anonymous.auth.signUp({ name: "x", email, password: "correct horse battery" }));
  expect({ code: taken.code, status: taken.status }).toEqual({ code: "USER_ALREADY_EXISTS", status: 409 });
  const short = await caught(anonymous.auth.signUp({ name: "x", email: "new@example.com", password: "short" }));
  expect(short.status).toBe(400);
  const badInput = await caught(
    createClient({ url: s.url, token: (await signUp(s.url)).token }).logBodyweight({ date: "2026-02-30", weight: 80 }),
  );
  expect(badInput.code).toBe("INVALID_INPUT");
});

test("RateLimitedError with retryAfter once a key has used its 120 requests this minute", async () => {
  const { token } = await signUp(s.url);
  const { key } = await createClient({ url: s.url, token }).createApiKey({
    name: "busy",
    access: "READ_ONLY",
    expiresIn: "DAYS_30",
  });
  const client = createClient({ url: s.url, apiKey: key, rateLimitRetries: 0 });
  const second = new Date().getUTCSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
  for (let i = 0; i < 12; i += 1)
    await Promise.all(Array.from({ length: 10 }, () => client.request("{ viewer { id } }")));
  const error = await caught(client.viewer());
  expect(error).toBeInstanceOf(RateLimitedError);
  expect(error.code).toBe("RATE_LIMITED");
  expect(error.status).toBe(429);
  expect(error.retryAfter).toBeGreaterThanOrEqual(1);
  expect(error.retryAfter).toBeLessThanOrEqual(60);
});

test("NetworkError: nothing listening, or no answer in time; BAD_RESPONSE: not a Training Log server", async () => {
  const nowhere = await closedUrl();
  const refused = await caught(createClient({ url: nowhere }).viewer());
  expect(refused).toBeInstanceOf(NetworkError);
  expect(refused.message).toBe(`Could not reach the Training Log server at ${nowhere} (connection refused)`);

  const silent = await listen(() => undefined);
  try {
    const slow = await caught(createClient({ url: silent.url, timeoutMs: 200 }).viewer());
    expect(slow).toBeInstanceOf(NetworkError);
    expect(slow.message).toMatch(/did not answer in time/);
  } finally {
    silent.server.closeAllConnections();
    silent.server.close();
  }

  const html = await listen((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html>hello</html>");
  });
  try {
    const wrong = await caught(createClient({ url: html.url }).viewer());
    expect(wrong).toBeInstanceOf(SvcError);
    expect(wrong.code).toBe("BAD_RESPONSE");
    expect(wrong.message).toMatch(/did not answer like a Training Log server \(HTTP 200, not JSON\)/);
  } finally {
    html.server.close();
  }
});
