// The GraphQL pool handed out fairly, from outside (real sockets, several loopback addresses): a
// server with 2 GraphQL connections to share, 1 of them for signed-out requests. With every
// connection held (requests blocked on row locks the test holds), requests of three accounts
// queue; the next connection freed goes to the next account in turn, so a victim that asked last
// is answered while two flooders' earlier requests still wait (the pool's own first-come queue put
// it behind all of them). Signed-out requests from three addresses hold at most their share (one
// connection), the others wait while a signed-in request takes the other connection at once, a
// session's first request in this process among them. Heavy operations take turns in a lane of one.
import http from "node:http";
import { useTestServer, signUp } from "../support/harness.ts";

const s = useTestServer({
  poolShares: { connections: 2, signedOut: 1 },
  callerConcurrency: { perCaller: 2, waitMs: 60_000 },
  // Saves blocked on the test's row locks must not time out meanwhile on a loaded machine.
  statementTimeoutMs: 60_000,
  requestTimeoutMs: 60_000,
  clientCostLimits: { perSessionPerMinute: 1e9, perAddressPerMinute: 1e9, windowSeconds: 1e9 },
});

type Answer = { status: number; body: any };
/** A GraphQL POST from `from` (a loopback address), with a session token when given. */
function gqlFrom(from: string, query: string, token?: string, variables: Record<string, unknown> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(new URL("/api/graphql", s.url), {
      method: "POST",
      localAddress: from,
      agent: false,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ query, variables }));
  });
}

const shares = () => s.app.services.poolShares!;
/** Waits until the fair shares count this many connections handed out and requests waiting. */
async function counted(running: number, waiting: number) {
  for (let i = 0; i < 1000; i++) {
    const now = shares().count();
    if (now.running === running && now.waiting === waiting) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(shares().count()).toMatchObject({ running, waiting });
}

const LOG = 'mutation($w: Float!) { logBodyweight(input: {date: "2026-01-02", weight: $w}) { weight } }';

/** A user whose session this process has seen live, with a bodyweight row to lock. */
async function lifter(name: string, from: string) {
  const user = await signUp(s.url, name);
  const first = await gqlFrom(from, LOG, user.token, { w: 80 });
  expect(first.body.errors).toBeUndefined();
  return user;
}

/** The user's bodyweight rows locked (their saves wait) until the returned function runs. */
async function lockRows(userId: string) {
  const client = await s.ownerPool.connect();
  await client.query("begin");
  await client.query("select 1 from app_public.bodyweights where user_id = $1 for update", [userId]);
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await client.query("rollback");
    client.release();
  };
}

test("a freed connection goes to the next account in turn: the victim, asking last, is answered before two flooders' queued requests", async () => {
  const [ann, ben, cat, vic] = [
    await lifter("Ann", "127.0.4.1"),
    await lifter("Ben", "127.0.4.2"),
    await lifter("Cat", "127.0.4.3"),
    await lifter("Vic", "127.0.4.4"),
  ];
  const [unlockAnn, unlockBen, unlockCat] = [
    await lockRows(ann.user.id),
    await lockRows(ben.user.id),
    await lockRows(cat.user.id),
  ];
  let saves: Promise<Answer>[] = [];
  try {
    // Ann's two saves hold both connections; Ben's two then Cat's two wait for one.
    const annSaves = [1, 2].map((i) => gqlFrom("127.0.4.1", LOG, ann.token, { w: 80 + i }));
    await counted(2, 0);
    const benSaves = [1, 2].map((i) => gqlFrom("127.0.4.2", LOG, ben.token, { w: 80 + i }));
    await counted(2, 2);
    const catSaves = [1, 2].map((i) => gqlFrom("127.0.4.3", LOG, cat.token, { w: 80 + i }));
    await counted(2, 4);
    saves = [...benSaves, ...catSaves];
    let victimAnswered = false;
    const victim = gqlFrom("127.0.4.4", "{ viewer { name } }", vic.token).then((answer) => {
      victimAnswered = true;
      return answer;
    });
    await counted(2, 5);
    const before = shares().grants.length;

    // Ann's saves end: one connection each to Ben and Cat (their first saves, which block).
    await unlockAnn();
    for (const save of annSaves) expect((await save).status).toBe(200);
    await counted(2, 3);
    // (Ann's saves' later transactions went first: a request half done is not sent to the back.)
    const others = () =>
      shares()
        .grants.slice(before)
        .filter((key) => key !== `account:${ann.user.id}`);
    expect(others()).toEqual([`account:${ben.user.id}`, `account:${cat.user.id}`]);
    expect(victimAnswered).toBe(false);

    // Ben's first save ends: the connection goes to the victim, not to Ben's second save; the
    // victim is answered while Cat's saves are still held (first come, first served, Ben's and
    // Cat's four would all have had a connection before it).
    await unlockBen();
    const answer = await victim;
    expect(answer.body).toEqual({ data: { viewer: { name: "Vic" } } });
    expect(others().slice(0, 3)).toEqual([
      `account:${ben.user.id}`,
      `account:${cat.user.id}`,
      `account:${vic.user.id}`,
    ]);
  } finally {
    await unlockAnn();
    await unlockBen();
    await unlockCat();
  }
  for (const save of saves) expect((await save).body.errors).toBeUndefined();
  await counted(0, 0);
});

