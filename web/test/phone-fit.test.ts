// The app on phones held upright, 360, 390 and 412 px wide (touch): no page scrolls sideways (every
// list, and a routine, workout, summary, progress page and form of each), every
// control of the logger is at least 44 x 44 CSS px (the set row's boxes, Done, More, steppers,
// the rest timer's buttons, the card's buttons, an open set menu), the AMRAP badge is whole, the
// logger's header has no Sign out, and each action has one name: "Start workout" opens the
// logger, "Log a past workout" the form.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectNoHorizontalScroll,
  screenshot,
  waitShown,
  type Page,
} from "./support/browser.ts";
import { openSetMenu } from "./support/logger.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const PAGES = [
  "/",
  "/log",
  "/routines",
  "/programs",
  "/workouts",
  "/progress",
  "/exercises",
  "/bodyweight",
  "/settings",
];

async function lifter() {
  const account = await signUpByApi(web.server.url, "Narrow Nia");
  const routine = await gqlData(
    web.server.url,
    APPLY_ROUTINE,
    {
      d: {
        name: "531 Bench",
        unit: "kg",
        exercises: [
          { exercise: "Bench Press", sets: 3, trainingMax: 100, warmups: 3, cycle: [["65%x5", "75%x5", "85%x5+"]] },
        ],
      },
    },
    { token: account.token },
  );
  const workout = await gqlData(
    web.server.url,
    APPLY_WORKOUT,
    { d: { date: "2026-01-05", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["102.5x5", "102.5x5"] }] } },
    { token: account.token },
  );
  const bench = await gqlData(
    web.server.url,
    `{ resolveExercise(name: "Bench Press") { exerciseId } }`,
    {},
    {
      token: account.token,
    },
  );
  const routineId = routine.applyRoutineDocument.routine.id;
  const workoutId = workout.applyWorkoutDocument.workout.id;
  // Every page with its own address: the lists, then one of each kind of item and form.
  const pages = [
    ...PAGES,
    `/routines/${routineId}`,
    `/routines/${routineId}/edit`,
    "/routines/new",
    `/workouts/${workoutId}`,
    `/workouts/${workoutId}/edit`,
    "/workouts/new",
    `/log/summary/${workoutId}`,
    `/progress/${bench.resolveExercise.exerciseId}`,
  ];
  return { ...account, pages };
}

/** The bottom tabs' words: each inside its tab, and the narrowest space between two neighbours' words. */
async function tabWords(page: Page): Promise<{ overflowing: string[]; narrowestGap: number }> {
  return page.locator(".tab-list a, .tab-list button").evaluateAll((tabs) => {
    const words = tabs.map((t) => {
      const range = document.createRange();
      range.selectNodeContents(t);
      return { text: t.textContent ?? "", r: range.getBoundingClientRect(), tab: t.getBoundingClientRect() };
    });
    return {
      overflowing: words.filter((w) => w.r.left < w.tab.left - 0.5 || w.r.right > w.tab.right + 0.5).map((w) => w.text),
      narrowestGap: Math.min(...words.slice(1).map((w, i) => Math.round(w.r.left - words[i].r.right))),
    };
  });
}

/** Every visible control in the logger smaller than 44 x 44 (a checkbox counts as its label, the box tapped). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        ".logger button, .logger select, .logger input, .logger label.set-check",
      ),
    ];
    return controls
      .filter((c) => !(c instanceof HTMLInputElement && c.type === "checkbox") && !c.closest(".visually-hidden"))
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => ({ c, r: c.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.9 || r.height < 43.9)
      .map(
        ({ c, r }) =>
          `${c.getAttribute("aria-label") ?? c.textContent?.trim()}: ${Math.round(r.width)}x${Math.round(r.height)}`,
      );
  });
}

for (const width of [360, 390, 412]) {
  test(`${width} px: no page scrolls sideways; every logger target is at least 44 x 44; AMRAP whole; no Sign out in the logger`, async () => {
    const account = await lifter();
    const { context, page } = await web.signedInPage(account, { width, height: 800 }, { touch: true });
    for (const address of account.pages) {
      await page.goto(address);
      await waitShown(page, page.getByRole("heading", { level: 1 }), `a heading on ${address} at ${width} px`);
      await page.waitForLoadState("networkidle");
      expect([address, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([address, width]);
    }

    // One name per action: Home's Start workout opens the logger.
    await page.goto("/");
    await waitShown(page, page.getByRole("heading", { name: "Routines" }), "Home's Routines", 30_000);
    // The tab bar's words stand apart ("Routines Progress", never "RoutinesProgress").
    const tabs = await tabWords(page);
    expect(tabs.overflowing).toEqual([]);
    expect(tabs.narrowestGap).toBeGreaterThanOrEqual(12);
    const day = page.locator(".doc-row").filter({ hasText: "531 Bench" });
    await day.getByRole("link", { name: /^Start workout/ }).click();
    await expectPage(page, "Workout: 531 Bench");
    expect(await page.getByRole("banner").getByRole("button", { name: "Sign out" }).count()).toBe(0);
    const bench = page.getByRole("region", { name: "Bench Press" });
    await bench.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
    await page.getByRole("timer", { name: "Rest timer" }).waitFor();
    // What the rest is of, whole beside the time.
    expect(
      await page.locator(".rest-label").evaluate((l) => [l.textContent, l.scrollWidth <= l.clientWidth + 0.5]),
    ).toEqual(["Rest · Bench Press set 1", true]);
    await bench.getByLabel("Weight (kg): Bench Press set 4", { exact: true }).focus();
    await openSetMenu(bench, "Bench Press set 6");
    await expectNoHorizontalScroll(page);
    expect(await smallTargets(page)).toEqual([]);
    // The AMRAP badge on the last work set: whole, inside its column.
    const badge = await bench.locator(".badge-amrap").evaluate((b) => {
      const cell = b.parentElement!.getBoundingClientRect();
      const r = b.getBoundingClientRect();
      return { text: b.textContent, whole: b.scrollWidth <= b.clientWidth + 0.5, inside: r.right <= cell.right + 0.5 };
    });
    expect(badge).toEqual({ text: "AMRAP", whole: true, inside: true });
    // Last time's sets (`102.5x5`) are whole in their column: wrapped before the x, never clipped.
    const clipped = await bench
      .locator(".set-previous")
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 0.5).map((c) => c.textContent));
    expect(clipped).toEqual([]);
    expect(await bench.locator(".set-previous").filter({ hasText: "102.5x5" }).count()).toBe(2);
    await screenshot(page, `phone-fit-logger-${width}`);

    // Out of the logger, Sign out is in the header again; Log a past workout opens the form.
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).waitFor();
    await page
      .locator(".doc-row")
      .filter({ hasText: "531 Bench" })
      .getByRole("link", { name: /^Log a past workout/ })
      .click();
    await expectPage(page, "Log a past workout");
    await context.close();
  }, 300_000);
}
