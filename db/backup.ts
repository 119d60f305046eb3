// `npm run backup`: a base backup of the embedded PostgreSQL while the service runs, through
// PostgreSQL's own backup functions (the embedded package has no pg_dump or pg_basebackup):
// pg_backup_start, a copy of the data files, pg_backup_stop, then the WAL written meanwhile. A
// temporary replication slot keeps that WAL until it is copied. Restored (db/restore.ts), PostgreSQL
// replays the WAL to the moment pg_backup_stop returned: every transaction committed before it.
import pg from "pg";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { startEmbedded } from "./embedded.ts";
import {
  archiveWriter,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  type Manifest,
} from "./backup-archive.ts";
import { byteProgress, type Say } from "./backup-progress.ts";
import { backupFolderProblem, openNewBackupFile } from "./backup-file.ts";

/** Folders whose contents PostgreSQL rebuilds at start (its documented list for base backups). */
const EMPTIED_FOLDERS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "pg_internal.init",
  "backup_label",
  "tablespace_map",
]);
/** Besides PostgreSQL's files: the generated passwords the restored roles were made with. */
export const SECRET_FILES = ["secrets.json", "roles.json"];

type DataFile = { name: string; file: string; size: number };

/** Every file to copy under `pgDir`, with its size now, and the folders to recreate (emptied ones too). */
function dataFiles(pgDir: string): { folders: string[]; files: DataFile[] } {
  const folders: string[] = [];
  const files: DataFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(pgDir, relative), { withFileTypes: true })) {
      const name = path.posix.join(relative, entry.name);
      if (entry.name.startsWith("pgsql_tmp")) continue;
      if (entry.isDirectory()) {
        folders.push(name);
        if (!EMPTIED_FOLDERS.has(name)) walk(name);
      } else if (entry.isFile() && !SKIPPED_FILES.has(name)) {
        const file = path.join(pgDir, name);
        try {
          files.push({ name, file, size: statSync(file).size });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
  };
  walk("");
  return { folders, files };
}

/**
 * A superuser connection to the data folder's PostgreSQL: the running server's (its port is in
 * postmaster.pid), or one started here when the service is stopped (claiming the folder meanwhile).
 */
async function superuserClient(
  dataDir: string,
  say: Say,
): Promise<{ client: pg.Client; release: () => Promise<void> }> {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const password = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).superuserPassword as string;
  let stopCluster = async () => {};
  let url: string;
  if (existsSync(pidFile)) {
    const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
    url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  } else {
    say("The service is not running: starting its PostgreSQL for the backup");
    const cluster = await startEmbedded(dataDir, { notice: say });
    url = cluster.rootUrl;
    stopCluster = cluster.stop;
  }
  const client = new pg.Client({ connectionString: url, application_name: `svc backup ${process.pid}` });
  try {
    await client.connect();
  } catch (error) {
    await stopCluster();
    throw new Error(
      `The PostgreSQL of ${dataDir} does not answer (${(error as Error).message}); is the service starting or stopping?`,
    );
  }
  return {
    client,
    release: async () => {
      await client.end().catch(() => {});
      await stopCluster();
    },
  };
}

/** The WAL segments from the backup's start to its stop, as PostgreSQL names them. */
async function walSegments(client: pg.Client, startLsn: string, stopLsn: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select name from pg_ls_waldir()
      where name ~ '^[0-9A-F]{24}$' and name between pg_walfile_name($1::pg_lsn + 1) and pg_walfile_name($2::pg_lsn)
      order by name`,
    [startLsn, stopLsn],
  );
  return rows.map((row) => row.name);
}

/** Writes a consistent backup of the embedded database in `dataDir` to `file` (never over an existing file). */
export async function backupDataDir(dataDir: string, file: string, say: Say): Promise<void> {
  if (existsSync(file)) throw new Error(`${file} already exists; give the backup a new file name`);
  const folderProblem = backupFolderProblem(path.dirname(path.resolve(file)));
  if (folderProblem) throw new Error(folderProblem);
  if (!existsSync(path.join(dataDir, "pg", "PG_VERSION")))
    throw new Error(
      `${dataDir} holds no embedded database (no pg/PG_VERSION); set SVC_DATA_DIR to the service's data folder`,
    );
  const pgDir = path.join(dataDir, "pg");
  const { fd, partial, close } = openNewBackupFile(file);
  let archived = false;
  const { client, release } = await superuserClient(dataDir, say).catch((error: Error) => {
    close();
    rmSync(partial, { force: true });
    throw error;
  });
  try {
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [`svc_backup_${process.pid}`]);
    const started = await client.query<{ lsn: string; version: string }>(
      "select pg_backup_start($1, true)::text as lsn, current_setting('server_version') as version",
      [`svc backup ${new Date().toISOString()}`],
    );
    const { lsn: startLsn, version } = started.rows[0];
    say(`Backup started at WAL ${startLsn} (PostgreSQL ${version})`);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      postgres: version,
      startedAt: new Date().toISOString(),
      startLsn,
    };
    const archive = archiveWriter(fd);
    archived = true;
    await archive.addText(MANIFEST_ENTRY, JSON.stringify(manifest, null, 2));
    const { folders, files } = dataFiles(pgDir);
    for (const folder of folders) await archive.addDirectory(`pg/${folder}`);
    const progress = byteProgress(
      "Copying the data files",
      files.reduce((sum, f) => sum + f.size, 0),
      say,
    );
    for (const f of files) {
      await archive.addFile(`pg/${f.name}`, f.file, f.size);
      progress.add(f.size);
    }
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      "select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)",
    );
    const { lsn: stopLsn, labelfile, spcmapfile } = stopped.rows[0];
    const consistentAt = new Date().toISOString();
    for (const segment of await walSegments(client, startLsn, stopLsn)) {
      const walFile = path.join(pgDir, "pg_wal", segment);
      await archive.addFile(`pg/pg_wal/${segment}`, walFile, statSync(walFile).size);
    }
    await archive.addText("pg/backup_label", labelfile);
    if (spcmapfile) await archive.addText("pg/tablespace_map", spcmapfile);
    for (const name of SECRET_FILES) {
      const secret = path.join(dataDir, name);
      if (existsSync(secret)) await archive.addText(name, readFileSync(secret, "utf8"));
    }
    await archive.close();
    renameSync(partial, file);
    const mib = (statSync(file).size / 2 ** 20).toFixed(1);
    say(`Backup written to ${file} (${mib} MiB): every transaction committed before ${consistentAt} (WAL ${stopLsn})`);
  } catch (error) {
    // The stream closes the file once it ends or fails; before it exists, it is closed here.
    if (!archived) close();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await release();
  }
}
