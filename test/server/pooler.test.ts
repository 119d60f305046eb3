// Behind a real PgBouncer in transaction mode (the distribution's, 1.18 on Debian 12: no
// max_prepared_statements), with nothing in its configuration for this service beyond the
// defaults: DATABASE_POOLER=transaction makes the real server start, migrate and answer every
// request; without it the start is refused and readiness fails. Skipped, with a note saying so,
// where pgbouncer is not installed (.ci/run installs it where apt-get works).
import pg from "pg";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { freePort } from "../../db/embedded.ts";
import { urlFor } from "../../db/scratch.ts";
import { createApp } from "../../server/app.ts";
import { createPools } from "../../server/process/database.ts";
import { get, gql, signUp, createApiKey, testEnv } from "../support/harness.ts";
import { startEntryPoint, waitForOutput } from "../support/entry-point.ts";

const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"].find(
  (file) => spawnSync(file, ["--version"]).status === 0,
);
// Written straight to the run's output: Jest does not show a skipped file's console.
if (!PGBOUNCER)
  process.stderr.write("\ntest/pooler.test.ts SKIPPED: pgbouncer is not installed (apt-get install pgbouncer)\n\n");
const withPgBouncer = PGBOUNCER ? describe : describe.skip;

const database = `svc_pooled_${process.pid}`;
/** Fewer server connections than the server's pools open, so client connections share them. */
const SERVER_CONNECTIONS = 4;

