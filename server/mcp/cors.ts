// CORS for /api/mcp: mounted before the caller gate and the MCP route, so every answer carries it,
// a refusal included.
import type { Request, Response, NextFunction } from "express";

/** CORS for /api/mcp, and the answer to a preflight; before anything else, so every refusal carries it. */
export function mcpCors(req: Request, res: Response, next: NextFunction) {
  // Bearer tokens, never cookies: any origin may call (browser-based MCP clients such as Inspector).
  res.set("Access-Control-Allow-Origin", "*");
  res.set("Access-Control-Expose-Headers", "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After");
  res.set("Cross-Origin-Resource-Policy", "cross-origin");
  if (req.method !== "OPTIONS") return next();
  res.set("Access-Control-Allow-Methods", "POST, GET, DELETE, OPTIONS");
  res.set(
    "Access-Control-Allow-Headers",
    "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
  );
  res.set("Access-Control-Max-Age", "600");
  res.status(204).end();
}
