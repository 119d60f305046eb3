// GET /api/health/live: the process answers (a process manager restarts it when not).
// GET /api/health: readiness (server/observability/readiness.ts), 200 or 503 with one status word
// per check and nothing else, plus `disk` (the embedded database's free space: "low" warns,
// disk-space.ts, whose watcher in the primary process logs it).
// Both unauthenticated and cheap: readiness runs on two pools of one connection each with short
// timeouts (so it answers while GraphQL has every other connection), and callers asking while a
// check runs share its answer: one check at a time whatever the number of probes. Whenever the
// reason readiness fails changes (or it passes again), the log says so, for the operator.
import { Router } from "express";
import type pg from "pg";
import type { Pooler } from "../../db/pooler.ts";
import { checkReadiness, type Readiness, type ReadinessStatus } from "./readiness.ts";
import { diskStatus, type DiskStatus, type DiskWatch } from "./disk-space.ts";
import { log } from "./logger.ts";
import { HEALTH_PATH, LIVE_PATH } from "../http/paths.ts";

type HealthPools = { ownerHealth: pg.Pool; health: pg.Pool; pooler?: Pooler };

/** Logs readiness's problems when they change: not ready (and why), or ready again. */
function readinessReporter(): (readiness: Readiness) => void {
  let last: string | undefined;
  return ({ problems }) => {
    const reason = problems.join("\n");
    if (reason === (last ?? "")) return;
    if (reason) log("warn", "not ready", { reason });
    else log("info", "ready again");
    last = reason;
  };
}

export function healthRoutes(pools: HealthPools, { disk }: { disk?: DiskWatch } = {}): Router {
  let checking: Promise<ReadinessStatus & { disk: DiskStatus }> | undefined;
  const report = readinessReporter();
  const readiness = () => {
    checking ??= checkReadiness(pools, { pooler: pools.pooler })
      .then((readiness) => {
        report(readiness);
        return { ...readiness.status, disk: diskStatus(disk).disk };
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const router = Router();
  router.get(LIVE_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json({ ok: true });
  });
  router.get(HEALTH_PATH, async (_req, res) => {
    const status = await readiness();
    res
      .set("cache-control", "no-store")
      .status(status.ok ? 200 : 503)
      .json(status);
  });
  return router;
}
