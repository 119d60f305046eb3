// `npm run restore`: a backup file (db/backup.ts) into an empty data folder, then PostgreSQL is
// started once on it to replay the backup's WAL and stopped cleanly, so the next `npm start` finds
// a consistent database. A folder with anything in it is refused before anything is written.
import pg from "pg";
import { chownSync, existsSync, mkdirSync, readdirSync, statSync, chmodSync } from "node:fs";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { text } from "node:stream/consumers";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { startEmbedded } from "./embedded.ts";
import { readArchive, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, type Manifest } from "./backup-archive.ts";
import { byteProgress, type Say } from "./backup-progress.ts";

/** Refuses a target that exists and is not an empty folder, naming what is in it. */
function assertEmptyFolder(dataDir: string) {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory())
    throw new Error(`SVC_DATA_DIR ${dataDir} is a file, not a folder; restore into an empty folder`);
  const entries = readdirSync(dataDir);
  if (entries.length) {
    const shown = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", …" : "");
    throw new Error(
      `SVC_DATA_DIR ${dataDir} is not empty (${shown}); a restore never writes over data: move that folder aside, or set SVC_DATA_DIR to a new or empty folder`,
    );
  }
}

/** Where an archive entry goes: inside `dataDir`, never above it. */
function targetOf(dataDir: string, name: string): string {
  const target = path.resolve(dataDir, name);
  if (!target.startsWith(dataDir + path.sep))
    throw new Error(`The backup names a path outside the data folder (${name}); not restoring it`);
  return target;
}

function checkManifest(file: string, manifestText: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw new Error(`${file} is not a Training Log backup (its manifest is not JSON)`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${file} is not a Training Log backup (format ${JSON.stringify(manifest.format)})`);
  if (manifest.version !== BACKUP_FORMAT_VERSION)
    throw new Error(
      `${file} is a backup of format version ${manifest.version}; this version reads ${BACKUP_FORMAT_VERSION}`,
    );
  return manifest;
}

/** As root, PostgreSQL runs as the `postgres` system user (db/embedded.ts), which must own its files. */
function giveToPostgresUser(pgDir: string) {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  const [uid, gid] = [id("-u"), id("-g")];
  const walk = (target: string) => {
    chownSync(target, uid, gid);
    if (statSync(target).isDirectory()) for (const entry of readdirSync(target)) walk(path.join(target, entry));
  };
  walk(pgDir);
}

/** Unpacks `file` into `dataDir` (empty or missing); the manifest first, or nothing is written. */
async function unpack(file: string, dataDir: string, say: Say): Promise<Manifest> {
  const progress = byteProgress("Reading the backup", statSync(file).size, say);
  let manifest: Manifest | null = null;
  let sawLabel = false;
  try {
    for await (const entry of readArchive(file, (bytes) => progress.add(bytes))) {
      if (!manifest) {
        if (entry.header.name !== MANIFEST_ENTRY) throw new Error(`${file} is not a Training Log backup (no manifest)`);
        manifest = checkManifest(file, await text(entry));
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        continue;
      }
      const target = targetOf(dataDir, entry.header.name);
      if (entry.header.type === "directory") {
        mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
        sawLabel ||= entry.header.name === "pg/backup_label";
      }
    }
  } catch (error) {
    const message = (error as Error).message;
    if (!manifest && !message.includes("Training Log backup"))
      throw new Error(`${file} is not a Training Log backup (${message})`);
    throw error;
  }
  if (!manifest) throw new Error(`${file} is not a Training Log backup (empty)`);
  if (!sawLabel) throw new Error(`${file} is incomplete (it ends before its backup_label); restore another backup`);
  return manifest;
}

/** What the restored database holds, for the operator to recognise it (none before the first start's migrations). */
async function restoredCounts(client: pg.Client): Promise<{ users: number; workouts: number }> {
  const migrated = await client.query("select to_regclass('app_public.workouts') is not null as yes");
  if (!migrated.rows[0].yes) return { users: 0, workouts: 0 };
  const { rows } = await client.query(
    "select (select count(*)::int from app_public.users) as users, (select count(*)::int from app_public.workouts) as workouts",
  );
  return rows[0];
}

/** Restores `file` into `dataDir` and replays its WAL once; says what the restored database holds. */
export async function restoreDataDir(file: string, dataDir: string, say: Say): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  assertEmptyFolder(dataDir);
  const manifest = await unpack(file, dataDir, say);
  const pgDir = path.join(dataDir, "pg");
  chmodSync(pgDir, 0o700);
  giveToPostgresUser(pgDir);
  say(`Replaying the WAL of the backup started ${manifest.startedAt} (PostgreSQL ${manifest.postgres})…`);
  let cluster;
  try {
    cluster = await startEmbedded(dataDir, { notice: say });
  } catch (error) {
    throw new Error(
      `PostgreSQL could not recover the restored files (${(error as Error).message}); ${dataDir} holds them as unpacked: remove it before trying another backup`,
    );
  }
  try {
    const url = new URL(cluster.rootUrl);
    url.pathname = "/svc";
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const counts = await restoredCounts(client).finally(() => client.end());
    say(
      `Restored into ${dataDir}: ${counts.users} users, ${counts.workouts} workouts. Start the service on it with SVC_DATA_DIR=${dataDir} npm start`,
    );
  } finally {
    await cluster.stop();
  }
}
