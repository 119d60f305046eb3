// NextTarget.explanationParts: the explanation as stable codes and params beside its English
// (docs/explanations.md), so an app says it in its lifter's language. The English is unchanged, and
// the web app's English catalogue writes it from the parts (test/support/explanation-english.ts; the
// progression tests hold that for every rule).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { useTestServer, gqlData, signUpWithUnit, type SignedUpUser } from "../support/harness.ts";
import { englishFromParts } from "../support/explanation-english.ts";
import { explanationFromParts } from "../../web/src/i18n/explanationParts.ts";

const s = useTestServer();

const APPLY_ROUTINE = `mutation($doc: JSON!) { applyRoutineDocument(input: { document: $doc }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($doc: JSON!) { applyWorkoutDocument(input: { document: $doc }) { workout { id } } }`;
const TARGETS = `query($id: UUID!, $date: String) { routineById(id: $id) { nextTargets(date: $date) { explanation explanationParts } } }`;

const call = (u: SignedUpUser, query: string, variables: Record<string, unknown>) =>
  gqlData(s.url, query, variables, { token: u.token });

async function targets(
  u: SignedUpUser,
  routine: Record<string, unknown>,
  workouts: Record<string, unknown>[],
  date: string,
) {
  const id = (await call(u, APPLY_ROUTINE, { doc: routine })).applyRoutineDocument.routine.id;
  for (const doc of workouts) await call(u, APPLY_WORKOUT, { doc: { routine: id, ...doc } });
  return (await call(u, TARGETS, { id, date })).routineById.nextTargets as {
    explanation: string;
    explanationParts: unknown;
  }[];
}

const weight = (w: number, unit: string) => ({ weight: w, unit });
const work = (sets: number, reps: number) => ({ code: "work", params: { sets, reps } });

test("a hit: its code and params (the day, the work, the weight lifted, the increment, the new target), beside the English", async () => {
  const u = await signUpWithUnit(s, "kg");
  const [target] = await targets(
    u,
    { name: "Bench day", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 100 }] },
    [{ date: "2026-01-05", exercises: [{ exercise: "Bench Press", sets: ["100x5", "100x5", "100x5"] }] }],
    "2026-01-07",
  );
  expect(target.explanation).toBe("Last session (2026-01-05) hit 3x5 at 100 kg: +2.5 kg to 102.5 kg.");
  expect(target.explanationParts).toEqual([
    {
      code: "hit",
      params: {
        date: "2026-01-05",
        work: work(3, 5),
        lifted: { code: "at", params: { weight: weight(100, "kg") } },
        add: weight(2.5, "kg"),
        weight: weight(102.5, "kg"),
      },
    },
  ]);
  expect(englishFromParts(target.explanationParts)).toBe(target.explanation);
});

test("no history, in a routine of the other unit: the opening and the routine unit's part, each with its weights", async () => {
  const u = await signUpWithUnit(s, "lb");
  const [target] = await targets(
    u,
    {
      name: "Squat day",
      unit: "kg",
      exercises: [{ exercise: "Back Squat", sets: 3, reps: 5, weight: 100, progression: "greyskull" }],
    },
    [],
    "2026-01-07",
  );
  expect(target.explanation).toBe(
    "No history yet: 3x5 at 100 kg as written (greyskull). Last set: as many reps as possible. Routine in kg: 100 kg ≈ 220.5 lb, loaded as 220 lb.",
  );
  expect(target.explanationParts).toEqual([
    {
      code: "openingFirst",
      params: { work: work(3, 5), lifted: { code: "at", params: { weight: weight(100, "kg") } }, rule: "greyskull" },
    },
    { code: "lastSetAmrap", params: {} },
    {
      code: "routineUnit",
      params: {
        routineUnit: "kg",
        routineWeight: weight(100, "kg"),
        about: weight(220.5, "lb"),
        weight: weight(220, "lb"),
      },
    },
  ]);
  expect(englishFromParts(target.explanationParts)).toBe(target.explanation);
});

