// Configuration from the environment, read once.
import path from "node:path";

export type Config = {
  port: number;
  databaseUrl?: string;
  authDatabaseUrl?: string;
  dataDir: string;
  dev: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 4000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0 to 65535), got "${env.PORT}"`);
  }
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    authDatabaseUrl: env.AUTH_DATABASE_URL || undefined,
    dataDir: path.resolve(env.SVC_DATA_DIR || ".data"),
    dev: env.NODE_ENV === "development",
  };
}
