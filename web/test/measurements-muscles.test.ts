// Body measurements and the muscles in a real browser, at 390x844 and 1280x800: log measurements
// (a refused length shown at its field), see a chart per measurement and the table in the length
// unit; the Exercises page shows primary and secondary muscles; Progress shades the body figure
// by the week's sets per muscle group, with the table and its 10-20 band. Axe clean.
import { signUp as signUpByApi, logWorkout } from "../../test/support/harness.ts";
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
/** Each test walks several pages on a shared machine. */
const SLOW = 180_000;

/** Today as YYYY-MM-DD in the browser's (and this process's) time zone. */
function localDay(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("at %s size", (size, viewport) => {
  test(
    "log measurements, a refusal at its field, charts and the table",
    async () => {
      const account = await signUpByApi(web.server.url, `Tape ${size}`);
      const { context, page } = await web.signedInPage(account, viewport);
      await page.goto("/measurements");
      await expectPage(page, "Measurements");
      await page.getByText("No measurements logged yet.").waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);

      await page.getByLabel("Date").fill("2026-01-05");
      await page.getByLabel("Waist (cm)").fill("1000");
      await page.getByRole("button", { name: "Log measurements" }).click();
      await page
        .locator(".field-invalid")
        .getByText("Must be a length above 0 and at most 500 cm with at most 2 decimals")
        .waitFor();
      expect(await page.getByLabel("Waist (cm)").getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("Waist (cm)").fill("84.5");
      await page.getByLabel("Body fat (%)").fill("19");
      await page.getByRole("button", { name: "Log measurements" }).click();
      await page.getByRole("status").filter({ hasText: "Logged 2 measurements for 2026-01-05." }).waitFor();
      await page.getByLabel("Date").fill("2026-02-05");
      await page.getByLabel("Length unit", { exact: true }).selectOption("in");
      await page.getByLabel("Waist (in)").fill("32.5");
      await page.getByRole("button", { name: "Log measurements" }).click();
      await page.getByRole("status").filter({ hasText: "Logged 1 measurement for 2026-02-05." }).waitFor();

      // Shown in the user's length unit (cm for a kg lifter): 32.5 in = 82.55 cm, read at one decimal.
      const table = page.getByRole("table", { name: "Your measurements, newest first" });
      await table.getByRole("row").filter({ hasText: "2026-02-05" }).filter({ hasText: "82.6 cm" }).waitFor();
      await table
        .getByRole("row")
        .filter({ hasText: "2026-01-05" })
        .filter({ hasText: "84.5 cm" })
        .filter({ hasText: "19 %" })
        .waitFor();
      await page.getByRole("img", { name: /^Waist: 2 points from 2026-01-05 to 2026-02-05\./ }).waitFor();
      await page.getByRole("img", { name: /^Body fat: 1 point/ }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `measurements-${size}`);

      await table.getByRole("button", { name: "Delete the measurements of 2026-01-05" }).click();
      await page
        .getByRole("dialog", { name: "Delete these measurements?" })
        .getByRole("button", { name: "Delete measurements" })
        .click();
      await page.getByRole("status").filter({ hasText: "Deleted the measurements of 2026-01-05." }).waitFor();
      expect(await table.getByRole("row").count()).toBe(2);
      await context.close();
    },
    SLOW,
  );

  test(
    "the exercises page shows muscles; progress shades the body figure by this week's sets",
    async () => {
      const account = await signUpByApi(web.server.url, `Figure ${size}`);
      await logWorkout(web.server.url, account.token, {
        date: localDay(),
        exercises: [{ exercise: "Bench Press", sets: Array.from({ length: 12 }, () => "80x8") }],
      });
      const { context, page } = await web.signedInPage(account, viewport);
      await page.goto("/exercises");
      await page.getByRole("searchbox", { name: "Search exercises" }).fill("bench press");
      const results = page.getByRole("table", { name: "Exercises matching bench press" });
      const bench = results.getByRole("row").nth(1);
      await bench.getByText("chest, triceps", { exact: true }).waitFor();
      await bench.getByText("front delts", { exact: true }).waitFor();

      await page.goto("/progress");
      await expectPage(page, "Progress");
      const figure = page.getByRole("img", { name: /^Work sets per muscle group, week of \d{4}-\d{2}-\d{2}: / });
      await figure.waitFor();
      const name = await figure.getAttribute("aria-label");
      // 12 sets: chest and triceps in the 10-20 band; front delts (secondary) 6 sets under it.
      expect(name).toContain("chest 12 sets (10 to 20)");
      expect(name).toContain("triceps 12 sets (10 to 20)");
      expect(name).toContain("shoulders 6 sets (under 10)");
      expect(await page.locator('.muscle-area[data-group="chest"]').first().getAttribute("class")).toContain("level-2");
      expect(await page.locator('.muscle-area[data-group="quads"]').first().getAttribute("class")).toContain("level-0");
      const table = page.getByRole("table", { name: /^Work sets per muscle group, the 4 weeks to / });
      await table.getByRole("row").filter({ hasText: "chest" }).filter({ hasText: "12 sets" }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `muscle-figure-${size}`);
      await context.close();
    },
    SLOW,
  );
});
