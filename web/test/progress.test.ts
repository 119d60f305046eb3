// Progress pages in a real browser on a phone: from a known history, the exercise's estimated 1RM
// and weekly volume are drawn (uPlot canvas, one image with a summary) and listed in tables with the
// values the API computes; records; the overall weekly volume, training days and bodyweight.
import type { Locator } from "playwright-core";
import { convertWeight } from "@svc/sdk/documents";
import { signUp as signUpByApi, gql, logWorkout } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

const log = (document: Record<string, unknown>, token: string) => logWorkout(web.server.url, token, document);

test("progress: overall weekly volume, training days and bodyweight; an exercise's e1RM and weekly volume charts with their tables and its records", async () => {
  const account = await signUpByApi(web.server.url, "Pia");
  await log(
    { date: "2026-01-05", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["100x5", "100x5"] }] },
    account.token,
  );
  await log(
    {
      date: "2026-01-12",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["w:60x5", "105x5"] },
        { exercise: "Back Squat", sets: ["140x5"] },
      ],
    },
    account.token,
  );
  await log(
    { date: "2026-01-21", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["110x3", "90x8"] }] },
    account.token,
  );
  // Today (the browser's day): a bodyweight set, a training day with no volume.
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  await log({ date: today, unit: "kg", exercises: [{ exercise: "Pull-Up", sets: ["bw x 8"] }] }, account.token);
  for (const [date, weight, unit] of [
    ["2026-01-05", 80, "KG"],
    ["2026-01-12", 176.4, "LB"],
  ] as const) {
    const res = await gql(
      web.server.url,
      `mutation($i: BodyweightInput!) { logBodyweight(input: $i) { id } }`,
      { i: { date, weight, unit } },
      { token: account.token },
    );
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  }

  const { context, page } = await web.signedInPage(account, PHONE);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Progress" }).click();
  await expectPage(page, "Progress");

  // Overall weekly volume: chart and table (newest first).
  const overall = page.getByRole("region", { name: "Weekly volume" });
  await overall
    .getByRole("img", { name: /^Weekly volume of all exercises: \d+ points from 2026-01-05 to \d{4}-\d\d-\d\d\./ })
    .waitFor();
  expect(await overall.locator("canvas").count()).toBeGreaterThan(0);
  const weeks = overall.getByRole("table", { name: "Weekly volume of all exercises, newest first" }).getByRole("row");
  expect(await weeks.count()).toBe(1 + 4);
  expect(await weeks.nth(1).innerText()).toMatch(/\s+0 kg\s+1\s+1/);
  expect(await weeks.nth(2).innerText()).toMatch(/2026-01-19\s+1,?050 kg\s+2\s+1/);
  expect(await weeks.nth(3).innerText()).toMatch(/2026-01-12\s+1,?225 kg\s+2\s+1/);
  expect(await weeks.nth(4).innerText()).toMatch(/2026-01-05\s+1,?000 kg\s+2\s+1/);
  // Training days: today is marked in this week's row.
  const calendar = page.getByRole("table", { name: /^Training days of the last 12 weeks/ });
  await calendar.getByRole("cell", { name: `trained on ${today}` }).waitFor();
  expect(await calendar.getByText(/^trained on/).count()).toBe(1);
  // Bodyweight in the user's unit (kg), the lb entry converted.
  const bodyweight = page.getByRole("region", { name: "Bodyweight" });
  await bodyweight.getByRole("img", { name: /^Bodyweight: 2 points from 2026-01-05 to 2026-01-12/ }).waitFor();
  const entries = bodyweight.getByRole("table", { name: "Bodyweight entries, newest first" }).getByRole("row");
  // 176.4 lb = 80.0137 kg: at most one decimal, the lb as entered beside it.
  expect(await entries.nth(1).innerText()).toMatch(/2026-01-12\s+80 kg \(176\.4 lb\)/);
  expect(await entries.nth(2).innerText()).toMatch(/2026-01-05\s+80 kg/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "progress-phone");

  await page.getByRole("region", { name: "Exercises" }).getByRole("link", { name: "Bench Press" }).click();
  await expectPage(page, "Progress: Bench Press");
  const e1rm = page.getByRole("region", { name: "Estimated 1RM" });
  const chart = e1rm.getByRole("img", {
    name: /^Estimated 1RM and heaviest set of Bench Press per session: 3 points from 2026-01-05 to 2026-01-21/,
  });
  await chart.waitFor();
  const canvas = e1rm.locator("canvas").first();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(200);
  // Epley: 100x5 -> 116.67, 105x5 -> 122.5, 110x3 -> 121 (90x8 is 114).
  const sessions = e1rm
    .getByRole("table", { name: "Best set per session of Bench Press, newest first" })
    .getByRole("row");
  expect(await sessions.count()).toBe(1 + 3);
  expect(await sessions.nth(1).innerText()).toMatch(/2026-01-21\s+121 kg\s+110 × 3\s+110 × 3/);
  expect(await sessions.nth(2).innerText()).toMatch(/2026-01-12\s+122\.5 kg\s+105 × 5\s+105 × 5/);
  expect(await sessions.nth(3).innerText()).toMatch(/2026-01-05\s+116\.7 kg\s+100 × 5\s+100 × 5/);

  const volume = page.getByRole("region", { name: "Weekly volume" });
  await volume.getByRole("img", { name: /^Weekly volume of Bench Press/ }).waitFor();
  const benchWeeks = volume.getByRole("table", { name: "Weekly volume of Bench Press, newest first" }).getByRole("row");
  expect(await benchWeeks.count()).toBe(1 + 3);
  // Warm-ups add nothing: 525 kg in the week of 2026-01-12.
  expect(await benchWeeks.nth(2).innerText()).toMatch(/2026-01-12\s+525 kg\s+1\s+1/);

  const records = page.getByRole("region", { name: "Records" });
  await records.locator("dl").getByText("110 kg × 3").waitFor();
  await records.locator("dl").getByText("122.5 kg").waitFor();
  // Rep maxes: the heaviest set of at least n reps; estimated from the best e1RM (122.5) / (1 + n/30).
  const repMaxes = records.getByRole("table", { name: "Rep maxes of Bench Press" }).getByRole("row");
  expect(await repMaxes.count()).toBe(1 + 5);
  expect(await repMaxes.nth(1).innerText()).toMatch(/1 RM\s+110 kg × 3\s+122\.5 kg/);
  expect(await repMaxes.nth(2).innerText()).toMatch(/3 RM\s+110 kg × 3\s+111\.4 kg/);
  expect(await repMaxes.nth(3).innerText()).toMatch(/5 RM\s+105 kg × 5\s+105 kg/);
  expect(await repMaxes.nth(4).innerText()).toMatch(/8 RM\s+90 kg × 8\s+96\.7 kg/);
  expect(await repMaxes.nth(5).innerText()).toMatch(/10 RM\s+–\s+91\.9 kg/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "progress-exercise-phone");
  await context.close();
});

