// Registers the service worker (web/sw/sw.ts, built to /sw.js) and tells the page when a new
// version is installed and waiting (updateStore.ts). The page never switches versions by itself: a
// running page keeps its own files (the old worker serves them) until the user taps Reload, so it
// is never reloaded mid-set and never runs a mix of old and new files. Loaded by main.tsx once the
// page has loaded and painted: nothing on the first screen needs it.
import { registerSW } from "virtual:pwa-register";
import { updateEvents } from "./updateStore.ts";

/** How often an open app asks the server for a new version (also whenever it comes back to the screen). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
    onNeedRefresh: updateEvents.newVersionWaiting,
    // The new version took over, let in by another tab: this page keeps running what it has
    // loaded and offers the reload.
    onNeedReload: updateEvents.newVersionTookOver,
    onRegisteredSW: (_url, r) => {
      if (!r) return;
      updateEvents.registered(r);
      watchForUpdates(r);
    },
  });
}
