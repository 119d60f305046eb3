// Committed migrations never change: their bytes are held to migrations/committed.sha256; a database
// at the oldest supported state (the baseline 000001, the first release after the re-squash of
// 2026-11-23) upgrades to this version with its data; and a database whose history is another
// version's (same number, other hash) is refused before anything runs, saying what to do.
import pg from "pg";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate } from "graphile-migrate";
import {
  COMMITTED_HASH_LIST,
  MIGRATIONS_FOLDER,
  committedFileHashes,
  lastCommittedMigration,
  migrateDatabase,
  migrateSettings,
} from "../../db/migrate.ts";
import { createDatabaseFromTemplate, urlFor } from "../../db/scratch.ts";
import { ROLES } from "../../db/bootstrap.ts";
import { createPools } from "../../server/process/database.ts";
import { createApp } from "../../server/app.ts";
import { gql, post, testEnv } from "../support/harness.ts";
import type { AddressInfo } from "node:net";

/** The oldest database this version upgrades: one migrated up to this committed migration. */
const OLDEST_SUPPORTED = "000001";

test("every committed migration's bytes are the ones migrations/committed.sha256 lists, and it lists every one", () => {
  const listed = readFileSync(COMMITTED_HASH_LIST, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha256, file] = line.split(/ {2}/);
      return { file, sha256 };
    });
  const actual = committedFileHashes();
  for (const { file, sha256 } of actual) {
    const line = listed.find((l) => l.file === file);
    // A new committed migration: `npm run migration:commit` adds its line; never edit a listed one.
    if (!line)
      throw new Error(`migrations/committed/${file} is not in migrations/committed.sha256; add: ${sha256}  ${file}`);
    if (line.sha256 !== sha256)
      throw new Error(
        `migrations/committed/${file} changed after it was committed (SHA-256 ${sha256}, listed ${line.sha256}): put the change in migrations/current instead`,
      );
  }
  expect(listed.map((l) => l.file)).toEqual(actual.map((a) => a.file));
});

describe("a database at the oldest supported migration", () => {
  const name = `svc_oldest_${process.pid}`;
  let root: pg.Client;
  let folder: string;
  beforeAll(async () => {
    root = new pg.Client({ connectionString: testEnv().rootUrl });
    await root.connect();
    await root.query(`drop database if exists ${name} with (force)`);
    await root.query(`create database ${name}`);
    await root.query(`grant connect on database ${name} to ${ROLES.authenticator}`);
    // The release's migrations folder: the committed migrations up to OLDEST_SUPPORTED, nothing current.
    folder = mkdtempSync(path.join(tmpdir(), "svc-oldest-"));
    mkdirSync(path.join(folder, "committed"));
    mkdirSync(path.join(folder, "current"));
    writeFileSync(path.join(folder, "current", "1-current.sql"), "");
    for (const { file } of committedFileHashes().filter((f) => f.file.slice(0, 6) <= OLDEST_SUPPORTED))
      cpSync(path.join(MIGRATIONS_FOLDER, "committed", file), path.join(folder, "committed", file));
  });
  afterAll(async () => {
    await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
    rmSync(folder, { recursive: true, force: true });
  });

  test("upgrades to this version: every migration applied, its account signs in, its data is there", async () => {
    const ownerUrl = urlFor(testEnv().rootUrl, name);
    await migrate({ ...migrateSettings(ownerUrl), migrationsFolder: folder } as never);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const { rows } = await owner.query(
      "select user_id from app_private.sign_up('Old Lifter', 'old@example.com', 'correct horse battery', 'test')",
    );
    await owner.query(
      "insert into app_public.bodyweights (user_id, date, weight, unit) values ($1, '2026-11-20', 81.5, 'kg')",
      [rows[0].user_id],
    );
    const before = await owner.query("select max(filename) as last from graphile_migrate.migrations");
    expect(before.rows[0].last).toBe(`${OLDEST_SUPPORTED}.sql`);

    await migrateDatabase(ownerUrl);
    const after = await owner.query("select max(filename) as last from graphile_migrate.migrations");
    expect(after.rows[0].last).toBe(lastCommittedMigration());
    await owner.end();

    const pools = createPools({
      ownerUrl,
      authUrl: urlFor(testEnv().rootUrl, name, ROLES.authenticator, "authenticator-test-password"),
    });
    const app = await createApp({ pools });
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const signedIn = await post(url, "/api/auth/sign-in/email", {
        email: "old@example.com",
        password: "correct horse battery",
      });
      expect(signedIn.status).toBe(200);
      const answer = await gql(
        url,
        "{ viewer { name bodyweightsByUserId { nodes { date weight unit } } } }",
        {},
        { token: signedIn.body.token },
      );
      expect(answer.body.data.viewer).toEqual({
        name: "Old Lifter",
        bodyweightsByUserId: { nodes: [{ date: "2026-11-20", weight: 81.5, unit: "kg" }] },
      });
    } finally {
      await app.close();
      await pools.end();
    }
  });
});

describe("a database whose migration history is another version's", () => {
  let db: Awaited<ReturnType<typeof createDatabaseFromTemplate>>;
  let owner: pg.Client;
  beforeAll(async () => {
    db = await createDatabaseFromTemplate(testEnv().rootUrl, testEnv().templateDb, `svc_foreign_${process.pid}`);
    owner = new pg.Client({ connectionString: db.ownerUrl });
    await owner.connect();
  });
  afterAll(async () => {
    await owner.end();
    await db.drop();
  });

  test("is refused before anything runs, naming the migration, both hashes and what to do", async () => {
    // The last one: nothing records it as its previous migration.
    const last = lastCommittedMigration();
    await owner.query("update graphile_migrate.migrations set hash = 'sha1:0123' where filename = $1", [last]);
    const listed = await owner.query("select filename, hash from graphile_migrate.migrations order by filename");
    const error = await migrateDatabase(db.ownerUrl).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      new RegExp(
        `^The database's migration history does not match this version's: its ${last.replace(".", "\\.")} has sha1:0123, this version's sha1:[0-9a-f]{40}\\.`,
      ),
    );
    expect(error?.message).toMatch(/What to do: .*svc export.*docs\/operations\.md#upgrades/);
    const after = await owner.query("select filename, hash from graphile_migrate.migrations order by filename");
    expect(after.rows).toEqual(listed.rows);
  });
});
