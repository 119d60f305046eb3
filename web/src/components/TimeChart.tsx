// A chart of values over dates (uPlot: small and fast), as wide as its container (phone too), with
// a range to show (3 months, 1 year, all). For screen readers it is one image with a summary; the
// page shows the same numbers as a table. Pages show it through LazyTimeChart.tsx, which fetches
// this module (and uPlot with it) only when a chart comes near the screen.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./validLocale.ts";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./timeChart.css";
import { formatEstimate } from "./units.ts";
import { axisNumber, CHART_RANGES, defaultRange, rangeFrom, type ChartRange } from "./chartRange.ts";
import { formatDay } from "../format.ts";

export type ChartSeries = { label: string; values: (number | null)[]; bars?: boolean; dashed?: boolean };

/** YYYY-MM-DD as uPlot's x (seconds), at noon UTC so no time zone moves it to another day. */
function dayToSeconds(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

const DAY = 86400;
/** The least span of dates a chart shows: four weeks, so a first week of data gets real dates as ticks. */
const LEAST_SPAN = 28 * DAY;

/**
 * The x range: the data with half a week around it (bars are not cut at the edges), widened evenly
 * to at least four weeks. uPlot's own range for one point or a few days ticks in years.
 * Days are oldest first.
 */
export function dateRange(min: number, max: number): [number, number] {
  const low = min - 3.5 * DAY;
  const high = max + 3.5 * DAY;
  const widen = Math.max(0, LEAST_SPAN - (high - low)) / 2;
  return [low - widen, high + widen];
}

function secondsToDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

const PALETTE = ["#0b57d0", "#b3261e", "#1e8e3e", "#8430ce"];

type TimeChartProps = {
  /** What the chart shows, for the image's name (a summary is added). */
  label: string;
  days: string[];
  series: ChartSeries[];
  unit: string;
  height?: number;
  /** The value axis starts at 0 (volume, 1RM); false fits it to the values (bodyweight). */
  fromZero?: boolean;
};

/** The chart with its range buttons: the days and values within the range chosen. */
export function TimeChart(props: TimeChartProps) {
  const { t } = useTranslation("components");
  const rangeLabels: Record<ChartRange, string> = {
    "3m": t("chart.range3m"),
    "1y": t("chart.range1y"),
    all: t("chart.rangeAll"),
  };
  const { label, days, series } = props;
  const [range, setRange] = useState<ChartRange>(() => defaultRange(days, new Date()));
  const from = rangeFrom(days, range, new Date());
  const shownDays = days.slice(from);
  const shownSeries = series.map((s) => ({ ...s, values: s.values.slice(from) }));
  return (
    <div className="chart-ranged">
      <div className="chart-range" role="group" aria-label={t("chart.rangeOf", { label })}>
        {CHART_RANGES.map((r) => (
          <button key={r.key} type="button" aria-pressed={range === r.key} onClick={() => setRange(r.key)}>
            {rangeLabels[r.key]}
          </button>
        ))}
      </div>
      {shownDays.length === 0 ? (
        <p className="muted">{t("chart.emptyRange")}</p>
      ) : (
        <RangeChart {...props} days={shownDays} series={shownSeries} />
      )}
    </div>
  );
}

function RangeChart({ label, days, series, unit, height = 220, fromZero = true }: TimeChartProps) {
  const { t } = useTranslation("components");
  const box = useRef<HTMLDivElement>(null);
  const dataKey = JSON.stringify([days, series]);
  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    const accent = getComputedStyle(document.documentElement).getPropertyValue("--accent").trim() || PALETTE[0];
    const fg = getComputedStyle(document.documentElement).getPropertyValue("--muted").trim() || "#5a5a60";
    const line = getComputedStyle(document.documentElement).getPropertyValue("--line").trim() || "#d7d7dc";
    const axis = { stroke: fg, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
    const xs = days.map(dayToSeconds);
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // From the dates themselves: for one point uPlot passes a max 1000 days on (its one-day pad is in ms, the data in s).
      scales: {
        x: { time: true, range: () => dateRange(xs[0], xs[xs.length - 1]) },
        y: {
          range: (_u, min, max) =>
            fromZero
              ? [Math.min(0, min), max > 0 ? max * 1.08 : 1]
              : [Math.floor(min * 0.97), Math.ceil(max * 1.03) + (min === max ? 1 : 0)],
        },
      },
      axes: [axis, { ...axis, size: 56, values: (_u, ticks) => ticks.map(axisNumber) }],
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: i === 0 ? accent : PALETTE[i % PALETTE.length],
          width: 2,
          dash: s.dashed ? [6, 4] : undefined,
          fill: s.bars ? `${i === 0 ? accent : PALETTE[i % PALETTE.length]}55` : undefined,
          paths: s.bars ? uPlot.paths.bars!({ size: [0.6, 24] }) : undefined,
          points: { show: !s.bars, size: 6 },
          spanGaps: true,
        })),
      ],
    };
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values)];
    // The dates the x axis spans, for a test to read (the ticks are drawn on a canvas).
    opts.hooks = {
      setScale: [
        (u, key) => {
          if (key !== "x" || u.scales.x.min == null || u.scales.x.max == null) return;
          el.dataset.from = secondsToDay(u.scales.x.min);
          el.dataset.to = secondsToDay(u.scales.x.max);
        },
      ],
    };
    const chart = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // The data's JSON is the dependency: a new array with the same numbers does not redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey, height, fromZero]);

  const first = days[0];
  const lastDay = days[days.length - 1];
  const summary = series
    .map((s) => {
      const values = s.values.filter((v): v is number => v !== null);
      if (values.length === 0) return t("chart.noValues", { label: s.label });
      return t("chart.seriesSummary", {
        label: s.label,
        first: formatEstimate(values[0], unit),
        last: formatEstimate(values[values.length - 1], unit),
        highest: formatEstimate(Math.max(...values), unit),
      });
    })
    .join("; ");
  return (
    <figure className="chart">
      <div
        ref={box}
        className="chart-canvas"
        role="img"
        aria-label={t("chart.summary", {
          label,
          count: days.length,
          first: formatDay(first),
          last: formatDay(lastDay),
          summary,
        })}
      />
      <figcaption className="chart-legend" aria-hidden="true">
        {series.map((s, i) => (
          <span key={s.label} className={`swatch swatch-${i}${s.dashed ? " dashed" : ""}`}>
            {s.label} ({unit})
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
