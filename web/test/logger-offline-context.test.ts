// Offline with context, in a real Chromium with the app's service worker: an exercise is added with
// no network (the catalog kept on the device), and after an offline reload the workout still shows
// last time, the records and the Last column of its exercises; a routine's next workout is started
// offline from the last plan fetched, marked as such. At two phone sizes (touch) and a desktop.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, screenshot, untilEqual, type Page } from "./support/browser.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;

async function lifter() {
  const account = await signUpByApi(web.server.url, "Basement Bea");
  const as = { token: account.token };
  await gqlData(
    web.server.url,
    APPLY_ROUTINE,
    { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] } },
    as,
  );
  await gqlData(
    web.server.url,
    APPLY_WORKOUT,
    { d: { date: "2026-01-05", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["55x5", "55x4"] }] } },
    as,
  );
  return account;
}

/** Whether this browser keeps something under a key starting with `prefix`. */
const kept = (page: Page, prefix: string) =>
  page.evaluate((p) => Object.keys(localStorage).some((k) => k.startsWith(p)), prefix);

async function expectBenchHistory(page: Page) {
  const bench = page.getByRole("region", { name: "Bench Press" });
  const history = bench.getByRole("group", { name: "History of Bench Press" });
  await history.getByText("55x5, 55x4").waitFor();
  await history.getByText(/heaviest 55 kg × 5/).waitFor();
  // The Last column of set 1 and 2.
  await bench.getByRole("group", { name: "Bench Press set 1" }).getByText("55x5").waitFor();
  await bench.getByRole("group", { name: "Bench Press set 2" }).getByText("55x4").waitFor();
}

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("offline: an exercise added from the kept catalog; after a reload last time, records and Last are there; the next workout starts from the kept plan", async () => {
    const account = await lifter();
    const { context, page } = await web.signedInPage(account, viewport, { touch, serviceWorkers: "allow" });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto("/log");
    await expectPage(page, "Start a workout");
    // Online, the start screen keeps the routines and their plans; the picker the exercises.
    await untilEqual(() => kept(page, "svc.logger.plans."), true);
    await page.getByRole("button", { name: "Start Push" }).click();
    await expectPage(page, "Workout: Push");
    await expectBenchHistory(page);
    await untilEqual(() => kept(page, "svc.exercises.v1."), true, 15_000);
    await untilEqual(() => kept(page, "svc.logger.context."), true);

    await context.setOffline(true);
    await page.getByLabel("Add an exercise").fill("barbell row");
    await page.getByText("No connection: searching the exercises kept on this device.").waitFor();
    await page.getByRole("button", { name: "Add Barbell Row", exact: true }).click();
    await page.getByRole("region", { name: "Barbell Row" }).waitFor();
    await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectPage(page, "Workout: Push");
    await expectBenchHistory(page);
    await page.getByRole("region", { name: "Barbell Row" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).isChecked()).toBe(true);
    await screenshot(page, `logger-offline-reloaded-${name}`);

    // Still offline: the workout discarded, the next one started from the plan fetched before.
    await page.getByRole("button", { name: "Discard workout…" }).click();
    await page
      .getByRole("dialog", { name: "Discard this workout?" })
      .getByRole("button", { name: "Discard workout" })
      .click();
    await expectPage(page, "Start a workout");
    await page.getByText(/No connection: the routines as last fetched/).waitFor();
    await page.getByRole("button", { name: "Start Push" }).click();
    await expectPage(page, "Workout: Push");
    await page.getByText(/Planned offline, from the plan fetched/).waitFor();
    expect(await page.getByLabel("Weight (kg): Bench Press set 3", { exact: true }).inputValue()).toBe("60");
    await screenshot(page, `logger-offline-plan-${name}`);
    await context.setOffline(false);
    await context.close();
  }, 180_000);
});
