// A program's routine page, phone and desktop: the program named, each lift's training max, week
// and increment; the targets in words (never "3 x —"); Delete far from Start workout; the form
// edits the training max and says the JSON view edits the cycle, and opens it.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  DESKTOP,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

const WENDLER = {
  name: "531 Squat day",
  program: "5/3/1",
  unit: "lb",
  exercises: [
    {
      exercise: "Back Squat",
      sets: 3,
      trainingMax: 300,
      increment: 10,
      cycle: [
        ["65%x5", "75%x5", "85%x5+"],
        ["70%x3", "80%x3", "90%x3+"],
        ["75%x5", "85%x3", "95%x1+"],
      ],
      rest: 180,
    },
    { exercise: "Leg Curl", sets: 3, reps: 12, weight: 60 },
  ],
};

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`${size}: a 5/3/1 routine's page names the program, the training max, the week and the increment; Delete is apart from Start`, async () => {
    const account = await signUpByApi(web.server.url, "Wendy");
    await gqlData(web.server.url, APPLY_ROUTINE, { d: WENDLER }, { token: account.token });
    const { context, page } = await web.signedInPage(account, viewport);
    await page.goto(`/routines/${encodeURIComponent(WENDLER.name)}`);
    await expectPage(page, `Routine: ${WENDLER.name}`);
    await page.getByText(/Progression: training-max cycle \(5\/3\/1\), linear\./).waitFor();
    const targets = page.getByRole("table", { name: `Exercises of ${WENDLER.name}` });
    await targets.getByText("3 sets a week, 3-week cycle").waitFor();
    expect(await targets.innerText()).not.toMatch(/× —/);

    const program = page.getByRole("region", { name: "Program" });
    await program.getByText("5/3/1", { exact: true }).waitFor();
    const squat = program.getByRole("row").filter({ hasText: "Back Squat" });
    await squat.getByText("300 lb").waitFor();
    await squat.getByText("week 1 of 3").waitFor();
    await squat.getByText("10 lb").waitFor();
    await squat.getByText("cycle", { exact: true }).waitFor();
    // The leg curl has no program rule: not listed there.
    expect(await program.getByRole("row").filter({ hasText: "Leg Curl" }).count()).toBe(0);

    // Start workout and Delete are far apart: Delete is in its own section at the end.
    const start = await page.getByRole("button", { name: "Start workout" }).boundingBox();
    const remove = page.getByRole("region", { name: "Delete" }).getByRole("button", { name: "Delete routine…" });
    const removeBox = await remove.boundingBox();
    expect(removeBox!.y - (start!.y + start!.height)).toBeGreaterThanOrEqual(200);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `routine-program-${size}`);

    // The next workout marks its AMRAP set, on the page and in the logger; logged as shown it keeps its +.
    await page
      .getByRole("region", { name: "Next workout" })
      .getByText(/x5\+ \(AMRAP\)/)
      .waitFor();
    if (size === "phone") {
      await page.getByRole("button", { name: "Start workout" }).click();
      await expectPage(page, `Workout: ${WENDLER.name}`);
      const bench = page.getByRole("region", { name: "Back Squat" });
      const last = bench.getByRole("group", { name: "Back Squat set 3" });
      await last.getByText("AMRAP").waitFor();
      const reps = last.getByLabel("Reps: Back Squat set 3", { exact: true });
      expect(await reps.inputValue()).toBe("5");
      const hint = await reps.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${hint}"]`).innerText()).toBe("5 or more");
      expect(await bench.getByRole("group", { name: "Back Squat set 1" }).getByText("AMRAP").count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, "logger-amrap-phone");
      await reps.fill("8");
      for (const n of [1, 2, 3]) await bench.getByRole("checkbox", { name: `Done: Back Squat set ${n}` }).check();
      await page.getByRole("button", { name: "Finish workout" }).click();
      await expectPage(page, "Workout saved");
      const saved = await gqlData(
        web.server.url,
        "{ viewer { workoutsByUserId(first: 1) { nodes { exercises { exercise { name } sets { text } } } } } }",
        {},
        { token: account.token },
      );
      const squatSets = saved.viewer.workoutsByUserId.nodes[0].exercises[0].sets.map((x: { text: string }) => x.text);
      expect(squatSets[2]).toMatch(/^\d+(\.\d+)?x8\+$/);
      await page.goto(`/routines/${encodeURIComponent(WENDLER.name)}`);
      await expectPage(page, `Routine: ${WENDLER.name}`);
    }

    // The form edits the training max and sends the cycle to the JSON view.
    await page.getByRole("link", { name: "Edit routine" }).click();
    await expectPage(page, `Edit ${WENDLER.name}`);
    const group = page.getByRole("group", { name: "Exercise 1: Back Squat" });
    expect(await group.getByLabel("Training max (lb)").inputValue()).toBe("300");
    expect(await group.getByLabel("Increment (lb)").inputValue()).toBe("10");
    expect(await page.getByLabel("Program", { exact: true }).inputValue()).toBe("5/3/1");
    await group.getByText("This exercise follows its 3-week cycle").waitFor();
    await expectAccessible(page);
    await group.getByRole("button", { name: "Open the JSON view" }).click();
    const json = JSON.parse(await page.getByLabel("Routine document (JSON)").inputValue());
    expect(json.exercises[0].cycle).toEqual(WENDLER.exercises[0].cycle);
    await context.close();
  });
}
