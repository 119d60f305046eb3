// Done on an empty row fills it, as Strong's greyed values do: from the row's Last column, else
// the set above today; a row with nothing to fill from is not ticked and says so at the row.
// Finish never fails on an empty set: it names each, to fill or remove. An exercise added
// mid-workout brings last time's sets (filled, not done), and the search ranks the lifter's own
// exercises by how often they were done. At two phone sizes (touch) and a desktop window.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  untilEqual,
  type Page,
} from "./support/browser.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const LATEST = `{ viewer { workouts(limit: 1) { exercises { exercise { name } sets { text done } } } } }`;

async function lifterWithHistory() {
  const account = await signUpByApi(web.server.url, "Strong Sam");
  const log = (date: string, exercises: unknown[]) =>
    gqlData(web.server.url, APPLY_WORKOUT, { d: { date, unit: "kg", exercises } }, { token: account.token });
  await log("2026-01-05", [{ exercise: "Bench Press", sets: ["60x5", "62.5x5", "65x3"] }]);
  for (const date of ["2026-01-06", "2026-01-08", "2026-01-10"])
    await log(date, [{ exercise: "Front Squat", sets: ["70x5"] }]);
  await log("2026-01-07", [{ exercise: "Back Squat", sets: ["100x5"] }]);
  return account;
}

const weight = (page: Page, set: string) => page.getByLabel(`Weight (kg): ${set}`, { exact: true });
const reps = (page: Page, set: string) => page.getByLabel(`Reps: ${set}`, { exact: true });
const done = (page: Page, set: string) => page.getByRole("checkbox", { name: `Done: ${set}`, exact: true });

