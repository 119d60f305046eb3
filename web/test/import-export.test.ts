// Settings, Import and export, in a real browser: a Strong file previewed (what maps to what, the
// unit the file does not state, rows left out), a choice for the name that maps to nothing, the
// import, the same file again adding nothing, and both exports downloaded (the JSON importable); a
// long file imported by a job with its progress, shown again on a page opened while a job runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { print } from "graphql";
import { importParts, parseImport, STAGE_IMPORT_PART, QUEUE_IMPORT } from "@svc/sdk/import";
import { signUp, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectAccessible,
  expectPage,
  expectNoHorizontalScroll,
  screenshot,
  signUpInBrowser,
  newPage,
  PHONE,
} from "./support/browser.ts";

// Files of more than one part are imported by jobs: the server runs the worker that imports them.
const web = useBrowserTest({ importJobs: true });
const FIXTURE = path.resolve(import.meta.dirname, "../../test/fixtures/import/strong-comma.csv");

test("preview, choose, import; the same file again adds nothing; export JSON and CSV", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Mover" });
  // A new account's Home offers the import, which opens at Settings' Import.
  await page.getByRole("region", { name: "Latest workouts" }).getByRole("link", { name: "Bring your history" }).click();
  await expectPage(page, "Settings");
  expect(new URL(page.url()).hash).toBe("#import");
  const section = page.getByRole("region", { name: "Import and export" });
  await section.getByLabel("Export file").setInputFiles(FIXTURE);
  await section.getByRole("button", { name: "Preview" }).click();
  const preview = section.getByLabel("Import preview");
  await preview
    .getByRole("status")
    .filter({ hasText: "Would import 2 workouts and 15 sets, 2026-04-06 to 2026-04-09." })
    .waitFor();
  await preview.getByText("weights in kg (the file does not say)").waitFor();
  await preview.getByRole("row", { name: /Bench Press \(Barbell\) 5 Bench Press/ }).waitFor();
  await preview.getByText("1 rest timer row (the time between sets is not kept per set) (first at line 7)").waitFor();
  const importButton = preview.getByRole("button", { name: "Import 2 workouts" });
  expect(await importButton.isDisabled()).toBe(true);
  await expectAccessible(page);
  await screenshot(page, "settings-import-preview");
  // The review can show only the names that need a choice: Zercher Carry Thing, not the matched ones.
  const only = preview.getByRole("checkbox", { name: /^Show only the (1 name|\d+ names) that needs? a choice/ });
  const needing = Number(
    /the (\d+) names?/.exec((await only.evaluate((c) => c.closest("label")!.textContent)) ?? "")![1],
  );
  await only.check();
  expect(await preview.getByRole("row").count()).toBe(needing + 1);
  expect(await preview.getByRole("row", { name: /Bench Press \(Barbell\)/ }).count()).toBe(0);
  await preview.getByLabel("What to do with Zercher Carry Thing").waitFor();
  await only.uncheck();
  await preview.getByRole("row", { name: /Bench Press \(Barbell\) 5 Bench Press/ }).waitFor();
  await preview.getByLabel("What to do with Zercher Carry Thing").selectOption({ label: "Create a custom exercise" });
  await importButton.click();
  await section
    .getByRole("status")
    .filter({ hasText: "Imported 2 workouts and 15 sets from strong-comma.csv." })
    .waitFor();
  // Done: a link to the imported history.
  await section.getByRole("status").getByRole("link", { name: "See the imported workouts" }).waitFor();

  await section.getByRole("button", { name: "Preview" }).click();
  await section
    .getByRole("status")
    .filter({ hasText: "Nothing new: all 2 workouts of this file are already here." })
    .waitFor();

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Export (JSON)" }).click(),
  ]);
  const jsonText = readFileSync(await json.path(), "utf8");
  const exported = JSON.parse(jsonText);
  expect(exported).toMatchObject({ format: "svc-export", version: 1, settings: { unit: "kg", effort: "rpe" } });
  expect(exported.workouts.map((w: any) => w.name)).toEqual(["Push Day", "Leg Day"]);
  expect(exported.customExercises.map((e: any) => e.name)).toEqual(["Zercher Carry Thing"]);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Export (CSV for other apps)" }).click(),
  ]);
  const lines = readFileSync(await csv.path(), "utf8")
    .trim()
    .split("\n");
  expect(lines[0]).toBe(
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  );
  expect(lines).toHaveLength(1 + 15);
  await context.close();

  // The export imports into another account, through the same section, on a phone.
  const other = await newPage(web.browser, web.server.url, PHONE);
  await signUpInBrowser(other.page, { name: "Second" });
  await other.page.goto("/settings");
  const again = other.page.getByRole("region", { name: "Import and export" });
  await again
    .getByLabel("Export file")
    .setInputFiles({ name: "history.json", mimeType: "application/json", buffer: Buffer.from(jsonText) });
  await again.getByRole("button", { name: "Preview" }).click();
  await again.getByRole("status").filter({ hasText: "Would import 2 workouts and 15 sets" }).waitFor();
  await again.getByText("Importing this export also sets your unit and effort scale to the export's.").waitFor();
  await expectNoHorizontalScroll(other.page);
  await again.getByRole("button", { name: "Import 2 workouts" }).click();
  await again.getByRole("status").filter({ hasText: "Imported 2 workouts and 15 sets from history.json." }).waitFor();
  await other.context.close();
});

