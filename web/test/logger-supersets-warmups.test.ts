// Supersets and warm-ups made in the logger: "Superset with..." pairs two cards (one letter, cards
// together, rounds A1 B1 A2 B2; a tick moves to the partner, the rest starts after the round),
// "Remove from superset" undoes it, a new exercise found from the chooser is paired at once, the
// letters are saved; "Add warm-ups" puts a loadable ramp
// above set 1, a set made a warm-up moves above the work sets; a 5/3/1 day starts with Wendler's
// warm-ups of the training max, none of them AMRAP. At two phone sizes (touch) and a desktop.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  type Page,
} from "./support/browser.ts";
import { openSetMenu } from "./support/logger.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const LATEST = `{ viewer { workouts(limit: 1) { exercises { exercise { name } superset } } } }`;

async function lifter() {
  const account = await signUpByApi(web.server.url, "Pat");
  await gqlData(
    web.server.url,
    APPLY_WORKOUT,
    {
      d: {
        date: "2026-01-05",
        unit: "kg",
        exercises: [
          { exercise: "Bench Press", sets: ["60x5", "60x5"] },
          { exercise: "Barbell Row", sets: ["50x8", "50x8"] },
        ],
      },
    },
    { token: account.token },
  );
  return account;
}

const region = (page: Page, name: string) => page.getByRole("region", { name });

async function addExercise(page: Page, words: string, name: string) {
  await page.getByLabel("Add an exercise").fill(words);
  await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  await region(page, name).waitFor();
}

