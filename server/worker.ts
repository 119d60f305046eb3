// graphile-worker in the server process: the cron tasks that expire keys and bans and prune
// counters live in server/tasks/ (one file per task).
import { run, type Runner, type TaskList } from "graphile-worker";
import { tasks, crontab } from "./tasks/index.ts";

export async function startWorker(ownerUrl: string, taskList: TaskList = tasks): Promise<Runner> {
  return run({
    connectionString: ownerUrl,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    crontab,
    logger: undefined,
  });
}
