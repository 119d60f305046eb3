// One unit everywhere: a lb lifter over history logged in kg (as an import from a kg app leaves it)
// reads every weight in lb, converted facts to at most one decimal with the kg beside them, totals
// whole; the logger's Last column and last time are in lb. No number on any page has two decimals.
// Both sizes: phone (390x844, touch) and desktop (1280x800).
import { signUpWithUnit, gqlData, logWorkout } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
  DESKTOP,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

/** Numbers written with two or more decimals in the page's main content (`374.79`, `220.46`), its boxes' values too. */
async function longDecimals(page: Page): Promise<string[]> {
  const text = await page.locator("main").innerText();
  const boxes = await page
    .locator("main input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  return [text, ...boxes].join("\n").match(/\d\.\d{2,}/g) ?? [];
}

async function kgHistory(token: string) {
  const ids: string[] = [];
  const days = [
    { date: "2024-03-04", bench: ["w:40x5", "60x5", "100x5", "102.5x3"], squat: ["142.5x5", "142.5x5"] },
    { date: "2024-03-11", bench: ["60x5", "100x5", "105x3+"], squat: ["145x5"] },
    { date: "2024-03-18", bench: ["100x5", "100x5", "100x4"], squat: ["147.5x5"] },
  ];
  for (const d of days) {
    const id = await logWorkout(web.server.url, token, {
      date: d.date,
      unit: "kg",
      exercises: [
        { exercise: "Bench Press", sets: d.bench },
        { exercise: "Back Squat", sets: d.squat },
      ],
    });
    ids.push(id);
  }
  await gqlData(
    web.server.url,
    `mutation { logBodyweight(input: { date: "2024-03-18", weight: 81.3, unit: KG }) { id } }`,
    {},
    { token },
  );
  return ids;
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`a lb lifter over kg history (${size}): the logger, workouts, progress and records in lb, no number with two decimals`, async () => {
    const account = await signUpWithUnit(web.server, "lb", "Lee");
    const [, , lastId] = await kgHistory(account.token);
    const bench = await gqlData(
      web.server.url,
      `{ resolveExercise(name: "Bench Press") { exercise { id } } }`,
      {},
      {
        token: account.token,
      },
    );
    const benchId = bench.resolveExercise.exercise.id as string;
    const { context, page } = await web.signedInPage(account, viewport, size === "phone" ? { touch: true } : {});
    page.setDefaultTimeout(20_000);
    const visited: Record<string, string[]> = {};
    const check = async (name: string) => {
      visited[name] = await longDecimals(page);
      await expectNoHorizontalScroll(page);
    };
    await check("home");

    // The logger: last time and the Last column in lb, the kg as logged beside last time.
    await page.goto("/log");
    await expectPage(page, "Start a workout");
    await page.getByRole("button", { name: "Start an empty workout" }).click();
    await expectPage(page, "Workout");
    await page.getByLabel("Add an exercise").fill("bench press");
    await page.getByRole("button", { name: "Add Bench Press", exact: true }).click();
    const card = page.getByRole("region", { name: "Bench Press" });
    const history = card.getByRole("group", { name: "History of Bench Press" });
    // Hand-computed (kg / 0.45359237): 100 kg = 220.4623 lb -> 220.5; 105 kg = 231.4853 -> 231.5.
    await history.getByText("Last time").waitFor();
    expect(await history.innerText()).toContain("220.5x5, 220.5x5, 220.5x4 (logged in kg: 100x5, 100x5, 100x4)");
    // Records: heaviest 105 kg = 231.5 lb; best e1RM from 100x5 (Epley 116.67 kg, above 105x3's
    // 115.5): 220.46 lb x (1 + 5/30) = 257.2 lb.
    await history.getByText("heaviest 231.5 lb (105 kg) × 3").waitFor();
    expect(await history.innerText()).toMatch(/best e1RM 257\.2 lb \(220\.5×5\)/);
    expect(await card.locator(".set-previous").first().innerText()).toContain("220.5x5");
    // Last time's sets fill the rows at loadable lb: 100 kg = 220.46 lb -> 220 at the 5 lb step.
    for (const [n, reps] of [
      [1, "5"],
      [2, "5"],
      [3, "4"],
    ] as const) {
      expect([n, await card.getByLabel(`Weight (lb): Bench Press set ${n}`, { exact: true }).inputValue()]).toEqual([
        n,
        "220",
      ]);
      expect([n, await card.getByLabel(`Reps: Bench Press set ${n}`, { exact: true }).inputValue()]).toEqual([n, reps]);
    }
    await expectAccessible(page);
    await check("logger");
    await screenshot(page, `units-logger-${size}`);

    // A logged workout, converted on request: the sets at one decimal.
    await page.goto(`/workouts/${lastId}`);
    await expectPage(page, "Workout: 2024-03-18");
    await page.getByRole("button", { name: "Show in lb" }).click();
    await page.getByText("Shown in lb, converted from the kg it is written in.").waitFor();
    await page.getByText("220.5x4").first().waitFor();
    await check("workout");

    await page.goto("/progress");
    await expectPage(page, "Progress");
    await page.getByRole("table", { name: "Weekly volume of all exercises, newest first" }).waitFor();
    // Week of 2024-03-18: bench 100x5 + 100x5 + 100x4 = 1400 kg, squat 147.5x5 = 737.5 kg -> 2137.5 kg
    // = 4712.37 lb -> 4,712 lb (whole).
    expect(await page.getByRole("table", { name: "Weekly volume of all exercises, newest first" }).innerText()).toMatch(
      /2024-03-18\s+4,712 lb/,
    );
    // Bodyweight 81.3 kg = 179.2362 lb -> 179.2 lb.
    expect(await page.getByRole("table", { name: "Bodyweight entries, newest first" }).innerText()).toContain(
      "179.2 lb",
    );
    await check("progress");

    await page.goto(`/progress/${benchId}`);
    await expectPage(page, "Progress: Bench Press");
    const records = page.getByRole("region", { name: "Records" });
    await records.locator("dl").getByText("231.5 lb (105 kg) × 3").waitFor();
    await records.locator("dl").getByText("257.2 lb").waitFor();
    expect(await records.getByRole("table", { name: "Most reps at each weight of Bench Press" }).innerText()).toMatch(
      /220\.5 lb \(100 kg\)\s+5/,
    );
    await expectAccessible(page);
    await check("exercise progress");
    await screenshot(page, `units-progress-${size}`);

    await page.goto("/bodyweight");
    await expectPage(page, "Bodyweight");
    await page.getByText("179.2 lb").first().waitFor();
    await check("bodyweight");

    await page.goto("/workouts");
    await expectPage(page, "Workouts");
    await check("workouts");

    await page.goto("/records");
    await expectPage(page, "Records");
    // A set's weight as a fact: converted, the kg it was logged in beside it.
    await page.locator("main").getByText("231.5 lb (105 kg) × 3").first().waitFor();
    await check("records");

    // The workout begun above, still in progress: one set done, finished; its summary in lb.
    await page.goto("/log");
    await expectPage(page, "Workout");
    await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
    await page.getByRole("button", { name: "Finish workout" }).click();
    await expectPage(page, "Workout saved");
    await page.getByRole("region", { name: "Exercises" }).getByText("Bench Press: 220x5").waitFor();
    await check("summary");

    expect(visited).toEqual({
      home: [],
      logger: [],
      workout: [],
      progress: [],
      "exercise progress": [],
      bodyweight: [],
      workouts: [],
      records: [],
      summary: [],
    });
    await context.close();
  }, 180_000);
}

