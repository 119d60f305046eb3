// `npm run restore -- <file>`: a backup written by `npm run backup` into SVC_DATA_DIR, which must be
// empty or missing (db/restore.ts).
import path from "node:path";
import { readConfig } from "../server/process/config.ts";
import { restoreDataDir } from "../db/restore.ts";

const say = (message: string) => process.stdout.write(`${message}\n`);
const [file, ...rest] = process.argv.slice(2);
try {
  if (!file || rest.length) throw new Error("Usage: npm run restore -- <file>   (into an empty SVC_DATA_DIR)");
  const config = readConfig();
  if (config.databaseUrl)
    throw new Error(
      "DATABASE_URL is set: npm run restore fills an embedded data folder; restore that server with PostgreSQL's tools (docs/operations.md, Backup and restore)",
    );
  await restoreDataDir(path.resolve(file), config.dataDir, say);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
