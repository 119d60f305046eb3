// Routines in a real browser: create one with the form (the exercise found by a typo), see the same
// document in the JSON editor, paste one with a mistake and see its path and reason at the field,
// fix it and save; deep link; the server's INVALID_DOCUMENT shown the same way; an offline save
// keeps what was typed; a routine in lb for a kg user shown as written and converted; delete.
import { convertWeight, validateRoutineDocument } from "@svc/sdk/documents";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  signUpInBrowser,
  PHONE,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

/** The JSON editor's text as a document. */
async function editorDocument(page: Page) {
  return JSON.parse(await page.getByLabel("Routine document (JSON)").inputValue());
}

test("create a routine with the form, switch to the document, fix a pasted mistake, save, open by deep link, delete", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Rita" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Routines" }).click();
  await expectPage(page, "Routines");
  await page.getByText("No routines yet").waitFor();
  await expectAccessible(page);

  await page.getByRole("link", { name: "New routine" }).first().click();
  await expectPage(page, "New routine");
  await page.getByLabel("Routine name").fill("Push");
  await page.getByLabel("Progression", { exact: true }).selectOption("double");
  // The exercise, found by a typo.
  await page.getByLabel("Add an exercise").fill("bench pres");
  await page.getByRole("button", { name: "Add Bench Press" }).click();
  const bench = page.getByRole("group", { name: "Exercise 1: Bench Press" });
  await bench.getByLabel("Sets").fill("4");
  await bench.getByLabel("Reps").fill("8-12");
  await bench.getByLabel("Weight (kg)").fill("60");
  await bench.getByLabel("Rest").fill("2m");
  await bench.getByLabel("Warm-ups").fill("2");
  await page.getByLabel("Add an exercise").fill("ohp");
  await page.getByRole("button", { name: "Add Overhead Press" }).click();
  await page.getByRole("group", { name: "Exercise 2: Overhead Press" }).getByLabel("Drops").fill("1");
  await expectAccessible(page);
  await screenshot(page, "routine-form");

  // The document editor shows what the form holds: one document, two views.
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  expect(await editorDocument(page)).toEqual({
    name: "Push",
    progression: "double",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: 4, reps: "8-12", weight: 60, rest: "2m", warmups: 2 },
      { exercise: "Overhead Press", sets: 3, reps: 5, drops: 1 },
    ],
  });

  // A pasted document with a mistake: the SDK's path and reason, under the JSON and at the field.
  const mistaken = {
    name: "Push",
    progression: "double",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: 4, reps: "8-12", weight: 60, rest: 120, warmups: 2 },
      { exercise: "Overhead Press", sets: 3, reps: "12-8", drops: 1 },
    ],
  };
  const expected = validateRoutineDocument(mistaken, { unit: "kg", effort: "rpe" });
  if (expected.valid) throw new Error("the pasted document should be invalid");
  expect(expected.path).toBe("exercises[1].reps");
  await page.getByLabel("Routine document (JSON)").fill(JSON.stringify(mistaken, null, 2));
  await page.getByText(`${expected.path}: ${expected.reason}`, { exact: true }).waitFor();
  expect(await page.getByLabel("Routine document (JSON)").getAttribute("aria-invalid")).toBe("true");
  // The value the path names can be selected in the text.
  await page.getByRole("button", { name: "Select exercises[1].reps in the text" }).click();
  const selected = await page
    .getByLabel("Routine document (JSON)")
    .evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe('"12-8"');
  await expectAccessible(page);
  await screenshot(page, "routine-document-error");

  await page.getByRole("button", { name: "Form", exact: true }).click();
  const ohpReps = page.getByRole("group", { name: "Exercise 2: Overhead Press" }).getByLabel("Reps");
  expect(await ohpReps.inputValue()).toBe("12-8");
  expect(await ohpReps.getAttribute("aria-invalid")).toBe("true");
  // The reason is read with the field (aria-describedby).
  const describedBy = (await ohpReps.getAttribute("aria-describedby"))!.split(" ");
  const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(descriptions).toContain(expected.reason);
  expect(await page.getByRole("group", { name: "Exercise 1: Bench Press" }).getByLabel("Rest").inputValue()).toBe(
    "120",
  );

  // Saving with the mistake sends nothing and puts focus on the field.
  let posted = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/graphql") && r.postData()?.includes("ApplyRoutine")) posted += 1;
  });
  await page.getByRole("button", { name: "Create routine" }).click();
  await expect(ohpReps.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  expect(posted).toBe(0);

  await ohpReps.fill("8-12");
  expect(await ohpReps.getAttribute("aria-invalid")).toBeNull();
  await page.getByRole("button", { name: "Create routine" }).click();
  await expectPage(page, "Routine: Push");
  expect(posted).toBe(1);
  await page.getByRole("status").filter({ hasText: "Created the routine Push." }).waitFor();
  const targets = page.getByRole("table", { name: "Exercises of Push" });
  await targets
    .getByRole("row")
    .filter({ hasText: "Bench Press" })
    .filter({ hasText: "4 × 8-12 reps" })
    .filter({ hasText: "60 kg" })
    .waitFor();
  await page.getByRole("heading", { name: "Next workout" }).waitFor();
  // Each planned exercise says why its target is what it is (Routine.nextTargets), apart from notes.
  const benchLine = page.getByRole("listitem").filter({ hasText: "Bench Press:" });
  await benchLine.getByText(/^Target: /).waitFor();
  expect(await benchLine.getByText(/^Target: /).innerText()).toMatch(/60 kg/);
  await expectAccessible(page);
  await screenshot(page, "routine-page");

  // Deep link in a fresh tab of the same profile.
  const tab = await context.newPage();
  await tab.goto("/routines/Push");
  await expectPage(tab, "Routine: Push");
  await tab.close();

  // The list links to it.
  await page.goto("/routines");
  await expectPage(page, "Routines");
  await expectAccessible(page);
  await screenshot(page, "routines");
  await page.getByRole("link", { name: "Push" }).click();
  await expectPage(page, "Routine: Push");

  // Delete with confirmation: Cancel keeps it, confirming deletes it.
  await page.getByRole("button", { name: "Delete routine…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this routine?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Delete routine…" }).click();
  await dialog.getByRole("button", { name: "Delete routine" }).click();
  await expectPage(page, "Routines");
  await page.getByText("No routines yet").waitFor();
  await page.goto("/routines/Push");
  await expectPage(page, "Page not found");
  await context.close();
});

