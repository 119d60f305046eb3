// `npm start`: database (embedded unless DATABASE_URL), migrations, background worker, HTTP server.
// With WEB_CONCURRENCY above 1 this process is the primary: it starts the database, migrates, runs
// the background jobs and forks that many API processes sharing the port (server/process/cluster.ts).
import cluster from "node:cluster";
import { watchDiskSpace } from "./observability/disk-space.ts";
import { readConfig } from "./process/config.ts";
import { openDatabase } from "./process/database.ts";
import { startWorker } from "./jobs/worker.ts";
import { taskList } from "./jobs/tasks.ts";
import { WEBHOOK_DELIVERY } from "./jobs/webhook-delivery.ts";
import { bulkCharge } from "./limits/client-cost-budget.ts";
import { parseAllowPrivate } from "./http/outbound-address.ts";
import { startApiProcesses, runApiProcess } from "./process/cluster.ts";
import { ensureWebBuild } from "./http/web-app.ts";
import { DataDirInUseError } from "../db/embedded.ts";
import { log, logFormat } from "./observability/logger.ts";
import { writeLog } from "./observability/log-sink.ts";
import { stopInOrder, stopOnSignals } from "./process/shutdown.ts";
import { serveMetrics } from "./observability/metrics-server.ts";
import { keepOutputJson } from "./observability/json-only-output.ts";
import { measureServer } from "./observability/primary-metrics.ts";
import { isLoopbackHost, newSetupCode, setupCodeNotice } from "./identity/setup-code.ts";

keepOutputJson();

// With LOG_FORMAT=json every line the server writes is a JSON object, its own messages too. Either
// way through the log's own writer, so they keep their order among the request lines.
const jsonLog = () => {
  try {
    return logFormat() === "json";
  } catch {
    return false;
  }
};
const say = (m: string) => (jsonLog() ? log("info", m) : writeLog("stdout", `${m}\n`));
const fail = (m: string) => (jsonLog() ? log("error", m) : writeLog("stderr", `${m}\n`));

