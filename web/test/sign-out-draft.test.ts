// Signing out on a shared phone: a workout in progress is kept on the device only, so Sign out asks
// first (Cancel keeps it) and then forgets it, and the next person signing in here finds nothing in
// progress; with no workout in progress, Sign out asks nothing.
import type { Page } from "playwright-core";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  signUpInBrowser,
  signInInBrowser,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

/** What this browser keeps as the workout in progress (null: nothing). */
function storedDraft(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("svc.logger.v1."));
    return key ? localStorage.getItem(key) : null;
  });
}

test("Sign out with a workout in progress asks first, then forgets it; without one it asks nothing", async () => {
  const { context, page } = await web.newPage(PHONE);
  const account = await signUpInBrowser(page, { name: "Shared Phone" });
  await page.goto("/log");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await expectPage(page, "Workout");
  await page.getByLabel("Add an exercise").fill("bench press");
  await page.getByRole("button", { name: "Add Bench Press", exact: true }).click();
  await page.getByRole("region", { name: "Bench Press" }).waitFor();
  await page.goto("/");
  await expectPage(page, "Home");
  await page.getByText("A workout is in progress on this device.").waitFor();

  const signOut = page.getByRole("banner").getByRole("button", { name: "Sign out" });
  await signOut.click();
  const dialog = page.getByRole("dialog", { name: "Sign out and discard the workout in progress?" });
  await dialog.waitFor();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expectPage(page, "Home");
  expect(await storedDraft(page)).not.toBeNull();

  await signOut.click();
  await dialog.getByRole("button", { name: "Sign out and discard" }).click();
  await expectPage(page, "Sign in");
  expect(await storedDraft(page)).toBeNull();

  await signInInBrowser(page, account);
  await expectPage(page, "Home");
  expect(await page.getByText("A workout is in progress on this device.").count()).toBe(0);
  await page.goto("/log");
  await expectPage(page, "Start a workout");

  // Nothing in progress: signed out at once.
  await page.goto("/");
  await expectPage(page, "Home");
  await signOut.click();
  await expectPage(page, "Sign in");
  await context.close();
});