test("the server's INVALID_DOCUMENT is shown at the field; an offline save keeps what was typed", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Sam" });
  await page.goto("/routines/new");
  await expectPage(page, "New routine");
  await page.getByLabel("Routine name").fill("Legs");
  await page.getByLabel("Add an exercise").fill("squat");
  await page.getByRole("button", { name: "Add Back Squat" }).click();
  // A reference only the server can judge: no such exercise.
  const squat = page.getByRole("group", { name: "Exercise 1: Back Squat" });
  await squat.getByLabel("Exercise", { exact: true }).fill("Squat of the Moon");
  await page.getByRole("button", { name: "Create routine" }).click();
  const exercise = page
    .getByRole("group", { name: "Exercise 1: Squat of the Moon" })
    .getByLabel("Exercise", { exact: true });
  await page.getByRole("alert").filter({ hasText: "exercises[0].exercise" }).waitFor();
  expect(await exercise.getAttribute("aria-invalid")).toBe("true");
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  await page.getByText(/^exercises\[0\]\.exercise: /).waitFor();
  await page.getByRole("button", { name: "Form", exact: true }).click();
  // A near miss gets suggestions from the exercise search; one click puts it in the field.
  await exercise.fill("Bak Squat");
  await page.getByRole("button", { name: "Create routine" }).click();
  const fixedRow = page.getByRole("group", { name: "Exercise 1: Bak Squat" });
  await fixedRow.getByText("Did you mean").waitFor();
  await fixedRow.getByRole("button", { name: "Back Squat", exact: true }).click();

  // Offline: a message, nothing lost; back online the same form saves.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Create routine" }).click();
  await page.getByRole("alert").filter({ hasText: "Could not reach the server" }).waitFor();
  expect(await page.getByLabel("Routine name").inputValue()).toBe("Legs");
  expect(
    await page
      .getByRole("group", { name: "Exercise 1: Back Squat" })
      .getByLabel("Exercise", { exact: true })
      .inputValue(),
  ).toBe("Back Squat");
  await screenshot(page, "routine-offline");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Create routine" }).click();
  await expectPage(page, "Routine: Legs");

  // Edit: the form opens on the saved document.
  await page.getByRole("link", { name: "Edit routine" }).click();
  await expectPage(page, "Edit Legs");
  const sets = page.getByRole("group", { name: "Exercise 1: Back Squat" }).getByLabel("Sets");
  expect(await sets.inputValue()).toBe("3");
  await sets.fill("5");
  // Leaving with changes not saved asks first; Stay keeps them.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Stay" }).click();
  await leave.waitFor({ state: "hidden" });
  await expectPage(page, "Edit Legs");
  expect(await sets.inputValue()).toBe("5");
  await page.getByRole("button", { name: "Save routine" }).click();
  await expectPage(page, "Routine: Legs");
  await page.getByRole("table", { name: "Exercises of Legs" }).getByText("5 × 5 reps").waitFor();
  await context.close();
});

