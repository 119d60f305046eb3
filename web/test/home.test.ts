// Home for a new user (empty states that say what to do), and the training pages used with the
// keyboard alone: Tab to a control, type, Enter; the exercise search picks its best match on Enter.
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  screenshot,
  signUpInBrowser,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

/** Presses Tab until the focused element has this accessible label (aria-label, label) or text (button, link). */
async function tabTo(page: Page, name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return "";
      const labels = (el as HTMLInputElement).labels;
      return (el.getAttribute("aria-label") || (labels && labels.length ? labels[0].textContent : el.textContent) || "")
        .replace(/\s+/g, " ")
        .trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

test("a new user's Home says what to do, and a routine and a workout can be made with the keyboard alone", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Kim" });
  await page.getByText("No routines yet.").waitFor();
  await page.getByText("No workouts yet.").waitFor();
  // One name per action: the empty history offers the logger as Start workout, as the header does.
  const latest = page.getByRole("region", { name: "Latest workouts" });
  expect(await latest.getByRole("link", { name: "Start workout" }).getAttribute("href")).toBe("/log");
  expect(await page.getByText("Log a workout").count()).toBe(0);
  const week = page.getByRole("region", { name: "This week" });
  expect(await week.innerText()).toContain("0 kg");
  await expectAccessible(page);
  await screenshot(page, "home-empty");

  // Home -> New routine by keyboard.
  await tabTo(page, "Create a routine");
  await page.keyboard.press("Enter");
  await expectPage(page, "New routine");
  await tabTo(page, "Routine name");
  await page.keyboard.type("Keys");
  await tabTo(page, "Add an exercise");
  await page.keyboard.type("bench pres");
  await page.getByRole("button", { name: "Add Bench Press" }).waitFor();
  await page.keyboard.press("Enter");
  const bench = page.getByRole("group", { name: "Exercise 1: Bench Press" });
  await bench.waitFor();
  await tabTo(page, "Weight (kg)");
  await page.keyboard.type("50");
  await tabTo(page, "Create routine");
  await page.keyboard.press("Enter");
  await expectPage(page, "Routine: Keys");
  await page.getByRole("table", { name: "Exercises of Keys" }).getByText("50 kg").waitFor();

  // The routine's next workout, logged by keyboard from Log workout: tick each set with Space.
  await tabTo(page, "Workouts");
  await page.keyboard.press("Enter");
  await expectPage(page, "Workouts");
  await tabTo(page, "Log a past workout");
  await page.keyboard.press("Enter");
  await expectPage(page, "Log a past workout");
  await page.getByRole("navigation", { name: "Start from a routine" }).waitFor();
  await tabTo(page, "Keys");
  await page.keyboard.press("Enter");
  await page.getByRole("group", { name: "Exercise 1: Bench Press" }).waitFor();
  for (let set = 1; set <= 3; set++) {
    await tabTo(page, "Done: Bench Press set " + set);
    await page.keyboard.press("Space");
  }
  expect(
    await page
      .getByRole("checkbox", { name: /^Done/ })
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
  ).toEqual([true, true, true]);
  await tabTo(page, "Log workout");
  await page.keyboard.press("Enter");
  await page.getByRole("region", { name: "Personal records" }).getByText("Bench Press: 50x5").first().waitFor();

  // Delete dialog: Escape cancels, focus stays on the page.
  await tabTo(page, "Delete workout…");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete this workout?" });
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("region", { name: "Summary" }).waitFor();
  await context.close();
});

test("a page whose data cannot load says so, offers to try again, and loads when the network is back", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Noor" });
  const nav = page.getByRole("navigation", { name: "Main" });
  // Visit once online, so the page's code is here; then its data is what fails.
  await nav.getByRole("link", { name: "Workouts" }).click();
  await expectPage(page, "Workouts");
  await page.getByText("No workouts yet.").waitFor();
  await nav.getByRole("link", { name: "Home" }).click();
  await expectPage(page, "Home");
  await context.setOffline(true);
  await nav.getByRole("link", { name: "Workouts" }).click();
  await expectPage(page, "Workouts");
  const alert = page.getByRole("alert").filter({ hasText: "Could not reach the server" });
  await alert.waitFor();
  await screenshot(page, "workouts-offline");
  await context.setOffline(false);
  await alert.getByRole("button", { name: "Try again" }).click();
  await page.getByText("No workouts yet.").waitFor();
  expect(await alert.count()).toBe(0);
  await context.close();
});
