// Applies the schema with graphile-migrate: committed migrations, then the current one if it has content.
import { migrate, watch } from "graphile-migrate";
import { createRequire } from "node:module";
import pg from "pg";

// graphile-migrate checks `instanceof` against its own copy of @graphile/logger.
const { Logger } = createRequire(createRequire(import.meta.url).resolve("graphile-migrate"))("@graphile/logger");
const migratePg: {
  clearAllPools: () => void;
  withAdvisoryLock: (client: unknown, callback: (client: unknown) => Promise<unknown>) => Promise<unknown>;
} = createRequire(import.meta.url)("graphile-migrate/dist/pgReal.js");
import { readdirSync, readFileSync, existsSync, appendFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../migrations");

/** The last committed migration as graphile-migrate records it (`000003.sql`): what this code expects. */
export function lastCommittedMigration(): string {
  const numbers = readdirSync(path.join(MIGRATIONS_FOLDER, "committed"))
    .filter((f) => /^\d{6}.*\.sql$/.test(f))
    .map((f) => f.slice(0, 6))
    .sort();
  return `${numbers.at(-1)}.sql`;
}

/** The list of committed migrations' SHA-256 (sha256sum's format): a committed migration never changes. */
export const COMMITTED_HASH_LIST = path.join(MIGRATIONS_FOLDER, "committed.sha256");

/** Each committed file and the SHA-256 of its bytes, in order. */
export function committedFileHashes(): { file: string; sha256: string }[] {
  const dir = path.join(MIGRATIONS_FOLDER, "committed");
  return readdirSync(dir)
    .filter((f) => /^\d{6}.*\.sql$/.test(f))
    .sort()
    .map((file) => ({
      file,
      sha256: createHash("sha256")
        .update(readFileSync(path.join(dir, file)))
        .digest("hex"),
    }));
}

/** Adds the lines of committed files the list does not name yet (after `npm run migration:commit`); never changes a line. */
export function recordCommittedHashes(): void {
  const listed = readFileSync(COMMITTED_HASH_LIST, "utf8");
  for (const { file, sha256 } of committedFileHashes())
    if (!listed.includes(`  ${file}\n`)) appendFileSync(COMMITTED_HASH_LIST, `${sha256}  ${file}\n`);
}

/** Each committed migration as graphile-migrate records it (`000003.sql`) with the hash its header gives. */
export function committedHashes(): Map<string, string> {
  const dir = path.join(MIGRATIONS_FOLDER, "committed");
  const hashes = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((f) => /^\d{6}.*\.sql$/.test(f))
    .sort()) {
    const hash = /^--! Hash: (\S+)$/m.exec(readFileSync(path.join(dir, file), "utf8"))?.[1];
    if (hash) hashes.set(`${file.slice(0, 6)}.sql`, hash);
  }
  return hashes;
}

/**
 * Refuses a database whose applied migrations are not this version's (same number, other hash):
 * migrating on would build on a schema the next migration does not expect and fail half-way.
 */
async function refuseForeignHistory(client: pg.Client): Promise<void> {
  const table = await client.query("select to_regclass('graphile_migrate.migrations') is not null as migrated");
  if (!table.rows[0].migrated) return;
  const { rows } = await client.query<{ filename: string; hash: string }>(
    "select filename, hash from graphile_migrate.migrations order by filename",
  );
  const committed = committedHashes();
  const differing = rows.filter((row) => committed.has(row.filename) && committed.get(row.filename) !== row.hash);
  if (!differing.length) return;
  const first = differing[0];
  throw new Error(
    `The database's migration history does not match this version's: its ${first.filename} has ${first.hash}, this version's ${committed.get(first.filename)}${differing.length > 1 ? ` (and ${differing.length - 1} more)` : ""}. ` +
      "It was made by a development build whose migrations were later rewritten; migrating it on would fail half-way. Nothing was changed. " +
      "What to do: start the version that made it on this database, export each user's data (svc export), and import it into a new database made by this version " +
      "(a new SVC_DATA_DIR or DATABASE_URL); see docs/operations.md#upgrades",
  );
}

function currentHasContent(): boolean {
  const dir = path.join(MIGRATIONS_FOLDER, "current");
  const file = path.join(MIGRATIONS_FOLDER, "current.sql");
  const texts = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .map((f) => readFileSync(path.join(dir, f), "utf8"))
    : existsSync(file)
      ? [readFileSync(file, "utf8")]
      : [];
  return texts.some((t) => t.split("\n").some((line) => line.trim() && !line.trim().startsWith("--")));
}

export function migrateSettings(ownerUrl: string, rootUrl?: string) {
  return {
    connectionString: ownerUrl,
    ...(rootUrl ? { rootConnectionString: rootUrl } : {}),
    migrationsFolder: MIGRATIONS_FOLDER,
    logger: quietLogger,
  };
}

// graphile-migrate logs every step; keep start-up output to what an operator needs.
const quietLogger = new Logger(() => (level: string, message: string) => {
  if (level === "error" || level === "warning") console.error(message);
});

/** graphile-migrate's advisory lock key ("GRAPHILE MIGRATE" on a phone keypad), so its CLI and we exclude each other. */
const MIGRATION_LOCK = "4727445306447283";

/**
 * Servers starting at once on one database migrate one after the other: each waits for the lock,
 * held in a transaction (which a transaction-mode pooler keeps on one server connection), and then
 * finds nothing left to do. graphile-migrate's own lock only tries once and gives up, and as a
 * session lock it would stay behind on a pooled server connection: ours, already held, stands for it.
 */
export async function migrateDatabase(ownerUrl: string): Promise<void> {
  const settings = migrateSettings(ownerUrl);
  const lock = new pg.Client({ connectionString: ownerUrl, application_name: "svc migrate" });
  lock.on("error", () => {});
  await lock.connect();
  const ownLock = migratePg.withAdvisoryLock;
  try {
    await lock.query("begin");
    await lock.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await refuseForeignHistory(lock);
    migratePg.withAdvisoryLock = (client, callback) => callback(client);
    await migrate(settings as never);
    // Work in progress (migrations/current) is applied too until it is committed.
    if (currentHasContent()) await watch(settings as never, true);
  } finally {
    migratePg.withAdvisoryLock = ownLock;
    await lock.query("commit").catch(() => {});
    await lock.end().catch(() => {});
    // graphile-migrate keeps its pool a moment after use and ends the whole process if that pool
    // sees a connection error: end it now, so a server's own handlers decide what a lost database means.
    migratePg.clearAllPools();
  }
}
