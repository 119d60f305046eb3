// graphile-worker in the server process: the cron tasks that expire keys and bans and prune
// counters live in server/tasks/ (one file per task).
import { run, Logger, type Runner, type TaskList } from "graphile-worker";
import type pg from "pg";
import { log } from "./logger.ts";
import { tasks, crontab } from "./tasks/index.ts";

// Worker chatter at info level is noise for an operator; warnings and errors go to our log.
const workerLogger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") log(level === "error" ? "error" : "warn", message, { component: "worker" });
});

export async function startWorker(ownerPool: pg.Pool, taskList: TaskList = tasks): Promise<Runner> {
  return run({
    pgPool: ownerPool,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    crontab,
    logger: workerLogger,
  });
}
