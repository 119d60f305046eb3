// The real `svc` binary: `svc import` (dry run, choices, the unit question, a second import adding
// nothing, a broken file, a read-only key) with progress on standard error only and a --json
// summary, and `svc export` (JSON importable back into another account giving identical
// documents; Strong's CSV), with their exit codes.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BIN, cliServer, hasStackTrace, svcOnTerminal } from "./support.ts";

const cli = cliServer({ importJobs: true });
const fixture = (name: string) => path.resolve(import.meta.dirname, "../../test/fixtures/import", name);
const signedUp = (name: string) => cli.signUpHome(name, cli.email("import"), "correct horse battery");

test("a dry run prints the plan on stdout, progress on stderr, and writes nothing; an unmapped name: the dry run ends with how to map it (exit 3), the import stops (exit 2)", async () => {
  const h = await signedUp("Dry");
  const dry = await h.run(["import", fixture("strong-comma.csv"), "--dry-run"]);
  // Exit 3: the file would not import as is.
  expect(dry.code).toBe(3);
  expect(dry.stdout.trimEnd().split("\n").at(-1)).toMatch(
    /^Would not import as is: 1 exercise name maps to no exercise\. Choose for each with --map "Name=exercise", --create "Name" or --skip "Name" \(or --create-unmapped \/ --skip-unmapped\), e\.g\. --map "Zercher Carry Thing=.+"\.$/,
  );
  const dryJson = await h.run(["import", fixture("strong-comma.csv"), "--dry-run", "--json"]);
  expect(dryJson.code).toBe(3);
  expect(JSON.parse(dryJson.stdout)).toMatchObject({ dryRun: true, unmapped: 1 });
  // The last good case: with the name chosen, the dry run would import as is (exit 0).
  const chosen = await h.run(["import", fixture("strong-comma.csv"), "--dry-run", "--skip", "Zercher Carry Thing"]);
  expect(chosen.code).toBe(0);
  expect(chosen.stdout).not.toContain("Would not import");
  expect(dry.stdout).toContain("Would import 2 workouts, 15 sets, 2026-04-06 to 2026-04-09.");
  expect(dry.stdout).toMatch(/Zercher Carry Thing -> NOT MAPPED; did you mean "/);
  expect(dry.stdout).toContain("1 rest timer row (the time between sets is not kept per set) (first at line 7)");
  expect(dry.stderr).toContain("does not say its unit: weights read as kg (your unit)");
  expect(dry.stderr).toContain("Read ");
  expect(dry.stdout).not.toContain("Read ");
  const stopped = await h.run(["import", fixture("strong-comma.csv")]);
  expect(stopped.code).toBe(2);
  expect(stopped.stderr).toContain("1 exercise name maps to no exercise; nothing was imported.");
  const list = await h.run(["workout", "list", "--json"]);
  expect(JSON.parse(list.stdout)).toEqual([]);
});

test("--json: the summary as JSON on stdout (progress still on stderr); a second import adds nothing and says so", async () => {
  const h = await signedUp("Json");
  const first = await h.run([
    "import",
    fixture("strong-comma.csv"),
    "--unit",
    "lb",
    "--create",
    "Zercher Carry Thing",
    "--json",
  ]);
  expect(first.code).toBe(0);
  const summary = JSON.parse(first.stdout);
  expect(summary).toMatchObject({
    dryRun: false,
    format: "strong",
    unit: "lb",
    unitStated: false,
    workouts: 2,
    sets: 15,
    duplicates: 0,
    customExercises: 1,
  });
  expect(first.stderr).toContain("Dry run of the whole file…");
  expect(first.stderr).toContain("Done.");
  const again = await h.run(["import", fixture("strong-comma.csv"), "--unit", "lb", "--create", "Zercher Carry Thing"]);
  expect(again.code).toBe(0);
  // One line, not a table of zeros.
  expect(again.stdout).toBe("Nothing new: all 2 workouts of the file are already there; nothing was added.\n");
  const list = JSON.parse((await h.run(["workout", "list", "--json"])).stdout);
  expect(list).toHaveLength(2);
});

test("--map, --skip and --from; a broken file names its line and column (exit 2, no stack trace)", async () => {
  const h = await signedUp("Choices");
  const r = await h.run([
    "import",
    fixture("hevy-kg.csv"),
    "--from",
    "hevy",
    "--skip",
    "Treadmill",
    "--map",
    "Plank=Side Plank",
  ]);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("Imported 2 workouts, 11 sets");
  expect(r.stdout).toContain("Plank -> Side Plank (your choice) (1 set)");
  expect(r.stdout).toContain("Treadmill -> skipped (1 set)");
  expect(r.stdout).toContain("  1 set of skipped exercises");
  const broken = await h.run(["import", fixture("strong-broken.csv")]);
  expect(broken.code).toBe(2);
  expect(broken.stderr).toContain('strong-broken.csv: line 3, column Weight: "abc" is not a number');
  expect(hasStackTrace(broken.stderr)).toBe(false);
  const wrong = await h.run(["import", fixture("fitnotes-new.csv"), "--from", "hevy"]);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain("line 1: this does not look like a Hevy file (no title column)");
  const strongAsHevy = await h.run(["import", fixture("strong-comma.csv"), "--from", "hevy"]);
  expect(strongAsHevy.code).toBe(2);
  expect(strongAsHevy.stderr).toContain("line 1: this does not look like a Hevy file (no title column)");
  const missing = await h.run(["import", path.join(h.home, "nope.csv")]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain("no such file");
});

test("the summary names a workout whose every set is refused, keeps a late Note row, counts in the singular for one, and says how a name was mapped in words", async () => {
  const h = await signedUp("Wording");
  const file = path.join(h.home, "wording.csv");
  writeFileSync(
    file,
    [
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
      "2024-03-02 10:00:00,Notes Test2,45m,Bench Press (Barbell),1,100,5,0,0,pause,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Pull Up,1,0,10,0,0,,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Bench Press (Barbell),Note,0,0,0,0,late note row,,",
      "2024-03-03 10:00:00,Refused,45m,Bench Press (Barbell),1,-100,5,0,0,,,",
      "2024-03-03 10:00:00,Refused,45m,Bench Press (Barbell),2,100000,5,0,0,,,",
    ].join("\n"),
  );
  const dry = await h.run(["import", file, "--unit", "kg", "--dry-run"]);
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain("Would import 1 workout, 2 sets, 2024-03-02 to 2024-03-02.");
  expect(dry.stdout).toContain("  1 workout left out: every set refused (first at line 5)");
  expect(dry.stdout).toContain("  1 set heavier than 10000 (first at line 6)");
  expect(dry.stdout).toMatch(/Bench Press \(Barbell\) -> Bench Press \(Strong's name\) \(1 set\)/);
  expect(dry.stdout).not.toMatch(/other-app|\b1 (workouts|sets|rows)\b/);
  expect(dry.stderr).toContain("Sending the file (1 workout)…");
  const json = await h.run(["import", file, "--unit", "kg", "--dry-run", "--json"]);
  expect(JSON.parse(json.stdout).skipped).toContainEqual(
    expect.objectContaining({ reason: "workout-every-set-refused", rows: 1, firstLine: 5 }),
  );
  const imported = await h.run(["import", file, "--unit", "kg"]);
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain("Imported 1 workout, 2 sets");
  expect(imported.stdout).toContain("  1 workout left out: every set refused (first at line 5)");
  expect(imported.stderr).toContain("Importing 1 workout in one transaction…");
  const [listed] = JSON.parse((await h.run(["workout", "list", "--json"])).stdout);
  const shown = JSON.parse((await h.run(["workout", "show", listed.id, "--json"])).stdout);
  expect(shown.exercises).toEqual([
    { exercise: "Bench Press", note: "pause\nlate note row", sets: ["100x5"] },
    { exercise: "Pull-Up", sets: ["bw x 10"] },
  ]);
  const again = await h.run(["import", file, "--unit", "kg"]);
  expect(again.stdout).toBe("Nothing new: the file's 1 workout is already there; nothing was added.\n");
});

test("a read-only key cannot import (exit 4) but can export", async () => {
  const h = await signedUp("Key owner");
  const created = await h.run(["key", "create", "--name", "ro", "--access", "read-only", "--expires", "30d", "--json"]);
  expect(created.code).toBe(0);
  const key = JSON.parse(created.stdout).key as string;
  const r = await h.run(["import", fixture("strong-android-unit-header.csv")], { env: { SVC_API_KEY: key } });
  expect(r.code).toBe(4);
  const e = await h.run(["export"], { env: { SVC_API_KEY: key } });
  expect(e.code).toBe(0);
  expect(JSON.parse(e.stdout)).toMatchObject({ format: "svc-export", version: 1, workouts: [] });
});

test("export JSON to a file, import it into another account, export again: identical; CSV in Strong's format", async () => {
  const a = await signedUp("From");
  expect((await a.run(["import", fixture("hevy-kg.csv")])).code).toBe(0);
  expect((await a.run(["import", fixture("fitnotes-old.csv")])).code).toBe(0);
  const out = path.join(a.home, "history.json");
  const exported = await a.run(["export", "--output", out]);
  expect(exported.code).toBe(0);
  expect(exported.stdout).toContain(
    `Wrote 3 workouts, 0 routines, 0 bodyweights, 0 days of body measurements and 0 custom exercises to ${out} (json).`,
  );
  expect(exported.stderr).toContain("Exported 3 of 3 workouts");
  const first = JSON.parse(readFileSync(out, "utf8"));
  expect(first.workouts).toHaveLength(3);

  const b = await signedUp("To");
  const dry = await b.run(["import", out, "--dry-run"]);
  expect(dry.stdout).toContain(
    `Would set your settings to the export's: unit ${first.settings.unit}, effort scale ${first.settings.effort}.`,
  );
  expect(dry.stdout).toMatch(/ \(1 set\)$/m);
  expect(dry.stdout).not.toContain("(1 sets)");
  const imported = await b.run(["import", out, "--json"]);
  expect(imported.code).toBe(0);
  expect(JSON.parse(imported.stdout)).toMatchObject({ format: "svc", workouts: 3, sets: 15 });
  const second = JSON.parse((await b.run(["export"])).stdout);
  const strip = (e: any) => e.workouts.map(({ id: _id, ...w }: any) => w);
  expect(strip(second)).toEqual(strip(first));
  expect(second.settings).toEqual(first.settings);

  const csv = await a.run(["export", "--format", "csv"]);
  expect(csv.code).toBe(0);
  const lines = csv.stdout.trim().split("\n");
  expect(lines[0]).toBe(
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  );
  // The CLI runs with TZ=UTC here: the file's 17:18 is 17:18 UTC.
  expect(lines).toContain("2026-04-06 17:18:00,Morning Push,1h 2m,Bench Press,W,60,8,0,0,Elbows tucked,Good session,");
  expect(lines).toHaveLength(1 + 15);
  // Strong's format imports back (weights in the account's unit, asked with --unit).
  const c = await signedUp("Csv");
  const csvFile = path.join(c.home, "strong.csv");
  writeFileSync(csvFile, csv.stdout);
  const back = await c.run(["import", csvFile, "--unit", "kg", "--json", "--time-zone", "UTC"]);
  expect(back.code).toBe(0);
  expect(JSON.parse(back.stdout)).toMatchObject({ format: "strong", workouts: 3, sets: 15, unmapped: 0 });
});

test("a long history is sent in parts of 200 workouts, each part's progress on stderr, then checked and imported whole by jobs with their progress; run again, it adds nothing", async () => {
  const h = await signedUp("Long");
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < 450; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),1,${100 + (i % 20)},5,0,0,,,`);
  }
  const file = path.join(h.home, "long.csv");
  writeFileSync(file, `${rows.join("\n")}\n`);
  const first = await h.run(["import", file, "--unit", "kg", "--json"], { timeoutMs: 120_000 });
  expect(first.code).toBe(0);
  expect(JSON.parse(first.stdout)).toMatchObject({
    workouts: 450,
    sets: 450,
    parts: 3,
    firstDate: "2020-01-01",
    lastDate: "2021-03-25",
  });
  for (const line of [
    "Sending part 1 of 3 (200 workouts)…",
    "Sending part 3 of 3 (50 workouts)…",
    "Dry run of the whole file…",
    "450 of 450 workouts checked.",
    "Importing 450 workouts in one transaction…",
    "450 of 450 workouts imported.",
  ]) {
    expect(first.stderr).toContain(line);
  }
  // Checked and imported by two jobs on the server (the --json summary names them).
  expect(JSON.parse(first.stdout).importJobs).toHaveLength(2);
  expect(first.stderr.indexOf("Sending part 3 of 3")).toBeLessThan(first.stderr.indexOf("Dry run of the whole file"));
  // Not a terminal: plain lines, no control characters in a log.
  expect(first.stderr).not.toContain("\r");
  expect(first.stderr).not.toContain("\u001B");
  expect(first.stderr).not.toContain("sent (");
  const again = await h.run(["import", file, "--unit", "kg"], { timeoutMs: 120_000 });
  expect(again.code).toBe(0);
  expect(again.stdout).toContain("Nothing new: all 450 workouts of the file are already there; nothing was added.");
}, 180_000);

test("on a terminal: a progress bar for the parts, then for the jobs of the dry run and the import, with the time elapsed", async () => {
  const h = await signedUp("Terminal");
  const file = path.join(h.home, "terminal.csv");
  writeFileSync(file, longStrongFile(450));
  const r = await svcOnTerminal(["import", file, "--unit", "kg"], h.env(), []);
  expect(r.code).toBe(0);
  // Redrawn in place: a carriage return and an erased line before each drawing.
  expect(r.stdout).toContain("\r\u001B[2K[");
  expect(r.stdout).toMatch(/\[[█░]{24}\] 1 of 3 parts sent \(200 of 450 workouts\) \d+ s/);
  expect(r.stdout).toMatch(/\[█{24}\] 3 of 3 parts sent \(450 of 450 workouts\) \d+ s\r?\n/);
  expect(r.stdout).toMatch(/\[█{24}\] Dry run of the whole file: 450 of 450 workouts checked \d+ s\r?\n/);
  expect(r.stdout).toMatch(
    /\[█{24}\] Importing 450 workouts in one transaction: 450 of 450 workouts imported \d+ s\r?\n/,
  );
  expect(r.stdout).not.toContain("Sending part");
  expect(r.stdout).toContain("Imported 450 workouts, 450 sets");
});

/** A Strong comma file of `workouts` days, one set a day. */
function longStrongFile(workouts: number): string {
  const rows = [
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
  ];
  for (let i = 0; i < workouts; i++) {
    const day = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    rows.push(`${day} 07:00:00,Morning,20m,Squat (Barbell),1,${100 + (i % 20)},5,0,0,,,`);
  }
  return `${rows.join("\n")}\n`;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("svc started by an older Node runs the pinned one as a child; a signal to svc stops that child, and nothing is imported", async () => {
  const h = await signedUp("Killed");
  const file = path.join(h.home, "killed.csv");
  writeFileSync(file, longStrongFile(4000));
  // This Node without type stripping is what an older `node` on PATH looks like to bin/run.js.
  const wrapper = spawn(process.execPath, ["--no-experimental-strip-types", BIN, "import", file, "--unit", "kg"], {
    env: h.env(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    wrapper.on("exit", (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no second part sent; stderr: ${stderr}`)), 60_000);
    wrapper.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      if (stderr.includes("Sending part 2 of")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(wrapper.pid)], { encoding: "utf8" })
    .trim()
    .split(/\s+/)
    .map(Number);
  expect(children).toHaveLength(1);
  wrapper.kill("SIGTERM");
  expect(await exited).toEqual({ code: null, signal: "SIGTERM" });
  for (let i = 0; i < 100 && alive(children[0]); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(children[0])).toBe(false);
  expect(stderr).not.toContain("Importing");
  const list = await h.run(["workout", "list", "--json"]);
  expect(JSON.parse(list.stdout)).toEqual([]);
}, 120_000);

