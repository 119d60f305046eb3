// Pages load on demand, each its own chunk. Unlike React.lazy, a page whose code is already here
// renders at once: main.tsx loads the first page's code before the first render (no Suspense
// fallback, so none of React's delay in revealing what replaces it), and the rest while idle.
import { createElement, use, type ComponentType } from "react";

export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = module.default;
    }));
  function LazyPage() {
    if (Loaded) return createElement(Loaded);
    use(preload());
    return Loaded ? createElement(Loaded) : null;
  }
  return Object.assign(LazyPage, { preload });
}
