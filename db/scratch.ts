// A throwaway PostgreSQL for tests, benchmarks and `npm run schema`: the embedded server in a
// temporary folder (or TEST_DATABASE_URL's server), with a migrated template database to copy.
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbedded } from "./embedded.ts";
import { ensureRoles, ROLES } from "./bootstrap.ts";
import { migrateDatabase } from "./migrate.ts";

export type Scratch = { rootUrl: string; templateDb: string; stop: () => Promise<void> };

export type ScratchOptions = {
  /**
   * Preload pg_stat_statements (benchmarks report PostgreSQL's own count of statements per
   * request): the embedded server is started, configured and started again. With
   * TEST_DATABASE_URL, statements are counted only if that server preloads it.
   */
  statementStats?: boolean;
  /** PostgreSQL's max_connections (the embedded server's default 200 otherwise). */
  maxConnections?: number;
};

/** Starts the embedded server in `dir`, with pg_stat_statements preloaded when asked. */
async function startCluster(dir: string, { statementStats = false, maxConnections }: ScratchOptions) {
  const cluster = await startEmbedded(dir, { maxConnections });
  if (!statementStats) return cluster;
  const c = new pg.Client({ connectionString: cluster.rootUrl });
  await c.connect();
  await c.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
  await c.query("alter system set pg_stat_statements.track = 'top'");
  await c.end();
  await cluster.stop();
  return startEmbedded(dir, { maxConnections });
}

export async function startScratch(options: ScratchOptions = {}): Promise<Scratch> {
  let rootUrl: string;
  let stopCluster = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    rootUrl = process.env.TEST_DATABASE_URL;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "svc-scratch-"));
    const { chmodSync } = await import("node:fs");
    chmodSync(dir, 0o777); // the postgres system user writes here when we run as root
    const cluster = await startCluster(dir, options);
    rootUrl = cluster.rootUrl;
    stopCluster = async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const templateDb = `svc_template_${process.pid}`;
  const root = new pg.Client({ connectionString: rootUrl });
  await root.connect();
  try {
    await ensureRoles(root, "authenticator-test-password");
    await root.query(`drop database if exists ${templateDb}`);
    await root.query(`create database ${templateDb}`);
  } finally {
    await root.end();
  }
  await migrateDatabase(urlFor(rootUrl, templateDb));
  return {
    rootUrl,
    templateDb,
    stop: async () => {
      const c = new pg.Client({ connectionString: rootUrl });
      await c.connect();
      await c.query(`drop database if exists ${templateDb} with (force)`).catch(() => {});
      await c.end();
      await stopCluster();
    },
  };
}

export function urlFor(rootUrl: string, database: string, user?: string, password?: string): string {
  const u = new URL(rootUrl);
  u.pathname = `/${database}`;
  if (user) u.username = user;
  if (password !== undefined) u.password = password;
  return u.toString();
}

/** A new database copied from the migrated template; owner connection is the root one. */
export async function createDatabaseFromTemplate(rootUrl: string, templateDb: string, name: string) {
  const root = new pg.Client({ connectionString: rootUrl });
  await root.connect();
  try {
    await root.query(`drop database if exists ${name} with (force)`);
    await root.query(`create database ${name} template ${templateDb}`);
    await root.query(`grant connect on database ${name} to ${ROLES.authenticator}`);
  } finally {
    await root.end();
  }
  return {
    ownerUrl: urlFor(rootUrl, name),
    authUrl: urlFor(rootUrl, name, ROLES.authenticator, "authenticator-test-password"),
    drop: async () => {
      const c = new pg.Client({ connectionString: rootUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}
