// Versions and history in a real browser: two browser profiles edit one workout, one of them
// offline; its save, once back online, meets the other's and shows both sides per exercise, and
// keeping both keeps every set of both. The History page lists the saves with their device and
// undoes one. The logger, whose first save was logged but its answer lost, meets an edit made
// elsewhere since: its next save merges the two by itself, every set of both kept.
import { signUp as signUpByApi, gql, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, expectAccessible, screenshot, type Page } from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const SHOW_WORKOUT = `query($id: UUID!) { workoutDocument(id: $id) }`;

async function logWorkout(token: string): Promise<string> {
  const data = await gqlData(
    web.server.url,
    APPLY_WORKOUT,
    {
      d: {
        name: "Push",
        date: "2026-03-02",
        unit: "kg",
        exercises: [
          { exercise: "Bench Press", sets: ["100x5"] },
          { exercise: "Overhead Press", sets: ["50x5"] },
        ],
      },
    },
    { token },
  );
  return data.applyWorkoutDocument.workout.id;
}

/** Adds a set to an exercise of the open workout editor and types it. */
async function addSet(page: Page, index: number, name: string, text: string) {
  const group = page.getByRole("group", { name: `Exercise ${index}: ${name}` });
  await group.getByRole("button", { name: `Add set to ${name}` }).click();
  const sets = group.getByLabel(/^Set \d+$/);
  await sets.last().fill(text);
}

