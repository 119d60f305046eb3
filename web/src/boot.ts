// The page's first script: the static shell in index.html (the header and a skeleton, styled by the
// stylesheet inlined beside it) paints first, then the app's code runs. The app's files are fetched
// from the start all the same (index.html names each as a modulepreload, shell-first.ts): only their
// evaluation waits for the paint, so a phone shows the shell while its CPU works through React.
import "./styles.css";
// The update prompt's rules (update/UpdatePrompt.tsx, in the first render) are imported here, not
// there, so they are inlined with the rest: a stylesheet imported by both the entry and the app's
// chunk becomes a file of its own that the app's import would wait for.
import "./update/update.css";
import { pageCodeAt } from "./pages.ts";

/** Resolves once the browser has painted a frame (at once in a tab in the background, which paints none). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") return resolve();
    // requestAnimationFrame runs just before a frame is painted; the task after it, once it has been.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

void afterFirstPaint().then(() => {
  // The first page's code beside the app's, not a round trip after the app has been evaluated
  // (main.tsx then finds it loading or loaded: the same module).
  void pageCodeAt(window.location.pathname)?.().catch(() => {});
  return import("./main.tsx");
});