withPgBouncer(
  `behind PgBouncer in transaction mode (${PGBOUNCER ? "found" : "SKIPPED: pgbouncer not installed"})`,
  () => {
    let dir: string;
    let bouncer: ChildProcess;
    let bouncerPort: number;
    let root: pg.Client;
    const rootUrl = () => new URL(testEnv().rootUrl);
    /** A URL through PgBouncer for `user`. */
    const pooled = (user: string, password: string) => {
      const u = new URL(urlFor(testEnv().rootUrl, database, user, password));
      u.port = String(bouncerPort);
      return u.toString();
    };

    /**
     * PgBouncer's defaults but for the pool: no max_prepared_statements (1.18 has none), and
     * ignore_startup_parameters its default unless `ignored` (what the operator of the report added).
     */
    const writeSettings = (ignored?: string) =>
      writeFileSync(
        path.join(dir, "pgbouncer.ini"),
        [
          "[databases]",
          `* = host=127.0.0.1 port=${rootUrl().port}`,
          "[pgbouncer]",
          "listen_addr = 127.0.0.1",
          `listen_port = ${bouncerPort}`,
          "unix_socket_dir =",
          "auth_type = scram-sha-256",
          `auth_file = ${path.join(dir, "userlist.txt")}`,
          "pool_mode = transaction",
          `default_pool_size = ${SERVER_CONNECTIONS}`,
          "max_client_conn = 500",
          `logfile = ${path.join(dir, "pgbouncer.log")}`,
          ...(ignored ? [`ignore_startup_parameters = ${ignored}`] : []),
        ].join("\n"),
      );

    beforeAll(async () => {
      root = new pg.Client({ connectionString: testEnv().rootUrl });
      await root.connect();
      await root.query(`drop database if exists ${database} with (force)`);
      await root.query(`create database ${database}`);
      dir = mkdtempSync(path.join(tmpdir(), "svc-pgbouncer-"));
      chmodSync(dir, 0o777);
      bouncerPort = await freePort();
      const superuser = rootUrl();
      writeFileSync(
        path.join(dir, "userlist.txt"),
        `"${superuser.username}" "${decodeURIComponent(superuser.password)}"\n"svc_authenticator" "authenticator-test-password"\n`,
      );
      writeSettings();
      for (const file of ["userlist.txt", "pgbouncer.ini"]) chmodSync(path.join(dir, file), 0o644);
      // PgBouncer refuses to run as root: as root, run it as the postgres user (as the embedded server).
      const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
      bouncer = spawn(PGBOUNCER!, [...asUser, path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
      const t0 = Date.now();
      for (;;) {
        const probe = new pg.Client({
          connectionString: pooled(superuser.username, decodeURIComponent(superuser.password)),
        });
        try {
          await probe.connect();
          await probe.end();
          break;
        } catch (error) {
          if (Date.now() - t0 > 10000 || bouncer.exitCode !== null) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    });
    afterAll(async () => {
      bouncer?.kill("SIGTERM");
      await root.query(`drop database if exists ${database} with (force)`);
      await root.end();
      rmSync(dir, { recursive: true, force: true });
    });

    test("DATABASE_POOLER=transaction: the real server (two API processes) migrates, starts, is ready, answers sessions, keys and writes, and runs a job", async () => {
      const superuser = rootUrl();
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), "svc-pooled-"));
      const server = startEntryPoint(dataDir, port, {
        WEB_CONCURRENCY: "2",
        // One session and one key send 20 requests at a time: the largest cap two processes allow.
        CALLER_CONCURRENCY: "9",
        // This test is about the pooler, not the budgets: 28 writes behind PgBouncer on a busy
        // machine can spend more than a session's share of the minute.
        SESSION_COST_PER_MINUTE: "100000000",
        ACCOUNT_COST_PER_MINUTE: "100000000",
        DATABASE_POOLER: "transaction",
        DATABASE_URL: pooled(superuser.username, decodeURIComponent(superuser.password)),
        AUTH_DATABASE_URL: pooled("svc_authenticator", "authenticator-test-password"),
      });
      try {
        await waitForOutput(server, /running at/, 90000);
        const url = `http://127.0.0.1:${port}`;
        // The second API process may still be opening its first pooled connection: ready within 10 s.
        let health = await get(url, "/api/health");
        for (let i = 0; i < 20 && health.status !== 200; i++) {
          await new Promise((r) => setTimeout(r, 500));
          health = await get(url, "/api/health");
        }
        expect(health).toMatchObject({ status: 200, body: { ok: true, graphql: "ok" } });
        const user = await signUp(url, "Pooled");
        const { key } = await createApiKey(url, user.token, { access: "READ_ONLY" });
        // Many client connections over 4 server connections: reads as a session and with a key (each
        // key counted in SQL), and writes, 20 at a time.
        const requests = [
          ...Array.from({ length: 100 }, () => () => gql(url, "{ viewer { name } }", {}, { token: user.token })),
          ...Array.from({ length: 100 }, () => () => gql(url, "{ viewer { name } }", {}, { key })),
          ...Array.from(
            { length: 28 },
            (_, day) => () =>
              gql(
                url,
                "mutation($input: BodyweightInput!) { logBodyweight(input: $input) { date } }",
                { input: { date: `2026-02-${String(day + 1).padStart(2, "0")}`, weight: 80 + day / 10 } },
                { token: user.token },
              ),
          ),
        ];
        const answers: Awaited<ReturnType<typeof gql>>[] = [];
        for (let i = 0; i < requests.length; i += 20)
          answers.push(...(await Promise.all(requests.slice(i, i + 20).map((send) => send()))));
        const failed = answers.filter((a) => a.status !== 200 || a.body.errors);
        expect(failed.map((a) => JSON.stringify(a.body))).toEqual([]);
        const count = await gql(url, "{ viewer { bodyweightsByUserId { totalCount } } }", {}, { token: user.token });
        expect(count.body.data.viewer.bodyweightsByUserId.totalCount).toBe(28);
        expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { ok: true } });

        // A background job queued now is run (graphile-worker polls through the pooler) and gone.
        const owner = new pg.Client({ connectionString: urlFor(testEnv().rootUrl, database) });
        await owner.connect();
        try {
          await owner.query("select graphile_worker.add_job('expire_api_keys', job_key := 'through-the-pooler')");
          const queued = () =>
            owner.query("select 1 from graphile_worker._private_jobs where key = 'through-the-pooler'");
          const t0 = Date.now();
          while ((await queued()).rowCount && Date.now() - t0 < 20000) await new Promise((r) => setTimeout(r, 200));
          expect((await queued()).rowCount).toBe(0);
        } finally {
          await owner.end();
        }
      } finally {
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 150000);

    test("without DATABASE_POOLER: the start is refused naming the setting, and readiness is 503", async () => {
      const superuser = rootUrl();
      const ownerUrl = pooled(superuser.username, decodeURIComponent(superuser.password));
      const authUrl = pooled("svc_authenticator", "authenticator-test-password");
      const start = async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), "svc-unpooled-"));
        const started = startEntryPoint(dataDir, await freePort(), {
          WEB_CONCURRENCY: "1",
          DATABASE_URL: ownerUrl,
          AUTH_DATABASE_URL: authUrl,
        });
        expect(await started.exited).toBe(1);
        rmSync(dataDir, { recursive: true, force: true });
        return started.output();
      };
      // Found by what a pooler does (a statement runs in another process than the connection's)
      // before migrating, with PgBouncer's defaults and told to ignore the startup parameters a
      // direct connection sends (as in the report, where named statements then broke requests).
      for (const ignored of [undefined, "extra_float_digits,options,statement_timeout"]) {
        writeSettings(ignored);
        bouncer.kill("SIGHUP");
        await new Promise((r) => setTimeout(r, 500));
        const refused = await start();
        expect(refused).toContain("A connection pooler sits between this server and PostgreSQL on DATABASE_URL");
        expect(refused).toContain("set DATABASE_POOLER=transaction");
      }

      // The same pools in a server already running (a pooler put in front later): not ready.
      const pools = createPools({ ownerUrl, authUrl });
      const app = await createApp({ pools });
      try {
        await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
        const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const health = await get(url, "/api/health");
        expect(health.status).toBe(503);
        expect(health.body).toEqual({
          ok: false,
          database: "up",
          migrations: "current",
          owner: "failing",
          graphql: "failing",
          writes: "ok",
          disk: "unknown",
        });
      } finally {
        await app.close();
        await pools.end();
      }
    }, 120000);
  },
);
