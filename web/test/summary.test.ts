// The summary of a saved workout: each exercise with its sets in the lifter's unit, the routine
// named once, each record named with what it beat, and a 0-rep AMRAP read as 0 reps done.
import { signUpWithUnit, gqlData, logWorkout } from "../../test/support/harness.ts";
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

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the summary (${size}): exercises and sets, the routine once, records with what they beat, a 0-rep AMRAP`, async () => {
    const account = await signUpWithUnit(web.server, "lb", "Sam");
    const routine = await gqlData(
      web.server.url,
      `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
      { d: { name: "Push", unit: "lb", exercises: [{ exercise: "Bench Press", sets: 2, reps: 5, weight: 225 }] } },
      { token: account.token },
    );
    // Before: 100 kg x 5 (kg history) = 220.46 lb, e1RM 257.2 lb.
    await logWorkout(web.server.url, account.token, {
      date: "2025-05-05",
      unit: "kg",
      exercises: [{ exercise: "Bench Press", sets: ["100x5"] }],
    });
    const id = await logWorkout(web.server.url, account.token, {
      date: "2025-05-12",
      unit: "lb",
      routine: routine.applyRoutineDocument.routine.id,
      name: "Push",
      exercises: [
        { exercise: "Bench Press", sets: ["230x5", "190x0+"] },
        { exercise: "Dumbbell Row", sets: ["60x10", { set: "60x10", done: false }] },
      ],
    });
    const { context, page } = await web.signedInPage(account, viewport, size === "phone" ? { touch: true } : {});
    page.setDefaultTimeout(20_000);
    await page.goto(`/log/summary/${id}`);
    await expectPage(page, "Workout saved");
    const summary = page.getByRole("region", { name: "Summary" });
    // The routine once: the workout's name is the routine's.
    await summary.getByText("2025-05-12 · Push", { exact: true }).waitFor();
    expect((await page.locator("main").innerText()).match(/Push/g)).toHaveLength(1);
    const exercises = page.getByRole("region", { name: "Exercises" });
    await exercises.getByText("Bench Press: 230x5, 190x0 (AMRAP, 0 reps done)").waitFor();
    await exercises.getByText("Dumbbell Row: 60x10, 60x10 (not done)").waitFor();
    expect(await page.locator("main").innerText()).not.toContain("190x0+");
    // 230 x (1 + 5/30) = 268.33 lb, was 257.2 lb (220.46 x 7/6 = 257.20); heaviest 230, was 220.5.
    await page
      .getByRole("region", { name: "Personal records" })
      .getByText("Bench Press: e1RM 268.3 lb, was 257.2 lb · heaviest 230 lb × 5, was 220.5 lb")
      .waitFor();
    await page.getByRole("region", { name: "Personal records" }).getByText("Dumbbell Row: e1RM").waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `summary-${size}`);
    await context.close();
  }, 120_000);
}
