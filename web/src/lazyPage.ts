// Pages load on demand, each its own chunk. Unlike React.lazy, a page whose code is already here
// renders at once: main.tsx loads the first page's code before the first render (no Suspense
// fallback, so none of React's delay in revealing what replaces it), and the rest while idle.
import { createElement, use, type ComponentType } from "react";

/** A page module: the page as its default export; `prefetch` may start the page's queries early. */
export type PageModule = { default: ComponentType; prefetch?: () => Promise<void> | void };

export type LazyPage = ComponentType & {
  preload: () => Promise<void>;
  /** Loads the code and runs the page's queries (the first page, before the first render); resolves when both are done. */
  prefetch: () => Promise<void>;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | null = null;
  let module: PageModule | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        module = m;
        Loaded = m.default;
      },
      (error) => {
        loading = null; // a failed fetch of the code (offline) is tried again next time
        throw error;
      },
    ));
  const prefetch = () => preload().then(() => module?.prefetch?.());
  function LazyPage() {
    if (Loaded) return createElement(Loaded);
    use(preload());
    return Loaded ? createElement(Loaded) : null;
  }
  return Object.assign(LazyPage, { preload, prefetch });
}