/** The dates a chart's x axis spans (TimeChart marks them on its canvas box). */
async function chartSpan(chart: Locator) {
  const [from, to] = await Promise.all([chart.getAttribute("data-from"), chart.getAttribute("data-to")]);
  return { from: from!, to: to!, days: (Date.parse(to!) - Date.parse(from!)) / 86400000 };
}

/** True when no box around the element (a scroll box) hides part of it. */
function shownWhole(row: Locator) {
  return row.evaluate((el) => {
    const r = el.getBoundingClientRect();
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowY === "visible" && style.overflowX === "visible") continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false;
    }
    return true;
  });
}

test("a new lifter's first week: the charts span real dates around it (not years), short tables show every row, a long one scrolls with a hint", async () => {
  const account = await signUpByApi(web.server.url, "Neo");
  // Everything in one week (Monday and Wednesday).
  await log(
    { date: "2026-11-02", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["60x5", "60x5"] }] },
    account.token,
  );
  await log(
    { date: "2026-11-04", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["62.5x5", "50x10"] }] },
    account.token,
  );
  // 13 bodyweight entries: one more than a table shows in full.
  for (let day = 1; day <= 13; day++) {
    const date = `2026-10-${String(day + 17).padStart(2, "0")}`;
    const res = await gql(
      web.server.url,
      `mutation($i: BodyweightInput!) { logBodyweight(input: $i) { id } }`,
      { i: { date, weight: 80 + day / 10, unit: "KG" } },
      { token: account.token },
    );
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  }

  const { context, page } = await web.signedInPage(account, PHONE);
  // Progress paints first, then fills: each section asks on its own, and with the chart code held
  // back the exercises and the weekly volume's figures and table are there, no chart yet.
  const asked: string[] = [];
  page.on("request", (request) => {
    const name = /^\{"query":"(?:query|mutation) (\w+)/.exec(request.postData() ?? "")?.[1];
    if (request.url().endsWith("/api/graphql") && name) asked.push(name);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/TimeChart-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/progress");
  await expectPage(page, "Progress");
  await page.getByRole("table", { name: "Weekly volume of all exercises, newest first" }).waitFor();
  await page.getByRole("region", { name: "Exercises" }).getByRole("link", { name: "Bench Press" }).waitFor();
  await page.getByRole("table", { name: "Bodyweight entries, newest first" }).waitFor();
  expect(await page.locator("canvas").count()).toBe(0);
  release();
  const overall = page
    .getByRole("region", { name: "Weekly volume" })
    .getByRole("img", { name: /^Weekly volume of all exercises: 1 point / });
  await overall.waitFor();
  expect(asked).toEqual(
    expect.arrayContaining([
      "RecentExercises",
      "OverallVolume",
      "TrainingDays",
      "RecentBodyweights",
      "VolumeByExercise",
    ]),
  );
  const week = await chartSpan(overall);
  // One week of data: the axis spans about four weeks around it, in 2026 (not 2027 to 2029).
  expect(week.from <= "2026-11-02" && week.to >= "2026-11-02").toBe(true);
  expect(week.days).toBeGreaterThanOrEqual(28);
  expect(week.days).toBeLessThanOrEqual(35);
  // 13 rows: in a scroll box, said by a visible hint.
  const bodyweight = page.getByRole("region", { name: "Bodyweight" });
  await bodyweight.getByText("13 rows: scroll the table to see them all.").waitFor();
  expect(
    await bodyweight
      .getByRole("group", { name: "Bodyweight entries" })
      .evaluate((el) => el.scrollHeight > el.clientHeight),
  ).toBe(true);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole("region", { name: "Exercises" }).getByRole("link", { name: "Bench Press" }).click();
  await expectPage(page, "Progress: Bench Press");
  const e1rm = page.getByRole("region", { name: "Estimated 1RM" }).getByRole("img", {
    name: /^Estimated 1RM and heaviest set of Bench Press per session: 2 points from 2026-11-02 to 2026-11-04/,
  });
  await e1rm.waitFor();
  const sessions = await chartSpan(e1rm);
  expect(sessions.from <= "2026-11-02" && sessions.to >= "2026-11-04").toBe(true);
  expect(sessions.days).toBeGreaterThanOrEqual(28);
  expect(sessions.days).toBeLessThanOrEqual(35);
  // Rep maxes (5 rows) shown whole on a phone, the 10 RM row too; no scroll box, no hint.
  const records = page.getByRole("region", { name: "Records" });
  const repMaxes = records.getByRole("table", { name: "Rep maxes of Bench Press" }).getByRole("row");
  expect(await repMaxes.count()).toBe(1 + 5);
  expect(await repMaxes.nth(5).innerText()).toMatch(/10 RM\s+50 kg × 10/);
  for (let i = 1; i <= 5; i++) expect(await shownWhole(repMaxes.nth(i))).toBe(true);
  expect(await records.getByText(/scroll the table/).count()).toBe(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "progress-first-week-phone");
  await context.close();
});

test("volume by exercise: each week split into the top exercises by volume and Other, summing to the week's total, in the user's unit", async () => {
  const account = await signUpByApi(web.server.url, "Ola");
  // Two weeks, five exercises: the four with the most volume get a column, the fifth is Other.
  await log(
    {
      date: "2026-03-02",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["w:60x5", "100x5", "100x5"] },
        { exercise: "Back Squat", sets: ["140x5", "140x5", "140x5"] },
        { exercise: "Deadlift", sets: ["180x5"] },
      ],
    },
    account.token,
  );
  await log(
    {
      date: "2026-03-04",
      unit: "kg",
      exercises: [
        { exercise: "Overhead Press", sets: ["60x5", "60x5"] },
        { exercise: "Barbell Row", sets: ["80x8"] },
      ],
    },
    account.token,
  );
  await log(
    {
      date: "2026-03-10",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["105x5", "110x3"] },
        { exercise: "Back Squat", sets: ["150x5"] },
        { exercise: "Barbell Row", sets: ["80x8", "80x8"] },
      ],
    },
    account.token,
  );
  // Hand sums (weight x reps of done work sets; the warm-up adds nothing):
  // week of 2026-03-02: bench 1000, squat 2100, deadlift 900, press 600, row 640 -> total 5240
  // week of 2026-03-09: bench 525 + 330 = 855, squat 750, row 1280 -> total 2885
  // by region: upper 4375 (2240 + 2135), lower 3750 (3000 + 750).
  // Over both weeks: squat 2850, bench 1855, row 1920, deadlift 900, press 600: press is Other.

  const { context, page } = await web.signedInPage(account, PHONE);
  await page.goto("/progress");
  await expectPage(page, "Progress");
  const region = page.getByRole("region", { name: "Volume by exercise" });
  const table = region.getByRole("table", { name: "Weekly volume by exercise, newest first" });
  await table.waitFor();
  const headers = await table.getByRole("columnheader").allInnerTexts();
  expect(headers).toEqual(["Week of", "Back Squat", "Barbell Row", "Bench Press", "Deadlift", "Other", "Total"]);
  const rows = table.getByRole("row");
  expect(await rows.count()).toBe(1 + 2);
  const cells = async (i: number) =>
    (await rows.nth(i).getByRole("cell").allInnerTexts()).map((t) => t.trim().replace(/,/g, ""));
  // Thousands separators depend on the browser's locale.
  expect(await cells(1)).toEqual(["2026-03-09", "750 kg", "1280 kg", "855 kg", "0 kg", "0 kg", "2885 kg"]);
  expect(await cells(2)).toEqual(["2026-03-02", "2100 kg", "640 kg", "1000 kg", "900 kg", "600 kg", "5240 kg"]);
  // By body region (Bench Press, Overhead Press and Barbell Row are upper; Back Squat and Deadlift lower).
  const regions = region.getByRole("table", { name: "Weekly volume by body region, newest first" });
  expect(await regions.getByRole("columnheader").allInnerTexts()).toEqual(["Week of", "Upper", "Lower", "Total"]);
  const regionCells = async (i: number) =>
    (await regions.getByRole("row").nth(i).getByRole("cell").allInnerTexts()).map((t) => t.trim().replace(/,/g, ""));
  expect(await regionCells(1)).toEqual(["2026-03-09", "2135 kg", "750 kg", "2885 kg"]);
  expect(await regionCells(2)).toEqual(["2026-03-02", "2240 kg", "3000 kg", "5240 kg"]);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "progress-volume-by-exercise-phone");

  // In lb (the user's setting): each exercise's cell is its own weekly volume from the API in lb,
  // and the cells add up to the week's total.
  const viewer = await gql(web.server.url, "{ viewer { id } }", {}, { token: account.token });
  const unitChange = await gql(
    web.server.url,
    `mutation($id: UUID!) { updateUserById(input: { id: $id, userPatch: { unit: "lb" } }) { user { unit } } }`,
    { id: viewer.body.data.viewer.id },
    { token: account.token },
  );
  if (unitChange.body.errors) throw new Error(JSON.stringify(unitChange.body.errors));
  const bench = await gql(
    web.server.url,
    `{ allExercises(condition: { name: "Bench Press" }) { nodes { id } } }`,
    {},
    { token: account.token },
  );
  const benchVolume = await gql(
    web.server.url,
    `query($id: UUID!) { weeklyVolume(exerciseId: $id) { week volume unit } }`,
    { id: bench.body.data.allExercises.nodes[0].id },
    { token: account.token },
  );
  const benchLb = benchVolume.body.data.weeklyVolume.find((w: { week: string }) => w.week === "2026-03-09");
  expect(benchLb.unit).toBe("lb");
  await page.reload();
  await expectPage(page, "Progress");
  await table.waitFor();
  const lb = await cells(1);
  expect(lb[0]).toBe("2026-03-09");
  expect(lb.slice(1).every((cell) => cell.endsWith(" lb"))).toBe(true);
  // Totals read as whole numbers (digits grouped): each cell is the API's volume rounded.
  const values = lb.slice(1).map((cell) => Number(cell.replace(/ lb$/, "").replace(/,/g, "")));
  expect(values[2]).toBe(Math.round(benchLb.volume));
  expect(values[2]).toBe(Math.round(convertWeight(855, "kg", "lb")));
  const total = values.at(-1)!;
  const parts = values.slice(0, -1);
  expect(Math.abs(parts.reduce((a, b) => a + b, 0) - total)).toBeLessThanOrEqual(parts.length * 0.5);
  await context.close();
});
