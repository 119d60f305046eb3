// The signed-in person as the server last said, kept on this device so the app opens with no
// network (a workout in progress is theirs). Never a credential: the server decides every request
// by its session cookie. Forgotten when the server says no one is signed in, and at sign-out.
import type { Viewer } from "./session.tsx";

const KEY = "svc.viewer.v1";

export function rememberViewer(viewer: Viewer | null) {
  try {
    if (viewer) localStorage.setItem(KEY, JSON.stringify(viewer));
    else localStorage.removeItem(KEY);
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
