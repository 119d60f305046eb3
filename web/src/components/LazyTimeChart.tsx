// A TimeChart whose code (uPlot and the chart's styles, a chunk of their own) is fetched when a
// chart comes near the screen, or once the page has been idle a moment: a page with charts paints
// its layout, figures and tables first. Until the code is here, a box of the chart's height holds
// its place (nothing moves when it arrives). Pages import this, never TimeChart.tsx itself.
import { useEffect, useRef, useState, type ComponentProps } from "react";
import type { TimeChart as Chart } from "./TimeChart.tsx";

type ChartProps = ComponentProps<typeof Chart>;

/** How near the screen a chart is when its code is fetched. */
const NEAR = "300px 0px";
/** After a chart mounted, the code comes anyway once the browser is idle, this long later. */
const IDLE_AFTER_MS = 1500;

let loaded: typeof Chart | null = null;
let loading: Promise<typeof Chart> | null = null;
/** The charts waiting for the code. */
const waiting = new Set<(chart: typeof Chart) => void>();

/** Fetches the chart code once and shows every chart waiting; a failed fetch (offline) is tried again next time. */
export function loadTimeChart(): Promise<typeof Chart> {
  return (loading ??= import("./TimeChart.tsx").then(
    (m) => {
      loaded = m.TimeChart;
      for (const show of waiting) show(loaded);
      return loaded;
    },
    (error) => {
      loading = null;
      throw error;
    },
  ));
}

let idleLoad: ReturnType<typeof setTimeout> | null = null;
function loadWhenIdle() {
  if (loaded || idleLoad) return;
  const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 0));
  idleLoad = setTimeout(
    () =>
      idle(
        () =>
          void loadTimeChart().catch(() => {
            idleLoad = null;
          }),
      ),
    IDLE_AFTER_MS,
  );
}

export function LazyTimeChart(props: ChartProps) {
  const [TimeChart, setTimeChart] = useState<typeof Chart | null>(() => loaded);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (TimeChart) return;
    const show = (chart: typeof Chart) => setTimeChart(() => chart);
    waiting.add(show);
    if (loaded) show(loaded);
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadTimeChart().catch(() => {});
      },
      { rootMargin: NEAR },
    );
    if (box.current) near.observe(box.current);
    loadWhenIdle();
    return () => {
      waiting.delete(show);
      near.disconnect();
    };
  }, [TimeChart]);
  if (TimeChart) return <TimeChart {...props} />;
  // The chart's place: its range buttons, canvas and legend. (A style set from script, not a
  // style attribute in the page: the Content-Security-Policy allows it.)
  return <div ref={box} className="chart-pending" style={{ minHeight: `calc(${props.height ?? 220}px + 5rem)` }} />;
}
