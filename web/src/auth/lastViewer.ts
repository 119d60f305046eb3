// The signed-in person as the server last said, kept on this device so the app opens with no
// network (a workout in progress is theirs). Never a credential: the server decides every request
// by its session cookie. Forgotten when the server says no one is signed in, and at sign-out,
// with what was kept for their offline use (exercises, routine plans).
import type { Viewer } from "./session.tsx";

const KEY = "svc.viewer.v1";
/** What is kept for offline use beside the person: their exercises and last routine plans, forgotten with them. */
const KEPT_WITH_VIEWER = ["svc.exercises.v1.", "svc.logger.plans."];

export function rememberViewer(viewer: Viewer | null) {
  try {
    if (viewer) localStorage.setItem(KEY, JSON.stringify(viewer));
    else {
      localStorage.removeItem(KEY);
      for (const key of Object.keys(localStorage))
        if (KEPT_WITH_VIEWER.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
    }
  } catch {
    // Storage full or refused: the app then needs the network to open, as before.
  }
}

/** The person last signed in on this device, or null. */
export function lastViewer(): Viewer | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as Viewer | null;
    return typeof kept?.id === "string" && typeof kept.name === "string" ? kept : null;
  } catch {
    return null;
  }
}
