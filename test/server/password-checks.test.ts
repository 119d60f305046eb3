// Password checks apart, from outside: with every password connection a stranger may take busy
// (sign-ins held inside their SQL, as a flood of bcrypts would hold them), sign-ins wait in a
// bounded queue while get-session, sign-out and signed-in GraphQL answer at once; the queue's last
// place is taken and the next check refused with 429; a device that signed in before is checked at
// once on the connection kept for it; a check waiting past its bound is refused; once the pool
// frees, the queued sign-ins succeed.
// A flood of wrong passwords from 100 loopback addresses leaves the owner's session answered.
import http from "node:http";
import { useTestServer, signUp, post, gql } from "../support/harness.ts";

const QUEUE = 4;
const WAIT_MS = 15_000;
const s = useTestServer({ passwordChecks: { queue: QUEUE, waitMs: WAIT_MS } });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };

/** A POST of JSON from `from` (a loopback address). */
function postFrom(from: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(new URL(path, s.url), {
      method: "POST",
      localAddress: from,
      headers: { "content-type": "application/json", ...headers },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Sign-ins of `email` from `addresses` held inside their SQL (sign_in takes this advisory lock per
 * email and address first), each holding a password connection, until the returned function runs.
 */
async function holdSignIns(email: string, addresses: string[]) {
  const client = await s.ownerPool.connect();
  for (const address of addresses)
    await client.query(
      "select pg_advisory_lock(hashtextextended(lower($1) || ' ' || app_private.address_key($2::inet)::text, 1))",
      [email, address],
    );
  const signIns = addresses.map((address) =>
    postFrom(address, "/api/auth/sign-in/email", { email, password: "whatever it is" }),
  );
  return async () => {
    await client.query("select pg_advisory_unlock_all()");
    client.release();
    return Promise.all(signIns);
  };
}

/**
 * Every password connection a stranger may take busy (sign-ins held in SQL: all but the one kept
 * for known devices), until the returned function runs.
 */
async function busyPasswordPool() {
  const holder = await signUp(s.url, "Holder");
  const size = s.pools.password.options.max ?? 1;
  const running = Array.from({ length: Math.max(1, size - 1) }, (_, i) => `127.0.9.${i + 1}`);
  const release = await holdSignIns(holder.email, running);
  await sleep(500); // they reached SQL
  return release;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("password checks on a pool of their own", () => {
  it("while every password connection is busy, sessions, sign-out and GraphQL answer; the queue is bounded", async () => {
    const owner = await signUp(s.url, "Owner");
    const other = await signUp(s.url, "Other");
    const release = await busyPasswordPool();
    let released = false;
    try {
      const signIn = { email: owner.email, password: owner.password };
      // The queue's places, each from an address of its own.
      const queued = Array.from({ length: QUEUE }, (_, i) =>
        postFrom(`127.0.6.${i + 1}`, "/api/auth/sign-in/email", signIn),
      );
      await sleep(300);
      // One more than the queue holds: refused at once.
      const refused = await postFrom("127.0.6.50", "/api/auth/sign-in/email", signIn);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "RATE_LIMITED", limit: "password-checks" });
      expect(refused.headers["retry-after"]).toBe("1");
      // Nothing else waits for the password pool.
      const session = await fetch(`${s.url}/api/auth/get-session`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(session.status).toBe(200);
      expect(((await session.json()) as any).user.email).toBe(owner.email);
      const read = await gql(s.url, "{ viewer { name } }", {}, { token: owner.token });
      expect(read.body.data.viewer.name).toBe("Owner");
      const signOut = await post(s.url, "/api/auth/sign-out", {}, { token: other.token });
      expect(signOut.status).toBe(200);
      released = true;
      await release();
      const answers = await Promise.all(queued);
      expect(answers.map((a) => a.status)).toEqual(Array(QUEUE).fill(200));
      expect(answers.every((a) => typeof a.body.token === "string")).toBe(true);
    } finally {
      if (!released) await release();
    }
  });

  it("a device that signed in before is checked at once on the connection kept for it, before a full queue of strangers; a made-up device cookie is not", async () => {
    const owner = await signUp(s.url, "Returning");
    const signIn = { email: owner.email, password: owner.password };
    const first = await postFrom("127.0.5.1", "/api/auth/sign-in/email", signIn);
    const device = String(first.headers["set-cookie"]).match(/svc_device=([0-9a-f]{64})/)![1];
    const release = await busyPasswordPool();
    let released = false;
    try {
      const strangers = Array.from({ length: QUEUE }, (_, i) =>
        postFrom(`127.0.5.${i + 10}`, "/api/auth/sign-in/email", signIn),
      );
      await sleep(300);
      const madeUp = await postFrom("127.0.5.50", "/api/auth/sign-in/email", signIn, {
        cookie: `svc_device=${"ab".repeat(32)}`,
      });
      expect(madeUp.status).toBe(429);
      // Answered while the strangers' checks are still held.
      const returning = await postFrom("127.0.5.51", "/api/auth/sign-in/email", signIn, {
        cookie: `svc_device=${device}`,
      });
      expect(returning.status).toBe(200);
      expect(typeof returning.body.token).toBe("string");
      released = true;
      await release();
      expect((await Promise.all(strangers)).map((a) => a.status)).toEqual(Array(QUEUE).fill(200));
    } finally {
      if (!released) await release();
    }
  });

  it("a check that finds no connection within its wait is refused with 429", async () => {
    const owner = await signUp(s.url, "Waiter");
    const release = await busyPasswordPool();
    try {
      const answer = await postFrom("127.0.6.60", "/api/auth/sign-in/email", {
        email: owner.email,
        password: owner.password,
      });
      expect(answer.status).toBe(429);
      expect(answer.body.message).toMatch(/within 15 s/);
    } finally {
      await release();
    }
  });

  it("sign-up's hash waits in the same queue (refused, not saved, when it is full)", async () => {
    const release = await busyPasswordPool();
    const email = `queued-${Date.now()}@example.com`;
    try {
      const queued = Array.from({ length: QUEUE }, (_, i) =>
        postFrom(`127.0.7.${i + 1}`, "/api/auth/sign-up/email", {
          name: "Q",
          email: `q${i}-${email}`,
          password: "long enough pass",
        }),
      );
      await sleep(300);
      const refused = await postFrom("127.0.7.50", "/api/auth/sign-up/email", {
        name: "R",
        email,
        password: "long enough pass",
      });
      expect(refused.status).toBe(429);
      await release();
      expect((await Promise.all(queued)).map((a) => a.status)).toEqual(Array(QUEUE).fill(200));
      const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.users where email = $1", [
        email,
      ]);
      expect(rows[0].n).toBe(0);
    } catch (error) {
      await release();
      throw error;
    }
  });
});

describe("a wrong-password flood from 100 addresses", () => {
  it("meets the queue's bound and leaves the owner's get-session answered", async () => {
    const owner = await signUp(s.url, "Flooded");
    let stop = false;
    const flood = async (from: string) => {
      const answers: string[] = [];
      while (!stop) {
        const { status, body } = await postFrom(from, "/api/auth/sign-in/email", {
          email: owner.email,
          password: "wrong password!",
        });
        answers.push(status === 429 ? `429 ${body.limit ?? body.code}` : String(status));
      }
      return answers;
    };
    const floods = Array.from({ length: 100 }, (_, i) => flood(`127.0.8.${i + 1}`));
    await sleep(500);
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) {
      const session = await fetch(`${s.url}/api/auth/get-session`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      mine.push(session.status);
    }
    stop = true;
    const seen = (await Promise.all(floods)).flat();
    expect(mine).toEqual(Array(5).fill(200));
    // The flood met the queue's bound: wrong passwords, lockouts of the email from an address, and
    // refusals by the queue, nothing else.
    expect(seen.filter((a) => !["401", "429 TOO_MANY_ATTEMPTS", "429 password-checks"].includes(a))).toEqual([]);
    expect(seen).toContain("429 password-checks");
  }, 60_000);
});
