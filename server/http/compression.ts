// Answers compressed on the fly (Brotli or gzip, by Accept-Encoding; `Vary: Accept-Encoding`):
// pages and JSON of at least COMPRESS_MIN_BYTES. The web build's files come precompressed
// (server/http/precompressed.ts) and pass through as they are.
//
// Never compressed: an answer that may hold a secret beside text the caller chose. Compressing
// both lets an attacker who sees the answers' lengths and can choose some of their text guess the
// secret a character at a time (BREACH). Those are the sign-in and sign-up tokens (/api/auth), the
// OAuth routes (codes, tokens, client secrets, the consent page's form) and every GraphQL mutation
// (createApiKey's new key). They are marked before their route runs, and say
// `Cache-Control: no-transform` too, so a proxy in front does not compress them either (unless a
// route sets its own Cache-Control). docs/security.md says why.
import compression from "compression";
import type { Request, Response, NextFunction, RequestHandler } from "express";
import { AUTH_PATH, OAUTH_PATH } from "./paths.ts";

/** Below about a kilobyte, compression saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses the compressible types (compression.filter: text, JSON) unless marked, Brotli before
 * gzip, at the package's fast levels (Brotli 4, gzip 6): on the fly, time matters more than the
 * last few percent (the build's copies use the highest).
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    threshold: COMPRESS_MIN_BYTES,
    filter: (req, res) => !(res as Response).locals.keepUncompressed && compression.filter(req, res),
  });
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      recordAnswerBytes(res);
      next(error);
    });
}

type WriteHead = Response["writeHead"];

/**
 * Keeps an answer's length (its Content-Length as the route set it, in a header or in writeHead's
 * arguments) before compression takes the header away: wrapped after compression, this runs first.
 */
function recordAnswerBytes(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<WriteHead>) {
    const headers = args.find((a) => typeof a === "object" && a !== null && !Array.isArray(a));
    const given = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === "content-length")?.[1];
    const length = Number(given ?? this.getHeader("content-length"));
    if (Number.isFinite(length)) this.locals.answerBytes = length;
    return writeHead.apply(this, args);
  } as WriteHead;
}

/** The bytes of an answer before any compression (0 when it was streamed without a length). */
export function answerBytes(res: Response): number {
  return res.locals.answerBytes ?? (Number(res.getHeader("content-length")) || 0);
}

/** Marks an answer never to be compressed, here or by a proxy. */
function keepAsItIs(res: Response) {
  res.locals.keepUncompressed = true;
  const cacheControl = res.get("Cache-Control");
  res.set("Cache-Control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
}

/** Where answers may carry a secret beside caller-chosen text, whatever the request. */
const SECRET_PREFIXES = [AUTH_PATH, OAUTH_PATH];

/**
 * Marks the answers that may hold a secret (see the top of this file). After express.json: a
 * GraphQL answer is compressed only for a query, and a document that says mutation anywhere (in a
 * string, a name) is taken for one.
 */
export function keepSecretsUncompressed(graphqlPath: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SECRET_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) keepAsItIs(res);
    else if (req.path === graphqlPath && !isPlainQuery(req.body)) keepAsItIs(res);
    next();
  };
}

/** A document that never says mutation or subscription can hold queries only. */
function isPlainQuery(body: unknown): boolean {
  const query = (body as { query?: unknown } | undefined)?.query;
  return typeof query === "string" && !/mutation|subscription/i.test(query);
}