test("signed-out requests from three addresses hold at most their share (1 connection); a signed-in request takes the other at once", async () => {
  const vic = await lifter("Val", "127.0.5.9");
  const SEARCH = '{ searchExercises(words: "bench press", limit: 1) { name } }';
  expect((await gqlFrom("127.0.5.1", SEARCH)).body.data.searchExercises).toHaveLength(1);
  const lock = await s.ownerPool.connect();
  await lock.query("begin");
  await lock.query("lock table app_public.exercises in access exclusive mode");
  let searches: Promise<Answer>[] = [];
  try {
    searches = ["127.0.5.1", "127.0.5.2", "127.0.5.3"].map((from) => gqlFrom(from, SEARCH));
    // One search holds the signed-out share; two wait, though one connection is free.
    for (let i = 0; i < 1000 && shares().count().signedOutWaiting < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(shares().count()).toEqual({ running: 1, waiting: 2, signedOutRunning: 1, signedOutWaiting: 2 });
    const answer = await gqlFrom("127.0.5.9", "{ viewer { name } }", vic.token);
    expect(answer.body).toEqual({ data: { viewer: { name: "Val" } } });
    // Its connection back (a query's commit follows its answer), the signed-out two still wait.
    await counted(1, 2);
    expect(shares().count()).toEqual({ running: 1, waiting: 2, signedOutRunning: 1, signedOutWaiting: 2 });
    // A session signed in elsewhere, its first request here from an address waiting in the
    // signed-out share: the cost gate's claim names its account, whose turn it takes at once.
    const fresh = await signUp(s.url, "Fay");
    const first = await gqlFrom("127.0.5.2", "{ viewer { name } }", fresh.token);
    expect(first.body).toEqual({ data: { viewer: { name: "Fay" } } });
    expect(shares().grants.at(-1)).toBe(`account:${fresh.user.id}`);
    await counted(1, 2);
  } finally {
    await lock.query("rollback");
    lock.release();
  }
  for (const search of searches) expect((await search).body.data.searchExercises).toHaveLength(1);
  await counted(0, 0);
});

test("heavy operations take turns in a lane of their own (one at a time): a second account's waits, a light read is answered at once", async () => {
  const [hal, hub, lea] = [
    await lifter("Hal", "127.0.6.1"),
    await lifter("Hub", "127.0.6.2"),
    await lifter("Lea", "127.0.6.3"),
  ];
  const SEARCH = '{ searchExercises(words: "bench press", limit: 1) { id } }';
  const exerciseId = (await gqlFrom("127.0.6.1", SEARCH, hal.token)).body.data.searchExercises[0].id;
  // Estimated at 30,000 (HISTORY_COSTS): heavy.
  const HEAVY = "query($id: UUID!) { e1rmSeries(exerciseId: $id) { bestSetWeight } }";
  const lane = () => shares().heavyLane!.count();
  const lock = await s.ownerPool.connect();
  await lock.query("begin");
  await lock.query("lock table app_public.workout_sets in access exclusive mode");
  let heavy: Promise<Answer>[] = [];
  try {
    heavy = [gqlFrom("127.0.6.1", HEAVY, hal.token, { id: exerciseId })];
    for (let i = 0; i < 1000 && lane().running < 1; i++) await new Promise((r) => setTimeout(r, 10));
    heavy.push(gqlFrom("127.0.6.2", HEAVY, hub.token, { id: exerciseId }));
    for (let i = 0; i < 1000 && lane().waiting < 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(lane()).toMatchObject({ running: 1, waiting: 1 });
    // Hub's waits in the lane, not for a connection: one of the two is free, and a light read takes it.
    expect(shares().count()).toMatchObject({ running: 1, waiting: 0 });
    const light = await gqlFrom("127.0.6.3", "{ viewer { name } }", lea.token);
    expect(light.body).toEqual({ data: { viewer: { name: "Lea" } } });
    expect(lane()).toMatchObject({ running: 1, waiting: 1 });
  } finally {
    await lock.query("rollback");
    lock.release();
  }
  for (const answer of heavy) expect((await answer).body).toEqual({ data: { e1rmSeries: [] } });
  await counted(0, 0);
  expect(lane()).toMatchObject({ running: 0, waiting: 0 });
});
