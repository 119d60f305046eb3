// The workout logger in a real browser, phone size: start a routine's next workout (targets and
// their explanation apart from the notes, last time and records beside each exercise), tick sets
// (the rest timer starts, counts down, takes +15 s and never covers an input), steppers and the
// plate calculator, reload mid-workout and find everything, save offline then online (logged once),
// a save whose answer is lost retried without a duplicate; the plate settings in lb.
import { signUp as signUpByApi, gql, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  signInInBrowser,
  PHONE,
  SCREENSHOT_DIR,
  type Page,
} from "./support/browser.ts";
import { openSetMenu, workOnSet } from "./support/logger.ts";
import path from "node:path";

const web = useBrowserTest();

const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const WORKOUT_COUNT = `{ viewer { workoutsByUserId(first: 10) { totalCount nodes { id exercises { exercise { name } sets { text done } } } } } }`;

async function apply(query: string, document: unknown, token: string) {
  return gqlData(web.server.url, query, { d: document }, { token });
}

async function workouts(token: string) {
  const data = await gqlData(web.server.url, WORKOUT_COUNT, {}, { token });
  return data.viewer.workoutsByUserId as {
    totalCount: number;
    nodes: { id: string; exercises: { exercise: { name: string }; sets: { text: string; done: boolean }[] }[] }[];
  };
}