test("a refused set in the last part of a long file imports nothing of the parts before it (exit 2)", async () => {
  const h = await signedUp("All or nothing");
  const workouts = Array.from({ length: 450 }, (_, i) => {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      date: day,
      start: `${day}T07:00:00Z`,
      name: "Morning",
      exercises: [{ exercise: "Back Squat", sets: ["100x5"] }],
    };
  });
  workouts[449].exercises[0].sets = ["100x5@11"];
  const file = path.join(h.home, "history.json");
  writeFileSync(
    file,
    JSON.stringify({
      format: "svc-export",
      version: 1,
      exportedAt: "2026-01-01T00:00:00Z",
      settings: { unit: "kg", effort: "rpe" },
      customExercises: [],
      routines: [],
      bodyweights: [],
      workouts,
    }),
  );
  const r = await h.run(["import", file], { timeoutMs: 120_000 });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("Sending part 3 of 3 (50 workouts)…");
  expect(r.stderr).toMatch(/workouts\[449\]\.exercises\[0\]\.sets\[0\]: .*; nothing was imported\./);
  expect(hasStackTrace(r.stderr)).toBe(false);
  const list = await h.run(["workout", "list", "--json"]);
  expect(JSON.parse(list.stdout)).toEqual([]);
}, 180_000);

