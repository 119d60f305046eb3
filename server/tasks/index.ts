// Background tasks and their schedule. Each task runs a SQL function on the owner connection.
import type { TaskList } from "graphile-worker";

export const tasks: TaskList = {};

/** graphile-worker crontab lines. */
export const crontab = "";