test("a routine written in lb is shown as written to a kg user and can be viewed converted", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Kai" });
  await page.goto("/routines/new");
  await expectPage(page, "New routine");
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  const doc = { name: "Pull", unit: "lb", exercises: [{ exercise: "Barbell Row", sets: 3, reps: 5, weight: 135 }] };
  // Text that is not JSON yet: said at the path `document`, and the form waits instead of losing it.
  const broken = JSON.stringify(doc).slice(0, -2);
  const json = page.getByLabel("Routine document (JSON)");
  await json.fill(broken);
  await page.getByText(/^document: is not valid JSON/).waitFor();
  await page.getByRole("button", { name: "Form", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "does not parse yet" }).waitFor();
  expect(await json.inputValue()).toBe(broken);
  await json.fill(JSON.stringify(doc));
  await page.getByRole("button", { name: "Create routine" }).click();
  await expectPage(page, "Routine: Pull");
  const table = page.getByRole("table", { name: "Exercises of Pull" });
  await page.getByText("Written in lb; your unit is kg.").waitFor();
  await table.getByText("135 lb").waitFor();
  await page.getByRole("button", { name: "Show in kg" }).click();
  // Shown in the other unit, a weight is the nearest loadable one (2.5 kg steps): 135 lb is 61.23 kg, loaded as 60 kg.
  const kg = convertWeight(135, "lb", "kg");
  expect(kg).toBe(61.23);
  await table.getByText("60 kg").waitFor();
  await page.getByText("Shown in kg, converted from the lb it is written in.").waitFor();
  await expectAccessible(page);
  await screenshot(page, "routine-converted");
  await page.getByRole("button", { name: "Show as written (lb)" }).click();
  await table.getByText("135 lb").waitFor();
  // The editor keeps the document as written.
  await page.getByRole("link", { name: "Edit routine" }).click();
  await expectPage(page, "Edit Pull");
  expect(
    await page.getByRole("group", { name: "Exercise 1: Barbell Row" }).getByLabel("Weight (lb)").inputValue(),
  ).toBe("135");
  // Converted for good on request: every weight and the unit.
  await page.getByRole("button", { name: "Convert all weights to kg" }).click();
  expect(
    await page.getByRole("group", { name: "Exercise 1: Barbell Row" }).getByLabel("Weight (kg)").inputValue(),
  ).toBe(String(kg));
  expect(await page.getByLabel("Unit", { exact: true }).inputValue()).toBe("kg");
  await page.getByRole("button", { name: "Save routine" }).click();
  await expectPage(page, "Routine: Pull");
  await page.getByText("Progression: linear. Weights in kg.").waitFor();
  await table.getByText(`${kg} kg`).waitFor();
  await context.close();
});

test("phone size: the routine pages fit without scrolling sideways and pass axe", async () => {
  const { context, page } = await web.newPage(PHONE);
  await signUpInBrowser(page, { name: "Pia" });
  await page.goto("/routines/new");
  await expectPage(page, "New routine");
  await page.getByLabel("Routine name").fill("Full body");
  await page.getByLabel("Add an exercise").fill("bench");
  await page.getByRole("button", { name: "Add Bench Press" }).click();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "routine-form-phone");
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", { name: "Create routine" }).click();
  await expectPage(page, "Routine: Full body");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "routine-page-phone");
  await page.goto("/routines");
  await expectPage(page, "Routines");
  await expectNoHorizontalScroll(page);
  await screenshot(page, "routines-phone");
  await context.close();
});