async function main() {
  const config = readConfig();
  const db = await openDatabase(config, say);
  let stopping = false;
  // A server without its database answers nothing useful: exit non-zero so a process manager
  // restarts the whole thing (the next start finds the data folder free).
  const embedded = db.embedded;
  let databaseGone = false;
  const reportDatabaseGone = (how?: string) => {
    if (databaseGone) return;
    databaseGone = true;
    fail(
      `The embedded PostgreSQL (pid ${embedded!.pid}) stopped unexpectedly${how ? ` (${how})` : ""}; the server exits so it can be restarted.`,
    );
  };
  embedded?.onUnexpectedExit(({ code, signal }) => {
    reportDatabaseGone(signal ? `signal ${signal}` : `exit code ${code}`);
    const closing = Promise.race([db.close(), new Promise((r) => setTimeout(r, 3000))]);
    void closing.finally(() => process.exit(1));
  });
  // A pool that sees its connections cut may end the process first (graphile-migrate's does):
  // the operator still learns why.
  process.on("exit", (code) => {
    if (code !== 0 && embedded && !stopping && !embedded.isRunning()) reportDatabaseGone();
  });
  const worker = await startWorker(
    db.pools.worker,
    taskList({
      webhooks: { ...WEBHOOK_DELIVERY, policy: parseAllowPrivate(config.webhookAllowPrivate) },
      // An import job's database time is paid from its account's bulk budget, as an import request's is.
      imports: { charge: bulkCharge(db.pools.worker, config.clientCostLimits) },
    }),
    { slowMs: config.slowRequestMs, backups: config.backups && { ...config.backups, dataDir: config.dataDir } },
  );
  if (config.backups)
    say(
      `Backups of the embedded database into ${config.backups.dir} on "${config.backups.schedule}" (UTC), the newest ${config.backups.keep} kept`,
    );
  // Reachable from elsewhere: the first sign-up (the admin) must give a code only the operator sees.
  const setupCode = isLoopbackHost(config.host) ? undefined : newSetupCode();
  const appOptions = {
    setupCode,
    dev: config.dev,
    statementTimeoutMs: config.statementTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    slowRequestMs: config.slowRequestMs,
    clientCostLimits: config.clientCostLimits,
    callerConcurrency: { perCaller: config.callerConcurrency },
    responseMaxBytes: config.responseMaxBytes,
    metrics: config.metricsPort !== undefined,
    publicUrl: config.publicUrl,
    connectionBounds: config.connectionBounds,
    webhookAllowPrivate: config.webhookAllowPrivate,
    disk: embedded ? { dir: config.dataDir, warnBelowBytes: config.diskFreeWarnMb * 1024 * 1024 } : undefined,
  };
  const stopDiskWatch = watchDiskSpace(appOptions.disk);
  const running = (port: number) => {
    const base = config.publicUrl ?? `http://localhost:${port}`;
    const opened = config.host !== "127.0.0.1";
    const listening =
      config.publicUrl || opened
        ? `, listening on ${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`
        : "";
    say(
      `Training Log is running at ${base}/  (GraphQL: ${base}/api/graphql${listening})${config.webConcurrency > 1 ? ` with ${config.webConcurrency} API processes` : ""}`,
    );
    if (setupCode)
      void setupCodeNotice(db.pools.account, config.host, setupCode).then((notice) => notice && say(notice));
  };

  // In order: HTTP (every API process finishes its requests), the worker, the pools, PostgreSQL.
  let stopHttp = async () => {};
  let stopMetrics = async () => {};
  const stopAll = stopInOrder([
    async () => stopDiskWatch(),
    () => stopMetrics(),
    () => stopHttp(),
    () => worker.stop(),
    () => db.close(),
  ]);
  stopOnSignals(async (signal) => {
    stopping = true;
    say(`${signal} received, stopping`);
    await stopAll();
    say("Stopped");
  });
  const cannotListen = async (error: NodeJS.ErrnoException) => {
    fail(
      error.code === "EADDRINUSE"
        ? `Port ${config.port} is in use; set PORT to another port`
        : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
          ? `HOST ${config.host} is not an address of this machine; set HOST to one of its addresses, or 0.0.0.0 for all`
          : error.message,
    );
    await stopAll();
    process.exit(1);
  };

  if (config.metricsPort !== undefined) {
    try {
      stopMetrics = await serveMetrics(config.metricsPort, config.metricsHost, say);
      measureServer(db.pools);
    } catch (error) {
      return cannotListen(error as NodeJS.ErrnoException);
    }
  }

  if (config.webConcurrency > 1) {
    // Built once here, not by every API process at once.
    if (!config.dev) await ensureWebBuild(say);
    const api = startApiProcesses(
      {
        count: config.webConcurrency,
        port: config.port,
        host: config.host,
        connections: { ownerUrl: db.ownerUrl, authUrl: db.authUrl, pooler: db.pooler },
        app: appOptions,
      },
      say,
    );
    stopHttp = api.stop;
    api.ready.then(running, cannotListen);
    return;
  }

  // Loaded only where it serves: with API processes, the primary never holds PostGraphile's schema.
  const { createApp } = await import("./app.ts");
  const { server, close, loadRoutes } = await createApp({ pools: db.pools, ...appOptions });
  stopHttp = close;
  server.on("error", cannotListen);
  server.listen(config.port, config.host, () => {
    running((server.address() as { port: number }).port);
    loadRoutes().catch((error: Error) => log("error", "routes could not be loaded", { error: error.message }));
  });
}

if (cluster.isWorker) {
  runApiProcess();
} else {
  main().catch((error) => {
    fail(error instanceof DataDirInUseError ? error.message : `Could not start: ${error.message ?? error}`);
    process.exit(1);
  });
}
