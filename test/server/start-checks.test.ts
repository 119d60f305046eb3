// What an operator's mistakes look like at start, with the real entry point on the test's
// PostgreSQL: the server refuses to start and says which setting is wrong and what to run, instead
// of starting and failing every request later.
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { urlFor } from "../../db/scratch.ts";
import { readConfig } from "../../server/process/config.ts";
import { gql, post, get, testEnv } from "../support/harness.ts";
import { startEntryPoint, waitForOutput } from "../support/entry-point.ts";

const owner = `svc_own_${process.pid}`;
/** Owned by `owner`, for the roles test. */
const database = `svc_checks_${process.pid}`;
/** Owned by the superuser, for the wrong password. */
const otherDatabase = `svc_checks_other_${process.pid}`;
let root: pg.Client;
let dataDir: string;

/** Starts the server with `env`; resolves with its exit code and output once it exits. */
async function refusedStart(env: NodeJS.ProcessEnv) {
  const started = startEntryPoint(dataDir, await freePort(), { WEB_CONCURRENCY: "1", ...env });
  const code = await started.exited;
  return { code, output: started.output() };
}

beforeAll(async () => {
  root = new pg.Client({ connectionString: testEnv().rootUrl });
  await root.connect();
  dataDir = mkdtempSync(path.join(tmpdir(), "svc-checks-"));
  // Roles as an operator makes them: the request roles exist (cluster-wide, made by the test setup
  // with db/roles.sql), and an owner that may not create roles and is not their member.
  await root.query(`drop database if exists ${database} with (force)`);
  await root.query(`drop role if exists ${owner}`);
  await root.query(`create role ${owner} login password 'owner-password'`);
  await root.query(`create database ${database} owner ${owner}`);
  await root.query(`drop database if exists ${otherDatabase} with (force)`);
  await root.query(`create database ${otherDatabase}`);
});
afterAll(async () => {
  await root.query(`drop database if exists ${database} with (force)`);
  await root.query(`drop database if exists ${otherDatabase} with (force)`);
  await root.query(`drop role if exists ${owner}`);
  await root.end();
  rmSync(dataDir, { recursive: true, force: true });
});

test("DATABASE_URL, AUTH_DATABASE_URL and DATABASE_POOLER: which one is wrong, without echoing a URL", () => {
  expect(() => readConfig({ DATABASE_URL: "notaurl" })).toThrow(
    "DATABASE_URL is not a PostgreSQL URL like postgres://user:password@host:5432/database",
  );
  expect(() => readConfig({ DATABASE_URL: "mysql://u:secret@h/db" })).toThrow(/^DATABASE_URL is not a PostgreSQL URL/);
  expect(() => readConfig({ DATABASE_URL: "mysql://u:secret@h/db" })).not.toThrow(/secret/);
  expect(() => readConfig({ DATABASE_URL: "postgres://h/db", AUTH_DATABASE_URL: "x" })).toThrow(
    /^AUTH_DATABASE_URL is not a PostgreSQL URL/,
  );
  expect(readConfig({ DATABASE_URL: "postgresql://u:p@h:5433/db" }).databaseUrl).toBe("postgresql://u:p@h:5433/db");
  expect(readConfig({ DATABASE_URL: "postgres://u@h/db" }).pooler).toBeUndefined();
  for (const pooler of ["session", "transaction"] as const)
    expect(readConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOLER: pooler }).pooler).toBe(pooler);
  expect(() => readConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOLER: "statement" })).toThrow(
    'DATABASE_POOLER must be "session" or "transaction" (or unset), got "statement"',
  );
  expect(() => readConfig({ DATABASE_POOLER: "transaction" })).toThrow(
    /DATABASE_POOLER is set but DATABASE_URL is not/,
  );
});

test("PUBLIC_URL: an http or https origin (a trailing slash is dropped); anything else is refused naming it", () => {
  expect(readConfig({}).publicUrl).toBeUndefined();
  for (const [raw, origin] of [
    ["https://train.example.com", "https://train.example.com"],
    ["https://train.example.com/", "https://train.example.com"],
    ["http://localhost:4000", "http://localhost:4000"],
    ["https://TRAIN.example.com:443/", "https://train.example.com"],
  ]) {
    expect([raw, readConfig({ PUBLIC_URL: raw }).publicUrl]).toEqual([raw, origin]);
  }
  for (const raw of [
    "train.example.com",
    "ftp://train.example.com",
    "https://train.example.com/log",
    "https://train.example.com/?",
    "https://train.example.com?x=1",
    "https://train.example.com/#top",
    "https://user:pw@train.example.com",
  ]) {
    expect(() => readConfig({ PUBLIC_URL: raw })).toThrow(
      `PUBLIC_URL must be the server's address like https://train.example.com`,
    );
    expect(() => readConfig({ PUBLIC_URL: raw })).toThrow(`got "${raw}"`);
  }
});

