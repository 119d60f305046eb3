// How a route refuses: a code from db/errors.ts (ROUTE_CODES, with its HTTP status) and a message
// naming the problem. Routes throw an HttpError (the app's error handler answers it) or, in
// middleware that answers by itself, call sendError.
import type { Response } from "express";
import { ROUTE_CODES, type RouteCode } from "../../db/errors.ts";

export type ErrorBodyShape = "route" | "graphql";

/** An expected refusal: answered with its code's status and `{code, message, ...details}`. */
export class HttpError extends Error {
  readonly code: RouteCode;
  readonly details: Record<string, unknown>;
  constructor(code: RouteCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ROUTE_CODES[this.code];
  }
}

/** A 400 naming what is wrong with the request. */
export const badRequest = (message: string) => new HttpError("BAD_REQUEST", message);

/**
 * Answers a refusal: `{code, message, ...details}` on the REST routes, or the GraphQL error shape
 * (`details` as extensions) on /api/graphql, so every client reads one shape per endpoint.
 */
export function sendError(
  res: Response,
  code: RouteCode,
  message: string,
  details: Record<string, unknown> = {},
  shape: ErrorBodyShape = "route",
) {
  res.status(ROUTE_CODES[code]);
  if (shape === "graphql") {
    // Answered before grafserv: the metrics count it from here (server/observability/graphql-errors.ts).
    res.locals.graphqlErrors = [{ code, ...details }];
    res.json({ errors: [{ message, extensions: { code, ...details } }] });
  } else res.json({ code, message, ...details });
}
