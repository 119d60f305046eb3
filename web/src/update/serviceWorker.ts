// Registers the service worker (web/sw/sw.ts, built to /sw.js) and tells the page when a new
// version is installed and waiting. The page never switches versions by itself: a running page
// keeps its own files (the old worker serves them) until the user taps Reload, so it is never
// reloaded mid-set and never runs a mix of old and new files.
import { registerSW } from "virtual:pwa-register";
import { SKIP_WAITING } from "../../sw/protocol.ts";

/** How often an open app asks the server for a new version (also whenever it comes back to the screen). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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

function watchForUpdates(r: ServiceWorkerRegistration) {
  const check = () => {
    if (navigator.onLine) r.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

export function startServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  registerSW({
    onNeedRefresh: () => setUpdateReady(true),
    // The new version took over, let in by another tab: this page keeps running what it has
    // loaded and offers the reload.
    onNeedReload: () => {
      if (!reloadAsked) setUpdateReady(true);
    },
    onRegisteredSW: (_url, r) => {
      registration = r;
      if (r) watchForUpdates(r);
    },
  });
}

/** The user's Reload: the waiting version takes over, then the page reloads into it. */
export function reloadIntoNewVersion() {
  reloadAsked = true;
  const waiting = registration?.waiting;
  // Another tab let the new version in already: only this page is old.
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: SKIP_WAITING });
}
