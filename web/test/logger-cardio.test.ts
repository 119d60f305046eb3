// A cardio exercise in the logger (the catalog's kind `cardio`): a distance box in the lifter's
// distance unit (User.distanceUnit) and a time box instead of weight and reps, the set saved as
// `5km 25:00`, the pace and speed under the boxes and on the summary, in min/km or min/mi as the
// account's distance unit says (not the weight unit), at phone and desktop size, axe clean.
import { gqlData, signUpWithUnit } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  PHONE,
  DESKTOP,
} from "./support/browser.ts";
import { distanceSetText, formatTime, parseTime } from "../src/pages/log/distanceSet.ts";

const web = useBrowserTest();

const SETS = `{ viewer { distanceUnit workoutsByUserId(first: 5) { nodes { exercises { exercise { name } sets { text pacePerKm pacePerMi } } } } } }`;

test("the time box reads m:ss, h:mm:ss and whole minutes; the row's text is a distance set", () => {
  expect(parseTime("25:00")).toBe(1500);
  expect(parseTime("1:05:00")).toBe(3900);
  expect(parseTime("7:30")).toBe(450);
  expect(parseTime("25")).toBe(1500);
  expect(parseTime("1:60:00")).toBeNull();
  expect(parseTime("7:60")).toBeNull();
  expect(formatTime(3900)).toBe("1:05:00");
  expect(formatTime(1500)).toBe("25:00");
  const row = { kind: "work" as const, effort: "" };
  expect(distanceSetText({ ...row, distance: "5", distanceUnit: "km", time: "25:00" })).toBe("5km 25:00");
  expect(distanceSetText({ ...row, distance: "5,5", distanceUnit: "km", time: "1:05:00" })).toBe("5.5km 65:00");
  expect(distanceSetText({ ...row, distance: "3", distanceUnit: "mi", time: "" })).toBe("3mi");
  expect(distanceSetText({ ...row, distance: "", time: "30:00" })).toBe("30:00");
  expect(distanceSetText({ ...row, distance: "", time: "" })).toBeNull();
  // What cannot be read stays as typed, for validation to name.
  expect(distanceSetText({ ...row, distance: "5", distanceUnit: "km", time: "25:61" })).toBe("5km 25:61");
});

for (const size of [
  { name: "phone", viewport: PHONE },
  { name: "desktop", viewport: DESKTOP },
])
  test(`a 5 km run in 25:00 logged with the distance and time boxes (${size.name})`, async () => {
    const account = await signUpWithUnit(web.server, "kg", "Runner");
    const { context, page } = await web.signedInPage(account, size.viewport);
    await page.goto("/log");
    await page.getByRole("button", { name: "Start an empty workout" }).click();
    await expectPage(page, "Workout");
    await page.getByLabel("Add an exercise").fill("running");
    await page.getByRole("button", { name: "Add Running", exact: true }).click();
    const run = page.getByRole("region", { name: "Running" });
    const distance = run.getByLabel("Distance (km): Running set 1", { exact: true });
    const time = run.getByLabel("Time (mm:ss): Running set 1", { exact: true });
    // No weight or reps box on a cardio row.
    expect(await run.getByLabel("Weight (kg): Running set 1", { exact: true }).count()).toBe(0);
    expect(await run.getByLabel("Reps: Running set 1", { exact: true }).count()).toBe(0);
    await distance.fill("5");
    await time.fill("25:00");
    await run.getByText("Pace 5:00 /km · 12 km/h").waitFor();
    // Targets of at least 44x44 px: the boxes, and Done's label around its checkbox.
    for (const target of [distance, time, run.locator(".set-check").first()]) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await run.getByRole("checkbox", { name: "Done: Running set 1" }).check();
    await page.getByRole("button", { name: "Finish workout" }).click();
    await expectPage(page, "Workout saved");
    const summary = page.getByRole("region", { name: "Exercises" });
    await summary.getByText("5km 25:00").waitFor();
    expect(await summary.innerText()).toContain("5:00/km");
    await expectAccessible(page);
    const data = await gqlData(web.server.url, SETS, {}, { token: account.token });
    expect(data.viewer.workoutsByUserId.nodes[0].exercises).toEqual([
      { exercise: { name: "Running" }, sets: [{ text: "5km 25:00", pacePerKm: 300, pacePerMi: 482.8 }] },
    ]);
    // The Records page's cardio records: longest, fastest at 5 km, best pace, in km.
    await page.goto("/records");
    await expectPage(page, "Records");
    const cardio = page.getByRole("table", { name: "Cardio records" });
    await cardio.getByText("Fastest 5 km").waitFor();
    expect(await cardio.innerText()).toMatch(/Best pace[\s\S]*5km 25:00[\s\S]*5:00 \/km/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await context.close();
  });

test("a lifter whose distances are in miles types miles and reads min/mi, whatever the weight unit", async () => {
  // kg for weights, inches for lengths: distances in miles (User.distanceUnit follows the length unit).
  const account = await signUpWithUnit(web.server, "kg", "Miler");
  await web.server.ownerPool.query("update app_public.users set length_unit = 'in' where id = $1", [account.user.id]);
  const { context, page } = await web.signedInPage(account, PHONE);
  await page.goto("/log");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await page.getByLabel("Add an exercise").fill("running");
  await page.getByRole("button", { name: "Add Running", exact: true }).click();
  const run = page.getByRole("region", { name: "Running" });
  await run.getByLabel("Distance (mi): Running set 1", { exact: true }).fill("3");
  await run.getByLabel("Time (mm:ss): Running set 1", { exact: true }).fill("24:00");
  await run.getByText("Pace 8:00 /mi · 7.5 mph").waitFor();
  await run.getByRole("checkbox", { name: "Done: Running set 1" }).check();
  await page.getByRole("button", { name: "Finish workout" }).click();
  await expectPage(page, "Workout saved");
  const summary = page.getByRole("region", { name: "Exercises" });
  await summary.getByText("3mi 24:00").waitFor();
  expect(await summary.innerText()).toContain("8:00/mi");
  expect(await summary.innerText()).not.toContain("/km");
  const data = await gqlData(web.server.url, SETS, {}, { token: account.token });
  expect(data.viewer.distanceUnit).toBe("mi");
  expect(data.viewer.workoutsByUserId.nodes[0].exercises[0].sets).toEqual([
    { text: "3mi 24:00", pacePerKm: 298.3, pacePerMi: 480 },
  ]);
  // History (the workouts list) shows the pace per mile too, though weights are in kg.
  await page.goto("/workouts");
  await page.getByText("3mi 24:00 (8:00/mi)").waitFor();
  await page.goto("/records");
  const cardio = page.getByRole("table", { name: "Cardio records" });
  await cardio.getByText("Fastest 3 mi").waitFor();
  expect(await cardio.innerText()).toContain("8:00 /mi");
  expect(await cardio.innerText()).not.toContain("/km");
  await context.close();
});