test("a broken row is named with its line and column, and nothing is imported", async () => {
  const { context, page } = await web.newPage();
  const { email } = await signUpInBrowser(page, { name: "Broken" });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Import and export" });
  await section
    .getByLabel("Export file")
    .setInputFiles(path.resolve(import.meta.dirname, "../../test/fixtures/import/strong-broken.csv"));
  await section.getByRole("button", { name: "Preview" }).click();
  await section
    .getByRole("alert")
    .filter({ hasText: 'strong-broken.csv, line 3, column Weight: "abc" is not a number' })
    .waitFor();
  const { rows } = await web.server.ownerPool.query(
    "select count(*)::int as n from app_public.workouts w join app_public.users u on u.id = w.user_id where u.email = $1",
    [email],
  );
  expect(rows[0].n).toBe(0);
  await context.close();
});

test("Hevy's measurement export: previewed as bodyweights and days of measurements, abdomen named as left out, imported", async () => {
  const { context, page } = await web.newPage();
  const { email } = await signUpInBrowser(page, { name: "Body Import" });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Import and export" });
  await section
    .getByLabel("Export file")
    .setInputFiles(path.resolve(import.meta.dirname, "../../test/fixtures/import/hevy-measurements.csv"));
  await section.getByRole("button", { name: "Preview" }).click();
  const preview = section.getByLabel("Import preview");
  await preview.getByText("Also 0 routines, 4 bodyweights and 0 custom exercises.").waitFor();
  await preview.getByText("Body measurements of 4 days.").waitFor();
  await preview
    .getByText(
      "3 measurements left out: their columns are no measurement this service keeps (abdomen_cm) (first at line 2)",
    )
    .waitFor();
  expect(await preview.getByRole("table").count()).toBe(0);
  await expectAccessible(page);
  await preview.getByRole("button", { name: "Import the bodyweights and body measurements" }).click();
  await section
    .getByRole("status")
    .filter({ hasText: "Imported 4 bodyweights and body measurements of 4 days from hevy-measurements.csv." })
    .waitFor();
  const { rows } = await web.server.ownerPool.query(
    `select (select count(*)::int from app_public.measurements m where m.user_id = u.id) as measurements,
            (select count(*)::int from app_public.bodyweights b where b.user_id = u.id) as bodyweights
       from app_public.users u where u.email = $1`,
    [email],
  );
  expect(rows[0]).toEqual({ measurements: 4, bodyweights: 4 });
  await context.close();
});

/** A Strong comma file of `workouts` days from `from`, one set a day. */
function strongDays(workouts: number, from: number): string {
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < workouts; i++) {
    const day = new Date(from + i * 86_400_000).toISOString().slice(0, 10);
    rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),1,${100 + (i % 20)},5,0,0,,,`);
  }
  return `${rows.join("\n")}\n`;
}

test("a file of two parts is checked and imported by jobs with their progress; a page opened while a job runs shows it to its end", async () => {
  const account = await signUp(web.server.url, "Long Import");
  const { context, page } = await web.signedInPage(account);
  await page.goto("/settings#import");
  const section = page.getByRole("region", { name: "Import and export" });
  await section.getByLabel("Export file").setInputFiles({
    name: "long.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(strongDays(250, Date.UTC(2019, 0, 1))),
  });
  await section.getByLabel("Unit of the file's weights").selectOption({ label: "kg" });
  await section.getByRole("button", { name: "Preview" }).click();
  await section.getByRole("status").filter({ hasText: "Would import 250 workouts and 250 sets" }).waitFor();
  await section.getByRole("button", { name: "Import 250 workouts" }).click();
  await section.getByRole("status").filter({ hasText: "Imported 250 workouts and 250 sets from long.csv." }).waitFor();
  // Checked and imported by two jobs on the server: the dry run, then the import.
  const jobs = await web.server.ownerPool.query(
    "select dry_run, state from app_public.import_jobs where user_id = $1 order by created_at",
    [account.user.id],
  );
  expect(jobs.rows).toEqual([
    { dry_run: true, state: "done" },
    { dry_run: false, state: "done" },
  ]);

  // A job queued elsewhere (svc, another tab) and held running: the lifter's imports wait on one lock.
  const lock = await web.server.ownerPool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtextextended('app_public.import_history:' || $1, 0))", [
      account.user.id,
    ]);
    const parsed = parseImport(strongDays(3, Date.UTC(2024, 0, 1)), { timeZone: "UTC", unit: "kg" });
    const [part] = importParts(parsed);
    const { stageImportPart } = await gqlData(
      web.server.url,
      print(STAGE_IMPORT_PART),
      { importId: null, part: 0, workouts: part.workouts, extras: null },
      { token: account.token },
    );
    await gqlData(
      web.server.url,
      print(QUEUE_IMPORT),
      { importId: stageImportPart.importId },
      { token: account.token },
    );
    await page.reload();
    await section.getByRole("status").filter({ hasText: "Importing the whole file…" }).waitFor();
  } finally {
    await lock.query("select pg_advisory_unlock_all()");
    lock.release();
  }
  await section.getByRole("status").filter({ hasText: "Imported 3 workouts and 3 sets from your file." }).waitFor();
  await context.close();
});