/** The cards' headings in page order. */
async function cardOrder(page: Page): Promise<string[]> {
  return page
    .locator(".log-exercise h2")
    .evaluateAll((hs) => hs.map((h) => h.textContent?.replace(/^[A-Z]\s*/, "").trim() ?? ""));
}

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("a superset made in the logger: cards together, rounds shown, the tick moves to the partner, rest after the round, saved; undone", async () => {
    const account = await lifter();
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    await page.goto("/log");
    await page.getByRole("button", { name: "Start an empty workout" }).click();
    await expectPage(page, "Workout");
    await addExercise(page, "bench press", "Bench Press");
    await addExercise(page, "barbell curl", "Barbell Curl");
    await addExercise(page, "barbell row", "Barbell Row");

    await region(page, "Bench Press").getByRole("button", { name: "Superset with… Bench Press" }).click();
    await page.getByRole("button", { name: "Superset Bench Press with Barbell Row" }).click();
    // Together: the bench moved next to its partner, the round order on both cards.
    expect(await cardOrder(page)).toEqual(["Barbell Curl", "Barbell Row", "Bench Press"]);
    await region(page, "Barbell Row").getByText("Superset with Bench Press · rounds: A1 B1 A2 B2").waitFor();
    await region(page, "Bench Press").getByText("Superset with Barbell Row · rounds: A1 B1 A2 B2").waitFor();
    await screenshot(page, `logger-superset-made-${name}`);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await page.getByRole("checkbox", { name: "Done: Barbell Row set 1" }).check();
    // The round goes on: the partner's set has the focus, no rest yet.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Done: Bench Press set 1",
    );
    expect(await page.getByRole("timer").count()).toBe(0);
    await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
    await page.getByRole("timer", { name: "Rest timer" }).waitFor();
    await page.getByText(/round 1 of Barbell Row \+ Bench Press/).waitFor();

    // A third exercise joins with the same letter; one leaving keeps the others paired.
    await region(page, "Barbell Curl").getByRole("button", { name: "Superset with… Barbell Curl" }).click();
    await page.getByRole("button", { name: "Superset Barbell Curl with Bench Press" }).click();
    expect(await cardOrder(page)).toEqual(["Barbell Row", "Bench Press", "Barbell Curl"]);
    await region(page, "Barbell Curl")
      .getByText(/rounds: A1 B1 C1/)
      .waitFor();
    await region(page, "Barbell Curl").getByRole("button", { name: "Remove from superset Barbell Curl" }).click();
    expect(
      await region(page, "Barbell Curl")
        .getByText(/· rounds:/)
        .count(),
    ).toBe(0);
    await region(page, "Bench Press").getByText("Superset with Barbell Row · rounds: A1 B1 A2 B2").waitFor();

    // Paired with a new exercise, found from the chooser: added next to it, with a letter of its own.
    await region(page, "Barbell Curl").getByRole("button", { name: "Superset with… Barbell Curl" }).click();
    await page.getByLabel("A new exercise to superset with Barbell Curl").fill("face pull");
    await page.getByRole("button", { name: "Superset with Face Pull", exact: true }).click();
    await region(page, "Face Pull").waitFor();
    expect(await cardOrder(page)).toEqual(["Barbell Row", "Bench Press", "Barbell Curl", "Face Pull"]);
    await region(page, "Barbell Curl").getByText("Superset with Face Pull · rounds: A1 B1").waitFor();

    for (const x of ["Barbell Curl", "Face Pull"]) {
      await page.getByLabel(`Weight (kg): ${x} set 1`, { exact: true }).fill("20");
      await page.getByLabel(`Reps: ${x} set 1`, { exact: true }).fill("10");
    }
    await page.getByRole("button", { name: "Finish workout" }).click();
    await expectPage(page, "Workout saved");
    const saved = (await gqlData(web.server.url, LATEST, {}, { token: account.token })).viewer.workouts[0];
    expect(
      saved.exercises.map((x: { exercise: { name: string }; superset: string | null }) => [
        x.exercise.name,
        x.superset,
      ]),
    ).toEqual([
      ["Barbell Row", "A"],
      ["Bench Press", "A"],
      ["Barbell Curl", "B"],
      ["Face Pull", "B"],
    ]);
    await context.close();
  }, 150_000);

  test("warm-ups go above the work sets: Add warm-ups brings a loadable ramp, a set made a warm-up moves up; a 5/3/1 day plans Wendler's", async () => {
    const account = await lifter();
    await gqlData(
      web.server.url,
      APPLY_ROUTINE,
      {
        d: {
          name: "531 Squat",
          unit: "kg",
          exercises: [
            {
              exercise: "Back Squat",
              sets: 3,
              trainingMax: 123,
              warmups: 3,
              cycle: [["65%x5", "75%x5", "85%x5+"]],
            },
          ],
        },
      },
      { token: account.token },
    );
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    await page.goto("/log");
    await page.getByRole("button", { name: "Start an empty workout" }).click();
    await addExercise(page, "bench press", "Bench Press");
    const bench = region(page, "Bench Press");
    await bench.getByRole("button", { name: "Add warm-ups to Bench Press" }).click();
    // 60 kg x5: 40/60/80 % at 2.5 kg steps (24 -> 25, 36 -> 35, 48 -> 47.5), fewer reps each.
    await bench.getByLabel("Weight (kg): Bench Press set 5", { exact: true }).waitFor();
    const rows = async () =>
      Promise.all(
        [1, 2, 3, 4, 5].map(async (n) => [
          await bench.getByLabel(`Weight (kg): Bench Press set ${n}`, { exact: true }).inputValue(),
          await bench.getByLabel(`Reps: Bench Press set ${n}`, { exact: true }).inputValue(),
        ]),
      );
    expect(await rows()).toEqual([
      ["25", "4"],
      ["35", "3"],
      ["47.5", "2"],
      ["60", "5"],
      ["60", "5"],
    ]);
    expect(await bench.getByRole("button", { name: "Add warm-ups to Bench Press" }).count()).toBe(0);
    // The last work set made a warm-up: it moves up, under the other warm-ups.
    await bench.getByLabel("Weight (kg): Bench Press set 5", { exact: true }).fill("20");
    await openSetMenu(bench, "Bench Press set 5");
    await bench.getByLabel("Kind of Bench Press set 5").selectOption("warmup");
    await bench.getByLabel("Weight (kg): Bench Press set 4", { exact: true }).waitFor();
    expect(await bench.getByLabel("Weight (kg): Bench Press set 4", { exact: true }).inputValue()).toBe("20");
    expect(await bench.getByLabel("Weight (kg): Bench Press set 5", { exact: true }).inputValue()).toBe("60");
    await screenshot(page, `logger-warmups-${name}`);
    await page.getByRole("button", { name: "Discard workout…" }).click();
    await page
      .getByRole("dialog", { name: "Discard this workout?" })
      .getByRole("button", { name: "Discard workout" })
      .click();

    // A 5/3/1 day: 40/50/60 % of 123 kg (49.2 -> 50, 61.5 -> 62.5, 73.8 -> 75) x5/5/3 above the work sets.
    await page.getByRole("button", { name: "Start 531 Squat" }).click();
    await expectPage(page, "Workout: 531 Squat");
    const squat = region(page, "Back Squat");
    const squatRows = await Promise.all(
      [1, 2, 3, 4].map(async (n) => [
        await squat.getByLabel(`Weight (kg): Back Squat set ${n}`, { exact: true }).inputValue(),
        await squat.getByLabel(`Reps: Back Squat set ${n}`, { exact: true }).inputValue(),
      ]),
    );
    expect(squatRows).toEqual([
      ["50", "5"],
      ["62.5", "5"],
      ["75", "3"],
      ["80", "5"],
    ]);
    // Three warm-ups marked W, one AMRAP badge: on the last work set.
    expect(await squat.locator(".set-kind").count()).toBe(3);
    expect(await squat.getByText("AMRAP", { exact: true }).count()).toBe(1);
    await screenshot(page, `logger-531-warmups-${name}`);
    await expectNoHorizontalScroll(page);
    await context.close();
  }, 150_000);
});
