// Whether the service answered "unavailable" (its database down, restarting or read-only) and a
// read is being retried: the app shell shows it, so a person knows why a page waits.
import { useSyncExternalStore } from "react";

/** What the app says while it waits out an outage. */
export const UNAVAILABLE_RETRYING = "The service is unavailable, retrying…";

let retrying = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  retrying += by;
  for (const listener of listeners) listener();
}

/** Runs `wait` (a pause before a retry) with the notice shown. */
export async function whileUnavailable(wait: Promise<void>): Promise<void> {
  changed(1);
  try {
    await wait;
  } finally {
    changed(-1);
  }
}

/** True while some read waits to retry after SERVICE_UNAVAILABLE. */
export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => retrying > 0,
  );
}