async function addExercise(page: Page, words: string, name: string) {
  await page.getByLabel("Add an exercise").fill(words);
  await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  await page.getByRole("region", { name }).waitFor();
}

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("an added exercise brings last time's sets; Done fills an empty row from Last, else the set above, else says so; Finish names empty sets", async () => {
    const account = await lifterWithHistory();
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    await page.goto("/log");
    await page.getByRole("button", { name: "Start an empty workout" }).click();
    await expectPage(page, "Workout");

    // The lifter's own squats first, the most done first, then the catalog's.
    await page.getByLabel("Add an exercise").fill("squat");
    const found = page.getByRole("list", { name: "Exercises matching squat" }).getByRole("button");
    await untilEqual(async () => (await found.allInnerTexts()).slice(0, 2), ["Add Front Squat", "Add Back Squat"]);
    await page.getByLabel("Add an exercise").fill("");

    await addExercise(page, "bench press", "Bench Press");
    // Last time's sets, filled and not done.
    for (const [n, w, r] of [
      [1, "60", "5"],
      [2, "62.5", "5"],
      [3, "65", "3"],
    ] as const) {
      expect([n, await weight(page, `Bench Press set ${n}`).inputValue()]).toEqual([n, w]);
      expect([n, await reps(page, `Bench Press set ${n}`).inputValue()]).toEqual([n, r]);
      expect(await done(page, `Bench Press set ${n}`).isChecked()).toBe(false);
    }

    // Set 2 emptied, then Done: filled from its Last column (62.5x5) and ticked.
    await weight(page, "Bench Press set 2").fill("");
    await reps(page, "Bench Press set 2").fill("");
    await done(page, "Bench Press set 2").click();
    expect(await done(page, "Bench Press set 2").isChecked()).toBe(true);
    expect(await weight(page, "Bench Press set 2").inputValue()).toBe("62.5");
    expect(await reps(page, "Bench Press set 2").inputValue()).toBe("5");

    // A fourth set, no Last for it: the set above today (65x3).
    await page.getByRole("button", { name: "Add set to Bench Press" }).click();
    await weight(page, "Bench Press set 4").fill("");
    await reps(page, "Bench Press set 4").fill("");
    await done(page, "Bench Press set 4").click();
    expect(await done(page, "Bench Press set 4").isChecked()).toBe(true);
    expect([
      await weight(page, "Bench Press set 4").inputValue(),
      await reps(page, "Bench Press set 4").inputValue(),
    ]).toEqual(["65", "3"]);

    // Set 3 with its reps but no weight (a barbell lift, known from the index kept in this
    // browser): the weight alone from its Last column (65x3), then ticked.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("svc.exercises.v1.")));
    await weight(page, "Bench Press set 3").fill("");
    await done(page, "Bench Press set 3").click();
    expect(await done(page, "Bench Press set 3").isChecked()).toBe(true);
    expect(await weight(page, "Bench Press set 3").inputValue()).toBe("65");

    // Never done before and nothing above: not ticked, said at the row.
    await addExercise(page, "barbell curl", "Barbell Curl");
    await done(page, "Barbell Curl set 1").click();
    expect(await done(page, "Barbell Curl set 1").isChecked()).toBe(false);
    const curl = page.getByRole("region", { name: "Barbell Curl" });
    await curl.getByRole("alert").filter({ hasText: "Nothing to fill this set from" }).waitFor();
    await screenshot(page, `logger-fill-${name}`);
    await expectNoHorizontalScroll(page);

    // Finish with an empty set of each kind: named, one to fill, one only to remove; nothing saved.
    await page.getByRole("button", { name: "Add set to Bench Press" }).click();
    await reps(page, "Bench Press set 5").fill("");
    await page.getByRole("button", { name: "Finish workout" }).click();
    const empty = page.getByRole("region", { name: "2 sets are empty" });
    await empty.waitFor();
    expect(await empty.getByRole("button", { name: "Fill Barbell Curl set 1" }).count()).toBe(0);
    await screenshot(page, `logger-finish-empty-${name}`);
    await expectAccessible(page);
    await empty.getByRole("button", { name: "Fill Bench Press set 5" }).click();
    expect(await done(page, "Bench Press set 5").isChecked()).toBe(true);
    await page
      .getByRole("region", { name: "One set is empty" })
      .getByRole("button", { name: "Remove Barbell Curl set 1" })
      .click();
    expect(await page.getByRole("region", { name: "Barbell Curl" }).count()).toBe(0);
    await page.getByRole("button", { name: "Finish workout" }).click();
    await expectPage(page, "Workout saved");

    const saved = (await gqlData(web.server.url, LATEST, {}, { token: account.token })).viewer.workouts[0];
    expect(saved.exercises.map((x: { exercise: { name: string } }) => x.exercise.name)).toEqual(["Bench Press"]);
    expect(saved.exercises[0].sets).toEqual([
      { text: "60x5", done: false },
      { text: "62.5x5", done: true },
      { text: "65x3", done: true },
      { text: "65x3", done: true },
      { text: "65x3", done: true },
    ]);
    await context.close();
  }, 150_000);
});

test("Remove the empty sets and finish: saved at once without them", async () => {
  const account = await lifterWithHistory();
  const { context, page } = await web.signedInPage(account, SCREEN_SIZES[1].viewport, { touch: true });
  await page.goto("/log");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await addExercise(page, "bench press", "Bench Press");
  await page.getByRole("button", { name: "Add set to Bench Press" }).click();
  await reps(page, "Bench Press set 4").fill("");
  await addExercise(page, "barbell curl", "Barbell Curl");
  await page.getByRole("button", { name: "Finish workout" }).click();
  await page.getByRole("button", { name: "Remove the empty sets and finish" }).click();
  await expectPage(page, "Workout saved");
  const saved = (await gqlData(web.server.url, LATEST, {}, { token: account.token })).viewer.workouts[0];
  expect(
    saved.exercises.map((x: { exercise: { name: string }; sets: unknown[] }) => [x.exercise.name, x.sets.length]),
  ).toEqual([["Bench Press", 3]]);
  await context.close();
}, 150_000);
