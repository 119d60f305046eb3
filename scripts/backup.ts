// `npm run backup -- <file>`: a consistent backup of the embedded database in SVC_DATA_DIR, taken
// while the service runs (db/backup.ts). With DATABASE_URL, PostgreSQL's own tools do it.
import path from "node:path";
import { readConfig } from "../server/process/config.ts";
import { backupDataDir } from "../db/backup.ts";

const say = (message: string) => process.stdout.write(`${message}\n`);
const [file, ...rest] = process.argv.slice(2);
try {
  if (!file || rest.length) throw new Error("Usage: npm run backup -- <file>   (for example backup-2026-03-02.tar.gz)");
  const config = readConfig();
  if (config.databaseUrl)
    throw new Error(
      "DATABASE_URL is set: back that server up with pg_dump or pg_basebackup (docs/operations.md, Backup and restore)",
    );
  await backupDataDir(config.dataDir, path.resolve(file), say);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
