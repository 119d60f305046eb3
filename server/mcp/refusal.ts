// The caller gate's refusal on /api/mcp, in JSON-RPC's shape (an MCP client reads no other).
import type { Response } from "express";
import { JSON_RPC_CODES } from "../../db/errors.ts";
import type { SlotDenial } from "../limits/caller-concurrency.ts";

/** A request past its connection's concurrency cap (server/limits/caller-concurrency.ts): 429 in JSON-RPC's shape. */
export function mcpRefusal(res: Response, { message, retryAfter }: SlotDenial) {
  res.set("Retry-After", String(retryAfter));
  res.status(429).json({ jsonrpc: "2.0", error: { code: JSON_RPC_CODES.SERVER_ERROR, message }, id: null });
}
