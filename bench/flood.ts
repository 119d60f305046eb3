// One caller floods, another reads: the victim's median `{ viewer { name } }` while one caller
// sends the heaviest request the guard lets through from 6 concurrent loops, as a ratio to its
// median when the server is quiet. The real server with WEB_CONCURRENCY=2 and its default cost
// budgets (server/limits/client-cost-budget.ts) and connection bounds (server/http/connection-bounds.ts), the
// flood from a load generator in a process of its own (bench/load.ts, bench/slow-loris.ts), the
// victim timed from this process from an address of its own (127.0.0.250). Four floods: one
// signed-out address sending 49 fuzzy searchExercises a request, one signed-in session sending
// grouped aggregates over its 50,000 sets, and connections that never finish their headers
// (slow-loris) from one address and from 40; and the ones that multiply a caller: one account's 50
// API keys and its 20 sessions each sending those aggregates, 100 signed-out addresses each sending
// the searches, and wrong passwords from 100 addresses, each within its 20 attempts a minute,
// while the victim also signs in (sending back its device cookie, as a browser does). Goal
// (docs/security.md): the victim's median at most 10 times quiet, its p99 under 300 ms, its
// sign-in's median under 500 ms.
import http from "node:http";
import { loadavg } from "node:os";
import { slowLorisProcess } from "./slow-loris.ts";
import {
  benchDatabase,
  startApp,
  report,
  signUpLifter,
  seedWorkouts,
  seedClimbingSets,
  loadProcess,
  latencies,
  timed,
  type Process,
} from "./support.ts";

const QUIET_S = Number(process.env.BENCH_QUIET_SECONDS ?? 10);
const FLOOD_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const LOOPS = 6;
const VICTIM_EVERY_MS = 100;
/** Slow-loris connections the flood keeps trying to hold, in all. */
const LORIS_LOOPS = Number(process.env.BENCH_LORIS_CONNECTIONS ?? 2000);
const EXERCISES = ["Bench Press", "Back Squat", "Deadlift", "Overhead Press", "Barbell Row"];

const fuzzy = (n: number, from: number) =>
  Array.from(
    { length: n },
    (_, i) => `s${from + i}: searchExercises(words: "qzx${from + i} vlt", limit: 5) { id name }`,
  );
/**
 * Heaviest first: 49 fuzzy searches (24 at the root, 25 under `query { }`), as the reviewer sent;
 * the first whose estimate fits in a signed-out address's budget runs.
 */
const SEARCHES = [49, 40, 30, 20, 15, 10].map((n) => {
  const top = Math.min(24, n);
  return {
    label: `${n} fuzzy searchExercises`,
    query: `{ ${fuzzy(top, 0).join(" ")} ${n > top ? `query { ${fuzzy(n - top, top).join(" ")} }` : ""} }`,
  };
});
/** Groupings within the bound on groups (1,000): by week (about 290), exercise (5), set position (5). */
const groupings = ["WEEK", "EXERCISE_ID", "POSITION"];
const FIELDS = [
  "keys sum { weight reps } average { weight reps } max { weight }",
  "keys sum { weight reps }",
  "keys sum { weight }",
  "keys",
];
const aggregates = (n: number, fields: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `g${i}: allWorkoutSets { groupedAggregates(groupBy: [${groupings[i % groupings.length]}]) { ${fields} } }`,
  ).join(" ");
/**
 * Heaviest first: five aliased groupings over every set (each a pass over the 50,000), then fewer
 * fields, then fewer groupings: the first the guard's bounds (1,000 groups priced each) allow.
 */
const GROUPED = [5, 4, 3, 2, 1].flatMap((n) =>
  FIELDS.map((fields) => ({ label: `${n} groupedAggregates { ${fields} }`, query: `{ ${aggregates(n, fields)} }` })),
);

type Victim = { url: string; token: string };

/** The victim's own client: keep-alive connections from an address no flood uses. */
const victimAgent = new http.Agent({ keepAlive: true, localAddress: "127.0.0.250" });

