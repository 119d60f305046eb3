// Sign-in timing: does the answer's time tell whether an email has an account? The server runs in
// its own process (this file with SVC_BENCH_SIGN_IN_SERVER set), the load generator here, PostgreSQL
// in a third. One connection, requests interleaved (wrong password for a known email, unknown email,
// right password, wrong password for an account still on a cost-8 hash) so drift hits all alike;
// p50/p99 of each, and the ratio unknown / known.
// A second line: pgcrypto's bcrypt time by cost on this machine, which chose password_hash_cost().
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { benchDatabase, listen, report, latencies } from "./support.ts";
import { createApp } from "../server/app.ts";
import { createPools } from "../server/process/database.ts";

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 60);
const PASSWORD = "correct horse battery staple";
const KNOWN = "known@sign-in.bench";
const OLD_HASH = "old-hash@sign-in.bench"; // an account whose hash is still of cost 8
const UNKNOWN = "nobody@sign-in.bench";

/** The child process: the real app on a loopback port, limits lifted (this measures time, not limits). */
async function serve() {
  process.env.SVC_LOG = "silent";
  const pools = createPools({ ownerUrl: process.env.SVC_BENCH_OWNER_URL!, authUrl: process.env.SVC_BENCH_AUTH_URL! });
  const lifted = 1_000_000;
  const app = await createApp({
    pools,
    authLimits: {
      failuresPerAccountAndAddress: lifted,
      failuresPerAddress: lifted,
      signInsPerAddressPerMinute: lifted,
      signUpsPerAddressPerHour: lifted,
    },
  });
  process.stdout.write(`${await listen(app.server)}\n`);
  process.on("SIGTERM", async () => {
    await app.close();
    await pools.end();
    process.exit(0);
  });
}

const summary = (times: number[]) => latencies(times, 1);

async function timeSignIn(url: string, email: string, password: string, expected: number): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== expected) throw new Error(`sign-in ${email}: expected ${expected}, got ${res.status}`);
  return ms;
}

export async function run() {
  const db = await benchDatabase("sign_in");
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const { ownerPool } = db;
    const {
      rows: [{ cost }],
    } = await ownerPool.query("select app_private.password_hash_cost() as cost");
    const {
      rows: [user],
    } = await ownerPool.query("insert into app_public.users (name, email) values ('Known', $1) returning id", [KNOWN]);
    await ownerPool.query("insert into app_private.user_secrets values ($1, crypt($2, gen_salt('bf', $3)))", [
      user.id,
      PASSWORD,
      cost,
    ]);
    const {
      rows: [old],
    } = await ownerPool.query("insert into app_public.users (name, email) values ('Old', $1) returning id", [OLD_HASH]);
    await ownerPool.query("insert into app_private.user_secrets values ($1, crypt($2, gen_salt('bf', 8)))", [
      old.id,
      PASSWORD,
    ]);

    // bcrypt by cost, in PostgreSQL as sign-in runs it (median of 9 after one warm-up).
    const byCost: Record<string, number> = {};
    for (const c of [8, 10, 11, 12]) {
      const {
        rows: [{ salt }],
      } = await ownerPool.query("select gen_salt('bf', $1) as salt", [c]);
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        await ownerPool.query("select crypt($1, $2)", [PASSWORD, salt]);
        if (i > 0) times.push(performance.now() - start);
      }
      byCost[c] = summary(times).p50;
    }
    report({
      benchmark: "pgcrypto bcrypt hash time by cost (ms, median of 9)",
      byCost,
      chosenCost: cost,
      ratio: Number((byCost[cost] / byCost[8]).toFixed(2)), // against cost 8, the cost before
    });

    child = spawn(process.execPath, [import.meta.filename], {
      env: {
        ...process.env,
        SVC_BENCH_SIGN_IN_SERVER: "1",
        SVC_BENCH_OWNER_URL: db.ownerUrl,
        SVC_BENCH_AUTH_URL: db.authUrl,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [url] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];

    // Warm-up: connections, plans, the first bcrypt.
    for (let i = 0; i < 5; i++) {
      await timeSignIn(url, KNOWN, "wrong password", 401);
      await timeSignIn(url, UNKNOWN, "wrong password", 401);
      await timeSignIn(url, KNOWN, PASSWORD, 200);
      await timeSignIn(url, OLD_HASH, "wrong password", 401);
    }
    const known: number[] = [];
    const oldHash: number[] = [];
    const unknown: number[] = [];
    const correct: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      known.push(await timeSignIn(url, KNOWN, "wrong password", 401));
      unknown.push(await timeSignIn(url, UNKNOWN, "wrong password", 401));
      correct.push(await timeSignIn(url, KNOWN, PASSWORD, 200));
      oldHash.push(await timeSignIn(url, OLD_HASH, "wrong password", 401));
    }
    const k = summary(known);
    const u = summary(unknown);
    report({
      benchmark: `sign-in time: unknown email vs wrong password for a known email (bcrypt cost ${cost}, 1 connection, ${ROUNDS} rounds)`,
      knownEmailWrongPassword: k,
      unknownEmail: u,
      correctPassword: summary(correct),
      // Not yet upgraded (its owner has not signed in since): one hash of cost 8 plus one of the current cost.
      knownEmailCost8HashWrongPassword: summary(oldHash),
      ratio: Number((u.p50 / k.p50).toFixed(3)), // unknown / known; 1.0 means the time tells nothing
    });
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    await db.stop();
  }
}

if (process.env.SVC_BENCH_SIGN_IN_SERVER && import.meta.filename === process.argv[1]) await serve();
