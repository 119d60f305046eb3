// GET /api/health: whether the database answers, on a pool of its own with short timeouts, so a
// load balancer or process manager gets an answer even while GraphQL has every other connection.
import type { Request, Response } from "express";
import type pg from "pg";

export const HEALTH_PATH = "/api/health";

export function healthRoute(pool: pg.Pool) {
  return async (_req: Request, res: Response) => {
    res.set("cache-control", "no-store");
    try {
      await pool.query("select 1");
      res.json({ ok: true, database: "up" });
    } catch {
      res.status(503).json({ ok: false, database: "down" });
    }
  };
}