/** One `{ viewer { name } }` as the victim: its status. */
function victimRead(victim: Victim): Promise<number> {
  const body = JSON.stringify({ query: "{ viewer { name } }" });
  return new Promise((resolve) => {
    const req = http.request(`${victim.url}/api/graphql`, {
      method: "POST",
      agent: victimAgent,
      headers: { "content-type": "application/json", authorization: `Bearer ${victim.token}` },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Another session of a bench user (signUpLifter's password). */
async function signIn(url: string, email: string, address = "192.0.2.9"): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: "bench-password-1" }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return body.token;
}

/**
 * `send` again and again for `seconds`, one every `everyMs` at most (a person's client, well within
 * its own limits): times (ms) of those answered 200, and the count of every other status.
 */
async function paced(send: () => Promise<number>, seconds: number, everyMs: number) {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    let status = 0;
    const ms = await timed(async () => {
      status = await send();
    });
    if (status === 200) times.push(ms);
    else failures[status] = (failures[status] ?? 0) + 1;
    if (ms < everyMs) await new Promise((r) => setTimeout(r, everyMs - ms));
  }
  return { ...latencies(times, 1), failures };
}

/** The victim's reads for `seconds`, one every VICTIM_EVERY_MS at most. */
const victimFor = (victim: Victim, seconds: number) => paced(() => victimRead(victim), seconds, VICTIM_EVERY_MS);

/** The first query of `candidates` the server runs (not refused by the guard's bounds or as over a whole budget), and its answer's size. */
async function heaviestAllowed(
  url: string,
  candidates: { label: string; query: string }[],
  headers: Record<string, string>,
) {
  let last = "";
  for (const { label, query } of candidates) {
    const res = await fetch(`${url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query }),
    });
    const text = await res.text();
    const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    last = text.slice(0, 300);
    if (!body.errors?.length) return { label, query, bytes: text.length };
    if (!["QUERY_TOO_COMPLEX", "RATE_LIMITED"].includes(body.errors[0].extensions?.code ?? ""))
      throw new Error(`flood request failed: ${text.slice(0, 300)}`);
  }
  throw new Error(`every candidate is over the guard's bounds; the last: ${last}`);
}

/**
 * `query` sent from LOOPS loops (or one a credential, when the flood has several), rotating over
 * `credentials` (each a set of headers: an address, a session, a key), while the victim reads.
 */
async function flood(
  name: string,
  server: Process,
  victim: Victim,
  quietP50: number,
  query: { label: string; query: string; bytes: number },
  credentials: Record<string, string>[],
) {
  const body = JSON.stringify({ query: query.query });
  const loops = Math.max(LOOPS, credentials.length);
  const load = loadProcess({
    url: `${server.url}/api/graphql`,
    method: "POST",
    requests: credentials.map((headers) => ({
      method: "POST",
      path: "/api/graphql",
      headers: { "content-type": "application/json", ...headers },
      body,
    })),
    connections: loops,
    duration: FLOOD_S,
    timeout: 60,
  });
  await new Promise((r) => setTimeout(r, 500)); // the loops are running
  const during = await victimFor(victim, FLOOD_S - 1.5);
  const flooded = await load;
  report({
    benchmark: `flood ${name}`,
    loops,
    floodCredentials: credentials.length,
    webConcurrency: 2,
    floodSeconds: FLOOD_S,
    floodRequest: query.label,
    floodAnswerBytes: query.bytes,
    floodAnswered2xx: flooded["2xx"],
    floodRefused: flooded.non2xx,
    floodErrors: flooded.errors,
    victimQuietP50: quietP50,
    victimP50: during.p50,
    victimP99: during.p99,
    victimRequests: during.n,
    victimFailures: during.failures,
    ratio: +(during.p50 / quietP50).toFixed(2),
    goal: "ratio <= 10 and victimP99 < 300 ms",
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
  });
}

/** Connections that never finish their headers, `loops` from each of `addresses`, while the victim reads. */
async function slowLorisFlood(
  name: string,
  server: Process,
  victim: Victim,
  quietP50: number,
  addresses: string[],
  loops: number,
) {
  const { port } = new URL(server.url);
  const flooding = slowLorisProcess({
    host: "127.0.0.1",
    port: Number(port),
    addresses,
    loops,
    seconds: FLOOD_S,
    dripMs: 1000,
  });
  await new Promise((r) => setTimeout(r, 2000)); // the connections are open
  const during = await victimFor(victim, FLOOD_S - 3);
  const flood = await flooding;
  report({
    benchmark: `flood ${name}`,
    webConcurrency: 2,
    floodSeconds: FLOOD_S,
    floodAddresses: addresses.length,
    floodLoops: addresses.length * loops,
    floodConnectionsOpened: flood.opened,
    floodMostHeldAtOnce: flood.mostHeld,
    floodRefused429: flood.refused,
    floodTimedOut408: flood.timedOut,
    floodConnectErrors: flood.connectErrors,
    victimQuietP50: quietP50,
    victimP50: during.p50,
    victimP99: during.p99,
    victimRequests: during.n,
    victimFailures: during.failures,
    ratio: +(during.p50 / quietP50).toFixed(2),
    goal: "ratio <= 10 and victimP99 < 300 ms",
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
  });
}

/** The device cookie the victim's last sign-in set, sent with the next as a browser would. */
let victimDevice = "";

/** One correct sign-in as the victim, from the victim's address: its status. */
function victimSignIn(url: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, password: "bench-password-1" });
  return new Promise((resolve) => {
    const req = http.request(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      agent: victimAgent,
      headers: { "content-type": "application/json", ...(victimDevice ? { cookie: victimDevice } : {}) },
    });
    req.on("response", (res) => {
      const device = res.headers["set-cookie"]?.map((c) => /^svc_device=[0-9a-f]{64}/.exec(c)?.[0]).find(Boolean);
      if (device) victimDevice = device;
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** The victim's sign-ins for `seconds`, one every 3.5 s (within its address's 20 a minute). */
const victimSignInsFor = (url: string, email: string, seconds: number) =>
  paced(() => victimSignIn(url, email), seconds, 3500);

/**
 * Wrong passwords for another account from `addresses`, all together at `perSecond` (each address
 * within its 20 attempts a minute), while the victim reads and signs in.
 */
async function wrongPasswordFlood(
  server: Process,
  victim: Victim & { email: string },
  quiet: { p50: number; signInP50: number },
  target: string,
  addresses: string[],
  perSecond: number,
) {
  const body = JSON.stringify({ email: target, password: "not-the-password-1" });
  const load = loadProcess({
    url: `${server.url}/api/auth/sign-in/email`,
    requests: addresses.map((address) => ({
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body,
    })),
    connections: addresses.length,
    overallRate: perSecond,
    duration: FLOOD_S,
    timeout: 60,
  });
  await new Promise((r) => setTimeout(r, 500));
  const [reads, signIns] = await Promise.all([
    victimFor(victim, FLOOD_S - 1.5),
    victimSignInsFor(server.url, victim.email, FLOOD_S - 1.5),
  ]);
  const flooded = await load;
  report({
    benchmark: `flood wrong passwords, ${addresses.length} addresses`,
    webConcurrency: 2,
    floodSeconds: FLOOD_S,
    floodPerSecond: perSecond,
    floodAnswered: flooded["2xx"] + flooded.non2xx,
    floodErrors: flooded.errors,
    victimQuietP50: quiet.p50,
    victimP50: reads.p50,
    victimP99: reads.p99,
    victimFailures: reads.failures,
    victimSignInQuietP50: quiet.signInP50,
    victimSignInP50: signIns.p50,
    victimSignInP99: signIns.p99,
    victimSignIns: signIns.n,
    victimSignInFailures: signIns.failures,
    ratio: +(reads.p50 / quiet.p50).toFixed(2),
    goal: "ratio <= 10, victimP99 < 300 ms and victimSignInP50 < 500 ms",
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
  });
}

/** A flooder with 50,000 sets (2,000 workouts of five exercises), signed up under `email`. */
async function heavyFlooder(url: string, db: Awaited<ReturnType<typeof benchDatabase>>, email: string) {
  const flooder = await signUpLifter(url, "Flooder", email);
  await seedWorkouts(db.ownerPool, flooder.user.id, {
    count: 2000,
    dateOfN: "date '2021-01-04' + n",
    exercises: EXERCISES,
  });
  await seedClimbingSets(db.ownerPool, flooder.user.id, 5); // 2,000 x 5 x 5 = 50,000 sets
  await db.ownerPool.query("analyze");
  return flooder;
}

/** `count` API keys of the account whose session is `token`. */
async function apiKeys(url: string, token: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `mutation { createApiKey(input: { name: "flood ${i}", access: READ_ONLY, expiresIn: DAYS_30 }) { key } }`,
      }),
    });
    const body = (await res.json()) as { data?: { createApiKey?: { key: string } }; errors?: unknown };
    if (!body.data?.createApiKey) throw new Error(`createApiKey ${i}: ${JSON.stringify(body).slice(0, 300)}`);
    keys.push(body.data.createApiKey.key);
  }
  return keys;
}

const loopbacks = (n: number, subnet: number) => Array.from({ length: n }, (_, i) => `127.0.${subnet}.${i + 1}`);

export async function run() {
  const db = await benchDatabase("flood");
  let server: Process | undefined;
  try {
    // The real budgets and cap (startApp's lifted ones unset: empty is the default); X-Forwarded-For
    // believed from loopback, so the flood comes from an address of its own.
    server = await startApp(db, {
      WEB_CONCURRENCY: "2",
      SESSION_COST_PER_MINUTE: "",
      ADDRESS_COST_PER_MINUTE: "",
      CALLER_CONCURRENCY: process.env.BENCH_CALLER_CONCURRENCY ?? "",
      // Only 127.0.0.1 is the proxy: the slow-loris addresses (127.0.x.y) and the victim's count as themselves.
      TRUST_PROXY: "127.0.0.1",
    });
    const { url } = server;
    const victim = {
      url,
      email: "victim@bench.test",
      token: (await signUpLifter(url, "Victim", "victim@bench.test")).token,
    };
    const quiet = await victimFor(victim, QUIET_S);
    const quietSignIns = await victimSignInsFor(url, victim.email, 3 * 3.5);
    report({
      benchmark: "flood quiet",
      victimP50: quiet.p50,
      victimP99: quiet.p99,
      victimRequests: quiet.n,
      victimSignInP50: quietSignIns.p50,
      victimSignIns: quietSignIns.n,
    });
    const signedOut = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` }));
    const floods: Record<string, () => Promise<void>> = {
      search: async () => {
        // Probed from another address than the flood's, which starts with a full budget.
        const search = await heaviestAllowed(url, SEARCHES, { "x-forwarded-for": "192.0.2.1" });
        await flood("signed-out address, fuzzy searches", server!, victim, quiet.p50, search, [
          { "x-forwarded-for": "198.51.100.7" },
        ]);
      },
      "search-100": async () => {
        const search = await heaviestAllowed(url, SEARCHES, { "x-forwarded-for": "192.0.2.2" });
        await flood("100 signed-out addresses, fuzzy searches", server!, victim, quiet.p50, search, signedOut(100));
      },
      grouped: async () => {
        await heavyFlooder(url, db, "flooder@bench.test");
        // Probed with another session than the flood's, which starts with a full budget.
        const probe = await signIn(url, "flooder@bench.test");
        const grouped = await heaviestAllowed(url, GROUPED, { authorization: `Bearer ${probe}` });
        const floodSession = await signIn(url, "flooder@bench.test");
        await flood("signed-in session, grouped aggregates over 50,000 sets", server!, victim, quiet.p50, grouped, [
          { authorization: `Bearer ${floodSession}` },
        ]);
      },
      // One account's every key, then every session, sending the aggregates at once (one loop each).
      keys: async () => {
        const flooder = await heavyFlooder(url, db, "keys@bench.test");
        const keys = await apiKeys(url, flooder.token, 50);
        const grouped = await heaviestAllowed(url, GROUPED, {
          authorization: `Bearer ${await signIn(url, "keys@bench.test")}`,
        });
        await flood(
          "one account's 50 API keys, grouped aggregates",
          server!,
          victim,
          quiet.p50,
          grouped,
          keys.map((key) => ({ authorization: `Bearer ${key}` })),
        );
      },
      sessions: async () => {
        const flooder = await heavyFlooder(url, db, "sessions@bench.test");
        const sessions = [flooder.token];
        for (let i = 1; i < 20; i++) sessions.push(await signIn(url, "sessions@bench.test", `192.0.2.${100 + i}`));
        const grouped = await heaviestAllowed(url, GROUPED, { authorization: `Bearer ${sessions[19]}` });
        await flood(
          "one account's 20 sessions, grouped aggregates",
          server!,
          victim,
          quiet.p50,
          grouped,
          sessions.map((token) => ({ authorization: `Bearer ${token}` })),
        );
      },
      // 100 addresses x 20 attempts a minute: 33 wrong passwords a second, all admitted by the address limits.
      "wrong-passwords": async () => {
        await signUpLifter(url, "Target", "target@bench.test");
        await wrongPasswordFlood(
          server!,
          victim,
          { p50: quiet.p50, signInP50: quietSignIns.p50 },
          "target@bench.test",
          signedOut(100).map((h) => h["x-forwarded-for"]),
          33,
        );
      },
      // 2,000 connections kept trying from one address, then 50 from each of 40.
      "loris-1": () =>
        slowLorisFlood("slow-loris, one address", server!, victim, quiet.p50, loopbacks(1, 9), LORIS_LOOPS),
      "loris-40": () =>
        slowLorisFlood("slow-loris, 40 addresses", server!, victim, quiet.p50, loopbacks(40, 9), LORIS_LOOPS / 40),
    };
    // BENCH_FLOODS=loris-1,loris-40 runs only those (all by default).
    const chosen = process.env.BENCH_FLOODS?.split(",") ?? Object.keys(floods);
    for (const name of chosen) {
      if (!floods[name]) throw new Error(`BENCH_FLOODS: no flood named ${name} (${Object.keys(floods).join(", ")})`);
      await floods[name]();
    }
  } finally {
    await server?.close();
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
