// GET /api/health/live: the process answers (a process manager restarts it when not).
// GET /api/health: readiness (server/observability/readiness.ts), 200 or 503 with one status word per check and
// nothing else. Both unauthenticated and cheap: readiness runs on two pools of one connection each
// with short timeouts (so it answers while GraphQL has every other connection), and callers asking
// while a check runs share its answer: one check at a time whatever the number of probes.
import { Router } from "express";
import type pg from "pg";
import type { Pooler } from "../../db/pooler.ts";
import { checkReadiness, type ReadinessStatus } from "./readiness.ts";
import { HEALTH_PATH, LIVE_PATH } from "../http/paths.ts";

export function healthRoutes(pools: { ownerHealth: pg.Pool; health: pg.Pool; pooler?: Pooler }): Router {
  let checking: Promise<ReadinessStatus> | undefined;
  const readiness = () => {
    checking ??= checkReadiness(pools, { pooler: pools.pooler })
      .then(({ status }) => status)
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