test("CSV export writes every time in the one zone it states, and names a workout whose date differs there", async () => {
  const h = await signedUp("Zone");
  const file = path.join(h.home, "la.csv");
  writeFileSync(
    file,
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2024-09-10 19:30:00,Evening,30m,Squat (Barbell),1,100,5,0,0,,,\n",
  );
  expect((await h.run(["import", file, "--unit", "kg", "--time-zone", "America/Los_Angeles"])).code).toBe(0);
  const la = await h.run(["export", "--format", "csv", "--time-zone", "America/Los_Angeles"]);
  expect(la.code).toBe(0);
  expect(la.stdout.trim().split("\n")[1]).toBe("2024-09-10 19:30:00,Evening,30m,Back Squat,1,100,5,0,0,,,");
  // In UTC (this test's zone): 02:30 on the 11th, as every time of the file is in the one zone it states.
  const utc = await h.run(["export", "--format", "csv"]);
  expect(utc.stdout.trim().split("\n")[1]).toMatch(/^2024-09-11 02:30:00,Evening,/);
  expect(utc.stderr).toContain("Times in UTC: every workout's start is written as the wall-clock time there");
  expect(utc.stderr).toContain(
    "1 workout whose start falls on another date in the file's time zone (read back on that date)",
  );
  expect(la.stderr).not.toContain("another date");
  const bad = await h.run(["export", "--format", "csv", "--time-zone", "Mars/Olympus"]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain("--time-zone Mars/Olympus is not a time zone");
});

test("CSV export converts every weight to one unit (the account's, or --unit) and says so: a lb workout in a kg account imports back with the same loads", async () => {
  const h = await signedUp("Units");
  const file = path.join(h.home, "lb.csv");
  writeFileSync(
    file,
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2024-09-10 19:30:00,Pounds,30m,Squat (Barbell),1,225,5,0,0,,,\n2024-09-10 19:30:00,Pounds,30m,Squat (Barbell),2,100,5,0,0,,,\n",
  );
  expect((await h.run(["import", file, "--unit", "lb", "--time-zone", "UTC"])).code).toBe(0);
  const kg = await h.run(["export", "--format", "csv", "--time-zone", "UTC"]);
  expect(kg.code).toBe(0);
  expect(kg.stderr).toContain("Weights in kg");
  expect(
    kg.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",")[5]),
  ).toEqual(["102.06", "45.36"]);
  const lb = await h.run(["export", "--format", "csv", "--time-zone", "UTC", "--unit", "lb"]);
  expect(
    lb.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",")[5]),
  ).toEqual(["225", "100"]);
  // Into a fresh kg account, read as kg: the loads of the lb workout, in kg.
  const c = await signedUp("Units back");
  const back = path.join(c.home, "back.csv");
  writeFileSync(back, kg.stdout);
  expect((await c.run(["import", back, "--unit", "kg", "--time-zone", "UTC"])).code).toBe(0);
  const again = JSON.parse((await c.run(["export"])).stdout);
  expect(again.workouts[0]).toMatchObject({
    unit: "kg",
    exercises: [{ exercise: "Back Squat", sets: ["102.06x5", "45.36x5"] }],
  });
});

