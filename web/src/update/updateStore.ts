// What the page knows of its service worker: whether a new version is installed and waiting, and
// the Reload into it. Apart from the registration (serviceWorker.ts), which is loaded after the
// first paint: the prompt needs only this.
import { SKIP_WAITING } from "../../sw/protocol.ts";

let updateReady = false;
let reloadAsked = false;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();

function setUpdateReady(ready: boolean) {
  updateReady = ready;
  listeners.forEach((listener) => listener());
}

export const updateStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** A new version is installed and this page still runs the old one. */
  isUpdateReady: () => updateReady,
  dismiss: () => setUpdateReady(false),
};

/** What the registration (serviceWorker.ts) tells: a new version waiting or taking over, and the registration itself. */
export const updateEvents = {
  newVersionWaiting: () => setUpdateReady(true),
  newVersionTookOver: () => {
    if (!reloadAsked) setUpdateReady(true);
  },
  registered: (r: ServiceWorkerRegistration) => {
    registration = r;
  },
};

/** The user's Reload: the waiting version takes over, then the page reloads into it. */
export function reloadIntoNewVersion() {
  reloadAsked = true;
  const waiting = registration?.waiting;
  // Another tab let the new version in already: only this page is old.
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: SKIP_WAITING });
}
