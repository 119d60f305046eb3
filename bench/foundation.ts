// Foundation benchmark: `viewer { workouts(limit: 10) { date name } }` through PostGraphile, against
// a hand-written Express + pg endpoint doing the same session check and query, in the same run.
import express from "express";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { benchDatabase, startApp, listen, load, report, DURATION_S, CONNECTIONS, type LoadResult } from "./support.ts";

const USERS = 100;
const WORKOUTS_PER_USER = 2000;

export async function run() {
  const db = await benchDatabase("foundation");
  try {
    const { ownerPool, authPool } = db;
    // 100 users with 2,000 workouts each; sign one in through the real route below.
    await ownerPool.query(`
      insert into app_public.users (name, email) select 'User ' || i, 'user' || i || '@bench.test' from generate_series(1, ${USERS}) i;
      insert into app_public.workouts (user_id, date, start, name, unit, effort)
      select u.id, d::date, d + time '12:00', 'Workout ' || n, 'kg', 'rpe'
        from app_public.users u, generate_series(1, ${WORKOUTS_PER_USER}) n,
             lateral (select date '2020-01-01' + n as d) dd;
      analyze;
    `);
    const { url, close } = await startApp(db.pools);
    await ownerPool.query(`insert into app_private.user_secrets select id, crypt('bench-password', gen_salt('bf', 4)) from app_public.users where email = 'user1@bench.test'`);
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "user1@bench.test", password: "bench-password" }),
    });
    const { token } = (await signIn.json()) as { token: string };

    // The baseline: the same session check (app_private.session_for_token) and the same query.
    const baseline = express();
    baseline.use(express.json());
    baseline.post("/workouts", async (req, res) => {
      const token = req.get("authorization")!.slice("Bearer ".length);
      const hash = createHash("sha256").update(token).digest();
      const { rows: [session] } = await ownerPool.query("select user_id from app_private.session_for_token($1)", [hash]);
      if (!session?.user_id) return void res.json({ data: { viewer: null } });
      const { rows } = await ownerPool.query(
        // Qualified columns: an unqualified `order by date` would sort on the text alias, not the index.
        "select w.date::text as date, w.name from app_public.workouts w where w.user_id = $1 order by w.date desc, w.start desc, w.id desc limit 10",
        [session.user_id]);
      res.json({ data: { viewer: { workouts: rows } } });
    });
    const baselineServer = createServer(baseline);
    const baselineUrl = await listen(baselineServer);

    const query = { query: "{ viewer { workouts(limit: 10) { date name } } }" };
    const headers = { authorization: `Bearer ${token}` };
    const check = await (await fetch(`${url}/api/graphql`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(query) })).json();
    if ((check as any).data?.viewer?.workouts?.length !== 10) throw new Error(`unexpected answer: ${JSON.stringify(check)}`);

    // Alternate the two so drift on a noisy machine hits both alike; keep each side's better round.
    const rounds: { ours: LoadResult; base: LoadResult }[] = [];
    for (let i = 0; i < 2; i++) {
      rounds.push({ ours: await load(`${url}/api/graphql`, query, headers), base: await load(`${baselineUrl}/workouts`, query, headers) });
    }
    const best = (xs: LoadResult[]) => xs.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
    const ours = best(rounds.map((r) => r.ours));
    const base = best(rounds.map((r) => r.base));
    report({
      benchmark: "viewer.workouts(limit: 10), session, 100 users x 2000 workouts",
      durationSeconds: DURATION_S, connections: CONNECTIONS, rounds: 2,
      postgraphile: ours, baseline: base,
      ratio: Number((ours.reqPerSec / base.reqPerSec).toFixed(3)),
    });
    baselineServer.close();
    await close();
  } finally {
    await db.stop();
  }
}
