// Background tasks and their schedule. Each task runs a SQL function on the owner connection.
import type { TaskList } from "graphile-worker";
import { lift_expired_bans } from "./lift-expired-bans.ts";
import { expire_api_keys } from "./expire-api-keys.ts";
import { prune_counters } from "./prune-counters.ts";
import { delete_idle_sessions } from "./delete-idle-sessions.ts";

export const tasks: TaskList = { lift_expired_bans, expire_api_keys, prune_counters, delete_idle_sessions };

/** graphile-worker crontab lines. */
export const crontab = [
  "* * * * * lift_expired_bans",
  "* * * * * expire_api_keys",
  "* * * * * prune_counters",
  "* * * * * delete_idle_sessions",
].join("\n");
