// FIT files in a real browser: a workout's page downloads its FIT file (Export FIT), Settings
// downloads a range of days as a zip of FIT files, and Settings' import reads a watch's FIT file
// (a preview naming what maps to what, a choice, the import). Every file is read back by Garmin's
// decoder with every set present.
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { Decoder, Stream } from "@garmin/fitsdk";
import { signUp as signUpByApi, gql } from "../../test/support/harness.ts";
import { watchFit, WATCH_SESSION } from "../../test/support/watch-fit.ts";
import { useBrowserTest, expectPage, expectAccessible } from "./support/browser.ts";

const web = useBrowserTest();
const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;

async function logWorkout(token: string, document: unknown): Promise<string> {
  const res = await gql(web.server.url, APPLY_WORKOUT, { d: document }, { token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.applyWorkoutDocument.workout.id;
}

function activeSets(bytes: Uint8Array): [number | undefined, number | undefined][] {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.checkIntegrity()).toBe(true);
  const sets = decoder.read().messages.setMesgs ?? [];
  return sets.filter((s) => s.setType === "active").map((s) => [s.repetitions, s.weight]);
}

test("Export FIT on a workout's page, and a range of days as a zip from Settings", async () => {
  const account = await signUpByApi(web.server.url, "Fitter");
  const id = await logWorkout(account.token, {
    name: "Legs",
    date: "2026-03-02",
    start: "2026-03-02T07:15:00Z",
    exercises: [{ exercise: "Back Squat", sets: ["100x5", "105x5", "110x3"] }],
  });
  await logWorkout(account.token, {
    name: "Pull",
    date: "2026-03-04",
    exercises: [{ exercise: "Deadlift", sets: ["180x3"] }],
  });
  await logWorkout(account.token, {
    name: "Later",
    date: "2026-04-20",
    exercises: [{ exercise: "Deadlift", sets: ["100x1"] }],
  });
  const { page } = await web.signedInPage(account);
  await page.goto(`/workouts/${id}`);
  await page.getByRole("heading", { level: 1, name: /Legs/ }).waitFor();
  const [fit] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export FIT" }).click(),
  ]);
  expect(fit.suggestedFilename()).toBe("2026-03-02-0715-legs.fit");
  expect(activeSets(readFileSync((await fit.path())!))).toEqual([
    [5, 100],
    [5, 105],
    [3, 110],
  ]);

  await page.goto("/settings");
  await expectPage(page, "Settings");
  const panel = page.getByRole("form", { name: "FIT files" });
  await panel.getByLabel("From").fill("2026-03-01");
  await panel.getByLabel("To").fill("2026-03-31");
  await expectAccessible(page);
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Export FIT" }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe("training-log-fit-2026-03-01-to-2026-03-31.zip");
  await panel.getByRole("status").filter({ hasText: "Exported 2 workouts as FIT files." }).waitFor();
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  expect(Object.keys(files).sort()).toEqual(["2026-03-02-0715-legs.fit", "2026-03-04-1200-pull.fit"]);
  expect(activeSets(files["2026-03-04-1200-pull.fit"])).toEqual([[3, 180]]);
}, 180_000);

test("Settings' import reads a watch's FIT file: preview, a choice, the import", async () => {
  const account = await signUpByApi(web.server.url, "Watcher");
  const file = path.join(tmpdir(), `watch-${process.pid}.fit`);
  writeFileSync(file, watchFit(new Date("2026-07-04T14:00:00Z"), -4, WATCH_SESSION));
  const { page } = await web.signedInPage(account);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Import and export" });
  await section.getByLabel("Export file").setInputFiles(file);
  await section.getByRole("button", { name: "Preview" }).click();
  const preview = section.getByLabel("Import preview");
  await preview
    .getByRole("status")
    .filter({ hasText: "Would import 1 workouts and 9 sets, 2026-07-04 to 2026-07-04." })
    .waitFor();
  await preview.getByText("Read as fit, 17 rows.").waitFor();
  await preview.getByRole("row", { name: /Back Squat 3 Back Squat/ }).waitFor();
  await preview
    .getByText("8 rest timer rows (the time between sets is not kept per set) (first at set message 2)")
    .waitFor();
  await preview.getByLabel("What to do with Unknown exercise").selectOption({ label: "Skip its sets" });
  await preview.getByRole("button", { name: "Import 1 workouts" }).click();
  await section
    .getByRole("status")
    .filter({ hasText: `Imported 1 workouts and 8 sets from ${path.basename(file)}.` })
    .waitFor();
}, 180_000);
