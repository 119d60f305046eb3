// Several servers started at once on one new database, as an operator's process manager starts
// them: the real entry point in child processes. Each waits for the migration lock instead of
// exiting, every one starts and serves, and each migration is applied once.
import pg from "pg";
import { mkdtempSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { urlFor } from "../../db/scratch.ts";
import { MIGRATIONS_FOLDER } from "../../db/migrate.ts";
import { get, post, gql, testEnv } from "../support/harness.ts";
import { startEntryPoint, waitForOutput, type Started } from "../support/entry-point.ts";

const INSTANCES = 3;
const database = `svc_several_${process.pid}`;
let root: pg.Client;
let dataDir: string;

beforeAll(async () => {
  root = new pg.Client({ connectionString: testEnv().rootUrl });
  await root.connect();
  await root.query(`drop database if exists ${database} with (force)`);
  await root.query(`create database ${database}`);
  dataDir = mkdtempSync(path.join(tmpdir(), "svc-several-"));
});
afterAll(async () => {
  await root.query(`drop database if exists ${database} with (force)`);
  await root.end();
  rmSync(dataDir, { recursive: true, force: true });
});

test(`${INSTANCES} servers started at once on an empty database all start and serve; each migration runs once`, async () => {
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const env = { DATABASE_URL: urlFor(testEnv().rootUrl, database), WEB_CONCURRENCY: "1" };
  const servers: Started[] = ports.map((port) => startEntryPoint(dataDir, port, env));
  try {
    await Promise.all(servers.map((s) => waitForOutput(s, /running at/, 90000)));
    for (const s of servers) expect(s.output()).not.toMatch(/lock|Could not start/i);

    // graphile-migrate records a committed migration by its number: 000001.sql.
    const committed = readdirSync(path.join(MIGRATIONS_FOLDER, "committed"))
      .filter((f) => f.endsWith(".sql"))
      .map((f) => `${f.slice(0, 6)}.sql`);
    const db = new pg.Client({ connectionString: urlFor(testEnv().rootUrl, database) });
    await db.connect();
    try {
      const { rows } = await db.query(
        "select filename, count(*)::int as n from graphile_migrate.migrations group by 1",
      );
      expect(rows.map((r) => r.filename).sort()).toEqual([...committed].sort());
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await db.end();
    }

    // One account made on the first server is signed in on every one.
    const first = `http://127.0.0.1:${ports[0]}`;
    const account = { name: "Many", email: "many@example.com", password: "several-servers" };
    expect((await post(first, "/api/auth/sign-up/email", account)).status).toBe(200);
    for (const port of ports) {
      const url = `http://127.0.0.1:${port}`;
      expect((await get(url, "/api/health")).status).toBe(200);
      const signIn = await post(url, "/api/auth/sign-in/email", { email: account.email, password: account.password });
      expect(signIn.status).toBe(200);
      const me = await gql(url, "{ viewer { name } }", {}, { token: signIn.body.token });
      expect(me.body).toEqual({ data: { viewer: { name: "Many" } } });
    }
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
    const codes = await Promise.all(servers.map((s) => s.exited));
    expect(codes).toEqual(servers.map(() => 0));
  }
}, 180000);
