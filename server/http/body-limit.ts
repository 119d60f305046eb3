// The most a request body may hold, enforced before anyone reads it: a body-parser refusing a body
// over its limit still reads it to its end (to keep the connection), so a sender could make the
// server take 100 MB for nothing. A declared Content-Length over the limit is refused at once, and a
// chunked body as soon as what was read passes it; either way 413 with `Connection: close`, so the
// rest is never read. A chunked body answered unread (a 404, a 403) also closes the connection.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response, NextFunction } from "express";
import { sendError } from "./http-error.ts";
import { GRAPHQL_PATH } from "./paths.ts";

/** 1 MiB: the largest JSON body the API reads (documents, imports in pieces). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The limit as messages and docs say it ("1mb"). */
export const BODY_LIMIT = `${BODY_LIMIT_BYTES / 1024 / 1024}mb`;

const MESSAGE = `The request body is larger than ${BODY_LIMIT}`;

/** Whether a request declares a body longer than the limit (it need not be read to know). */
export function declaresTooLarge(req: IncomingMessage, limit = BODY_LIMIT_BYTES): boolean {
  const length = Number(req.headers["content-length"]);
  return Number.isFinite(length) && length > limit;
}

function refuse(req: Request, res: Response) {
  res.set("Connection", "close");
  sendError(res, "PAYLOAD_TOO_LARGE", MESSAGE, {}, req.path.startsWith(GRAPHQL_PATH) ? "graphql" : "route");
}

export function bodyLimit(limit = BODY_LIMIT_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (declaresTooLarge(req, limit)) return refuse(req, res);
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] !== undefined) {
      // Unless it is read to its end, a chunked body is not skipped after the answer (Node would read
      // all of it to keep the connection): the connection closes instead.
      res.set("Connection", "close");
      req.once("end", () => {
        if (!res.headersSent) res.removeHeader("Connection");
      });
      // Counted as whoever reads the body reads it; prependListener does not start the reading.
      let read = 0;
      const count = (chunk: Buffer) => {
        read += chunk.length;
        if (read <= limit) return;
        req.off("data", count);
        if (!res.headersSent) refuse(req, res);
        // What the reader still waits for never comes: the connection ends with the answer.
        if (res.writableFinished) req.socket.destroy();
        else res.once("finish", () => req.socket.destroy());
      };
      req.prependListener("data", count);
    }
    next();
  };
}

/**
 * Node answers `Expect: 100-continue` itself before the app sees the request, and the client then
 * sends its body; a body declared too large is refused before that instead.
 */
export function refuseLargeBodiesBeforeContinue(app: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!declaresTooLarge(req)) res.writeContinue();
    app(req, res);
  };
}
