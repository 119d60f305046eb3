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
import { readdirSync, readFileSync, existsSync } from "node:fs";
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
