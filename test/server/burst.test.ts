// A burst is queued, not refused: with the default cap of requests at once (4) and its wait, 130
// requests sent at once with one API key all wait their turn, and exactly the 10 past the key's 120
// requests a minute are RATE_LIMITED (limit "requests"); none is refused for concurrency. Once this
// process knows what is left of the key's minute, the requests of a burst past it do not queue.
import { useTestServer, signUp, createApiKey } from "../support/harness.ts";
import { CALLER_CONCURRENCY } from "../../server/limits/caller-concurrency.ts";
import { RATE_LIMIT_PER_MINUTE } from "../../server/identity/api-key-meter.ts";

const s = useTestServer({ callerConcurrency: CALLER_CONCURRENCY });
const slots = () => s.app.services.callerSlots;

/**
 * A slot is given back once its request's database work has ended too, which can be just after
 * its answer reached the client: wait (bounded) for every slot to be given back.
 */
async function drained() {
  for (let i = 0; i < 500 && (slots().count().running > 0 || slots().count().waiting > 0); i++)
    await new Promise((r) => setTimeout(r, 10));
  return slots().count();
}

/** The key counts per calendar minute: start a burst early in one, so it cannot straddle two. */
async function earlyInAMinute() {
  const second = new Date().getUTCSeconds();
  if (second > 30) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

function burst(key: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${s.url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({ query: "{ viewer { name } }" }),
      }).then(async (res) => ({
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        remaining: res.headers.get("ratelimit-remaining"),
        body: await res.json(),
      })),
    ),
  );
}

const tally = (answers: { status: number; body: any }[]) => {
  const by: Record<string, number> = {};
  for (const { status, body } of answers) {
    const what =
      status === 200
        ? `200 ${body.data?.viewer?.name}`
        : `${status} ${body.errors[0].extensions.code} ${body.errors[0].extensions.limit}`;
    by[what] = (by[what] ?? 0) + 1;
  }
  return by;
};

test("130 requests at once with one key: 120 answered, 10 RATE_LIMITED for the key's requests a minute, none refused for concurrency", async () => {
  expect(CALLER_CONCURRENCY.perCaller).toBe(4);
  const user = await signUp(s.url, "Burst");
  const { key } = await createApiKey(s.url, user.token, { access: "READ_ONLY" });
  await earlyInAMinute();
  const answers = await burst(key, RATE_LIMIT_PER_MINUTE + 10);
  expect(tally(answers)).toEqual({ "200 Burst": 120, "429 RATE_LIMITED requests": 10 });
  for (const refused of answers.filter((a) => a.status === 429)) {
    expect(refused.body.errors[0].message).toMatch(/^Rate limit of 120 requests a minute reached for this key/);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  }
  expect(await drained()).toEqual({ running: 0, waiting: 0 });
});

test("a key this process knows has n requests left this minute queues n: the rest of a burst does not wait, its count refuses it (RATE_LIMITED, counted, with the key's headers)", async () => {
  const user = await signUp(s.url, "Known");
  const { key } = await createApiKey(s.url, user.token, { access: "READ_ONLY" });
  await earlyInAMinute();
  // 100 requests one by one: the process now knows the key and its 20 left.
  for (let i = 0; i < 100; i++) expect((await burst(key, 1))[0].status).toBe(200);
  const answers = await burst(key, 30);
  expect(tally(answers)).toEqual({ "200 Known": 20, "429 RATE_LIMITED requests": 10 });
  // Refused by the key's count (counted, with the key's headers), not for concurrency.
  for (const refused of answers.filter((a) => a.status === 429)) expect(refused.remaining).toBe("0");
  // Still refused after the burst: the 121st of the minute.
  expect((await burst(key, 1))[0].body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", limit: "requests" });
});
