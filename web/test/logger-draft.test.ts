// The logger's rows and the workout document they become: planned sets read into rows and written
// back the same, rows with nothing to log left out, typed mistakes kept so validation names them,
// the duration fixed when Finish is first pressed; the weight steppers.
import { validateWorkoutDocument } from "@svc/sdk/documents";
import {
  emptyWorkout,
  newExercise,
  setFromDocument,
  setText,
  stepped,
  toDocument,
  typedNumber,
  uuid,
  workoutFromPlan,
  type LogSet,
} from "../src/pages/log/draft.ts";

const row = (patch: Partial<LogSet>): LogSet => ({ ...setFromDocument("x1", "rpe"), ...patch });

test("every set form of a plan reads into a row and writes back as the same text", () => {
  for (const text of [
    "100x5",
    "w:60x5",
    "d:80x8",
    "rp:70x3",
    "102.5x5@8.5",
    "bw x 8",
    "bw+20x5",
    "x12",
    "45s",
    "1:30",
    "20x45s",
    "0x5",
  ]) {
    const set = setFromDocument({ set: text, done: false }, "rpe");
    expect(set.done).toBe(false);
    const parsed = validateWorkoutDocument({ date: "2026-01-05", exercises: [{ exercise: "Plank", sets: [text] }] });
    if (!parsed.valid) throw new Error(parsed.reason);
    expect(setText(set)).toBe(parsed.document.exercises[0].sets[0] as string);
  }
  expect(setFromDocument("100x5", "rpe").done).toBe(true);
  expect(setFromDocument("100x5@2", "rir").effort).toBe("2");
});

test("a row: reps or time empty is nothing to log; a typed mistake stays as typed for validation to name", () => {
  expect(setText(row({ weight: "100", reps: "", measure: "reps" }))).toBeNull();
  expect(setText(row({ seconds: " ", measure: "time" }))).toBeNull();
  expect(setText(row({ weight: "102,5", reps: "5", effort: "" }))).toBe("102.5x5");
  expect(setText(row({ weight: "", reps: "12", effort: "" }))).toBe("x12");
  expect(setText(row({ weight: "abc", reps: "5", effort: "" }))).toBe("abcx5");
  expect(setText(row({ weight: "100", reps: "5", effort: "hard" }))).toBe("100x5@hard");
  expect(setText(row({ bodyweight: true, weight: "", reps: "8", effort: "" }))).toBe("bw x 8");
  expect(setText(row({ bodyweight: true, weight: "10", reps: "8", effort: "" }))).toBe("bw+10x8");
  expect(setText(row({ measure: "time", weight: "20", seconds: "60", effort: "" }))).toBe("20x1:00");
  const doc = { date: "2026-01-05", exercises: [{ exercise: "Bench Press", sets: ["abcx5"] }] };
  const checked = validateWorkoutDocument(doc);
  expect(checked.valid ? null : checked.path).toBe("exercises[0].sets[0]");
  expect(typedNumber("7.5")).toBe(7.5);
  expect(typedNumber("7.")).toBeNull();
});

test("the document: rows left out are not counted in the paths of the others; the plan's fields kept; minutes from start to the first Finish", () => {
  const w = emptyWorkout("kg", "rpe", new Date("2026-01-05T10:00:00Z"));
  const bench = newExercise("Bench Press", "kg");
  bench.sets = [row({ weight: "60", reps: "", effort: "" }), row({ weight: "60", reps: "5", effort: "", done: true })];
  bench.note = "Elbows in";
  bench.pinned = true;
  w.exercises = [bench];
  w.finishedAt = "2026-01-05T11:02:00Z";
  const { document, origins } = toDocument(w, new Date("2026-01-05T13:00:00Z"));
  expect(document).toMatchObject({
    start: "2026-01-05T10:00:00.000Z",
    minutes: 62,
    unit: "kg",
    effort: "rpe",
    exercises: [{ exercise: "Bench Press", note: "Elbows in", pinned: true, sets: ["60x5"] }],
  });
  expect(origins).toEqual([[{ exercise: 0, set: 1 }]]);
  expect(validateWorkoutDocument(document, { unit: "kg", effort: "rpe" }).valid).toBe(true);
  expect(w.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(uuid()).not.toBe(uuid());
});

test("a routine's plan: its unit and scale, rests, increments and explanations by position, the user's pinned note kept apart", () => {
  const plan = {
    date: "2026-01-05",
    start: "2026-01-05T12:00:00Z",
    unit: "lb",
    effort: "rir",
    routine: "abc",
    exercises: [
      {
        exercise: "Back Squat",
        note: "Belt on",
        pinned: true,
        sets: [
          { set: "w:135x5", done: false },
          { set: "225x5", done: false },
        ],
      },
      { exercise: "Plank", sets: [{ set: "45s", done: false }] },
    ],
  };
  const w = workoutFromPlan(plan as never, {
    routineName: "Legs",
    rests: [180, null],
    increments: [10, null],
    explanations: ["Last session hit: +10 lb.", null],
  });
  expect(w.unit).toBe("lb");
  expect(w.effort).toBe("rir");
  expect(w.routine).toBe("abc");
  expect(w.exercises.map((x) => [x.exercise, x.rest, x.explanation, x.note, x.increment])).toEqual([
    ["Back Squat", 180, "Last session hit: +10 lb.", "Belt on", 10],
    ["Plank", null, "", "", 5],
  ]);
  expect(w.exercises[0].sets.map((s) => [s.kind, s.weight, s.reps, s.done])).toEqual([
    ["warmup", "135", "5", false],
    ["work", "225", "5", false],
  ]);
  expect(w.exercises[1].sets[0]).toMatchObject({ measure: "time", seconds: "45" });
});

test("steppers move by the step, never below 0, in hundredths", () => {
  expect(stepped("60", 2.5)).toBe("62.5");
  expect(stepped("1.25", -2.5)).toBe("0");
  expect(stepped("", 5)).toBe("5");
  expect(stepped("0.1", 0.2)).toBe("0.3");
});
