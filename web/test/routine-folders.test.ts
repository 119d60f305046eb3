// Routines in folders the lifter names and orders, phone and desktop: folders listed by name until
// the lifter moves one, then in the lifter's order after a reload; routines of no folder last.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  untilEqual,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  DESKTOP,
  PHONE,
} from "./support/browser.ts";
import type { Page } from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const ROUTINES = [
  { name: "Bench day", folder: "Push" },
  { name: "Row day", folder: "Pull" },
  { name: "Squat day", folder: "Legs" },
  { name: "Overhead day", folder: "Push" },
  { name: "Stretching" },
];

async function firstColumn(page: Page): Promise<string[]> {
  const rows = await page.getByRole("table", { name: "Your routines" }).getByRole("row").allInnerTexts();
  return rows.slice(1).map((r) => r.split(/\n|\t/)[0].trim());
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`${size}: folders by name, then in the order the lifter moves them to, kept after a reload`, async () => {
    const account = await signUpByApi(web.server.url, "Folders");
    for (const r of ROUTINES) {
      const doc = { ...r, unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] };
      await gqlData(web.server.url, APPLY_ROUTINE, { d: doc }, { token: account.token });
    }
    const { context, page } = await web.signedInPage(account, viewport, size === "phone" ? { touch: true } : {});
    await page.goto("/routines");
    await expectPage(page, "Routines");
    const order = page.getByRole("region", { name: "Folder order" });
    await order.waitFor();
    expect(await order.getByRole("listitem").allInnerTexts()).toEqual(["Legs\n↑\n↓", "Pull\n↑\n↓", "Push\n↑\n↓"]);
    expect(await firstColumn(page)).toEqual(["Squat day", "Row day", "Bench day", "Overhead day", "Stretching"]);
    expect(await order.getByRole("button", { name: "Move Legs up" }).isDisabled()).toBe(true);
    expect(await order.getByRole("button", { name: "Move Push down" }).isDisabled()).toBe(true);

    await order.getByRole("button", { name: "Move Push up" }).click();
    await untilEqual(() => firstColumn(page), ["Squat day", "Bench day", "Overhead day", "Row day", "Stretching"]);
    await order.getByRole("button", { name: "Move Push up" }).click();
    await untilEqual(() => firstColumn(page), ["Bench day", "Overhead day", "Squat day", "Row day", "Stretching"]);
    const box = await order.getByRole("button", { name: "Move Pull up" }).boundingBox();
    expect([box!.width >= 44, box!.height >= 44]).toEqual([true, true]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `routine-folders-${size}`);

    await page.reload();
    await expectPage(page, "Routines");
    await untilEqual(() => firstColumn(page), ["Bench day", "Overhead day", "Squat day", "Row day", "Stretching"]);
    await context.close();
  }, 120_000);
}
