// A started program's days in program order with the next one marked: the start screen groups
// 5/3/1 BBB's four days as the library orders them (Press, Deadlift, Bench, Squat), not
// alphabetically, marks the day after the one trained last ("Next: Deadlift, week 1"), and the
// Routines list names the program and day instead of "linear".
import { signUp, gqlData, logWorkout } from "../../test/support/harness.ts";
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

const START = `mutation($lifts: [ProgramLiftInput]) { startProgram(input: { slug: "531-bbb", unit: "kg", lifts: $lifts }) { routines { id name } } }`;
const LIFTS = [
  { lift: "Overhead Press", weight: 50 },
  { lift: "Deadlift", weight: 180 },
  { lift: "Bench Press", weight: 100 },
  { lift: "Back Squat", weight: 150 },
];

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`program days in order with the next one marked (${size})`, async () => {
    const account = await signUp(web.server.url, "Wendler");
    const started = await gqlData(web.server.url, START, { lifts: LIFTS }, { token: account.token });
    const routines = started.startProgram.routines as { id: string; name: string }[];
    const press = routines.find((r) => r.name.endsWith(" Press"))!;
    // A routine of no program, named to sort first alphabetically.
    await gqlData(
      web.server.url,
      `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
      { d: { name: "Arms", unit: "kg", exercises: [{ exercise: "Biceps Curl", sets: 3, reps: 10, weight: 15 }] } },
      { token: account.token },
    );
    // Press trained: the next day is Deadlift.
    await logWorkout(web.server.url, account.token, {
      date: "2026-11-23",
      unit: "kg",
      routine: press.id,
      exercises: [{ exercise: "Overhead Press", sets: ["32.5x5", "37.5x5", "42.5x8+"] }],
    });

    const { context, page } = await web.signedInPage(account, viewport, size === "phone" ? { touch: true } : {});
    page.setDefaultTimeout(20_000);
    await page.goto("/log");
    await expectPage(page, "Start a workout");
    const section = page.getByRole("region", { name: "From a routine" });
    await section.getByRole("heading", { name: "5/3/1 Boring But Big" }).waitFor();
    await section.getByText("Next: Deadlift, week 1").waitFor();
    const starts = await section.getByRole("button", { name: /^Start / }).allInnerTexts();
    expect(starts).toEqual([
      "Start 5/3/1 Boring But Big Press",
      "Start 5/3/1 Boring But Big Deadlift",
      "Start 5/3/1 Boring But Big Bench",
      "Start 5/3/1 Boring But Big Squat",
      "Start Arms",
    ]);
    await section.getByRole("heading", { name: "Other routines" }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `program-days-start-${size}`);

    await page.goto("/routines");
    await expectPage(page, "Routines");
    const table = page.getByRole("table", { name: "Your routines" });
    await table.getByText("5/3/1 Boring But Big, day 2 of 4").waitFor();
    await table.getByText("next, week 1").waitFor();
    const rows = await table.getByRole("row").allInnerTexts();
    expect(rows.slice(1).map((r) => r.split(/\n|\t/)[0].trim())).toEqual([
      "5/3/1 Boring But Big Press",
      "5/3/1 Boring But Big Deadlift",
      "5/3/1 Boring But Big Bench",
      "5/3/1 Boring But Big Squat",
      "Arms",
    ]);
    expect(rows.join("\n")).not.toMatch(/Boring But Big Press[^\n]*linear/);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `program-days-routines-${size}`);
    await context.close();
  }, 120_000);
}