test("a 5/3/1 week moved on: week, training max and the week's sets as they are written in the document", async () => {
  const u = await signUpWithUnit(s, "kg");
  const cycle = [
    ["65%x5", "75%x5", "85%x5+"],
    ["70%x3", "80%x3", "90%x3+"],
  ];
  const [target] = await targets(
    u,
    { name: "Press day", exercises: [{ exercise: "Overhead Press", sets: 3, trainingMax: 60, cycle, warmups: 0 }] },
    [{ date: "2026-01-05", exercises: [{ exercise: "Overhead Press", sets: ["40x5", "45x5", "50x8"] }] }],
    "2026-01-07",
  );
  const parts = target.explanationParts as { code: string; params: Record<string, unknown> }[];
  expect(parts.map((p) => p.code)).toEqual(["cycleWeek", "cycleSets", "setsMarkedAmrap"]);
  expect(parts[0].params).toEqual({ date: "2026-01-05", week: 1, weeks: 2, next: 2, trainingMax: weight(60, "kg") });
  expect(englishFromParts(target.explanationParts)).toBe(target.explanation);
});

/** The parts written with a language's catalogue (web/src/locales/<lng>/explanations.json) and Intl numbers. */
function writtenIn(lng: string, parts: unknown): string | null {
  const file = join(import.meta.dirname, `../../web/src/locales/${lng}/explanations.json`);
  const catalogue = (JSON.parse(readFileSync(file, "utf8")) as { parts: Record<string, string> }).parts;
  const number = (n: number) => new Intl.NumberFormat(lng).format(n);
  return explanationFromParts(parts, {
    message: (code, values) =>
      catalogue[code] === undefined
        ? null
        : String(new IntlMessageFormat(catalogue[code], lng).format(values as never)),
    day: (iso) => iso,
    weight: (w, unit) => `${number(w)} ${unit}`,
    number,
    duration: (seconds) => `${seconds} s`,
  });
}

test("a 5/3/1 cycle that fell short: which set, its plan and what was done, as parts, so German says it whole", async () => {
  const u = await signUpWithUnit(s, "kg");
  const cycle = [
    ["65%x5", "75%x5", "85%x5+"],
    ["70%x3", "80%x3", "90%x3+"],
  ];
  const [target] = await targets(
    u,
    { name: "Press day", exercises: [{ exercise: "Overhead Press", sets: 3, trainingMax: 60, cycle, warmups: 0 }] },
    [
      { date: "2026-01-05", exercises: [{ exercise: "Overhead Press", sets: ["40x5", "45x5", "50x3"] }] },
      { date: "2026-01-07", exercises: [{ exercise: "Overhead Press", sets: ["42.5x3", "47.5x3", "55x5"] }] },
    ],
    "2026-01-09",
  );
  expect(target.explanation).toMatch(
    /^Last session \(2026-01-07\): week 2 of 2 done; a \+ set of the cycle fell short \(2026-01-05, set 3 \(85%x5\+ at 50 kg\) 3 reps at 50 kg\): training max stays 60 kg; week 1/,
  );
  const parts = target.explanationParts as { code: string; params: Record<string, unknown> }[];
  expect(parts[0]).toEqual({
    code: "cycleStays",
    params: {
      date: "2026-01-07",
      weeks: 2,
      trainingMax: weight(60, "kg"),
      shortfall: {
        code: "shortfallOn",
        params: {
          date: "2026-01-05",
          shortfall: {
            code: "shortfallReps",
            params: { set: 3, sets: "85%x5+", weight: weight(50, "kg"), reps: 3, liftedWeight: weight(50, "kg") },
          },
        },
      },
    },
  });
  expect(englishFromParts(target.explanationParts)).toBe(target.explanation);
  const german = writtenIn("de", [parts[0]]);
  expect(german).toBe(
    "Letzte Einheit (2026-01-07): Woche 2 von 2 erledigt; ein +-Satz des Zyklus blieb darunter (2026-01-05, Satz 3 (85%x5+ mit 50 kg): 3 Wiederholungen mit 50 kg): Trainingsmaximum bleibt 60 kg; Woche 1",
  );
});