test("two devices edit one workout, one offline: both sides shown, both kept, every set saved", async () => {
  const account = await signUpByApi(web.server.url, "Two Devices");
  const id = await logWorkout(account.token);
  const phone = await web.signedInPage(account);
  const laptop = await web.signedInPage(account);
  for (const { page } of [phone, laptop]) {
    await page.goto(`/workouts/${id}/edit`);
    await expectPage(page, "Edit the workout of 2026-03-02");
  }

  // The phone loses its connection and keeps editing.
  await phone.context.setOffline(true);
  await addSet(phone.page, 2, "Overhead Press", "55x3");
  await phone.page.getByRole("button", { name: "Save workout" }).click();
  await phone.page.getByRole("alert").filter({ hasText: "Could not reach the server" }).waitFor();

  // Meanwhile the laptop saves a set of its own.
  await addSet(laptop.page, 1, "Bench Press", "100x4");
  await laptop.page.getByRole("button", { name: "Save workout" }).click();
  await laptop.page.getByRole("heading", { level: 1, name: /^Workout: 2026-03-02 Push$/ }).waitFor();

  // Back online, the phone's save meets the laptop's.
  await phone.context.setOffline(false);
  await phone.page.getByRole("button", { name: "Save workout" }).click();
  const conflict = phone.page.getByRole("region", { name: "Saved elsewhere" });
  await conflict.waitFor();
  const bench = conflict.getByRole("group", { name: "Bench Press" });
  expect(await bench.innerText()).toContain("Yours\n100x5");
  expect(await bench.innerText()).toContain("Saved elsewhere\n100x5, 100x4");
  const press = conflict.getByRole("group", { name: "Overhead Press" });
  expect(await press.getByRole("radio", { name: "Keep both" }).isChecked()).toBe(true);
  await expectAccessible(phone.page);
  await screenshot(phone.page, "version-conflict");
  await conflict.getByRole("button", { name: "Use these choices" }).click();
  await phone.page.getByRole("button", { name: "Save workout" }).click();
  await phone.page.getByRole("heading", { level: 1, name: /^Workout: 2026-03-02 Push$/ }).waitFor();

  const saved = (await gqlData(web.server.url, SHOW_WORKOUT, { id }, { token: account.token })).workoutDocument;
  expect(saved.exercises).toEqual([
    { exercise: "Bench Press", sets: ["100x5", "100x4"] },
    { exercise: "Overhead Press", sets: ["50x5", "55x3"] },
  ]);
  expect(saved.version).toBe(3);

  // The History page: both saves with their device, and Undo of the last one.
  await phone.page.goto("/history");
  await expectPage(phone.page, "History");
  const table = phone.page.getByRole("table", { name: "Changes, newest first" });
  await table.getByText("Edited Push on 2026-03-02").first().waitFor();
  expect(await table.getByRole("row").count()).toBe(4); // the header, two edits, the first log
  expect(await table.innerText()).toMatch(/web app \(/);
  await expectAccessible(phone.page);
  await screenshot(phone.page, "history");
  await table.getByRole("button", { name: "Undo Edited Push on 2026-03-02" }).first().click();
  await phone.page.getByRole("status").filter({ hasText: 'Undid "Edited Push on 2026-03-02"' }).waitFor();
  const undone = (await gqlData(web.server.url, SHOW_WORKOUT, { id }, { token: account.token })).workoutDocument;
  expect(undone.exercises).toEqual([
    { exercise: "Bench Press", sets: ["100x5", "100x4"] },
    { exercise: "Overhead Press", sets: ["50x5"] },
  ]);
  await phone.context.close();
  await laptop.context.close();
}, 180_000);

test("a routine saved elsewhere: keep yours for one exercise, the other's for another", async () => {
  const account = await signUpByApi(web.server.url, "Routine Conflict");
  const created = await gqlData(
    web.server.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    {
      d: {
        name: "Push Day",
        unit: "kg",
        exercises: [
          { exercise: "Bench Press", sets: 3, reps: 5, weight: 100 },
          { exercise: "Overhead Press", sets: 3, reps: 5, weight: 50 },
        ],
      },
    },
    { token: account.token },
  );
  const id = created.applyRoutineDocument.routine.id;
  const { context, page } = await web.signedInPage(account);
  await page.goto(`/routines/${id}/edit`);
  await page.getByRole("button", { name: "Document (JSON)" }).click();
  const mine = JSON.parse(await page.getByLabel("Routine document (JSON)").inputValue());
  mine.exercises[0].weight = 105;
  mine.exercises[1].weight = 52.5;
  await page.getByLabel("Routine document (JSON)").fill(JSON.stringify(mine, null, 2));

  const elsewhere = (
    await gqlData(
      web.server.url,
      `query($r: String!) { routineDocument(ref: $r) }`,
      { r: id },
      { token: account.token },
    )
  ).routineDocument;
  elsewhere.exercises[0].weight = 102.5;
  elsewhere.exercises[1].weight = 55;
  expect(
    (
      await gql(
        web.server.url,
        `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
        { d: elsewhere },
        { token: account.token },
      )
    ).body.errors,
  ).toBeUndefined();

  await page.getByRole("button", { name: "Save routine" }).click();
  const conflict = page.getByRole("region", { name: "Saved elsewhere" });
  await conflict.getByRole("group", { name: "Bench Press" }).getByRole("radio", { name: "Keep yours" }).check();
  await conflict.getByRole("group", { name: "Overhead Press" }).getByRole("radio", { name: "Keep the other" }).check();
  await conflict.getByRole("button", { name: "Use these choices" }).click();
  await page.getByRole("button", { name: "Save routine" }).click();
  await page.getByRole("heading", { level: 1, name: "Routine: Push Day" }).waitFor();
  const saved = (
    await gqlData(
      web.server.url,
      `query($r: String!) { routineDocument(ref: $r) }`,
      { r: id },
      { token: account.token },
    )
  ).routineDocument;
  expect(saved.exercises.map((e: { weight: number }) => e.weight)).toEqual([105, 55]);
  expect(saved.version).toBe(3);
  await context.close();
});

test("the logger's save meets an edit made elsewhere: merged by itself, every set of both kept", async () => {
  const account = await signUpByApi(web.server.url, "Logger Merge");
  await gqlData(
    web.server.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 2, reps: 5, weight: 100 }] } },
    { token: account.token },
  );
  const { context, page } = await web.signedInPage(account);
  // The first save reaches the server but its answer is lost; then the connection stays down until let through.
  let saves = 0;
  let through = false;
  await page.route("**/api/graphql", async (route) => {
    if (!route.request().postData()?.includes("SaveLoggedWorkout")) return route.continue();
    saves += 1;
    if (saves === 1) {
      await route.fetch();
      return route.abort("failed");
    }
    return through ? route.continue() : route.abort("failed");
  });
  await page.getByRole("button", { name: "Start workout" }).click();
  await page.getByRole("button", { name: "Start Push" }).click();
  await expectPage(page, "Workout: Push");
  const bench = page.getByRole("region", { name: "Bench Press" });
  for (const n of [1, 2]) await bench.getByRole("checkbox", { name: `Done: Bench Press set ${n}` }).check();
  await page.getByRole("button", { name: "Finish workout" }).click();
  await page.getByRole("status").filter({ hasText: "Not saved yet" }).waitFor();

  // Logged at version 1 all the same; another device adds an exercise to it (version 2).
  const listed = await gqlData(
    web.server.url,
    `{ allWorkouts { nodes { id version } } }`,
    {},
    { token: account.token },
  );
  expect(listed.allWorkouts.nodes).toHaveLength(1);
  const [{ id, version }] = listed.allWorkouts.nodes;
  expect(version).toBe(1);
  const elsewhere = (await gqlData(web.server.url, SHOW_WORKOUT, { id }, { token: account.token })).workoutDocument;
  elsewhere.exercises.push({ exercise: "Overhead Press", sets: ["50x5"] });
  await gqlData(web.server.url, APPLY_WORKOUT, { d: elsewhere }, { token: account.token });

  // The phone logs one more set meanwhile, then gets through.
  await bench.getByRole("button", { name: "Add set to Bench Press" }).click();
  await bench.getByLabel("Weight (kg): Bench Press set 3", { exact: true }).fill("105");
  await bench.getByLabel("Reps: Bench Press set 3", { exact: true }).fill("3");
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 3" }).check();
  through = true;
  await page.getByRole("button", { name: "Try again now" }).click();
  await expectPage(page, "Workout saved");

  const saved = (await gqlData(web.server.url, SHOW_WORKOUT, { id }, { token: account.token })).workoutDocument;
  expect(saved.exercises).toEqual([
    { exercise: "Bench Press", sets: ["100x5", "100x5", "105x3"] },
    { exercise: "Overhead Press", sets: ["50x5"] },
  ]);
  expect(saved.version).toBe(3);
  const count = await gqlData(web.server.url, `{ allWorkouts { totalCount } }`, {}, { token: account.token });
  expect(count.allWorkouts.totalCount).toBe(1);
  await context.close();
}, 180_000);
