// The floor for `viewer { workouts(limit: 10) { date name } }` with a session: a hand-written
// node:http + pg server giving the same answer from the same database in one round trip (the
// session checked and touched by app_private.session_for_token, the ten rows, in one statement).
// Run as its own process by bench/foundation.ts: DATABASE_URL (the owner), PORT.
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
// The same plan as PostGraphile's (date, start, id descending: the index), null when the session is not live.
const SQL = `select s.user_id, w.date, w.name
  from app_private.session_for_token($1) s
  left join lateral (
    select w.date::text as date, w.name from app_public.workouts w
     where w.user_id = s.user_id order by w.date desc, w.start desc, w.id desc limit 10
  ) w on true`;
const BEARER = /^Bearer +(\S+)$/i;

const server = createServer((req, res) => {
  req.resume();
  req.on("end", async () => {
    try {
      const token = BEARER.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const { rows } = await pool.query({
        text: SQL,
        values: [createHash("sha256").update(token).digest()],
        name: "workouts",
      });
      const viewer = rows[0]?.user_id
        ? { workouts: rows.filter((r) => r.date !== null).map((r) => ({ date: r.date, name: r.name })) }
        : null;
      const body = JSON.stringify({ data: { viewer } });
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
