import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { SessionProvider, firstSessionCheck } from "./auth/session.tsx";
import { AppShell } from "./AppShell.tsx";
import { Guard } from "./Guard.tsx";
import { appRoutes } from "./routes.tsx";
import NotFound from "./pages/NotFound.tsx";
import PageLoadError from "./pages/PageLoadError.tsx";
import { UpdatePrompt } from "./update/UpdatePrompt.tsx";
import { startI18n } from "./i18n/index.ts";

const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      ...appRoutes.map(({ path, page: PageComponent, access }) => ({
        path,
        element: (
          <Guard access={access}>
            <PageComponent />
          </Guard>
        ),
        errorElement: <PageLoadError />,
      })),
      { path: "*", element: <NotFound /> },
    ],
  },
]);

// The first page's code loads before the first render, the others at the lifter's first touch or
// key, so moving between pages does not wait for code. Not on a timer: a page opened and left alone
// (or a phone on a slow connection still busy with the first screen) fetches nothing it does not
// show. Offline use does not depend on it: the service worker keeps every file of the app.
const firstPage = matchRoutes(appRoutes, window.location)?.[0]?.route.page;
const preloadOthers = () => {
  // Offline, a page's code that failed to load would stay failed in this tab: wait for the connection.
  if (!navigator.onLine) return window.addEventListener("online", preloadOthers, { once: true });
  appRoutes.forEach((r) => void r.page.preload().catch(() => {}));
};
// Up to a moment for the session check and the page's data too, so the first render shows them
// (the static shell is on screen meanwhile): a page that rendered before its first screen's data
// would then move as each part filled in, on a slow phone or a busy server.
const A_MOMENT_MS = 2000;
const aMoment = new Promise<void>((resolve) => setTimeout(resolve, A_MOMENT_MS));
// The language's catalogues too (English is bundled; another language is one small fetch per
// namespace, kept offline by the service worker): the first render speaks the lifter's language.
await Promise.all([
  Promise.race([firstPage?.prefetch().catch(() => {}), aMoment]),
  firstSessionCheck(A_MOMENT_MS),
  startI18n().catch(() => {}),
]);
const FIRST_INTERACTION = ["pointerdown", "keydown"] as const;
const onFirstInteraction = () => {
  FIRST_INTERACTION.forEach((type) => window.removeEventListener(type, onFirstInteraction, true));
  preloadOthers();
};
FIRST_INTERACTION.forEach((type) =>
  window.addEventListener(type, onFirstInteraction, { capture: true, passive: true }),
);

// A transition: React renders the first screen in slices and lets the browser in between (no
// long task for a phone's slow CPU), while the static shell from index.html stays up meanwhile.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <UpdatePrompt />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  ),
);
// Installable and offline (web/sw): its registration code is fetched once the page has loaded and
// the browser is idle, so the first screen never waits for it.
const idle = (f: () => void) => (window.requestIdleCallback ?? ((g: () => void) => setTimeout(g, 0)))(f);
const registerServiceWorker = () =>
  idle(() => void import("./update/serviceWorker.ts").then((m) => m.startServiceWorker()));
if (document.readyState === "complete") registerServiceWorker();
else window.addEventListener("load", registerServiceWorker, { once: true });
