// The service worker: the app shell (index.html and every built file, listed by vite-plugin-pwa at
// build time) is kept in the cache, so the app opens and reloads with no network. Any page address
// gets the cached index.html (the router draws the page). Everything else, /api above all, has no
// route here and goes to the network untouched: no answer carrying a user's data is ever cached.
// A new version waits until the page asks it to take over (the "Reload" prompt, web/src/update).
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NOT_APP_PAGES, SKIP_WAITING } from "./protocol.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
// The files of versions before this one, once this one is active.
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NOT_APP_PAGES }));

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first version controls the page that installed it at once (there is no older one to mix with).
clientsClaim();
