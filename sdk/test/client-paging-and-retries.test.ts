// The SDK against the real server for long histories: workouts with their sets a page (20) per
// request (weekly volume in one), admin user lookup, custom exercises and bodyweight delete, and a
// key over its rate limit waiting Retry-After (bounded) instead of failing.
import { createClient, RateLimitedError, ForbiddenError } from "@svc/sdk";
import { startTestServer, signUp, type TestServer } from "../../test/support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** A client that counts the GraphQL requests it sends. */
function counted(options: Parameters<typeof createClient>[0]) {
  const sent = { graphql: 0 };
  const client = createClient({
    ...options,
    fetch: (input, init) => {
      if (String(input).endsWith("/api/graphql")) sent.graphql += 1;
      return fetch(input, init);
    },
  });
  return { client, sent };
}

const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

test("workoutsWithSets: 45 workouts with their sets in 3 requests, newest first; since and limit stop early", async () => {
  const { token } = await signUp(s.url, "Long History");
  const writer = createClient({ url: s.url, token });
  for (let i = 0; i < 45; i += 1) {
    await writer.applyWorkoutDocument({
      date: day(i),
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["w:40x5", `${60 + i}x5`, `${60 + i}x5`] },
        { exercise: "Back Squat", sets: ["100x3"] },
      ],
    });
  }
  const { client, sent } = counted({ url: s.url, token });
  const all = await client.workoutsWithSets();
  expect(sent.graphql).toBe(3);
  expect(all).toHaveLength(45);
  expect(all.map((w) => w.date)).toEqual(Array.from({ length: 45 }, (_, i) => day(44 - i)));
  expect(new Set(all.map((w) => w.id)).size).toBe(45);
  const newest = all[0];
  expect(newest.exercises.map((e) => e.exercise?.name)).toEqual(["Bench Press", "Back Squat"]);
  expect(newest.exercises[0].sets.map((x) => x.text)).toEqual(["w:40x5", "104x5", "104x5"]);
  expect(newest.exercises[0].sets.map((x) => x.volumeKg)).toEqual([0, 520, 520]);

  sent.graphql = 0;
  const recent = await client.workoutsWithSets({ since: day(30) });
  expect(recent.map((w) => w.date)).toEqual(Array.from({ length: 15 }, (_, i) => day(44 - i)));
  expect(sent.graphql).toBe(1);
  sent.graphql = 0;
  expect(await client.workoutsWithSets({ limit: 21 })).toHaveLength(21);
  expect(sent.graphql).toBe(2);

  // Weekly volume for the whole history (the SDK's volumePerWeek): one request, summed in the database.
  sent.graphql = 0;
  const weeks = await client.volumePerWeek();
  expect(sent.graphql).toBe(1);
  const total = weeks.reduce((sum, w) => sum + w.volume, 0);
  const expected = Array.from({ length: 45 }, (_, i) => 2 * (60 + i) * 5 + 300).reduce((a, b) => a + b, 0);
  expect(total).toBeCloseTo(expected, 6);
  expect(weeks.reduce((sum, w) => sum + w.workouts, 0)).toBe(45);

  // Signed out: refused as such, not an empty history.
  await expect(createClient({ url: s.url }).workoutsWithSets()).rejects.toBeInstanceOf(ForbiddenError);
  await expect(createClient({ url: s.url }).customExercises()).rejects.toBeInstanceOf(ForbiddenError);
});

