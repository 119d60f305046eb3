// A discarded workout stays discarded: discards repeated in one page load, a reload after each,
// Home, a second tab of the logger (open at the discard, or asleep and writing its old copy back),
// and a discard made offline; at two phone sizes (touch) and a desktop window.
import { signUp as signUpByApi } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, screenshot, untilEqual, type Page } from "./support/browser.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

/** What this browser keeps as the workout in progress (null: nothing). */
function storedDraft(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("svc.logger.v1."));
    return key ? localStorage.getItem(key) : null;
  });
}

async function startEmptyWithBench(page: Page) {
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await expectPage(page, "Workout");
  await page.getByLabel("Add an exercise").fill("bench press");
  await page.getByRole("button", { name: "Add Bench Press", exact: true }).click();
  await page.getByRole("region", { name: "Bench Press" }).waitFor();
}

async function discard(page: Page) {
  await page.getByRole("button", { name: "Discard workout…" }).click();
  await page
    .getByRole("dialog", { name: "Discard this workout?" })
    .getByRole("button", { name: "Discard workout" })
    .click();
  await expectPage(page, "Start a workout");
}

async function expectNothingInProgress(page: Page) {
  await page.goto("/log");
  await expectPage(page, "Start a workout");
  await page.goto("/");
  await expectPage(page, "Home");
  await page.getByRole("heading", { name: "This week" }).waitFor();
  expect(await page.getByText("A workout is in progress on this device.").count()).toBe(0);
}

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("discards repeated in one page load never come back: not after a reload, not on Home", async () => {
    const account = await signUpByApi(web.server.url, "Dana");
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    await page.goto("/log");
    for (let round = 1; round <= 3; round += 1) {
      await startEmptyWithBench(page);
      // Kept a moment after the change: the draft is in storage before the discard.
      await untilEqual(async () => (await storedDraft(page)) !== null, true);
      await discard(page);
      expect(await storedDraft(page)).toBeNull();
    }
    await screenshot(page, `logger-discard-${name}`);
    await page.reload();
    await expectPage(page, "Start a workout");
    await expectNothingInProgress(page);
    await context.close();
  });

  test("a discard in one tab ends the workout in the other, also when that tab writes its old copy back", async () => {
    const account = await signUpByApi(web.server.url, "Eli");
    const { context, page: first } = await web.signedInPage(account, viewport, { touch });
    await first.goto("/log");
    const second = await context.newPage();
    second.setDefaultTimeout(10_000);
    await second.goto("/log");
    await expectPage(second, "Start a workout");
    for (let round = 1; round <= 2; round += 1) {
      await startEmptyWithBench(first);
      await expectPage(second, "Workout");
      await second.getByRole("region", { name: "Bench Press" }).waitFor();
      await untilEqual(async () => (await storedDraft(first)) !== null, true);
      const old = (await storedDraft(first))!;
      await discard(second);
      await expectPage(first, "Start a workout");
      // A tab that slept through the discard writes the workout it held back into storage.
      await first.evaluate((text) => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("svc.logger.ended."))!;
        localStorage.setItem(key.replace("svc.logger.ended.", "svc.logger.v1."), text);
      }, old);
      await second.reload();
      await expectPage(second, "Start a workout");
      await first.reload();
      await expectPage(first, "Start a workout");
    }
    await expectNothingInProgress(second);
    await context.close();
  });

  test("a discard made offline sticks once the connection is back", async () => {
    const account = await signUpByApi(web.server.url, "Fay");
    const { context, page } = await web.signedInPage(account, viewport, { touch });
    await page.goto("/log");
    await startEmptyWithBench(page);
    await context.setOffline(true);
    await discard(page);
    expect(await storedDraft(page)).toBeNull();
    // Home, reached in the app with no connection: no workout in progress.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expectPage(page, "Home");
    expect(await page.getByText("A workout is in progress on this device.").count()).toBe(0);
    await context.setOffline(false);
    await expectNothingInProgress(page);
    await context.close();
  });
});
