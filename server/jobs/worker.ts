// graphile-worker in the server process: the cron tasks that expire keys and bans and prune
// counters live in server/jobs/tasks.ts. Each job is logged like a request: one line when it ends,
// with its task, id, attempt, outcome and duration (never its payload).
import { EventEmitter } from "node:events";
import { run, Logger, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import type pg from "pg";
import { log } from "../observability/logger.ts";
import { jobsRun, jobDuration } from "../observability/metrics.ts";
import { DEFAULT_SLOW_REQUEST_MS } from "../observability/request-log.ts";
import { tasks, crontab } from "./tasks.ts";
import { BACKUP_TASK, backupCrontab, backupTask, type Backups } from "./backups.ts";

// Worker chatter at info level is noise for an operator; warnings and errors go to our log.
const workerLogger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning")
    log(level === "error" ? "error" : "warn", message, { component: "worker" });
});

/** Logs one line per job as it completes; `slowMs` as for requests. */
export function jobLog(slowMs = DEFAULT_SLOW_REQUEST_MS): WorkerEvents {
  const events: WorkerEvents = new EventEmitter();
  const started = new Map<string, bigint>();
  events.on("job:start", ({ job }) => {
    started.set(job.id, process.hrtime.bigint());
  });
  events.on("job:complete", ({ job, error }) => {
    const start = started.get(job.id);
    started.delete(job.id);
    const durationMs = start === undefined ? null : Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
    const slow = durationMs !== null && durationMs >= slowMs;
    const fields = {
      task: job.task_identifier,
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      status: error ? "failed" : "ok",
      durationMs,
      ...(error ? { error: error instanceof Error ? error.message : String(error) } : {}),
      ...(slow ? { slow: true } : {}),
    };
    log(error ? "error" : slow ? "warn" : "info", "job", fields);
    jobsRun.inc({ task: job.task_identifier, status: fields.status });
    if (durationMs !== null) jobDuration.observe({ task: job.task_identifier }, durationMs / 1000);
  });
  return events;
}

export async function startWorker(
  ownerPool: pg.Pool,
  taskList: TaskList = tasks,
  options: { slowMs?: number; backups?: Backups & { dataDir: string } } = {},
): Promise<Runner> {
  const { backups } = options;
  return run({
    pgPool: ownerPool,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList: backups ? { ...taskList, [BACKUP_TASK]: backupTask(backups.dataDir, backups) } : taskList,
    crontab: backups ? `${crontab}\n${backupCrontab(backups.schedule)}` : crontab,
    logger: workerLogger,
    events: jobLog(options.slowMs),
  });
}
