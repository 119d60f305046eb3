// Between sessions in a real browser, on a phone (390x844) and a desktop (1280x800): set a weekly
// goal and see this week's days and the streaks on Home; the month calendar marks training days
// and a tap lists that day's workouts; the history shows each workout's sets, searches by
// exercise, filters by routine and keeps its page on Back; a past workout repeats in the logger
// with its sets planned, and is saved as a routine under a name.
import { gqlData, logWorkout, signUp } from "../../test/support/harness.ts";
import { localDate } from "../src/components/documentValues.ts";
import { dayName } from "../src/pages/workouts/month.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  untilEqual,
  PHONE,
  DESKTOP,
} from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

function daysAgo(n: number): string {
  const d = new Date();
  return localDate(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n));
}

/** A week ago and today, Push (bench) days; 24 squat days in 2024; so 26 workouts, two pages. */
async function seed(token: string) {
  const push = (
    await gqlData(
      web.server.url,
      APPLY_ROUTINE,
      {
        d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 2, reps: 5, weight: 60 }] },
      },
      { token },
    )
  ).applyRoutineDocument.routine.id as string;
  // Two weeks apart: no two of them make a streak.
  for (let i = 0; i < 24; i++)
    await logWorkout(web.server.url, token, {
      date: localDate(new Date(2024, 0, 1 + 14 * i)),
      name: `Squat day ${i + 1}`,
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: ["100x5", "100x5", "105x3", "105x3", "110x2", "110x1"] }],
    });
  const ids: string[] = [];
  for (const date of [daysAgo(7), daysAgo(0)])
    ids.push(
      await logWorkout(web.server.url, token, {
        date,
        routine: push,
        minutes: 45,
        unit: "kg",
        exercises: [{ exercise: "Bench Press", sets: ["w:40x5", "60x5", "62.5x5"] }],
      }),
    );
  return { push, today: ids[1] };
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`weekly goal, calendar, history with its sets, repeat and save as routine (${size})`, async () => {
    const account = await signUp(web.server.url, "Cal");
    const { today } = await seed(account.token);
    const { context, page } = await web.signedInPage(account, viewport);

    // Home: no goal yet; set one in Settings.
    const goal = page.getByRole("region", { name: "Weekly goal" });
    await goal.getByText("No weekly goal yet.").waitFor();
    await goal.getByRole("link", { name: "Set a weekly goal" }).click();
    await expectPage(page, "Settings");
    await page.getByRole("combobox", { name: "Weekly goal" }).selectOption({ label: "1 day a week" });
    await page.getByRole("button", { name: "Save weekly goal" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expectPage(page, "Home");
    // Goal 1: this week met, last week met (a week ago is always last week), the 2024 days long ago.
    await goal.getByText("Goal met this week: 1 training day.").waitFor();
    const stats = await goal.getByRole("definition").allInnerTexts();
    expect(stats).toEqual(["1 of 1", "2 weeks", "2 weeks"]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Calendar: this month, today marked; a tap lists today's workout, which opens.
    await goal.getByRole("link", { name: "Calendar" }).click();
    await expectPage(page, "Calendar");
    const todayLink = page.getByRole("link", { name: `${dayName(daysAgo(0))}: 1 workout` });
    await todayLink.click();
    const listed = page.getByRole("region", { name: `Workouts on ${dayName(daysAgo(0))}` });
    await listed.getByRole("link", { name: `Workout of ${daysAgo(0)}` }).waitFor();
    expect(await todayLink.getAttribute("aria-current")).toBe("date");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `calendar-${size}`);
    // The month before, then Back: this month with today's workouts listed again.
    const months = page.getByRole("navigation", { name: "Months" });
    const thisMonth = await months.getByRole("heading", { level: 2 }).innerText();
    await months.getByRole("link").first().click();
    await untilEqual(async () => (await months.getByRole("heading", { level: 2 }).innerText()) !== thisMonth, true);
    await page.goBack();
    await listed.waitFor();

    // History: each workout's sets on its card (six squat sets read as count and best set).
    await page.goto("/workouts");
    await expectPage(page, "Workouts");
    const rows = page.getByRole("table", { name: "Workout history, newest first" }).getByRole("row");
    await rows.nth(1).getByText("Bench Press 60x5, 62.5x5").waitFor();
    expect(await rows.nth(1).innerText()).toContain("45 min");
    expect(await rows.nth(3).innerText()).toContain("Back Squat 6 sets, best 110x2");
    await page.getByText("1–20 of 26").waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `history-${size}`);

    // Older, open a workout, Back: the same page.
    await page.getByRole("button", { name: "Older" }).click();
    await page.getByText("21–26 of 26").waitFor();
    await rows.nth(1).getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: /^Workout: / }).waitFor();
    await page.goBack();
    await page.getByText("21–26 of 26").waitFor();

    // Search by exercise; filter by routine.
    await page.getByLabel("Exercise or workout name").fill("bench");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("1–2 of 2").waitFor();
    await page.getByLabel("Exercise or workout name").fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("1–20 of 26").waitFor();
    await page.getByLabel("Routine", { exact: true }).selectOption({ label: "Push" });
    await page.getByText("1–2 of 2").waitFor();
    await page.getByLabel("Exercise or workout name").fill("squat");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("No workout matches.").waitFor();
    await page.getByRole("button", { name: "Show every workout" }).click();
    await page.getByText("1–20 of 26").waitFor();

    // Repeat today's workout: the logger plans its sets again, none done.
    await page.goto(`/workouts/${today}`);
    await page.getByRole("link", { name: "Repeat" }).click();
    await expectPage(page, "Workout: Push");
    const bench = page.getByRole("region", { name: "Bench Press" });
    expect(await bench.getByLabel("Weight (kg): Bench Press set 2", { exact: true }).inputValue()).toBe("60");
    expect(await bench.getByLabel("Weight (kg): Bench Press set 3", { exact: true }).inputValue()).toBe("62.5");
    expect(await bench.getByLabel("Reps: Bench Press set 3", { exact: true }).inputValue()).toBe("5");
    for (const n of [1, 2, 3])
      expect(await bench.getByRole("checkbox", { name: `Done: Bench Press set ${n}` }).isChecked()).toBe(false);
    await expectAccessible(page);

    // Save it as a routine: a taken name is said in the dialog, a new one opens the routine.
    await page.goto(`/workouts/${today}`);
    await page.getByRole("button", { name: "Save as routine…" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as routine" });
    await dialog.getByLabel("Routine name").fill("push");
    await dialog.getByRole("button", { name: "Save routine" }).click();
    await dialog.getByText(/a routine with this name already exists/).waitFor();
    await expectAccessible(page);
    await dialog.getByLabel("Routine name").fill("Bench again");
    await dialog.getByRole("button", { name: "Save routine" }).click();
    await page.getByRole("heading", { level: 1, name: /Bench again/ }).waitFor();
    await context.close();
  }, 180_000);
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`every record on one page, newest first, filtered by exercise (${size})`, async () => {
    const account = await signUp(web.server.url, "Rec");
    await logWorkout(web.server.url, account.token, {
      date: "2025-01-06",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: ["100x5"] },
        { exercise: "Back Squat", sets: ["140x5"] },
      ],
    });
    await logWorkout(web.server.url, account.token, {
      date: "2025-02-03",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["110x3"] }],
    });
    const { context, page } = await web.signedInPage(account, viewport);
    await page.goto("/records");
    await expectPage(page, "Records");
    const rows = page.getByRole("table", { name: "Records, newest first" }).getByRole("row");
    expect(await rows.nth(1).innerText()).toMatch(/2025-02-03\s+Bench Press\s+Heaviest\s+110 kg × 3/);
    expect(await rows.nth(2).innerText()).toMatch(/Best e1RM\s+121 kg \(110 kg × 3\)/);
    await page.getByText("13 records, newest first.").waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `records-${size}`);
    await page.getByLabel("Exercise", { exact: true }).selectOption({ label: "Back Squat" });
    await page.getByText("6 records, newest first.").waitFor();
    expect(await rows.nth(1).innerText()).toMatch(/2025-01-06\s+Back Squat\s+Heaviest\s+140 kg × 5/);
    await rows.nth(1).getByRole("link", { name: "2025-01-06" }).click();
    await page.getByRole("heading", { level: 1, name: "Workout: 2025-01-06" }).waitFor();
    await context.close();
  });
}
