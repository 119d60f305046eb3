// A program set up in a minute, in a real browser: 5/3/1 BBB started from a history older than 12
// weeks. "Fill from my history" fills the training max from the lift's own most recent 12 weeks and
// says which set it came from, nothing made yet; the lifter changes it and starts. The assistance
// lift left empty is planned with its weight to choose, and the logger's Done asks for the weight
// instead of ticking a weightless set. At two phone sizes (touch) and a desktop window.
import { signUp as signUpByApi, gqlData, logWorkout } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  type Page,
} from "./support/browser.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

const ROUTINES = `{ viewer { routines { name } } }`;
const DOCUMENT = `query($ref: String!) { routineDocument(ref: $ref) }`;
const LATEST = `{ viewer { workouts(limit: 1) { exercises { exercise { name } sets { text done } } } } }`;
const BBB = "5/3/1 Boring But Big";
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function openSetup(page: Page, touch: boolean) {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (touch) await nav.getByRole("button", { name: "More" }).click();
  await nav.getByRole("link", { name: "Programs" }).click();
  await expectPage(page, "Programs");
  await page.getByRole("button", { name: `Set up ${BBB}…` }).click();
  return page.getByRole("form", { name: `Start ${BBB}` });
}

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("5/3/1 BBB from history older than 12 weeks: reviewed and changed before anything is made; a weight to choose is asked at Done", async () => {
    const account = await signUpByApi(web.server.url, "Wendler Fan");
    // Squatted 200 days ago: 100 kg x5 = 116.7 e1RM; 90 % = 105 kg.
    await logWorkout(web.server.url, account.token, {
      date: daysAgo(200),
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: ["100x5"] }],
    });
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    page.setDefaultTimeout(60_000);
    const form = await openSetup(page, touch);
    await form.getByLabel("Overhead Press: training max (kg)").fill("40");
    await form.getByLabel("Deadlift: training max (kg)").fill("140");
    await form.getByLabel("Bench Press: training max (kg)").fill("80");
    await form.getByRole("button", { name: "Fill from my history" }).click();
    await form.getByText("Filled from your history: check each weight and change any, then start.").waitFor();

    const squat = form.getByLabel("Back Squat: training max (kg)");
    expect(await squat.inputValue()).toBe("105");
    await form.getByText(`the estimated 1RM of 100x5 kg on ${daysAgo(200)}`, { exact: false }).waitFor();
    expect(await form.getByLabel("Dumbbell Row: weight (kg)").inputValue()).toBe("");
    expect(await form.getByText("Weight to choose: the logger asks for it at its first set.").count()).toBe(2);
    expect((await gqlData(web.server.url, ROUTINES, {}, { token: account.token })).viewer.routines).toEqual([]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `program-setup-review-${name}`);

    // Changed on review, then started: the training max is the one typed.
    await squat.fill("100");
    await form.getByRole("button", { name: `Start ${BBB}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Started ${BBB}` })
      .waitFor();
    const squatDay = await gqlData(web.server.url, DOCUMENT, { ref: `${BBB} Squat` }, { token: account.token });
    expect(squatDay.routineDocument.exercises[0]).toMatchObject({ exercise: "Back Squat", trainingMax: 100 });

    // The Bench day's Dumbbell Row: planned 5x10 with no weight; Done asks for one.
    await page.goto("/log");
    await page.getByRole("button", { name: `Start ${BBB} Bench` }).click();
    await expectPage(page, `Workout: ${BBB} Bench`);
    // The logger knows a dumbbell row is loaded from the exercise index it keeps in this browser.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("svc.exercises.v1.")));
    const row = page.getByRole("region", { name: "Dumbbell Row" });
    const done = row.getByRole("checkbox", { name: "Done: Dumbbell Row set 1", exact: true });
    await done.click();
    await row.getByText("Choose a weight for this set, then tap Done.").waitFor();
    expect(await done.isChecked()).toBe(false);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `program-setup-choose-weight-${name}`);
    await row.getByLabel("Weight (kg): Dumbbell Row set 1", { exact: true }).fill("25");
    await done.click();
    expect(await done.isChecked()).toBe(true);
    expect(await row.getByText("Choose a weight for this set, then tap Done.").count()).toBe(0);
    // The weight is chosen once: Done on set 2 (10 reps, no weight) takes it from the set above.
    const second = row.getByRole("checkbox", { name: "Done: Dumbbell Row set 2", exact: true });
    await second.click();
    expect(await second.isChecked()).toBe(true);
    expect(await row.getByLabel("Weight (kg): Dumbbell Row set 2", { exact: true }).inputValue()).toBe("25");

    // Finish with sets 3 to 5 still weightless: named, to fill or remove, never saved as x10.
    await page.getByRole("button", { name: "Finish workout" }).click();
    const review = page.getByRole("region", { name: "3 sets are empty" });
    await review.getByText("Dumbbell Row set 3: no weight yet.").waitFor();
    await review.getByRole("button", { name: "Fill Dumbbell Row set 3" }).waitFor();
    await review.getByRole("button", { name: "Remove the empty sets and finish" }).click();
    await expectPage(page, "Workout saved");
    const saved = await gqlData(web.server.url, LATEST, {}, { token: account.token });
    const rows = saved.viewer.workouts[0].exercises.find(
      (x: { exercise: { name: string } }) => x.exercise.name === "Dumbbell Row",
    );
    expect(rows.sets).toEqual([
      { text: "25x10", done: true },
      { text: "25x10", done: true },
    ]);
    await context.close();
  }, 300_000);
});
