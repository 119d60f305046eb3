// A route whose code is imported on its first request. The MCP SDK, its zod schemas and the OAuth
// handlers are about half of what the server imports, and most processes (a test file, an API
// process behind a balancer that never sees an assistant) never serve them.
import type { Request, Response, NextFunction, RequestHandler } from "express";

export type LazyHandler = RequestHandler & {
  /** Imports the route now (after the server listens), so its first request does not wait for it. */
  load: () => Promise<RequestHandler>;
};

/** `load` runs once (again after a failure); requests that `serves` declines pass straight on. */
export function lazyHandler(load: () => Promise<RequestHandler>, serves: (req: Request) => boolean = () => true) {
  let loading: Promise<RequestHandler> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const handler = ((req: Request, res: Response, next: NextFunction) => {
    if (!serves(req)) return next();
    loaded().then((route) => route(req, res, next), next);
  }) as LazyHandler;
  handler.load = loaded;
  return handler;
}
