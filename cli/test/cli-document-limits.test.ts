// The real `svc` binary against the real server: documents at and over their limits, and inputs a
// user really sends: a byte order mark, `null`, a file over the server's body limit, a set typed
// as `5x100`, a name with a tab, broken JSON. Each one named clearly, nothing saved when refused.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { REASONS } from "@svc/sdk/documents";
import { type TestServer } from "../../test/support/harness.ts";
import { cliServer, hasStackTrace, type Home } from "./support.ts";
import { workoutOfSize } from "../../sdk/test/support/documents.ts";

const cli = cliServer();
let s: TestServer;
beforeAll(() => {
  s = cli.fixture.server;
});

const signedUp = () => cli.signUpHome("Limits", cli.email("limits"), "correct horse battery");

function file(h: Home, name: string, content: string): string {
  const p = path.join(h.home, name);
  writeFileSync(p, content);
  return p;
}

const WORKOUT = { date: "2026-03-02", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["100x5", "100x5"] }] };

async function workouts(): Promise<number> {
  const { rows } = await s.ownerPool.query("select count(*)::int as n from app_public.workouts");
  return rows[0].n;
}

test("a UTF-8 byte order mark at the start of a file or of standard input is accepted", async () => {
  const h = await signedUp();
  const routine = await h.run([
    "routine",
    "apply",
    file(h, "bom.json", `\ufeff${JSON.stringify({ name: "BOM", exercises: [{ exercise: "bench", sets: 3 }] })}`),
  ]);
  expect(routine.stderr).toBe("");
  expect(routine.code).toBe(0);
  expect(routine.stdout).toMatch(/^Created routine BOM /);
  const workout = await h.run(["workout", "apply", "-"], { input: `\ufeff${JSON.stringify(WORKOUT)}` });
  expect(workout.stderr).toBe("");
  expect(workout.code).toBe(0);
  expect(workout.stdout).toMatch(/^Logged workout on 2026-03-02 /);
});

test("null, an array or a number as the document: `document: must be an object`, exit 2, nothing sent or saved", async () => {
  const h = await signedUp();
  const before = await workouts();
  for (const text of ["null", "[]", "5", '"workout"']) {
    for (const args of [
      ["workout", "apply", "-"],
      ["workout", "apply", "-", "--dry-run"],
      ["routine", "apply", "-"],
    ]) {
      const r = await h.run(args, { input: text });
      expect({ text, args, code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        text,
        args,
        code: 2,
        stderr: `document: ${REASONS.object}\n`,
        stdout: "",
      });
    }
  }
  expect(await workouts()).toBe(before);
});

test("broken JSON is described with its line and column, never the parser's own message", async () => {
  const h = await signedUp();
  const cases: [string, RegExp][] = [
    [
      '{\n  "date": "2026-03-02",\n  "exercises": [}\n}',
      /^Error: standard input is not valid JSON: unexpected "}" at line 3, column 17\.\n$/,
    ],
    ['{"date": "2026-03-02", }', /^Error: standard input is not valid JSON: unexpected "}" at line 1, column 24\.\n$/],
    ['{"date": "2026-03-02', /^Error: standard input is not valid JSON: it ends before the document is complete\.\n$/],
    ['{"date": ', /^Error: standard input is not valid JSON: it ends before the document is complete\.\n$/],
  ];
  for (const [input, message] of cases) {
    const r = await h.run(["workout", "apply", "-"], { input });
    expect({ input, code: r.code }).toEqual({ input, code: 2 });
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/JSON\.parse|position \d|Unexpected token|SyntaxError/);
  }
});

test("a file over the server's body limit is named with its size and the limit, exit 2, nothing saved", async () => {
  const h = await signedUp();
  const before = await workouts();
  // 1.5 MB of notes-sized padding in sets: far over the body limit (1mb).
  const big = {
    ...WORKOUT,
    exercises: workoutOfSize(3000, 50, "100x5").exercises,
  };
  const p = file(h, "huge.json", JSON.stringify(big));
  const r = await h.run(["workout", "apply", p]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(
    /^Error: .*huge\.json is too large to send \(\d+\.\d MB\): the server accepts requests of at most 1mb\. A workout holds at most 100 exercises and 500 sets: split it\.\n$/,
  );
  expect(hasStackTrace(r.stderr)).toBe(false);
  expect(await workouts()).toBe(before);
});

test("a document under the body limit but over the document limits is refused at its path, fast, nothing saved", async () => {
  const h = await signedUp();
  const before = await workouts();
  const sets = { ...WORKOUT, exercises: [{ exercise: "Bench Press", sets: Array(20000).fill("100x5") }] };
  const r = await h.run(["workout", "apply", "-"], { input: JSON.stringify(sets) });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: `exercises: ${REASONS.workoutSets}\n` });
  const many = { ...WORKOUT, exercises: Array(101).fill({ exercise: "Bench Press", sets: ["100x5"] }) };
  const r2 = await h.run(["workout", "apply", "-"], { input: JSON.stringify(many) });
  expect({ code: r2.code, stderr: r2.stderr }).toEqual({ code: 2, stderr: `exercises: ${REASONS.workoutExercises}\n` });
  expect(await workouts()).toBe(before);
});

test("a set like 5x100 is saved as written with a warning on standard error; 100x5 and 10x30 are not warned about", async () => {
  const h = await signedUp();
  const doc = {
    ...WORKOUT,
    exercises: [
      { exercise: "Bench Press", sets: ["100x5", "5x100", "10x30"] },
      { exercise: "Squat", sets: ["3x225@8"] },
    ],
  };
  const r = await h.run(["workout", "apply", "-", "--json"], { input: JSON.stringify(doc) });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe(
    'Warning: exercises[0].sets[1] "5x100" reads as 5 kg for 100 reps; if you meant 100 kg for 5 reps, write 100x5.\n' +
      'Warning: exercises[1].sets[0] "3x225@8" reads as 3 kg for 225 reps; if you meant 225 kg for 3 reps, write 225x3.\n',
  );
  expect(JSON.parse(r.stdout).document.exercises[0].sets).toEqual(["100x5", "5x100", "10x30"]);
  const dry = await h.run(["workout", "apply", "-", "--dry-run"], {
    input: JSON.stringify({ ...doc, unit: undefined }),
  });
  expect(dry.code).toBe(0);
  expect(dry.stderr).toContain(
    'Warning: exercises[0].sets[1] "5x100" reads as 5 for 100 reps; if you meant 100 for 5 reps, write 100x5.\n',
  );
  const plain = await h.run(["workout", "apply", "-"], { input: JSON.stringify(WORKOUT) });
  expect({ code: plain.code, stderr: plain.stderr }).toEqual({ code: 0, stderr: "" });
});

test("a tab or newline in a name is refused at its path (routine, workout, exercise), exit 2", async () => {
  const h = await signedUp();
  const cases: [string[], unknown, string][] = [
    [["routine", "apply", "-"], { name: "Push\tA", exercises: [] }, "name"],
    [["workout", "apply", "-"], { ...WORKOUT, name: "Heavy\nday" }, "name"],
    [
      ["workout", "apply", "-"],
      { ...WORKOUT, exercises: [{ exercise: "Bench\nPress", sets: ["100x5"] }] },
      "exercises[0].exercise",
    ],
  ];
  for (const [args, doc, at] of cases) {
    const r = await h.run(args, { input: JSON.stringify(doc) });
    expect({ args, code: r.code, stderr: r.stderr }).toEqual({
      args,
      code: 2,
      stderr: `${at}: ${REASONS.controlCharacter}\n`,
    });
  }
});
