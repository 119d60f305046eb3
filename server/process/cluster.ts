// WEB_CONCURRENCY API processes sharing one port (node:cluster). The primary process owns what
// must exist once: the embedded PostgreSQL, the migrations, the web build and graphile-worker's
// background jobs (server/main.ts); each API process only serves HTTP, with pools of its own share
// (server/process/database.ts poolSizes). Every limit is counted in PostgreSQL, so answers are the same
// whatever the number of processes.
import cluster, { type Worker } from "node:cluster";
import type { Connections } from "../../db/bootstrap.ts";
import type { AppOptions } from "../app.ts";
import { createPools } from "./database.ts";
import { stopInOrder, stopOnSignals, HTTP_GRACE_MS } from "./shutdown.ts";
import { log } from "../observability/logger.ts";
import { answerMetricsRequests } from "../observability/metrics-server.ts";
import { apiProcessRestarts } from "../observability/metrics.ts";

/** What the primary sends an API process to start it. */
type StartMessage = {
  type: "start";
  connections: Connections;
  processes: number;
  port: number;
  host: string;
  app: Omit<AppOptions, "pools">;
};
/** What an API process answers. */
type ApiMessage = { type: "listening"; port: number } | { type: "failed"; message: string; code?: string };

/** How long API processes get to finish their requests on shutdown (they cut what is left at HTTP_GRACE_MS) before they are killed. */
const STOP_TIMEOUT_MS = HTTP_GRACE_MS + 1000;
/** An API process that dies is replaced after this pause (so a crash loop does not spin). */
const RESTART_DELAY_MS = 1000;

export type ApiProcesses = {
  /** Resolves with the port once every API process listens; rejects if one cannot start. */
  ready: Promise<number>;
  /** Stops every API process (each finishes its requests), then resolves. */
  stop: () => Promise<void>;
};

/**
 * Every API process accepts connections from the one listening socket itself (SCHED_NONE), rather
 * than the primary accepting each and handing it over (node's round-robin default). A handed-over
 * connection whose API process dies before taking it stays open in the primary, never answered
 * nor closed (the client hangs until its own timeout); with SCHED_NONE the kernel closes what a dead
 * process held, and what waits in the listen backlog is accepted by the processes left. Set before
 * the first fork, after which node fixes it.
 */
function acceptInEveryProcess(): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
}

/** In the primary: forks `count` API processes and keeps that many running until `stop`. */
export function startApiProcesses(
  {
    count,
    port,
    host,
    connections,
    app,
  }: { count: number; port: number; host: string; connections: Connections; app: Omit<AppOptions, "pools"> },
  say: (message: string) => void,
): ApiProcesses {
  let stopping = false;
  let resolveReady!: (port: number) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<number>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let listening = 0;
  let started = false;
  const live = new Set<Worker>();
  acceptInEveryProcess();

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on("online", () => {
      const message: StartMessage = { type: "start", connections, processes: count, port, host, app };
      worker.send(message);
    });
    worker.on("message", (message: ApiMessage) => {
      if (message.type === "listening") {
        listening += 1;
        if (started) say(`API process ${worker.process.pid} is serving`);
        if (!started && listening === count) {
          started = true;
          resolveReady(message.port);
        }
      } else if (message.type === "failed" && !started) {
        rejectReady(Object.assign(new Error(message.message), { code: message.code }));
      }
    });
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      if (stopping || !started) return;
      say(`API process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      apiProcessRestarts.inc({ reason: signal ?? `exit_${code}` });
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS).unref();
    });
  };
  for (let i = 0; i < count; i++) fork();

  return {
    ready,
    stop: async () => {
      stopping = true;
      const exits = [...live].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            const kill = setTimeout(() => worker.process.kill("SIGKILL"), STOP_TIMEOUT_MS);
            worker.once("exit", () => clearTimeout(kill));
            worker.process.kill("SIGTERM");
          }),
      );
      await Promise.all(exits);
    },
  };
}

/**
 * In an API process: waits for the primary's start message, serves HTTP on the shared port, and
 * stops (finishing its requests) on SIGTERM, SIGINT or when the primary is gone.
 */
export function runApiProcess(): void {
  let stopServing = async () => {};
  const stop = stopInOrder([() => stopServing()]);
  stopOnSignals(stop, { events: ["disconnect"] });
  const exit = async () => {
    await stop();
    process.exit(0);
  };
  // Other messages (the primary asking for metrics) may come first: wait for this one.
  const onStart = async (message: StartMessage) => {
    if (message?.type !== "start") return;
    process.off("message", onStart);
    if (message.app.metrics) answerMetricsRequests();
    const send = (answer: ApiMessage) => process.send?.(answer);
    try {
      const pools = createPools(message.connections, { processes: message.processes });
      const { createApp } = await import("../app.ts");
      const { server, close, loadRoutes } = await createApp({ ...message.app, pools });
      stopServing = stopInOrder([close, pools.end]);
      server.on("error", (error: NodeJS.ErrnoException) => {
        send({ type: "failed", message: error.message, code: error.code });
        void exit();
      });
      server.listen(message.port, message.host, () => {
        send({ type: "listening", port: (server.address() as { port: number }).port });
        loadRoutes().catch((error: Error) => log("error", "routes could not be loaded", { error: error.message }));
      });
    } catch (error) {
      send({ type: "failed", message: (error as Error).message });
      await exit();
    }
  };
  process.on("message", onStart);
}