test("CSV export: a weighted bodyweight set reads back weighted, and stderr names every change the format forces; a 0 on import is said", async () => {
  const h = await signedUp("Csv changes");
  const workout = {
    date: "2026-03-02",
    unit: "kg",
    exercises: [
      { exercise: "Pull-Up", superset: "A", sets: ["bw x 8", "bw+10x12", { set: "bw+20x5", done: false }] },
      { exercise: "Leg Press", superset: "A", sets: ["0x10", "x12", "rp:100x3"] },
    ],
  };
  expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(workout) })).code).toBe(0);
  const csv = await h.run(["export", "--format", "csv", "--time-zone", "UTC"]);
  expect(csv.code).toBe(0);
  expect(csv.stdout.trim().split("\n").slice(1)).toEqual([
    "2026-03-02 12:00:00,Workout,,Pull-Up (Weighted),1,0,8,0,0,,,",
    "2026-03-02 12:00:00,Workout,,Pull-Up (Weighted),2,10,12,0,0,,,",
    "2026-03-02 12:00:00,Workout,,Leg Press,1,0,10,0,0,,,",
    "2026-03-02 12:00:00,Workout,,Leg Press,2,0,12,0,0,,,",
    "2026-03-02 12:00:00,Workout,,Leg Press,D,100,3,0,0,,,",
  ]);
  expect(csv.stderr).toContain(
    [
      "CSV leaves out or changes:",
      "  1 weighted bodyweight set (`bw+10x12`) written under `<exercise> (Weighted)` with the added load (read back as it was)",
      "  1 unnamed workout named `Workout`",
      "  1 planned set not done left out",
      "  1 set of reps without a weight (`x12`) written at weight 0 (read back as `bw x 12`)",
      "  1 set at weight 0 (`0x10`) read back as a bodyweight set (`bw x 10`)",
      "  1 rest-pause burst (`rp:`) written as a drop set (read back as `d:`)",
      "  2 routine links, workout bodyweights, supersets, pins or skip-progression marks left out",
    ].join("\n"),
  );
  const c = await signedUp("Csv changes back");
  const file = path.join(c.home, "back.csv");
  writeFileSync(file, csv.stdout);
  const back = await c.run(["import", file, "--unit", "kg", "--time-zone", "UTC"]);
  expect(back.code).toBe(0);
  expect(back.stdout).toContain(
    "3 sets at weight 0 read as bodyweight sets (`bw x 10`; a machine at its lightest is `0x10`: edit those)",
  );
  const again = JSON.parse((await c.run(["export"])).stdout);
  expect(again.workouts[0]).toMatchObject({
    name: "Workout",
    start: "2026-03-02T12:00:00Z",
    exercises: [
      { exercise: "Pull-Up", sets: ["bw x 8", "bw+10x12"] },
      { exercise: "Leg Press", sets: ["bw x 10", "bw x 12", "d:100x3"] },
    ],
  });
});

