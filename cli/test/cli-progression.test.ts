// The real `svc` binary against the real server: `svc routine next` (the planned next workout, its
// round trip through `svc workout apply -`, progression after sets are marked done) and
// `svc exercise records` (heaviest, best estimated 1RM, reps at each weight), with their errors.
import { validateWorkoutDocument } from "@svc/sdk/documents";
import { post, type TestServer } from "../../test/support/harness.ts";
import { cliServer, hasStackTrace, type Home } from "./support.ts";

const cli = cliServer();
const home = cli.home;
let s: TestServer;
beforeAll(() => {
  s = cli.fixture.server;
});

const signedUp = () => cli.signUpHome("Lifter", cli.email("prog"), "correct horse battery");

const PUSH = {
  name: "Push",
  unit: "kg",
  progression: "linear",
  exercises: [
    { exercise: "bench", sets: 3, reps: 5, weight: 100, warmups: 1 },
    { exercise: "plank", sets: 2, time: "1:00" },
  ],
};

async function applyRoutine(h: Home): Promise<string> {
  const r = await h.run(["routine", "apply", "-", "--json"], { input: JSON.stringify(PUSH) });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).routine.id;
}

/** The planned document, checked: canonical (validating it returns it unchanged), every set `{ set, done: false }`. */
async function next(h: Home, args: string[]): Promise<any> {
  const r = await h.run(["routine", "next", ...args, "--json"]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  const doc = JSON.parse(r.stdout);
  expect(validateWorkoutDocument(doc, { unit: "kg", effort: "rpe" })).toEqual({ valid: true, document: doc });
  expect(doc.exercises.length).toBeGreaterThan(0);
  for (const e of doc.exercises) {
    expect(e.sets.length).toBeGreaterThan(0);
    for (const set of e.sets) expect(set).toEqual({ set: expect.any(String), done: false });
  }
  return doc;
}

const workSets = (doc: any, exercise: string) =>
  doc.exercises
    .find((e: any) => e.exercise === exercise)
    .sets.map((x: any) => x.set)
    .filter((t: string) => !/^(w|d|rp):/.test(t));

function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

describe("svc routine next", () => {
  test("plan --json | workout apply -, mark sets done, apply again: the next plan adds weight", async () => {
    const h = await signedUp();
    const id = await applyRoutine(h);

    const doc = await next(h, ["Push", "--date", "2026-03-02"]);
    expect(doc).toMatchObject({ name: "Push", date: "2026-03-02", unit: "kg", routine: id });
    expect(doc.exercises.map((e: any) => e.exercise)).toEqual(["Bench Press", "Plank"]);
    expect(workSets(doc, "Bench Press")).toEqual(["100x5", "100x5", "100x5"]);
    expect(doc.exercises[0].sets[0].set).toMatch(/^w:\d+(\.\d+)?x\d+$/);
    expect(workSets(doc, "Plank")).toEqual(["1:00", "1:00"]);
    // The plan carries no explanation in its notes (the human view shows them, from Routine.nextTargets).
    for (const e of doc.exercises) expect(e.note).toBeUndefined();
    // By id and in any case: the same plan. Without --date: today (the test runs with TZ=UTC).
    expect(await next(h, [id, "--date", "2026-03-02"])).toEqual(doc);
    expect(await next(h, ["pUSH", "--date", "2026-03-02"])).toEqual(doc);
    expect((await next(h, ["Push"])).date).toBe(utcToday());

    // The human view: a table of the planned sets per exercise and the explanation of its target.
    const view = await h.run(["routine", "next", "push", "--date", "2026-03-02"]);
    expect(view.code).toBe(0);
    const lines = view.stdout.split("\n");
    expect(lines[0]).toBe("Push on 2026-03-02  next workout, planned");
    const bench = lines.indexOf("Bench Press");
    expect(bench).toBeGreaterThan(0);
    expect(lines[bench + 1]).toMatch(/^ {2}SET\s+KIND\s+WEIGHT\s+REPS$/);
    expect(lines[bench + 2]).toMatch(/^ {4}1\s+warm-up\s+\d+(\.\d+)? kg\s+\d+$/);
    for (let i = 3; i <= 5; i++) expect(lines[bench + i]).toMatch(new RegExp(`^ {4}${i - 1}\\s+work\\s+100 kg\\s+5$`));
    expect(lines[bench + 6]).toBe("  No history yet: 3x5 at 100 kg as written (linear).");
    const plank = lines.indexOf("Plank");
    expect(lines[plank + 1]).toMatch(/^ {2}SET\s+KIND\s+TIME$/);
    expect(lines[plank + 2]).toMatch(/^ {4}1\s+work\s+1:00$/);
    expect(lines[plank + 4]).toBe("  No history yet: 2x1:00 as written (linear).");

    // The plan, piped to `svc workout apply -`, is logged as it is: every set planned.
    const logged = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(doc) });
    expect(logged.code).toBe(0);
    const result = JSON.parse(logged.stdout);
    expect(result).toMatchObject({ created: true, workout: { date: "2026-03-02", name: "Push" } });
    const workoutId: string = result.workout.id;
    const shown = JSON.parse((await h.run(["workout", "show", workoutId, "--json"])).stdout);
    expect(shown.exercises.flatMap((e: any) => e.sets)).toEqual(doc.exercises.flatMap((e: any) => e.sets));
    // Nothing done yet: the next plan is the same.
    expect(workSets(await next(h, ["Push", "--date", "2026-03-04"]), "Bench Press")).toEqual([
      "100x5",
      "100x5",
      "100x5",
    ]);

    // Mark every set done (a done set is its text) and apply the edited document again.
    const done = {
      ...shown,
      exercises: shown.exercises.map((e: any) => ({ ...e, sets: e.sets.map((x: any) => x.set) })),
    };
    const replaced = await h.run(["workout", "apply", "-"], { input: JSON.stringify(done) });
    expect(replaced).toMatchObject({ code: 0, stdout: `Replaced workout Push on 2026-03-02 (${workoutId}).\n` });

    const after = await next(h, ["Push", "--date", "2026-03-04"]);
    expect(workSets(after, "Bench Press")).toEqual(["102.5x5", "102.5x5", "102.5x5"]);
    expect(after.exercises[0]).not.toHaveProperty("note");
    const afterView = await h.run(["routine", "next", "Push", "--date", "2026-03-04"]);
    expect(afterView.stdout).toMatch(/^ {4}2\s+work\s+102\.5 kg\s+5$/m);
    expect(afterView.stdout).toContain("\n  Last session (2026-03-02) hit 3x5 at 100 kg: +2.5 kg to 102.5 kg.\n");
  });

  test("an AMRAP set: `+` after its reps in the JSON plan and in the table; logged as written it counts as those reps", async () => {
    const h = await signedUp();
    const routine = {
      name: "GSLP",
      unit: "kg",
      exercises: [{ exercise: "bench", sets: 3, reps: 5, weight: 60, progression: "greyskull" }],
    };
    expect((await h.run(["routine", "apply", "-"], { input: JSON.stringify(routine) })).code).toBe(0);
    const doc = await next(h, ["GSLP", "--date", "2026-03-02"]);
    expect(workSets(doc, "Bench Press")).toEqual(["60x5", "60x5", "60x5+"]);
    const view = await h.run(["routine", "next", "GSLP", "--date", "2026-03-02"]);
    const lines = view.stdout.split("\n");
    const bench = lines.indexOf("Bench Press");
    expect(lines[bench + 1]).toMatch(/^ {2}SET\s+KIND\s+WEIGHT\s+REPS$/);
    expect(lines[bench + 2]).toMatch(/^ {4}1\s+work\s+60 kg\s+5$/);
    expect(lines[bench + 4]).toMatch(/^ {4}3\s+work\s+60 kg\s+5\+$/);
    // Every set done as planned, the AMRAP one as written (`60x5+`): a hit at 5 reps, + 2.5 kg.
    const done = { ...doc, exercises: doc.exercises.map((e: any) => ({ ...e, sets: e.sets.map((x: any) => x.set) })) };
    const logged = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(done) });
    expect(logged.code).toBe(0);
    const shown = JSON.parse((await h.run(["workout", "show", JSON.parse(logged.stdout).workout.id, "--json"])).stdout);
    expect(shown.exercises[0].sets).toEqual(["60x5", "60x5", "60x5+"]);
    expect(workSets(await next(h, ["GSLP", "--date", "2026-03-04"]), "Bench Press")).toEqual([
      "62.5x5",
      "62.5x5",
      "62.5x5+",
    ]);
  });

  test("the human view shows the load added to a bodyweight set (bw+32.5 kg), and bodyweight alone for an unloaded one", async () => {
    const h = await signedUp();
    const r = await h.run(["routine", "apply", "-"], {
      input: JSON.stringify({
        name: "Pull",
        unit: "kg",
        exercises: [
          { exercise: "Pull-Up", sets: 1, reps: 5, weight: 32.5 },
          { exercise: "Dip", sets: 1, reps: 8 },
        ],
      }),
    });
    expect(r.code).toBe(0);
    expect(workSets(await next(h, ["Pull", "--date", "2026-03-02"]), "Pull-Up")).toEqual(["bw+32.5x5"]);
    const view = await h.run(["routine", "next", "Pull", "--date", "2026-03-02"]);
    expect(view.stdout).toMatch(/^ {4}1\s+work\s+bw\+32\.5 kg\s+5$/m);
    expect(view.stdout).toMatch(/^ {4}1\s+work\s+bodyweight\s+8$/m);
  });

  test("unknown routine, another user's routine: exit 1 with a clear sentence", async () => {
    const a = await signedUp();
    const id = await applyRoutine(a);
    const b = await signedUp();
    const missing = await b.run(["routine", "next", "Pull"]);
    expect(missing).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Error: No routine named or with id "Pull". See `svc routine list`.\n',
    });
    const theirs = await b.run(["routine", "next", id, "--json"]);
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toContain(`No routine named or with id "${id}"`);
    expect(theirs.stdout).toBe("");
    expect((await a.run(["routine", "next", id, "--json"])).code).toBe(0);
    expect((await a.run(["routine", "next"])).code).toBe(2);
  });

  test("--date must be a real calendar day: last good and first bad days, exit 2", async () => {
    const h = await signedUp();
    await applyRoutine(h);
    expect((await next(h, ["Push", "--date", "2026-02-28"])).date).toBe("2026-02-28");
    expect((await next(h, ["Push", "--date", "2028-02-29"])).date).toBe("2028-02-29");
    for (const date of ["2026-02-29", "2026-13-01", "2026-3-1", "March", ""]) {
      const r = await h.run(["routine", "next", "Push", "--date", date]);
      expect({ date, code: r.code }).toEqual({ date, code: 2 });
      expect(r.stderr).toContain("--date must be a date like 2026-03-01");
      expect(r.stdout).toBe("");
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });

  test("signed out: exit 4 and how to sign in (no credentials, or a session the server ended)", async () => {
    const none = await home().run(["routine", "next", "Push"]);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain("svc login");
    const stale = await cli.staleHome().run(["routine", "next", "Push", "--json"]);
    expect(stale.code).toBe(4);
    expect(stale.stderr).toContain("svc login");
    expect(stale.stdout).toBe("");

    const h = await signedUp();
    await applyRoutine(h);
    await post(s.url, "/api/auth/sign-out", {}, { token: h.credentials().instances[s.url].token });
    const ended = await h.run(["routine", "next", "Push"]);
    expect(ended.code).toBe(4);
    expect(ended.stderr).toContain("svc login");
  });
});