test("a kg lifter over lb history: the Last column and records in kg", async () => {
  const account = await signUpWithUnit(web.server, "kg", "Kai");
  await logWorkout(web.server.url, account.token, {
    date: "2024-06-03",
    unit: "lb",
    exercises: [{ exercise: "Bench Press", sets: ["135x8", "225x5", "225x5"] }],
  });
  const { context, page } = await web.signedInPage(account, PHONE, { touch: true });
  page.setDefaultTimeout(20_000);
  await page.goto("/log");
  await page.getByRole("button", { name: "Start an empty workout" }).click();
  await page.getByLabel("Add an exercise").fill("bench press");
  await page.getByRole("button", { name: "Add Bench Press", exact: true }).click();
  const history = page
    .getByRole("region", { name: "Bench Press" })
    .getByRole("group", { name: "History of Bench Press" });
  // 135 lb = 61.23497 kg -> 61.2; 225 lb = 102.0583 kg -> 102.1.
  await history.getByText("Last time").waitFor();
  expect(await history.innerText()).toContain("61.2x8, 102.1x5, 102.1x5 (logged in lb: 135x8, 225x5, 225x5)");
  await history.getByText("heaviest 102.1 kg (225 lb) × 5").waitFor();
  expect(await longDecimals(page)).toEqual([]);
  await context.close();
}, 120_000);