test("Hevy's measurement export: bodyweights and body measurements by day, abdomen named as left out; again, all already there; a bad cell names its line", async () => {
  const h = await signedUp("Hevy Body");
  const dry = await h.run(["import", fixture("hevy-measurements.csv"), "--dry-run", "--time-zone", "UTC"]);
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain("Would import 4 bodyweights and 4 days of body measurements.");
  expect(dry.stdout).toContain(
    "3 measurements left out: their columns are no measurement this service keeps (abdomen_cm) (first at line 2)",
  );
  expect(dry.stdout).not.toContain("Exercises:");
  const done = await h.run(["import", fixture("hevy-measurements.csv"), "--time-zone", "UTC"]);
  expect(done.code).toBe(0);
  expect(done.stdout).toContain("Imported 4 bodyweights and 4 days of body measurements.");
  const list = await h.run(["measurement", "list", "--json"]);
  const entries = JSON.parse(list.stdout) as { date: string; unit: string; waist?: number | null }[];
  expect(entries.map((e) => [e.date, e.unit, e.waist ?? null])).toEqual([
    ["2026-03-30", "cm", 83],
    ["2026-03-23", "cm", null],
    ["2026-03-16", "cm", 83.75],
    ["2026-03-02", "cm", 84.5],
  ]);
  const again = await h.run(["import", fixture("hevy-measurements.csv"), "--time-zone", "UTC"]);
  expect(again.stdout).toContain(
    "Imported 0 bodyweights and 0 days of body measurements; 4 bodyweights and 4 days already there (left alone).",
  );
  const bad = path.join(h.home, "bad-measurements.csv");
  writeFileSync(bad, readFileSync(fixture("hevy-measurements.csv"), "utf8").replace("83.75", "83.7x5"));
  const refused = await h.run(["import", bad]);
  expect(refused.code).toBe(2);
  expect(hasStackTrace(refused.stderr)).toBe(false);
  expect(refused.stderr).toContain(`line 4, column waist_cm: "83.7x5" is not a number`);
});
