// Streamable HTTP for a stateless MCP server that answers every POST with JSON (never a stream):
// the messages of one request go to the server, and the answer waits for a response to each of its
// requests. The SDK's StreamableHTTPServerTransport does the same through Web Request/Response
// objects converted from Node's (@hono/node-server), which cost more than the rest of a small
// tool call; this one works on Express's already parsed body.
import type { Request, Response } from "express";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
} from "@modelcontextprotocol/sdk/types.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { JSON_RPC_CODES } from "../../db/errors.ts";
import { OUTAGE_CODE, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "../../db/outage.ts";

/**
 * At most this many messages in one batch: its tool calls run one after another in one request's
 * slot (server/limits/caller-concurrency.ts), each priced and charged like the GraphQL it runs.
 */
export const MAX_BATCH = 10;
/** A request unanswered after this long is answered with an error (and cancelled), so no POST hangs. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** The JSON-RPC error code of a request that ran out of time (the MCP SDK's RequestTimeout). */
const { PARSE_ERROR, INVALID_REQUEST, SERVER_ERROR, REQUEST_TIMEOUT } = JSON_RPC_CODES;

type Id = string | number;
const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: Id; method: string } => "method" in m && "id" in m;
const cancelledId = (m: JSONRPCMessage): Id | undefined =>
  "method" in m && m.method === "notifications/cancelled" && !("id" in m)
    ? (m.params as { requestId?: Id } | undefined)?.requestId
    : undefined;

export class JsonResponseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly waiting = new Map<Id, (message: JSONRPCMessage | null) => void>();
  private readonly timeoutMs: number;

  constructor(options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  async start() {}

  async close() {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage) {
    // Only responses have somewhere to go; a stateless server sends no requests or notifications of its own.
    if (!("id" in message) || "method" in message) return;
    this.settle(message.id as Id, message);
  }

  private settle(id: Id, message: JSONRPCMessage | null) {
    const answer = this.waiting.get(id);
    this.waiting.delete(id);
    answer?.(message);
  }

  /**
   * Hands the messages to the server; resolves with the responses to its requests, in order. A
   * request the batch itself cancels gets no response (the server sends none: JSON-RPC's
   * cancellation), and one still unanswered after the time bound gets a timeout error.
   * The ids of a batch's requests are distinct (readMessages refuses duplicates).
   */
  async handle(messages: JSONRPCMessage[], extra: MessageExtraInfo): Promise<JSONRPCMessage[]> {
    const timers: NodeJS.Timeout[] = [];
    const answers = messages.filter(isRequest).map(
      (m) =>
        new Promise<JSONRPCMessage | null>((resolve) => {
          this.waiting.set(m.id, resolve);
          const timer = setTimeout(() => {
            if (!this.waiting.has(m.id)) return;
            this.settle(m.id, {
              jsonrpc: "2.0",
              id: m.id,
              error: { code: REQUEST_TIMEOUT, message: `Request timed out after ${this.timeoutMs / 1000} s` },
            });
            // Stops the tool's work; the server then sends nothing for this id.
            this.onmessage?.(
              { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id, reason: "timed out" } },
              extra,
            );
          }, this.timeoutMs);
          timer.unref();
          timers.push(timer);
        }),
    );
    for (const message of messages) {
      this.onmessage?.(message, extra);
      const cancelled = cancelledId(message);
      if (cancelled !== undefined) this.settle(cancelled, null);
    }
    try {
      return (await Promise.all(answers)).filter((m): m is JSONRPCMessage => m !== null);
    } finally {
      for (const timer of timers) clearTimeout(timer);
    }
  }
}

function refuse(res: Response, status: number, code: number, message: string) {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** The POST's messages after the transport's checks, or null once it has answered the refusal. */
export function readMessages(req: Request, res: Response): { messages: JSONRPCMessage[]; batch: boolean } | null {
  const accept = req.get("accept") ?? "*/*";
  if (!/application\/json|application\/\*|\*\/\*/i.test(accept)) {
    refuse(res, 406, SERVER_ERROR, "Not Acceptable: this server answers application/json");
    return null;
  }
  if (!req.is("application/json")) {
    refuse(res, 415, SERVER_ERROR, "Unsupported Media Type: Content-Type must be application/json");
    return null;
  }
  const version = req.get("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    refuse(
      res,
      400,
      SERVER_ERROR,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    );
    return null;
  }
  const batch = Array.isArray(req.body);
  const raw: unknown[] = batch ? req.body : [req.body];
  if (raw.length === 0 || raw.length > MAX_BATCH) {
    refuse(
      res,
      400,
      INVALID_REQUEST,
      `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages (this one holds ${raw.length}); send more in further requests`,
    );
    return null;
  }
  const messages: JSONRPCMessage[] = [];
  for (const item of raw) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) {
      refuse(res, 400, PARSE_ERROR, "Parse error: Invalid JSON-RPC message");
      return null;
    }
    messages.push(parsed.data);
  }
  const ids = messages.filter(isRequest).map((m) => m.id);
  if (new Set(ids).size !== ids.length) {
    refuse(res, 400, INVALID_REQUEST, "Invalid Request: each request of a batch needs its own id (two have the same)");
    return null;
  }
  if (messages.length > 1 && messages.some((m) => "method" in m && m.method === "initialize")) {
    refuse(res, 400, INVALID_REQUEST, "Invalid Request: Only one initialization request is allowed");
    return null;
  }
  return { messages, batch };
}

/** Answers one POST: 202 when it held no request, else the response (or the batch's responses). */
export async function answer(
  transport: JsonResponseTransport,
  req: Request,
  res: Response,
  read: { messages: JSONRPCMessage[]; batch: boolean },
  authInfo: AuthInfo,
) {
  const responses = await transport.handle(read.messages, { authInfo, requestInfo: { headers: req.headers } });
  if (!responses.length) {
    res.status(202).end();
    return;
  }
  if (res.locals.databaseUnavailable) return answerOutage(res, responses, read.batch);
  res.json(read.batch ? responses : responses[0]);
}

/** A tool met the database out of service: 503 with Retry-After, each request answered with the outage's error. */
function answerOutage(res: Response, responses: JSONRPCMessage[], batch: boolean) {
  const error = {
    code: JSON_RPC_CODES.SERVER_ERROR,
    message: OUTAGE_MESSAGE,
    data: { code: OUTAGE_CODE, retryAfter: OUTAGE_RETRY_AFTER_SECONDS },
  };
  const failed = responses.map((r) => ({ jsonrpc: "2.0", id: (r as { id?: unknown }).id ?? null, error }));
  res.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  res.status(503).json(batch ? failed : failed[0]);
}