describe("svc exercise records", () => {
  const NO_RECORDS = {
    heaviest: null,
    bestE1rm: null,
    repsAtWeight: [],
    bodyweightReps: null,
    longestHold: null,
    repMaxes: [1, 3, 5, 8, 10].map((reps) => ({ reps, unit: "kg", estimated: null, actual: null })),
  };
  // Hand-computed over the bench sets below (warm-ups and sets not done never count; Epley
  // w * (1 + r/30) only for 1 to 12 reps):
  //   W1 2026-03-02: 100x5 (116.67), 100x5, 90x15 (15 reps: no e1RM, else 135 would win)
  //   W2 2026-03-04: 105x3 (115.5), 100x7 (123.33), 90x8 (114), w:120x1 (warm-up), 130x1 not done
  // heaviest 105 (105x3, W2); best e1RM 123.33 (100x7, W2); most reps: 90 -> 15 (W1), 100 -> 7 (W2), 105 -> 3 (W2).
  const W1 = {
    name: "One",
    date: "2026-03-02",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: ["w:60x5", "100x5", "100x5", "90x15"] },
      { exercise: "squat", sets: ["200x1"] },
    ],
  };
  const W2 = {
    name: "Two",
    date: "2026-03-04",
    unit: "kg",
    exercises: [{ exercise: "bench", sets: ["105x3", "100x7", "90x8", "w:120x1", { set: "130x1", done: false }] }],
  };

  test("heaviest, best estimated 1RM and reps at each weight; --json; `svc exercise search <words>` searches", async () => {
    const h = await signedUp();
    const benchId = JSON.parse((await h.run(["exercise", "search", "bench", "press", "--json"])).stdout)[0].id;

    // Before any workout: no records, exit 0.
    const empty = await h.run(["exercise", "records", "bench"]);
    expect(empty).toMatchObject({
      code: 0,
      stdout:
        "Bench Press\nNo records yet: they come from sets done with a weight and reps, with reps at bodyweight, or with a time (warm-ups do not count).\n",
    });
    expect(JSON.parse((await h.run(["exercise", "records", "bench", "--json"])).stdout)).toEqual({
      id: benchId,
      name: "Bench Press",
      records: NO_RECORDS,
    });

    const ids: string[] = [];
    for (const w of [W1, W2]) {
      const r = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(w) });
      expect(r.code).toBe(0);
      ids.push(JSON.parse(r.stdout).workout.id);
    }
    const [w1, w2] = ids;

    const json = await h.run(["exercise", "records", "bench", "press", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      id: benchId,
      name: "Bench Press",
      records: {
        heaviest: {
          weight: 105,
          unit: "kg",
          reps: 3,
          setWeight: 105,
          enteredWeight: 105,
          enteredUnit: "kg",
          date: "2026-03-04",
          workoutId: w2,
        },
        bestE1rm: {
          weight: 123.33,
          unit: "kg",
          reps: 7,
          setWeight: 100,
          enteredWeight: 100,
          enteredUnit: "kg",
          date: "2026-03-04",
          workoutId: w2,
        },
        repsAtWeight: [
          { weight: 90, unit: "kg", reps: 15, enteredWeight: 90, enteredUnit: "kg", date: "2026-03-02", workoutId: w1 },
          {
            weight: 100,
            unit: "kg",
            reps: 7,
            enteredWeight: 100,
            enteredUnit: "kg",
            date: "2026-03-04",
            workoutId: w2,
          },
          {
            weight: 105,
            unit: "kg",
            reps: 3,
            enteredWeight: 105,
            enteredUnit: "kg",
            date: "2026-03-04",
            workoutId: w2,
          },
        ],
        bodyweightReps: null,
        longestHold: null,
        // Actual: the heaviest set of at least n reps (the earliest on a tie); estimated: 123.33 / (1 + n/30).
        repMaxes: [
          {
            reps: 1,
            unit: "kg",
            estimated: 123.33,
            actual: {
              weight: 105,
              unit: "kg",
              reps: 3,
              setWeight: 105,
              enteredWeight: 105,
              enteredUnit: "kg",
              date: "2026-03-04",
              workoutId: w2,
            },
          },
          {
            reps: 3,
            unit: "kg",
            estimated: 112.12,
            actual: {
              weight: 105,
              unit: "kg",
              reps: 3,
              setWeight: 105,
              enteredWeight: 105,
              enteredUnit: "kg",
              date: "2026-03-04",
              workoutId: w2,
            },
          },
          {
            reps: 5,
            unit: "kg",
            estimated: 105.71,
            actual: {
              weight: 100,
              unit: "kg",
              reps: 5,
              setWeight: 100,
              enteredWeight: 100,
              enteredUnit: "kg",
              date: "2026-03-02",
              workoutId: w1,
            },
          },
          {
            reps: 8,
            unit: "kg",
            estimated: 97.37,
            actual: {
              weight: 90,
              unit: "kg",
              reps: 15,
              setWeight: 90,
              enteredWeight: 90,
              enteredUnit: "kg",
              date: "2026-03-02",
              workoutId: w1,
            },
          },
          {
            reps: 10,
            unit: "kg",
            estimated: 92.5,
            actual: {
              weight: 90,
              unit: "kg",
              reps: 15,
              setWeight: 90,
              enteredWeight: 90,
              enteredUnit: "kg",
              date: "2026-03-02",
              workoutId: w1,
            },
          },
        ],
      },
    });

    // Human view: the name it resolved to (from an alias with a typo), then the records.
    const view = await h.run(["exercise", "records", "benchpres"]);
    expect(view.code).toBe(0);
    const lines = view.stdout.trimEnd().split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Bench Press",
      `Heaviest:           105 kg x 3 (2026-03-04, workout ${w2.slice(0, 8)})`,
      `Best estimated 1RM: 123.3 kg (from 100 kg x 7, 2026-03-04, workout ${w2.slice(0, 8)})`,
      "",
      "Most reps at each weight:",
    ]);
    expect(lines[5]).toMatch(/^ {2}WEIGHT\s+REPS\s+DATE\s+WORKOUT$/);
    expect(lines.slice(6, 9).map((l) => l.trim().split(/\s+/))).toEqual([
      ["90", "kg", "15", "2026-03-02", w1.slice(0, 8)],
      ["100", "kg", "7", "2026-03-04", w2.slice(0, 8)],
      ["105", "kg", "3", "2026-03-04", w2.slice(0, 8)],
    ]);
    expect(lines[9]).toBe("");
    expect(lines[10]).toMatch(/^Rep maxes/);
    expect(lines[11]).toMatch(/^ {2}RM\s+ACTUAL\s+DATE\s+ESTIMATED$/);
    expect(lines.slice(12).map((l) => l.trim().split(/\s+/))).toEqual([
      ["1", "105", "kg", "x", "3", "2026-03-04", "123.3", "kg"],
      ["3", "105", "kg", "x", "3", "2026-03-04", "112.1", "kg"],
      ["5", "100", "kg", "x", "5", "2026-03-02", "105.7", "kg"],
      ["8", "90", "kg", "x", "15", "2026-03-02", "97.4", "kg"],
      ["10", "90", "kg", "x", "15", "2026-03-02", "92.5", "kg"],
    ]);

    // Another exercise of the same workout has its own records.
    const squat = JSON.parse((await h.run(["exercise", "records", "squat", "--json"])).stdout);
    expect(squat.records.heaviest).toMatchObject({ weight: 200, reps: 1, workoutId: w1 });
    expect(squat.records.bestE1rm).toMatchObject({ weight: 200, reps: 1, setWeight: 200 });

    // `svc exercise search <words>` is the search, with words as separate arguments.
    const search = await h.run(["exercise", "search", "bench", "press"]);
    expect(search.code).toBe(0);
    expect(search.stdout.split("\n")[0]).toMatch(/^NAME\s+EQUIPMENT\s+REGION\s+ALSO KNOWN AS$/);
    expect(search.stdout.split("\n")[1]).toMatch(/^Bench Press\s+barbell/);
    const searchJson = JSON.parse((await h.run(["exercise", "search", "bench", "--limit", "2", "--json"])).stdout);
    expect(searchJson).toHaveLength(2);
    expect(searchJson[0]).not.toHaveProperty("records");

    // The contract's `svc exercises <words>` is the same command: same output, same --json, same limits.
    const contract = await h.run(["exercises", "bench", "press"]);
    expect(contract).toEqual(search);
    const contractJson = await h.run(["exercises", "bench", "--limit", "2", "--json"]);
    expect(JSON.parse(contractJson.stdout)).toEqual(searchJson);
    expect(await h.run(["exercises", "bench", "--limit", "100", "--json"])).toMatchObject({ code: 0 });
    const overLimit = await h.run(["exercises", "bench", "--limit", "101"]);
    expect(overLimit.code).toBe(2);
    expect(overLimit.stderr).toContain("Expected an integer less than or equal to 100");
    const noWords = await h.run(["exercises"]);
    expect(noWords.code).toBe(2);
    // Listed in the root help and in the search's own help.
    expect((await h.run(["--help"])).stdout).toMatch(/^ {2}exercises +Find exercises by name/m);
    expect((await h.run(["exercise", "search", "--help"])).stdout).toContain("ALIASES\n  $ svc exercises\n");

    // Records are yours only.
    const other = await signedUp();
    expect(JSON.parse((await other.run(["exercise", "records", "bench", "--json"])).stdout).records).toEqual(
      NO_RECORDS,
    );
  });

  test("records in pounds for a user whose unit is lb", async () => {
    const h = await signedUp();
    expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(W2) })).code).toBe(0);
    expect((await h.run(["settings", "--unit", "lb"])).code).toBe(0);
    const records = JSON.parse((await h.run(["exercise", "records", "bench", "--json"])).stdout).records;
    // 105 kg = 231.49 lb; 100 kg = 220.46 lb, x (1 + 7/30) = 271.91 lb.
    expect(records.heaviest).toMatchObject({ weight: 231.49, unit: "lb", setWeight: 231.49, reps: 3 });
    expect(records.bestE1rm).toMatchObject({ unit: "lb", setWeight: 220.46, reps: 7 });
    expect(records.bestE1rm.weight).toBeCloseTo(271.91, 1);
    const view = await h.run(["exercise", "records", "bench"]);
    // Read by the display rule: 105 kg = 231.4853 lb -> 231.5 with the kg beside; the e1RM 271.91 -> 271.9
    // from 100 kg = 220.4623 lb -> 220.5; the rep maxes estimated to one decimal.
    expect(view.stdout).toContain("Heaviest:           231.5 lb (105 kg) x 3 (2026-03-04");
    expect(view.stdout).toContain("Best estimated 1RM: 271.9 lb (from 220.5 lb x 7, 2026-03-04");
    expect(view.stdout).toMatch(/^ +220\.5 lb \(100 kg\) +7 +2026-03-04/m);
    expect(view.stdout).not.toMatch(/\d\.\d\d/);
  });

  test("words that fit several exercises list them and exit 2; typos and abbreviations find one", async () => {
    const h = await signedUp();
    const press = await h.run(["exercise", "records", "press"]);
    expect(press.code).toBe(2);
    expect(press.stdout).toBe("");
    expect(press.stderr).toContain('"press" could be several exercises; say which:\n  Bench Press\n  Overhead Press\n');
    expect(press.stderr).toContain('svc exercise records "Bench Press"');
    expect(hasStackTrace(press.stderr)).toBe(false);
    for (const [words, name] of [
      ["deadlfit", "Deadlift"],
      ["DB OHP", "Dumbbell Shoulder Press"],
      ["plnak", "Plank"],
    ]) {
      expect(JSON.parse((await h.run(["exercise", "records", words, "--json"])).stdout).name).toBe(name);
    }
  });

  test("bodyweight reps and the longest hold in the human view", async () => {
    const h = await signedUp();
    const doc = {
      date: "2026-03-05",
      exercises: [
        { exercise: "push ups", sets: ["bw x 20", "x25"] },
        { exercise: "plank", sets: ["45s", "20x1:30"] },
      ],
    };
    const applied = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(doc) });
    const w = JSON.parse(applied.stdout).workout.id.slice(0, 8);
    expect((await h.run(["exercise", "records", "push-up"])).stdout).toBe(
      `Push-Up\nMost reps at bodyweight: 25 (2026-03-05, workout ${w})\n`,
    );
    expect((await h.run(["exercise", "records", "plank"])).stdout).toBe(
      `Plank\nLongest hold:            1:30 with 20 kg (2026-03-05, workout ${w})\n`,
    );
  });

  test("no match: exit 1; no words: exit 2; signed out: exit 4", async () => {
    const h = await signedUp();
    const none = await h.run(["exercise", "records", "qqqqqqqqqqqq"]);
    expect(none).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Error: No exercise matches "qqqqqqqqqqqq". See `svc exercise search qqqqqqqqqqqq`.\n',
    });
    const noWords = await h.run(["exercise", "records"]);
    expect(noWords.code).toBe(2);
    expect(noWords.stderr).toContain("svc exercise records --help");
    expect(hasStackTrace(noWords.stderr)).toBe(false);

    const signedOut = await home().run(["exercise", "records", "bench"]);
    expect(signedOut.code).toBe(4);
    expect(signedOut.stderr).toContain("svc login");
    // A session the server no longer knows is answered as signed out: exit 4, not empty records.
    const stale = await cli.staleHome().run(["exercise", "records", "bench", "--json"]);
    expect(stale.code).toBe(4);
    expect(stale.stderr).toContain("svc login");
    expect(stale.stdout).toBe("");
    // The search itself needs no account.
    expect((await home().run(["exercise", "search", "bench", "--json"])).code).toBe(0);
  });

  test("a read-only API key reads records and plans", async () => {
    const h = await signedUp();
    await applyRoutine(h);
    expect((await h.run(["workout", "apply", "-"], { input: JSON.stringify(W2) })).code).toBe(0);
    const key = (
      await h.run(["key", "create", "--name", "ro", "--access", "read-only", "--expires", "30d"])
    ).stdout.trim();
    const reader = home({ SVC_API_KEY: key });
    expect(
      JSON.parse((await reader.run(["exercise", "records", "bench", "--json"])).stdout).records.heaviest.weight,
    ).toBe(105);
    expect(await next(reader, ["Push", "--date", "2026-03-09"])).toEqual(
      await next(h, ["Push", "--date", "2026-03-09"]),
    );
  });
});
