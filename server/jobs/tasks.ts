// Background tasks and their schedule (graphile-worker's crontab). Each task runs one SQL function
// on the worker's owner connection, where its rule lives, and logs how many rows it changed.
import type { Task, TaskList } from "graphile-worker";
import type { PoolClient } from "pg";
import { deliverWebhookTask, WEBHOOK_DELIVERY, type WebhookDeliveryOptions } from "./webhook-delivery.ts";
import { importJobTask, IMPORT_JOB_TASK, type ImportJobOptions } from "./import-jobs.ts";

/** The tasks, named after the app_private function each one runs, every minute. */
export const TASKS = {
  lift_expired_bans: "Lifts bans whose banExpires has passed.",
  expire_api_keys: "Marks keys past their expiry as expired (they stay listed until revoked).",
  prune_counters:
    "Deletes rate-limit counters older than 10 minutes, failed sign-ins older than 15 minutes and per-address sign-in/sign-up attempts older than a day.",
  delete_idle_sessions: "Deletes sessions idle for 30 days.",
  forget_expired_oauth:
    "Deletes OAuth codes and tokens expired over a day ago and client registrations unused for a day.",
  delete_expired_imports: "Deletes staged imports an hour past their last part (abandoned).",
  delete_old_import_jobs: "Deletes import jobs that ended over 7 days ago.",
  delete_old_webhook_deliveries: "Deletes webhook delivery log entries older than 30 days.",
  prune_changes:
    "Takes changes older than 90 days out of the history: deleted when a later change of the item supersedes them, else kept without their state before (the feed's record of the item).",
} as const;

export type TaskName = keyof typeof TASKS;

const NAMES = Object.keys(TASKS) as TaskName[];

/** Runs the task's SQL function; returns how many rows it changed. */
export async function runTaskFunction(client: Pick<PoolClient, "query">, name: TaskName): Promise<number> {
  // `name` is one of the keys above, never outside input.
  const { rows } = await client.query(`select app_private.${name}() as count`);
  return rows[0].count;
}

function sqlTask(name: TaskName): Task {
  return async (_payload, helpers) => {
    const count = await helpers.withPgClient((client) => runTaskFunction(client, name));
    if (count > 0) helpers.logger.info(`${name}: ${count}`);
  };
}

/**
 * The every-minute SQL tasks, deliver_webhook (queued per delivery by SQL's enqueue_webhook_delivery)
 * and import_history (queued per import job by SQL's queue_import).
 */
export function taskList(options: { webhooks?: WebhookDeliveryOptions; imports?: ImportJobOptions } = {}): TaskList {
  return {
    ...Object.fromEntries(NAMES.map((name) => [name, sqlTask(name)])),
    deliver_webhook: deliverWebhookTask(options.webhooks ?? WEBHOOK_DELIVERY),
    [IMPORT_JOB_TASK]: importJobTask(options.imports),
  };
}

export const tasks: TaskList = taskList();

/** graphile-worker crontab lines. */
export const crontab = NAMES.map((name) => `* * * * * ${name}`).join("\n");
