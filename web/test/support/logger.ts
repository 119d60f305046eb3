// Acting on the logger's set rows as a lifter does: a set's less frequent actions (kind, plates,
// Remove) are behind its "More for <exercise> set <n>" button; the steppers show on the row being worked on.
import type { Locator } from "playwright-core";

/** Opens the set's menu (when it is not open already). */
export async function openSetMenu(scope: Locator, set: string) {
  const more = scope.getByRole("button", { name: `More for ${set}`, exact: true });
  if ((await more.getAttribute("aria-expanded")) !== "true") await more.click();
}

/** Makes the set the row being worked on (its steppers show), as a tap in its weight box does. */
export async function workOnSet(scope: Locator, set: string, unit: string) {
  await scope.getByLabel(`Weight (${unit}): ${set}`, { exact: true }).focus();
}
