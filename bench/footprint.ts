// Footprint of a self-hosted install: `npm start` itself (npm, the Node server it runs, the embedded
// PostgreSQL; default settings but the per-client cost budgets; BENCH_FOOTPRINT_ENV='{"WEB_CONCURRENCY":"2"}'
// adds others), in a fresh data folder.
// Figures: time from spawning the process to its first answered GraphQL request, on a new data folder
// (fresh: initdb and migrations) and again on the same data (warm: a restart); the memory of every
// process of the install (the server's, PostgreSQL's) after start and after a few hundred reads.
// RSS counts PostgreSQL's shared buffers once per backend that touched them; PSS shares them out,
// so its sum is what the install really holds. Ratios are against the peer's figures on the same
// kind of machine: wger holds 251 MiB PSS for app and database; a restart answering within 2 s.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, chmodSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../db/embedded.ts";
import { ensureWebBuild } from "../server/http/web-app.ts";
import { descendants, loadProcess, report, signUpLifter, summary } from "./support.ts";

const MEMORY_GOAL_MIB = 251;
const RESTART_GOAL_MS = 2000;
/** Signed-in reads after the restart, each shape in turn. */
const READS = Number(process.env.BENCH_FOOTPRINT_READS ?? 200);
const root = path.resolve(import.meta.dirname, "..");

type ProcessMemory = { pid: number; role: string; rssMiB: number; pssMiB: number };

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** What a process of the install is: npm, the primary, an API process, or a PostgreSQL process by its title. */
function roleOf(pid: number, rootPid: number): string {
  const cmdline = (readProc(pid, "cmdline") ?? "").split("\0").filter(Boolean);
  if (pid === rootPid) return "npm";
  const parent = Number(readProc(pid, "stat")?.split(") ")[1]?.split(" ")[1]);
  if (cmdline.includes("server/main.ts") && parent === rootPid) return "server primary";
  if (cmdline[0]?.startsWith("postgres:")) return `postgres ${cmdline[0].slice("postgres: ".length).split(" ")[0]}`;
  if (cmdline.some((arg) => path.basename(arg) === "postgres")) return "postgres postmaster";
  if (path.basename(cmdline[0] ?? "") === "node") return "server api process";
  return path.basename(cmdline[0] ?? "?");
}

function memoryOf(pid: number, rootPid: number): ProcessMemory | null {
  const status = readProc(pid, "status");
  const rollup = readProc(pid, "smaps_rollup");
  if (!status) return null;
  const field = (text: string | null, name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text ?? "")?.[1] ?? 0);
  return { pid, role: roleOf(pid, rootPid), rssMiB: mib(field(status, "VmRSS")), pssMiB: mib(field(rollup, "Pss")) };
}

function memoryReport(phase: string, rootPid: number, extra: Record<string, unknown> = {}) {
  const processes = descendants(rootPid)
    .map((pid) => memoryOf(pid, rootPid))
    .filter((m): m is ProcessMemory => m !== null);
  const sum = (key: "rssMiB" | "pssMiB", match: (role: string) => boolean) =>
    Math.round(processes.filter((p) => match(p.role)).reduce((a, p) => a + p[key], 0) * 10) / 10;
  const isServer = (role: string) => role.startsWith("server");
  const isPostgres = (role: string) => role.startsWith("postgres");
  const totalPssMiB = sum("pssMiB", () => true);
  report({
    bench: "footprint memory",
    phase,
    totalRssMiB: sum("rssMiB", () => true),
    totalPssMiB,
    npmPssMiB: sum("pssMiB", (role) => role === "npm"),
    serverPssMiB: sum("pssMiB", isServer),
    serverRssMiB: sum("rssMiB", isServer),
    postgresRssMiB: sum("rssMiB", isPostgres),
    postgresPssMiB: sum("pssMiB", isPostgres),
    goalMiB: MEMORY_GOAL_MIB,
    ratio: Number((totalPssMiB / MEMORY_GOAL_MIB).toFixed(2)),
    processes: processes.map(({ role, rssMiB, pssMiB }) => ({ role, rssMiB, pssMiB })),
    ...extra,
  });
}

type Server = { child: ChildProcess; url: string; output: () => string; stop: () => Promise<void> };

/** The Node server npm started (npm's child running server/main.ts), once it is there. */
function serverPid(npmPid: number): number | undefined {
  return descendants(npmPid).find(
    (pid) => pid !== npmPid && (readProc(pid, "cmdline") ?? "").split("\0").includes("server/main.ts"),
  );
}

