// Property: any account exported as svc's JSON and imported into a fresh account gives identical
// documents. Random accounts (fast-check): routines, workouts with every set form (warm-ups, drops,
// bursts, bodyweight, weighted bodyweight, reps only, holds, weighted holds, RPE, AMRAP, planned
// sets), two unnamed workouts on one day, notes, bodyweights in kg and lb. Through the SDK's own
// export and import, over real HTTP into real PostgreSQL.
import fc from "fast-check";
import { createClient } from "@svc/sdk";
import { exportHistory, exportText, parseImport, importAll, CsvChanges } from "@svc/sdk/import";
import { useTestServer, signUp, gql } from "../support/harness.ts";

const s = useTestServer();

const SET_TEXTS = [
  "100x5",
  "w:60x5",
  "d:80x8",
  "rp:bw x 3",
  "bw x 8",
  "bw+10x5",
  "x12",
  "45s",
  "20x45s",
  "100x5@8",
  "100x5+",
  "0x10",
];
const EXERCISES = ["Bench Press", "Back Squat", "Pull-Up", "Plank", "Deadlift"];

const set = fc.oneof(
  fc.constantFrom(...SET_TEXTS),
  fc.constantFrom(...SET_TEXTS).map((text) => ({ set: text, done: false })),
);
const entry = fc.record(
  {
    exercise: fc.constantFrom(...EXERCISES),
    sets: fc.array(set, { minLength: 1, maxLength: 4 }),
    note: fc.constantFrom("tucked", "line one\nline two"),
  },
  { requiredKeys: ["exercise", "sets"] },
);
const day = fc.integer({ min: 1, max: 9 }).map((d) => `2026-02-0${d}`);
const workout = fc.record(
  {
    date: day,
    // Some start like a spreadsheet formula: written with a leading ', read back without it.
    name: fc.constantFrom("Push", "Legs", '=HYPERLINK("http://x.example","y")', "@home", "-5"),
    notes: fc.constantFrom("felt good", "tired", "+1", "-5 kg", "'=kept"),
    unit: fc.constantFrom("kg", "lb"),
    exercises: fc.array(entry, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ["date", "unit", "exercises"] },
);
const routine = fc.record({
  name: fc.constantFrom("A", "B", "C"),
  unit: fc.constantFrom("kg", "lb"),
  exercises: fc.array(
    fc.record({
      exercise: fc.constantFrom(...EXERCISES),
      sets: fc.integer({ min: 1, max: 5 }),
      reps: fc.constantFrom(5, "8-12"),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});
const bodyweight = fc.record({
  date: day,
  weight: fc.integer({ min: 500, max: 1200 }).map((n) => n / 10),
  unit: fc.constantFrom("KG", "LB"),
});
const account = fc.record({
  routines: fc.uniqueArray(routine, { selector: (r) => r.name, maxLength: 2 }),
  workouts: fc.array(workout, { minLength: 1, maxLength: 5 }),
  // Always two unnamed workouts on one day without a time: the service holds them apart.
  twin: fc.tuple(entry, entry),
  bodyweights: fc.uniqueArray(bodyweight, { selector: (b) => b.date, maxLength: 3 }),
});

/** Every document of an account, ids left out and routine links as names, in a stable order. */
async function snapshot(token: string) {
  const client = createClient({ url: s.url, token });
  const { head, pages } = await exportHistory(client);
  const names = new Map(head.routines.map((r) => [r.id as string, r.name as string]));
  const workouts: string[] = [];
  for await (const page of pages) {
    for (const { id: _id, routine, ...w } of page)
      workouts.push(JSON.stringify(routine ? { ...w, routine: names.get(routine as string) } : w));
  }
  return {
    settings: head.settings,
    routines: head.routines.map(({ id: _id, ...r }) => JSON.stringify(r)).sort(),
    bodyweights: head.bodyweights.map((b) => JSON.stringify(b)).sort(),
    workouts: workouts.sort(),
  };
}

async function exportJson(token: string): Promise<string> {
  const client = createClient({ url: s.url, token });
  let text = "";
  for await (const chunk of exportText(await exportHistory(client), { format: "json" })) text += chunk;
  return text;
}

test("an account exported as JSON and imported into a fresh account gives identical documents", async () => {
  await fc.assert(
    fc.asyncProperty(account, async (a) => {
      const from = await signUp(s.url, "From");
      const client = createClient({ url: s.url, token: from.token });
      const routineIds: string[] = [];
      for (const r of a.routines) routineIds.push((await client.applyRoutineDocument(r)).routine.id);
      for (const [i, w] of a.workouts.entries()) {
        const routine = routineIds.length ? { routine: routineIds[i % routineIds.length] } : {};
        await client.applyWorkoutDocument({ ...w, ...routine });
      }
      for (const exercises of a.twin)
        await client.applyWorkoutDocument({ date: "2026-02-10", unit: "kg", exercises: [exercises] });
      for (const b of a.bodyweights) {
        const res = await gql(
          s.url,
          "mutation($input: BodyweightInput!) { logBodyweight(input: $input) { id } }",
          { input: b },
          { token: from.token },
        );
        expect(res.body.errors).toBeUndefined();
      }
      const before = await snapshot(from.token);
      expect(before.workouts).toHaveLength(a.workouts.length + 2);

      const to = await signUp(s.url, "To");
      const parsed = parseImport(await exportJson(from.token));
      const summary = await importAll(createClient({ url: s.url, token: to.token }), parsed, { dryRun: false });
      expect(summary).toMatchObject({ workouts: a.workouts.length + 2, duplicates: 0, unmapped: 0 });
      expect(await snapshot(to.token)).toEqual(before);
      // Read back once more: nothing new.
      const again = await importAll(createClient({ url: s.url, token: to.token }), parsed, { dryRun: false });
      expect(again).toMatchObject({ workouts: 0, duplicates: a.workouts.length + 2 });
    }),
    { numRuns: 15 },
  );
}, 300_000);

const CSV_RULES: [string, RegExp, string][] = [
  ["burst", /^rp:/, "d:"],
  ["repsOnly", /^(w:|d:)?x(\d+)/, "$1bw x $2"],
  ["zeroWeight", /^(w:|d:)?0x(\d+)$/, "$1bw x $2"],
  ["amrap", /\+(@|$)/, "$1"],
];

/** What Strong's CSV keeps of a workout document as svc reads it back, and the changes that takes (CSV_CHANGES keys). */
function csvForm(doc: Record<string, any>, used: Set<string>): Record<string, any> | null {
  const exercises = [];
  for (const e of doc.exercises) {
    const sets: string[] = [];
    for (const s of e.sets) {
      if (typeof s === "object") {
        used.add("planned");
        continue;
      }
      let text = s as string;
      // Each rule: [change, pattern, replacement] in the order the reading applies them.
      for (const [change, pattern, replacement] of CSV_RULES) {
        if (!pattern.test(text)) continue;
        used.add(change);
        text = text.replace(pattern, replacement);
      }
      sets.push(text);
    }
    if (sets.length) exercises.push({ exercise: e.exercise, sets });
  }
  if (!exercises.length) return null;
  if (doc.name === undefined) used.add("unnamed");
  const { routine: _routine, ...rest } = doc;
  return { ...rest, name: doc.name ?? "Workout", exercises };
}

const csvSet = fc.oneof(
  fc.constantFrom(
    "100x5",
    "w:60x5",
    "d:80x8",
    "bw x 8",
    "100x5@8",
    "45s",
    "20x45s",
    "x12",
    "0x10",
    "rp:100x3",
    "100x5+",
  ),
  fc.constant({ set: "100x5", done: false }),
);
const csvWorkout = fc.record(
  {
    // Some start like a spreadsheet formula: written with a leading ', read back without it.
    name: fc.constantFrom("Push", "Legs", '=HYPERLINK("http://x.example","y")', "@home", "-5"),
    notes: fc.constantFrom("felt good", "tired", "+1", "-5 kg", "'=kept"),
    exercises: fc.uniqueArray(
      fc.record({
        exercise: fc.constantFrom("Bench Press", "Back Squat", "Deadlift"),
        sets: fc.array(csvSet, { minLength: 1, maxLength: 4 }),
      }),
      { selector: (e) => e.exercise, minLength: 1, maxLength: 3 },
    ),
  },
  { requiredKeys: ["exercises"] },
);

test("exported as Strong's CSV and read back, every difference is one the format forces and the export names it", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(csvWorkout, { minLength: 1, maxLength: 5 }), async (workouts) => {
      const from = await signUp(s.url, "Csv from");
      const client = createClient({ url: s.url, token: from.token });
      // One workout a day: Strong's format has no id, so two of one name and time would read back as one.
      for (const [i, w] of workouts.entries())
        await client.applyWorkoutDocument({ ...w, date: `2026-02-0${i + 1}`, unit: "kg" });
      const before = (await snapshot(from.token)).workouts.map((w) => JSON.parse(w));
      const changes = new CsvChanges();
      let csv = "";
      for await (const chunk of exportText(await exportHistory(client), {
        format: "csv",
        unit: "kg",
        timeZone: "UTC",
        changes,
      }))
        csv += chunk;
      const to = await signUp(s.url, "Csv to");
      const parsed = parseImport(csv, { from: "strong", unit: "kg", timeZone: "UTC" });
      await importAll(createClient({ url: s.url, token: to.token }), parsed, { dryRun: false });
      const used = new Set<string>();
      const byDate = (a: any, b: any) => a.date.localeCompare(b.date);
      const expected = before
        .map((w) => csvForm(w, used))
        .filter(Boolean)
        .sort(byDate);
      const after = (await snapshot(to.token)).workouts.map((w) => JSON.parse(w)).sort(byDate);
      expect(after).toEqual(expected);
      // Each change the round trip made is one the export counted (and `svc export` prints).
      for (const change of used)
        expect([change, (changes.counts.get(change as never) ?? 0) > 0]).toEqual([change, true]);
    }),
    { numRuns: 10 },
  );
}, 300_000);
