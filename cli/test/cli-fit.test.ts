// The real `svc` binary and FIT files: `svc export --format fit` (a folder of one file per workout
// in a range of days, or one workout's file), read back by Garmin's decoder, and `svc import` of a
// watch's FIT file (found from its header: dry run, choice, import, the same file again adding
// nothing), with the usage errors of the flags named.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Decoder, Stream } from "@garmin/fitsdk";
import { cliServer, stdoutJson } from "./support.ts";
import { watchFit, WATCH_SESSION } from "../../test/support/watch-fit.ts";

const cli = cliServer();

function activeSets(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages } = decoder.read();
  return (messages.setMesgs ?? []).filter((s) => s.setType === "active");
}

async function logged(h: Awaited<ReturnType<typeof cli.signedUp>>["h"], date: string, sets: string[]): Promise<string> {
  const file = path.join(h.home, `${date}.json`);
  writeFileSync(
    file,
    JSON.stringify({ name: "Legs", date, start: `${date}T07:15:00Z`, exercises: [{ exercise: "Back Squat", sets }] }),
  );
  const r = await h.run(["workout", "apply", file, "--json"]);
  expect(r.code).toBe(0);
  return stdoutJson(r).workout.id;
}

test("export --format fit: a folder of one file per workout of the days asked; --workout one file", async () => {
  const { h } = await cli.signedUp("Fit Cli");
  const id = await logged(h, "2026-03-02", ["100x5", "105x5"]);
  await logged(h, "2026-03-09", ["110x3"]);
  await logged(h, "2026-04-01", ["60x10"]);
  const folder = path.join(h.home, "fit");
  const r = await h.run([
    "export",
    "--format",
    "fit",
    "--since",
    "2026-03-01",
    "--until",
    "2026-03-31",
    "--output",
    folder,
  ]);
  expect(r.code).toBe(0);
  expect(r.stdout.trim()).toBe(`Wrote 2 workouts as FIT files to ${folder}.`);
  expect(r.stderr).toContain("Exported 1: 2026-03-02-0715-legs.fit");
  const files = readdirSync(folder).sort();
  expect(files).toEqual(["2026-03-02-0715-legs.fit", "2026-03-09-0715-legs.fit"]);
  expect(activeSets(readFileSync(path.join(folder, files[0]))).map((s) => [s.repetitions, s.weight])).toEqual([
    [5, 100],
    [5, 105],
  ]);
  const one = path.join(h.home, "one.fit");
  const single = await h.run(["export", "--format", "fit", "--workout", id.slice(0, 8), "--output", one, "--json"]);
  expect(single.code).toBe(0);
  expect(stdoutJson(single)).toMatchObject({ format: "fit", output: one, workouts: 1 });
  expect(activeSets(readFileSync(one))).toHaveLength(2);
}, 180_000);

test("export --format fit: the flags' usage errors (exit 2)", async () => {
  const { h } = await cli.signedUp("Fit Flags");
  const cases: [string[], string][] = [
    [["--format", "fit"], "--format fit writes one file per workout: give --output <folder> (or --workout <id>)."],
    [["--format", "fit", "--since", "2026-13-01", "--output", "x"], "--since must be a date like 2026-03-01"],
    [
      ["--format", "fit", "--since", "2026-03-02", "--until", "2026-03-01", "--output", "x"],
      "--until must be on or after --since (2026-03-02).",
    ],
    [["--since", "2026-03-01"], "--workout, --since and --until go with --format fit."],
  ];
  for (const [flags, message] of cases) {
    const r = await h.run(["export", ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  }
}, 180_000);

test("import a watch's FIT file: found from its header, a dry run, a choice for the unknown exercise, the import, then nothing new", async () => {
  const { h } = await cli.signedUp("Fit Watch");
  const file = path.join(h.home, "strength.fit");
  writeFileSync(file, watchFit(new Date("2026-07-04T14:00:00Z"), -4, WATCH_SESSION));
  const dry = await h.run(["import", file, "--dry-run"]);
  expect(dry.code).toBe(3);
  expect(dry.stdout).toContain("Would import 1 workout, 9 sets, 2026-07-04 to 2026-07-04.");
  expect(dry.stdout).toContain("  Back Squat -> Back Squat (3 sets)");
  expect(dry.stdout).toMatch(/Unknown exercise -> NOT MAPPED/);
  expect(dry.stdout).toContain("8 rest timer rows (the time between sets is not kept per set) (first at line 2)");
  expect(dry.stderr).toContain(`Read ${file} (fit): 17 rows, 1 workout, 9 sets.`);
  const done = await h.run(["import", file, "--map", "Unknown exercise=Burpee", "--json"]);
  expect(done.code).toBe(0);
  expect(stdoutJson(done)).toMatchObject({ dryRun: false, format: "fit", workouts: 1, sets: 9 });
  const again = await h.run(["import", file, "--map", "Unknown exercise=Burpee"]);
  expect(again.code).toBe(0);
  expect(again.stdout.trim()).toBe("Nothing new: the file's 1 workout is already there; nothing was added.");
}, 180_000);