/** Seconds shown by the rest timer (m:ss). */
async function timerSeconds(page: Page): Promise<number> {
  const text = await page.getByRole("timer", { name: "Rest timer" }).innerText();
  const m = /^(\d+):(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`timer shows ${text}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

test("a routine's next workout on a phone: targets, history, sets ticked with the rest timer, plates, reload, saved once after going offline", async () => {
  const account = await signUpByApi(web.server.url, "Ria");
  await apply(
    APPLY_ROUTINE,
    {
      name: "Push",
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: 3, reps: 5, weight: 60, rest: 60 },
        { exercise: "Overhead Press", sets: 2, reps: 8, weight: 30 },
      ],
    },
    account.token,
  );
  // Earlier bench outside the routine: last time and records, not the routine's progression.
  await apply(
    APPLY_WORKOUT,
    { date: "2026-01-05", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["55x5", "55x4"] }] },
    account.token,
  );

  const { context, page } = await web.signedInPage(account, PHONE);
  await page.getByRole("button", { name: "Start workout" }).click();
  await expectPage(page, "Start a workout");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Start Push" }).click();
  await expectPage(page, "Workout: Push");

  const bench = page.getByRole("region", { name: "Bench Press" });
  // Planned sets prefilled, none done yet.
  for (const n of [1, 2, 3]) {
    expect(await bench.getByLabel(`Weight (kg): Bench Press set ${n}`, { exact: true }).inputValue()).toBe("60");
    expect(await bench.getByLabel(`Reps: Bench Press set ${n}`, { exact: true }).inputValue()).toBe("5");
    expect(await bench.getByRole("checkbox", { name: `Done: Bench Press set ${n}` }).isChecked()).toBe(false);
  }
  // The target's explanation is shown apart; the user's note starts empty.
  await bench.getByText(/^Target: No history yet/).waitFor();
  expect(await bench.getByLabel("Note on Bench Press", { exact: true }).inputValue()).toBe("");
  // Last time and records beside the exercise.
  const history = bench.getByRole("group", { name: "History of Bench Press" });
  await history.getByText("55x5, 55x4").waitFor();
  await history.getByText(/heaviest 55 kg × 5/).waitFor();
  await page.getByRole("region", { name: "Overhead Press" }).getByText("No history yet for this exercise.").waitFor();

  // No timer before a set is done.
  expect(await page.getByRole("timer").count()).toBe(0);
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
  const timer = page.getByRole("timer", { name: "Rest timer" });
  await timer.waitFor();
  // The routine's rest for the bench: 60 s, counting down.
  const first = await timerSeconds(page);
  expect(first).toBeGreaterThanOrEqual(58);
  expect(first).toBeLessThanOrEqual(60);
  await page.waitForTimeout(2200);
  const later = await timerSeconds(page);
  expect(later).toBeLessThan(first);
  expect(later).toBeGreaterThanOrEqual(first - 4);
  await page.getByRole("button", { name: "15 seconds more" }).click();
  const plus = await timerSeconds(page);
  expect(plus).toBeGreaterThanOrEqual(later + 14);
  expect(plus).toBeLessThanOrEqual(later + 15);
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await timerSeconds(page);
  await page.waitForTimeout(1200);
  expect(await timerSeconds(page)).toBe(paused);
  await page.getByRole("button", { name: "Resume" }).click();

  // Steppers move by the increment (2.5 kg; reps by 1).
  await workOnSet(bench, "Bench Press set 3", "kg");
  await bench.getByRole("button", { name: "2.5 kg more: Weight (kg): Bench Press set 3" }).click();
  expect(await bench.getByLabel("Weight (kg): Bench Press set 3", { exact: true }).inputValue()).toBe("62.5");
  await bench.getByRole("button", { name: "1 rep less: Reps: Bench Press set 3" }).click();
  expect(await bench.getByLabel("Reps: Bench Press set 3", { exact: true }).inputValue()).toBe("4");

  // Plates: exact (60 kg, 62.5 kg) and a weight that cannot be made (61 kg) with its nearest ones.
  await openSetMenu(bench, "Bench Press set 1");
  await bench.getByRole("button", { name: "Plates for Bench Press set 1" }).click();
  await bench.getByRole("region", { name: "Plates for 60 kg" }).getByText("Per side: 20 kg").waitFor();
  await openSetMenu(bench, "Bench Press set 3");
  await bench.getByRole("button", { name: "Plates for Bench Press set 3" }).click();
  await bench.getByRole("region", { name: "Plates for 62.5 kg" }).getByText("Per side: 20 + 1.25 kg").waitFor();
  await bench.getByLabel("Weight (kg): Bench Press set 2", { exact: true }).fill("61");
  await openSetMenu(bench, "Bench Press set 2");
  await bench.getByRole("button", { name: "Plates for Bench Press set 2" }).click();
  const odd = bench.getByRole("region", { name: "Plates for 61 kg" });
  await odd.getByText("61 kg cannot be loaded exactly").waitFor();
  await odd.getByText("Below: 60 kg: per side 20 kg").waitFor();
  await odd.getByText("Above: 62.5 kg: per side 20 + 1.25 kg").waitFor();
  await expectAccessible(page);
  await screenshot(page, "logger-plates-phone");
  // What a phone shows (the README's picture, docs/web-logger.png): the exercise, its plates, the timer.
  await bench.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "logger-phone-view.png") });
  await odd.getByRole("button", { name: "Use 62.5 kg" }).click();
  expect(await bench.getByLabel("Weight (kg): Bench Press set 2", { exact: true }).inputValue()).toBe("62.5");

  // Notes per exercise and per workout, a set added.
  await bench.getByLabel("Note on Bench Press", { exact: true }).fill("Elbows tucked");
  await page.getByLabel("Workout notes").fill("Felt strong");
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  const ohp = page.getByRole("region", { name: "Overhead Press" });
  await ohp.getByRole("button", { name: "Add set to Overhead Press" }).click();
  expect(await ohp.getByLabel("Weight (kg): Overhead Press set 3", { exact: true }).inputValue()).toBe("30");
  await ohp.getByLabel("RPE: Overhead Press set 1", { exact: true }).fill("8");
  await ohp.getByRole("checkbox", { name: "Done: Overhead Press set 1" }).check();

  // The timer bar never covers an input: the last input scrolled into view sits above it.
  const lastInput = page.getByLabel("Bodyweight (kg)");
  await lastInput.focus();
  const bar = await page.getByRole("region", { name: "Rest" }).boundingBox();
  const box = await lastInput.boundingBox();
  expect(bar && box).toBeTruthy();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "logger-phone");

  // A reload mid-workout keeps every value typed and ticked, and the timer.
  await page.reload();
  await expectPage(page, "Workout: Push");
  expect(await bench.getByLabel("Weight (kg): Bench Press set 2", { exact: true }).inputValue()).toBe("62.5");
  expect(await bench.getByLabel("Weight (kg): Bench Press set 3", { exact: true }).inputValue()).toBe("62.5");
  expect(await bench.getByLabel("Reps: Bench Press set 3", { exact: true }).inputValue()).toBe("4");
  expect(await bench.getByLabel("Note on Bench Press", { exact: true }).inputValue()).toBe("Elbows tucked");
  expect(await page.getByLabel("Workout notes").inputValue()).toBe("Felt strong");
  expect(await ohp.getByLabel("RPE: Overhead Press set 1", { exact: true }).inputValue()).toBe("8");
  expect(
    await page
      .getByRole("checkbox", { name: /^Done/ })
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
  ).toEqual([true, true, false, true, false, false]);
  await bench.getByText(/^Target: No history yet/).waitFor();
  await timer.waitFor();
  // Home says a workout is in progress and leads back to it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expectPage(page, "Home");
  await page.getByRole("link", { name: "Continue the workout" }).click();
  await expectPage(page, "Workout: Push");
  expect(await bench.getByLabel("Note on Bench Press", { exact: true }).inputValue()).toBe("Elbows tucked");

  // Finish with the connection gone: kept, and saved once when it is back.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Finish workout" }).click();
  await page.getByRole("status").filter({ hasText: "Not saved yet" }).waitFor();
  await screenshot(page, "logger-offline");
  expect((await workouts(account.token)).totalCount).toBe(1);
  await context.setOffline(false);
  await expectPage(page, "Workout saved");
  const summary = page.getByRole("region", { name: "Summary" });
  // Done work sets: 60x5, 62.5x5 (bench), 30x8@8 (press): 852.5 kg, a total shown whole.
  await summary.getByText(`${Math.round(60 * 5 + 62.5 * 5 + 30 * 8)} kg`).waitFor();
  expect(await summary.getByRole("definition").nth(1).innerText()).toBe("3");
  // Each record named with what it beat (55x5 before: e1RM 64.17; 62.5x5 now: 72.92).
  await page
    .getByRole("region", { name: "Personal records" })
    .getByText("Bench Press: e1RM 72.9 kg, was 64.2 kg · heaviest 62.5 kg × 5, was 55 kg")
    .waitFor();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "logger-summary-phone");

  const saved = await workouts(account.token);
  expect(saved.totalCount).toBe(2);
  const logged = saved.nodes.find((w) => w.exercises.length === 2)!;
  expect(
    logged.exercises.map((x) => [x.exercise.name, x.sets.map((s) => `${s.text}${s.done ? "" : " planned"}`)]),
  ).toEqual([
    ["Bench Press", ["60x5", "62.5x5", "62.5x4 planned"]],
    ["Overhead Press", ["30x8@8", "30x8 planned", "30x8 planned"]],
  ]);
  // Nothing left in progress: the logger starts afresh, without a timer.
  await page.goto("/log");
  await expectPage(page, "Start a workout");
  expect(await page.getByRole("timer").count()).toBe(0);
  await context.close();
});

test("an empty workout: typo-tolerant search, the default rest run down to zero (announced, vibrates), a set added and removed, a typed mistake named at its set; a save whose answer is lost is sent again and logs the workout once", async () => {
  const account = await signUpByApi(web.server.url, "Sol");
  const { context, page } = await web.newPage(PHONE);
  // Vibrations recorded instead of made.
  await context.addInitScript(() => {
    navigator.vibrate = ((pattern: unknown) => {
      (window as unknown as { __vibrated?: unknown }).__vibrated = pattern;
      return true;
    }) as Navigator["vibrate"];
  });
  await signInInBrowser(page, account);
  await expectPage(page, "Home");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Start workout" }).click();
  await expectPage(page, "Start a workout");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await expectPage(page, "Workout");
  await page.getByLabel("Add an exercise").fill("bak squat");
  await page.getByRole("button", { name: "Add Back Squat", exact: true }).click();
  const squat = page.getByRole("region", { name: "Back Squat" });
  await squat.getByLabel("Weight (kg): Back Squat set 1", { exact: true }).fill("100");
  await squat.getByLabel("Reps: Back Squat set 1", { exact: true }).fill("5");
  await squat.getByRole("checkbox", { name: "Done: Back Squat set 1" }).check();
  // No routine rest: the default rest (90 s).
  expect(await timerSeconds(page)).toBeGreaterThanOrEqual(88);
  // -15 s down to zero: the rest is over, announced, and the phone vibrates (recorded here).
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "15 seconds less" }).click();
  await page.getByRole("status").filter({ hasText: "Rest over" }).waitFor();
  expect(await page.getByRole("timer", { name: "Rest timer" }).innerText()).toBe("0:00");
  expect(await page.evaluate(() => (window as unknown as { __vibrated?: number[] }).__vibrated)).toEqual([
    300, 150, 300,
  ]);
  await page.getByRole("button", { name: "Stop the rest timer" }).click();
  expect(await page.getByRole("timer").count()).toBe(0);
  // A set added, then removed.
  await squat.getByRole("button", { name: "Add set to Back Squat" }).click();
  expect(await squat.getByLabel("Weight (kg): Back Squat set 2", { exact: true }).inputValue()).toBe("100");
  await openSetMenu(squat, "Back Squat set 2");
  await squat.getByRole("button", { name: "Remove Back Squat set 2" }).click();
  expect(await squat.getByRole("checkbox", { name: /^Done/ }).count()).toBe(1);

  // A typed mistake is named at its set before anything is sent; fixed, it saves.
  await squat.getByLabel("Reps: Back Squat set 1", { exact: true }).fill("5 reps");
  await page.getByRole("button", { name: "Finish workout" }).click();
  await page
    .getByRole("alert")
    .filter({ hasText: /^Not saved: Back Squat set 1: / })
    .waitFor();
  expect(await squat.getByLabel("Reps: Back Squat set 1", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  expect((await workouts(account.token)).totalCount).toBe(0);
  await squat.getByLabel("Reps: Back Squat set 1", { exact: true }).fill("5");
  expect(
    await page
      .getByRole("alert")
      .filter({ hasText: /^Not saved/ })
      .count(),
  ).toBe(0);

  // The first save reaches the server, but its answer is lost on the way back.
  let cut = 0;
  await page.route("**/api/graphql", async (route) => {
    if (cut === 0 && (route.request().postData() ?? "").includes("SaveLoggedWorkout")) {
      cut += 1;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Finish workout" }).click();
  await expectPage(page, "Workout saved");
  expect(cut).toBe(1);
  const saved = await workouts(account.token);
  expect(saved.totalCount).toBe(1);
  expect(saved.nodes[0].exercises[0].sets).toEqual([{ text: "100x5", done: true }]);
  await context.close();
});

test("plate calculator in lb with the bar and plates from Settings, and a weight below the bar", async () => {
  const account = await signUpByApi(web.server.url, "Lee");
  const me = await gql(web.server.url, "{ viewer { id } }", {}, { token: account.token });
  await gql(
    web.server.url,
    `mutation($id: UUID!) { updateUserById(input: { id: $id, userPatch: { unit: "lb" } }) { user { unit } } }`,
    { id: me.body.data.viewer.id },
    { token: account.token },
  );
  const { context, page } = await web.signedInPage(account, PHONE);
  await page.goto("/settings");
  await expectPage(page, "Settings");
  const plates = page.getByRole("form", { name: "Bar and plates" });
  expect(await plates.getByLabel("Bar (lb)").inputValue()).toBe("45");
  expect(await plates.getByLabel("Plates owned (lb)").inputValue()).toBe("45, 35, 25, 10, 5, 2.5");
  await plates.getByLabel("Plates owned (lb)").fill("45, 25, ten");
  await plates.getByRole("button", { name: "Save bar and plates" }).click();
  await plates.getByText("List the plates as numbers").waitFor();
  await plates.getByLabel("Plates owned (lb)").fill("45, 25, 10, 5");
  await plates.getByRole("button", { name: "Save bar and plates" }).click();
  await plates.getByRole("status").getByText("Saved.").waitFor();
  await expectAccessible(page);

  await page.goto("/log");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await page.getByLabel("Add an exercise").fill("deadlift");
  await page.getByRole("button", { name: "Add Deadlift", exact: true }).click();
  const dead = page.getByRole("region", { name: "Deadlift" });
  const weight = dead.getByLabel("Weight (lb): Deadlift set 1", { exact: true });
  await weight.fill("225");
  await openSetMenu(dead, "Deadlift set 1");
  await dead.getByRole("button", { name: "Plates for Deadlift set 1" }).click();
  await dead.getByRole("region", { name: "Plates for 225 lb" }).getByText("Per side: 2 × 45 lb").waitFor();
  // Steppers in lb move by 5.
  await dead.getByRole("button", { name: "5 lb more: Weight (lb): Deadlift set 1" }).click();
  expect(await weight.inputValue()).toBe("230");
  // 230 needs 2.5 lb plates, which this lifter does not own.
  const odd = dead.getByRole("region", { name: "Plates for 230 lb" });
  await odd.getByText("230 lb cannot be loaded exactly").waitFor();
  await odd.getByText("Below: 225 lb: per side 2 × 45 lb").waitFor();
  await odd.getByText("Above: 235 lb: per side 2 × 45 + 5 lb").waitFor();
  await weight.fill("30");
  await dead.getByRole("region", { name: "Plates for 30 lb" }).getByText("(it is below the 45 lb bar)").waitFor();
  await expectAccessible(page);
  await screenshot(page, "logger-plates-lb");
  await context.close();
});
