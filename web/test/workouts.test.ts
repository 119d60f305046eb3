// Workouts in a real browser: log the next workout of a routine from Home and see it first in the
// history (with paging over older ones); its page shows volume and the personal records set that
// day; edit it (form and document editor, a pasted mistake shown at the set it names); delete it
// with confirmation; a workout in lb for a kg user shown as written and converted; the user's
// effort scale is the new workout's default; offline saving keeps what was typed.
import { convertWeight, validateWorkoutDocument } from "@svc/sdk/documents";
import { signUp as signUpByApi, gql } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

/** A page whose title is only partly known (a workout's date and name): h1 and window title match. */
async function expectPageMatching(page: Page, title: RegExp) {
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  const h1 = await page.getByRole("heading", { level: 1 }).innerText();
  expect(await page.title()).toBe(`${h1} · Training Log`);
}

async function apply(query: string, document: unknown, token: string) {
  const res = await gql(web.server.url, query, { d: document }, { token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

test("log the next workout of a routine, see it first in the history, open, edit and delete it", async () => {
  const account = await signUpByApi(web.server.url, "Wes");
  await apply(
    APPLY_ROUTINE,
    { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] },
    account.token,
  );
  // 21 older workouts: more than one page of history.
  for (let day = 1; day <= 21; day++) {
    await apply(
      APPLY_WORKOUT,
      {
        name: `Old ${day}`,
        date: `2025-03-${String(day).padStart(2, "0")}`,
        unit: "kg",
        exercises: [{ exercise: "Bench Press", sets: ["40x5"] }],
      },
      account.token,
    );
  }

  const { context, page } = await web.signedInPage(account);
  await page.getByRole("heading", { name: "Routines" }).waitFor();
  await page.getByRole("link", { name: "Push", exact: true }).waitFor();
  await expectAccessible(page);
  await screenshot(page, "home");

  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Push", exact: true }) })
    .getByRole("link", { name: /^Log a past workout/ })
    .click();
  await expectPage(page, "Log a past workout");
  const bench = page.getByRole("group", { name: "Exercise 1: Bench Press" });
  for (const n of [1, 2, 3]) expect(await bench.getByLabel(`Set ${n}`, { exact: true }).inputValue()).toBe("60x5");
  // Planned sets are not done until ticked.
  const done = bench.getByRole("checkbox", { name: /^Done/ });
  expect(await done.count()).toBe(3);
  for (let i = 0; i < 3; i++) {
    expect(await done.nth(i).isChecked()).toBe(false);
    await done.nth(i).check();
  }
  await bench.getByLabel("Set 3", { exact: true }).fill("60x4");
  await expectAccessible(page);
  await screenshot(page, "workout-log-form");
  await page.getByRole("button", { name: "Log workout" }).click();
  await expectPageMatching(page, /^Workout: \d{4}-\d{2}-\d{2}/);
  const workoutUrl = page.url();
  const summary = page.getByRole("region", { name: "Summary" });
  await summary.getByText(`${60 * 5 + 60 * 5 + 60 * 4} kg`).waitFor();
  const records = page.getByRole("region", { name: "Personal records" });
  await records.getByText("Bench Press: 60x5").first().waitFor();
  await expectAccessible(page);
  await screenshot(page, "workout-page");

  // Home counts this week's work sets and volume.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expectPage(page, "Home");
  const week = page.getByRole("region", { name: "This week" });
  await week.getByText(`${60 * 5 + 60 * 5 + 60 * 4} kg`).waitFor();
  expect(await week.getByRole("definition").first().innerText()).toBe("3");
  await page
    .getByRole("region", { name: "Latest workouts" })
    .getByRole("listitem")
    .first()
    .getByText("3 work sets, 840 kg")
    .waitFor();

  // First in the history, newest first, with paging.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workouts" }).click();
  await expectPage(page, "Workouts");
  const rows = page.getByRole("table", { name: "Workout history, newest first" }).getByRole("row");
  await rows.nth(1).getByRole("cell", { name: "Push" }).first().waitFor();
  expect(await rows.count()).toBe(1 + 20);
  expect(await rows.nth(2).innerText()).toContain("Old 21");
  await page.getByText("1–20 of 22").waitFor();
  await expectAccessible(page);
  await screenshot(page, "workouts");
  await page.getByRole("button", { name: "Older" }).click();
  await page.getByText("21–22 of 22").waitFor();
  expect(await rows.count()).toBe(1 + 2);
  expect(await rows.nth(2).innerText()).toContain("Old 1");
  await page.getByRole("button", { name: "Newer" }).click();
  await page.getByText("1–20 of 22").waitFor();
  await rows.nth(1).getByRole("link").click();
  expect(page.url()).toBe(workoutUrl);

  // Edit: a name in the form, then a pasted mistake in the document shown at the set it names.
  await page.getByRole("link", { name: "Edit workout" }).click();
  await expectPageMatching(page, /^Edit the workout of \d{4}-\d{2}-\d{2}$/);
  await page.getByLabel("Workout name").fill("Heavy day");
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  const json = page.getByLabel("Workout document (JSON)");
  const doc = JSON.parse(await json.inputValue());
  expect(doc.name).toBe("Heavy day");
  expect(doc.exercises[0].sets).toEqual(["60x5", "60x5", "60x4"]);
  doc.exercises[0].sets[1] = "60 kilos for 5";
  const expected = validateWorkoutDocument(doc, { unit: "kg", effort: "rpe" });
  if (expected.valid) throw new Error("the pasted document should be invalid");
  expect(expected.path).toBe("exercises[0].sets[1]");
  await json.fill(JSON.stringify(doc, null, 2));
  await page.getByText(`${expected.path}: ${expected.reason}`, { exact: true }).waitFor();
  await page.getByRole("button", { name: "Form", exact: true }).click();
  const set2 = page.getByRole("group", { name: "Exercise 1: Bench Press" }).getByLabel("Set 2", { exact: true });
  expect(await set2.getAttribute("aria-invalid")).toBe("true");
  await expectAccessible(page);
  await screenshot(page, "workout-edit-error");
  await set2.fill("60x5");
  await page.getByRole("button", { name: "Save workout" }).click();
  await expectPageMatching(page, /^Workout: \d{4}-\d{2}-\d{2} Heavy day$/);
  expect(page.url()).toBe(workoutUrl);

  // Delete with confirmation.
  await page.getByRole("button", { name: "Delete workout…" }).click();
  await page
    .getByRole("dialog", { name: "Delete this workout?" })
    .getByRole("button", { name: "Delete workout" })
    .click();
  await expectPage(page, "Workouts");
  await page.getByText("1–20 of 21").waitFor();
  await page.goto(workoutUrl);
  await expectPage(page, "Page not found");
  await context.close();
});

test("a workout in lb is shown as written to a kg user and converted on request; new workouts use the user's effort scale", async () => {
  const account = await signUpByApi(web.server.url, "Lou");
  const me = await gql(web.server.url, "{ viewer { id } }", {}, { token: account.token });
  const patched = await gql(
    web.server.url,
    `mutation($id: UUID!) { updateUserById(input: { id: $id, userPatch: { effort: "rir" } }) { user { effort } } }`,
    { id: me.body.data.viewer.id },
    { token: account.token },
  );
  expect(patched.body).toEqual({ data: { updateUserById: { user: { effort: "rir" } } } });
  const { applyWorkoutDocument } = await apply(
    APPLY_WORKOUT,
    { date: "2025-05-05", unit: "lb", effort: "rpe", exercises: [{ exercise: "Back Squat", sets: ["225x5@8"] }] },
    account.token,
  );

  const { context, page } = await web.signedInPage(account);
  await page.goto(`/workouts/${applyWorkoutDocument.workout.id}`);
  await expectPage(page, "Workout: 2025-05-05");
  const sets = page.getByRole("region", { name: "Exercises and sets" });
  await sets.getByText("Written in lb; your unit is kg.").waitFor();
  await sets.getByText("Back Squat: 225x5@8").waitFor();
  await page.getByRole("region", { name: "Summary" }).getByText("RPE").waitFor();
  // Volume follows the user's unit, as a whole number.
  await page
    .getByRole("region", { name: "Summary" })
    .getByText(`${Math.round(convertWeight(225 * 5, "lb", "kg"))} kg`)
    .waitFor();
  await page.getByRole("button", { name: "Show in kg" }).click();
  // A past set in the other unit reads at one decimal at most.
  await sets.getByText(`Back Squat: ${Math.round(convertWeight(225, "lb", "kg") * 10) / 10}x5@8`).waitFor();
  await expectAccessible(page);
  await screenshot(page, "workout-converted");

  // The editor keeps it as written; converting rewrites the weights inside the set text.
  await page.getByRole("link", { name: "Edit workout" }).click();
  await expectPageMatching(page, /^Edit the workout of 2025-05-05$/);
  expect(
    await page.getByRole("group", { name: "Exercise 1: Back Squat" }).getByLabel("Set 1", { exact: true }).inputValue(),
  ).toBe("225x5@8");
  await page.getByRole("button", { name: "Convert all weights to kg" }).click();
  expect(
    await page.getByRole("group", { name: "Exercise 1: Back Squat" }).getByLabel("Set 1", { exact: true }).inputValue(),
  ).toBe(`${convertWeight(225, "lb", "kg")}x5@8`);
  expect(await page.getByLabel("Unit", { exact: true }).inputValue()).toBe("kg");
  // Leaving without saving: asked, then left; the workout stays as written.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workouts" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave" }).click();
  await expectPage(page, "Workouts");
  await page.getByText("1–1 of 1").waitFor();
  await page.goto(`/workouts/${applyWorkoutDocument.workout.id}`);
  await sets.getByText("Back Squat: 225x5@8").waitFor();

  await page.goto("/workouts/new");
  await expectPage(page, "Log a past workout");
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  const doc = JSON.parse(await page.getByLabel("Workout document (JSON)").inputValue());
  expect(doc).toMatchObject({ unit: "kg", effort: "rir", exercises: [] });
  await context.close();
});

test("logging a workout by hand: offline keeps what was typed; phone size fits and passes axe", async () => {
  const account = await signUpByApi(web.server.url, "Mo");
  const { context, page } = await web.signedInPage(account, PHONE);
  await page.getByRole("link", { name: "Log a past workout" }).click();
  await expectPage(page, "Log a past workout");
  await page.getByLabel("Workout name").fill("Garage session");
  await page.getByLabel("Add an exercise").fill("plank");
  await page.getByRole("button", { name: "Add Plank", exact: true }).click();
  const plank = page.getByRole("group", { name: "Exercise 1: Plank" });
  await plank.getByLabel("Set 1", { exact: true }).fill("45s");
  await plank.getByRole("button", { name: "Add set to Plank" }).click();
  expect(await plank.getByLabel("Set 2", { exact: true }).inputValue()).toBe("45s");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "workout-log-phone");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Log workout" }).click();
  await page.getByRole("alert").filter({ hasText: "Could not reach the server" }).waitFor();
  expect(await page.getByLabel("Workout name").inputValue()).toBe("Garage session");
  expect(await plank.getByLabel("Set 2", { exact: true }).inputValue()).toBe("45s");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Log workout" }).click();
  await expectPageMatching(page, /^Workout: \d{4}-\d{2}-\d{2} Garage session$/);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "workout-page-phone");
  await page.goto("/workouts");
  await expectPage(page, "Workouts");
  await page.getByRole("table", { name: "Workout history, newest first" }).getByText("Garage session").waitFor();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.goto("/");
  await expectPage(page, "Home");
  await page.getByRole("region", { name: "Latest workouts" }).getByText("Garage session").waitFor();
  await expectNoHorizontalScroll(page);
  await screenshot(page, "home-phone");
  await context.close();
});
