// History charts in a real browser on a phone: a range to show (3 months, 1 year, all), opening on
// the last year when the history is longer; weekly volume lists every week, empty ones as zero;
// the value axis writes thousands short (150000 as 150k), so no label is cut.
import { logWorkout, signUp } from "../../test/support/harness.ts";
import { localDate, mondayOf } from "../src/components/documentValues.ts";
import { axisNumber, rangeStart } from "../src/components/chartRange.ts";
import { setDecimalSeparator } from "../src/decimal.ts";
import { consecutiveWeeks } from "../src/pages/progress/weeks.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
  DESKTOP,
} from "./support/browser.ts";

const web = useBrowserTest();

function daysAgo(n: number): Date {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);
}

const WEEK = 7 * 86400000;
const weeksBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / WEEK);

test("axis labels: thousands and millions short, small values as they are", () => {
  expect([150000, 1500, 999, 82.5, 2_500_000, 0, 12345].map(axisNumber)).toEqual([
    "150k",
    "1.5k",
    "999",
    "82.5",
    "2.5M",
    "0",
    "12.3k",
  ]);
  // Where the app locale writes a decimal comma (format.ts tells decimal.ts), the labels do too.
  setDecimalSeparator(() => ",");
  try {
    expect([1500, 82.5, 2_500_000, 150000].map(axisNumber)).toEqual(["1,5k", "82,5", "2,5M", "150k"]);
  } finally {
    setDecimalSeparator(() => ".");
  }
});

test("weekly series: the weeks between two with volume are listed at zero", () => {
  const w = (week: string, volume: number) => ({ week, volume, unit: "kg", workSets: 1, workouts: 1 });
  expect(consecutiveWeeks([w("2025-12-22", 100), w("2026-01-12", 50)]).map((x) => [x.week, x.volume])).toEqual([
    ["2025-12-22", 100],
    ["2025-12-29", 0],
    ["2026-01-05", 0],
    ["2026-01-12", 50],
  ]);
  expect(consecutiveWeeks([])).toEqual([]);
});

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`a two-year history opens on its last year; 3 months and all are a tap away (${size})`, async () => {
    const account = await signUp(web.server.url, "Charts");
    const dates = [730, 200, 60, 10].map((n) => localDate(daysAgo(n)));
    for (const date of dates)
      await logWorkout(web.server.url, account.token, {
        date,
        unit: "kg",
        exercises: [{ exercise: "Back Squat", sets: ["150x10", "150x10"] }],
      });
    const { context, page } = await web.signedInPage(account, viewport);
    await page.goto("/progress");
    await expectPage(page, "Progress");
    const overall = page.getByRole("region", { name: "Weekly volume" });
    const range = overall.getByRole("group", { name: "Range of Weekly volume of all exercises" });
    const chart = overall.getByRole("img", { name: /^Weekly volume of all exercises: / });
    const shown = async () => {
      const name = (await chart.getAttribute("aria-label")) ?? "";
      const m = /: (\d+) points? from (\S+) to (\S+)\./.exec(name);
      if (!m) throw new Error(`chart name: ${name}`);
      return { points: Number(m[1]), from: m[2], to: m[3] };
    };
    const lastMonday = mondayOf(daysAgo(10));
    expect(await range.getByRole("button", { name: "1 year" }).getAttribute("aria-pressed")).toBe("true");
    const year = await shown();
    expect(year.to).toBe(lastMonday);
    expect(year.from >= rangeStart("1y", new Date())!).toBe(true);
    expect(year.points).toBe(weeksBetween(year.from, lastMonday) + 1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `chart-range-${size}`);

    await range.getByRole("button", { name: "3 months" }).click();
    const quarter = await shown();
    expect(quarter.from >= rangeStart("3m", new Date())!).toBe(true);
    expect(quarter.from <= localDate(daysAgo(60))).toBe(true);
    expect(quarter.points).toBe(weeksBetween(quarter.from, lastMonday) + 1);

    // All: every week from the first, the empty ones included.
    await range.getByRole("button", { name: "All" }).click();
    expect(await range.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    const all = await shown();
    expect(all.from).toBe(mondayOf(daysAgo(730)));
    expect(all.points).toBe(weeksBetween(all.from, lastMonday) + 1);
    // The table lists only the weeks with work sets.
    expect(
      await overall
        .getByRole("table", { name: "Weekly volume of all exercises, newest first" })
        .getByRole("row")
        .count(),
    ).toBe(1 + 4);
    await context.close();
  });
}
