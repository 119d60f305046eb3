// Brings up the database the service runs on: the embedded PostgreSQL or DATABASE_URL, bootstrapped
// and migrated. Returns the owner and authenticator pools.
import pg from "pg";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbedded, type EmbeddedCluster } from "../db/embedded.ts";
import { bootstrapCluster, bootstrapExternal, newPassword, type Connections } from "../db/bootstrap.ts";
import { migrateDatabase } from "../db/migrate.ts";
import type { Config } from "./config.ts";

export type Database = Connections & {
  ownerPool: pg.Pool;
  authPool: pg.Pool;
  embedded?: EmbeddedCluster;
  close: () => Promise<void>;
};

function rolePasswords(dataDir: string): { owner: string; authenticator: string } {
  const file = path.join(dataDir, "roles.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const passwords = { owner: newPassword(), authenticator: newPassword() };
  writeFileSync(file, JSON.stringify(passwords), { mode: 0o600 });
  return passwords;
}

export async function openDatabase(config: Pick<Config, "databaseUrl" | "authDatabaseUrl" | "dataDir">, onProgress: (m: string) => void = () => {}): Promise<Database> {
  let embedded: EmbeddedCluster | undefined;
  let connections: Connections;
  if (config.databaseUrl) {
    onProgress("Using the PostgreSQL server at DATABASE_URL");
    connections = await bootstrapExternal(config.databaseUrl, config.authDatabaseUrl);
  } else {
    onProgress(`Starting the embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbedded(config.dataDir);
    try {
      connections = await bootstrapCluster(embedded.rootUrl, "svc", rolePasswords(config.dataDir));
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  try {
    onProgress("Applying migrations");
    await migrateDatabase(connections.ownerUrl);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const ownerPool = new pg.Pool({ connectionString: connections.ownerUrl, max: 10 });
  const authPool = new pg.Pool({ connectionString: connections.authUrl, max: 20 });
  // A dropped idle connection must not crash the server.
  ownerPool.on("error", () => {});
  authPool.on("error", () => {});
  // graphile-worker shares the owner pool and wants each client's errors handled too.
  ownerPool.on("connect", (client) => client.on("error", () => {}));
  return {
    ...connections,
    ownerPool,
    authPool,
    embedded,
    close: async () => {
      await Promise.allSettled([ownerPool.end(), authPool.end()]);
      await embedded?.stop();
    },
  };
}