test("a libpq multi-host DATABASE_URL is refused naming what to use instead; one host is taken", () => {
  for (const url of ["postgres://u:secret@a:5432,b:5432/db", "postgres://u@h/db?target_session_attrs=read-write"]) {
    expect(() => readConfig({ DATABASE_URL: url })).toThrow(
      /^DATABASE_URL lists several hosts \(a libpq multi-host URL\).*a proxy that always leads to the primary/,
    );
    expect(() => readConfig({ DATABASE_URL: url })).not.toThrow(/secret/);
  }
  expect(readConfig({ DATABASE_URL: "postgres://u@a:5432/db" }).databaseUrl).toBe("postgres://u@a:5432/db");
});

test("HOST: 127.0.0.1 by default (also when empty), a wildcard or host name taken, anything else refused naming it", () => {
  expect(readConfig({}).host).toBe("127.0.0.1");
  expect(readConfig({ HOST: "" }).host).toBe("127.0.0.1");
  expect(readConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  expect(readConfig({ HOST: "::" }).host).toBe("::");
  expect(readConfig({ HOST: " train.lan " }).host).toBe("train.lan");
  expect(() => readConfig({ HOST: "http://0.0.0.0" })).toThrow(
    /^HOST must be an address to listen on .* got "http:\/\/0\.0\.0\.0"$/,
  );
  expect(() => readConfig({ HOST: "a b" })).toThrow(/HOST must be/);
});

test("DISK_FREE_WARN_MB: default 1024, 0 turns it off, a non-integer is refused", () => {
  expect(readConfig({}).diskFreeWarnMb).toBe(1024);
  expect(readConfig({ DISK_FREE_WARN_MB: "0" }).diskFreeWarnMb).toBe(0);
  expect(readConfig({ DISK_FREE_WARN_MB: "20480" }).diskFreeWarnMb).toBe(20480);
  for (const bad of ["-1", "1.5", "lots"])
    expect(() => readConfig({ DISK_FREE_WARN_MB: bad })).toThrow(/^DISK_FREE_WARN_MB must be a whole number of MiB/);
});

test("DATABASE_URL=notaurl: the server exits at once naming DATABASE_URL", async () => {
  const { code, output } = await refusedStart({ DATABASE_URL: "notaurl" });
  expect(code).toBe(1);
  expect(output).toContain("DATABASE_URL is not a PostgreSQL URL");
  expect(output).not.toMatch(/ENOTFOUND|getaddrinfo/);
});

test("a wrong AUTH_DATABASE_URL password is refused at start, naming it and how to set svc_authenticator's", async () => {
  const { code, output } = await refusedStart({
    DATABASE_URL: urlFor(testEnv().rootUrl, otherDatabase),
    AUTH_DATABASE_URL: urlFor(testEnv().rootUrl, otherDatabase, "svc_authenticator", "not-its-password"),
  });
  expect(code).toBe(1);
  expect(output).toContain(
    `AUTH_DATABASE_URL (svc_authenticator@127.0.0.1:${new URL(testEnv().rootUrl).port}/${otherDatabase}) does not work: the password of svc_authenticator is wrong`,
  );
  expect(output).toContain("alter role svc_authenticator with password");
  expect(output).not.toContain("not-its-password");
});

test("roles made by a superuser, owner not their member: refused with the grant to run; after it, GraphQL serves a session", async () => {
  const ownerUrl = urlFor(testEnv().rootUrl, database, owner, "owner-password");
  const { code, output } = await refusedStart({ DATABASE_URL: ownerUrl });
  expect(code).toBe(1);
  const grant = `grant svc_visitor, svc_reader to "${owner}";`;
  expect(output).toContain(`The user "${owner}" of DATABASE_URL (AUTH_DATABASE_URL is unset) may not switch`);
  expect(output).toContain(`As a superuser, run: ${grant}`);

  // Exactly what it said, as a superuser; then it starts and a signed-in user's GraphQL works.
  await root.query(output.match(/run: (grant [^;]+;)/)![1]);
  const port = await freePort();
  const server = startEntryPoint(dataDir, port, { WEB_CONCURRENCY: "1", DATABASE_URL: ownerUrl });
  try {
    await waitForOutput(server, /running at/, 90000);
    const url = `http://127.0.0.1:${port}`;
    expect(await get(url, "/api/health")).toMatchObject({ status: 200, body: { ok: true, graphql: "ok" } });
    const signUp = await post(url, "/api/auth/sign-up/email", {
      name: "Operator",
      email: "operator@example.com",
      password: "roles-by-hand",
    });
    expect(signUp.status).toBe(200);
    const me = await gql(url, "{ viewer { name } }", {}, { token: signUp.body.token });
    expect(me.body).toEqual({ data: { viewer: { name: "Operator" } } });
  } finally {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }
}, 120000);
