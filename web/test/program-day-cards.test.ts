// A 5/3/1 BBB day in the logger: the squat's two cards have titles that tell them apart (the main
// sets "3/3/3+", the Boring But Big sets "5x10"), and each card's Last column shows the same
// occurrence of the same program day's last session, not a later squat session of another kind
// (a GZCLP-style 3x3 logged without the routine). At two phone sizes (touch) and a desktop window.
import { signUp as signUpByApi, gqlData, logWorkout } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
} from "./support/browser.ts";
import { SCREEN_SIZES } from "./support/sizes.ts";

const web = useBrowserTest();

const START = `mutation($lifts: [ProgramLiftInput]) {
  startProgram(input: { slug: "531-bbb", unit: "kg", lifts: $lifts }) { routines { id name } } }`;
const LIFTS = [
  { lift: "Overhead Press", weight: 40 },
  { lift: "Deadlift", weight: 140 },
  { lift: "Bench Press", weight: 80 },
  { lift: "Back Squat", weight: 100 },
];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const x = (n: number, set: string) => Array.from({ length: n }, () => set);

describe.each(SCREEN_SIZES)("at $name", ({ name, viewport, touch }) => {
  test("two cards of one lift have their own titles and their own Last column, from the same day's last session", async () => {
    const account = await signUpByApi(web.server.url, "Two Cards");
    const started = await gqlData(web.server.url, START, { lifts: LIFTS }, { token: account.token });
    const squatDay = started.startProgram.routines.find((r: { name: string }) => r.name.endsWith("Squat"));
    // Week 1 of the squat day (TM 100 kg), 10 days ago; then a squat session of another program.
    await logWorkout(web.server.url, account.token, {
      date: daysAgo(10),
      unit: "kg",
      routine: squatDay.id,
      exercises: [
        { exercise: "Back Squat", sets: ["w:40x5", "w:50x5", "w:60x3", "65x5", "75x5", "85x8+"] },
        { exercise: "Back Squat", sets: x(5, "50x10") },
        { exercise: "Lying Leg Curl", sets: x(5, "30x10") },
      ],
    });
    await logWorkout(web.server.url, account.token, {
      date: daysAgo(2),
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: x(3, "120x3") }],
    });

    const { context, page } = await web.signedInPage(account, viewport, { touch });
    page.setDefaultTimeout(60_000);
    await page.goto("/log");
    await page.getByRole("button", { name: `Start ${squatDay.name}` }).click();
    await expectPage(page, `Workout: ${squatDay.name}`);
    // Week 2 (70/80/90 %): the main card and the BBB card.
    const main = page.getByRole("region", { name: "Back Squat: 3/3/3+", exact: true });
    const bbb = page.getByRole("region", { name: "Back Squat: 5x10", exact: true });
    await main.waitFor();
    await bbb.waitFor();
    const lastColumn = (card: typeof main) =>
      card
        .locator(".set-previous")
        .evaluateAll((cells) =>
          cells.map((c) => (c.textContent ?? "").replace("AMRAP", "").replace("Last time: ", "").trim()),
        );
    await main.getByText("85x8+").first().waitFor();
    expect(await lastColumn(main)).toEqual(["w:40x5", "w:50x5", "w:60x3", "65x5", "75x5", "85x8+"]);
    expect(await lastColumn(bbb)).toEqual(x(5, "50x10"));
    expect(await page.getByText("120x3").count()).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `program-day-cards-${name}`);
    await context.close();
  }, 300_000);
});