/** Runs `npm start` and resolves once it answers a GraphQL request, with the time that took. */
async function start(
  dataDir: string,
  port: number,
): Promise<{ server: Server; answeredMs: number; listeningMs: number }> {
  const extraEnv = JSON.parse(process.env.BENCH_FOOTPRINT_ENV ?? "{}") as Record<string, string>;
  const t0 = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SVC_DATA_DIR: dataDir,
      DATABASE_URL: "",
      GRAPHILE_ENV: "production",
      NODE_ENV: "production",
      SVC_LOG: "",
      // The reads measure memory, not the per-client budgets (one lifter asking this fast is refused).
      ACCOUNT_COST_PER_MINUTE: "1000000000000",
      SESSION_COST_PER_MINUTE: "1000000000000",
      ADDRESS_COST_PER_MINUTE: "1000000000000",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let listeningMs = 0;
  child.stdout!.on("data", (d) => {
    if (out.length < 100_000) out += d;
    if (!listeningMs && /running at http/.test(out)) listeningMs = performance.now() - t0;
  });
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  while (true) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    const res = await fetch(`${url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query":"{ viewer { id } }"}',
    }).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const answeredMs = performance.now() - t0;
  // As Ctrl-C or a process manager would stop the server; npm then exits with it.
  const stop = async () => {
    const pid = serverPid(child.pid!);
    if (pid) process.kill(pid, "SIGTERM");
    else child.kill("SIGTERM");
    await exited;
  };
  return {
    server: { child, url, output: () => out, stop },
    answeredMs: Math.round(answeredMs),
    listeningMs: Math.round(listeningMs),
  };
}

/** A few hundred reads of what a lifter's pages ask for, as a signed-in lifter with one logged workout. */
async function readLoad(url: string) {
  const { token } = await signUpLifter(url, "Footprint", "footprint@bench.test");
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const apply = await fetch(`${url}/api/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      query: "mutation($d: JSON) { applyWorkoutDocument(input: {document: $d}) { workout { id } } }",
      variables: {
        d: { date: "2026-03-02", exercises: [{ exercise: "Bench Press", sets: ["60x8", "80x5", "80x5"] }] },
      },
    }),
  });
  if (!apply.ok) throw new Error(`could not log a workout: ${apply.status} ${await apply.text()}`);
  const queries = [
    "{ viewer { workouts(limit: 10) { date name } } }",
    '{ searchExercises(words: "bench", limit: 10) { name } }',
    "{ allExercises(first: 50) { nodes { name } } }",
    '{ lastPerformance(exercises: ["Bench Press"]) { date exercise sets { reps weight } } }',
  ];
  const result = await loadProcess({
    url,
    connections: 4,
    amount: READS,
    requests: queries.map((query) => ({
      method: "POST",
      path: "/api/graphql",
      headers,
      body: JSON.stringify({ query }),
    })),
  });
  const statusCodes: Record<string, number> = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]: [string, any]) => [code, count]),
  );
  // A refused read measures nothing: the memory figure would be of fewer reads than it says.
  const refused = Object.entries(statusCodes).filter(([code]) => code !== "200");
  if (refused.length) throw new Error(`reads answered other than 200: ${JSON.stringify(statusCodes)}`);
  return { ...summary(result), statusCodes };
}

export async function run() {
  await ensureWebBuild((m) => process.stderr.write(`${m}\n`));
  const dataDir = mkdtempSync(path.join(tmpdir(), "svc-footprint-"));
  chmodSync(dataDir, 0o777);
  try {
    const port = await freePort();
    const fresh = await start(dataDir, port);
    report({ bench: "footprint start", kind: "fresh", answeredMs: fresh.answeredMs, listeningMs: fresh.listeningMs });
    await new Promise((r) => setTimeout(r, 2000));
    memoryReport("after fresh start", fresh.server.child.pid!);
    await fresh.server.stop();

    const warm = await start(dataDir, port);
    report({
      bench: "footprint start",
      kind: "warm",
      answeredMs: warm.answeredMs,
      listeningMs: warm.listeningMs,
      goalMs: RESTART_GOAL_MS,
      ratio: Number((warm.answeredMs / RESTART_GOAL_MS).toFixed(2)),
    });
    await new Promise((r) => setTimeout(r, 2000));
    memoryReport("after warm start", warm.server.child.pid!);
    const load = await readLoad(warm.server.url);
    await new Promise((r) => setTimeout(r, 2000));
    memoryReport("after reads", warm.server.child.pid!, {
      reads: load.requests,
      statusCodes: load.statusCodes,
      errors: load.errors,
    });
    await warm.server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