test("custom exercises, bodyweight delete and admin users through the SDK", async () => {
  const { token } = await signUp(s.url, "Sdk Parity");
  const client = createClient({ url: s.url, token });
  const made = await client.createCustomExercise({ name: "Zercher Lunge", equipment: "barbell", region: "lower" });
  expect(made).toMatchObject({
    name: "Zercher Lunge",
    custom: true,
    equipment: "barbell",
    region: "lower",
    kind: "reps",
  });
  expect((await client.customExercises()).map((e) => e.name)).toEqual(["Zercher Lunge"]);
  const everything = await client.exercises();
  const catalog = (await s.ownerPool.query("select count(*)::int as n from app_public.exercises where user_id is null"))
    .rows[0].n;
  expect(everything).toHaveLength(catalog + 1); // the catalog and the custom one
  expect(catalog).toBeGreaterThan(300); // the whole catalog is there, not a first page of it
  expect(everything.filter((e) => e.custom)).toHaveLength(1);
  expect(await client.updateCustomExercise(made.id, { name: "Zercher Box Squat" })).toMatchObject({
    id: made.id,
    name: "Zercher Box Squat",
  });
  expect((await client.deleteCustomExercise(made.id)).id).toBe(made.id);
  expect(await client.customExercises()).toEqual([]);

  const logged = await client.logBodyweight({ date: "2026-01-02", weight: 80 });
  expect(await client.deleteBodyweight(logged.id)).toMatchObject({ date: "2026-01-02", weight: 80 });
  expect(await client.bodyweights()).toEqual([]);
  await expect(client.deleteBodyweight(logged.id)).rejects.toMatchObject({ code: "NOT_FOUND" });

  // adminUsers: admins with a session only.
  await expect(client.admin.users()).rejects.toMatchObject({ code: "FORBIDDEN" });
  const admin = await signUp(s.url, "Sdk Admin");
  await s.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
  const asAdmin = createClient({ url: s.url, token: admin.token });
  const found = await asAdmin.admin.users("sdk parity");
  expect(found).toEqual([expect.objectContaining({ name: "Sdk Parity", role: "user", banned: false })]);
  // More users than one page (100) come back through the cursor.
  for (let i = 0; i < 101; i += 1) await signUp(s.url, `Paged ${i}`);
  const all = await asAdmin.admin.users();
  expect(all.length).toBeGreaterThanOrEqual(104);
  expect(new Set(all.map((u) => u.id)).size).toBe(all.length);
  expect((await asAdmin.admin.users("paged ")).length).toBe(101);
});

test("a key over its rate limit: waits Retry-After and succeeds; bounded by rateLimitRetries and maxRetryWaitSeconds", async () => {
  const { token } = await signUp(s.url, "Busy Script");
  const { key, apiKey } = await createClient({ url: s.url, token }).createApiKey({
    name: "busy",
    access: "READ_ONLY",
    expiresIn: "DAYS_30",
  });
  // Near the end of a minute, so the wait (until the next minute) stays short.
  const second = new Date().getUTCSeconds();
  if (second < 52) await new Promise((r) => setTimeout(r, (53 - second) * 1000));
  await s.ownerPool.query(
    "insert into app_private.rate_counters (subject, window_start, count) values ('key:' || $1, date_trunc('minute', now()), 120)",
    [apiKey.id],
  );

  const impatient = createClient({ url: s.url, apiKey: key, rateLimitRetries: 0 });
  const refused = await impatient.viewer().catch((e) => e);
  expect(refused).toBeInstanceOf(RateLimitedError);
  const tooLong = createClient({ url: s.url, apiKey: key, maxRetryWaitSeconds: 0 });
  expect(await tooLong.viewer().catch((e) => e)).toBeInstanceOf(RateLimitedError);

  const waits: { seconds: number; attempt: number }[] = [];
  const { client, sent } = counted({ url: s.url, apiKey: key, onRateLimitWait: (info) => waits.push(info) });
  const started = Date.now();
  const viewer = await client.viewer();
  expect(viewer?.name).toBe("Busy Script");
  expect(sent.graphql).toBe(2); // refused once, then answered
  expect(waits).toEqual([{ seconds: expect.any(Number), attempt: 1 }]);
  expect(waits[0].seconds).toBeGreaterThanOrEqual(1);
  expect(waits[0].seconds).toBeLessThanOrEqual(9);
  expect(Date.now() - started).toBeGreaterThanOrEqual(waits[0].seconds * 1000 - 50);
}, 90_000);
