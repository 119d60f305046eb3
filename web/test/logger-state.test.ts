// The logger's state as a reducer: each action on a workout, the same actions applied in two tabs
// in either order reaching the same workout (no tick lost), what a tick starts (the rest, a
// warm-up's short rest, a superset partner's next set, the round's rest from its last exercise),
// and an old draft read into the current format.
import { emptySet, emptyWorkout, migrateDraft, newExercise, setText, type LogWorkout } from "../src/pages/log/draft.ts";
import { logReducer, type LogAction } from "../src/pages/log/logState.ts";
import { afterTick, groupOf } from "../src/pages/log/afterTick.ts";

function workout(): LogWorkout {
  const w = emptyWorkout("kg", "rpe", new Date("2026-03-01T10:00:00Z"));
  const bench = { ...newExercise("Bench Press", "kg"), rest: 180 };
  bench.sets = [
    { ...bench.sets[0], kind: "warmup", weight: "40", reps: "5" },
    { ...emptySet(), weight: "80", reps: "5" },
    { ...emptySet(), weight: "80", reps: "5" },
  ];
  return { ...w, exercises: [bench] };
}

function superset(): LogWorkout {
  const w = emptyWorkout("kg", "rpe");
  const make = (name: string, rest: number | null, label: string) => {
    const x = { ...newExercise(name, "kg"), rest, superset: label };
    x.sets = [
      { ...x.sets[0], weight: "20", reps: "10" },
      { ...emptySet(), weight: "20", reps: "10" },
    ];
    return x;
  };
  return { ...w, exercises: [make("Curl", 30, "A"), make("Pushdown", 75, "A"), make("Squat", null, "")] };
}

const apply = (w: LogWorkout | null, actions: LogAction[]) => actions.reduce(logReducer, w);

test("each action changes what it names and nothing else", () => {
  const w = workout();
  const [bench] = w.exercises;
  const [warm, first] = bench.sets;
  expect(
    apply(w, [{ type: "tick", exercise: bench.key, set: first.key, done: true }])!.exercises[0].sets.map((s) => s.done),
  ).toEqual([false, true, false]);
  const edited = apply(w, [{ type: "editSet", exercise: bench.key, set: warm.key, patch: { weight: "42.5" } }])!;
  expect(edited.exercises[0].sets.map((s) => s.weight)).toEqual(["42.5", "80", "80"]);
  expect(w.exercises[0].sets[0].weight).toBe("40"); // the state before is not changed
  const added = apply(w, [{ type: "addSet", exercise: bench.key, set: emptySet(first) }])!;
  expect(added.exercises[0].sets.map((s) => s.weight)).toEqual(["40", "80", "80", "80"]);
  const removed = apply(w, [{ type: "removeSet", exercise: bench.key, set: warm.key }])!;
  expect(removed.exercises[0].sets).toHaveLength(2);
  const undone = apply(removed, [{ type: "insertSet", exercise: bench.key, index: 0, set: warm }])!;
  expect(undone.exercises[0].sets.map((s) => s.key)).toEqual(bench.sets.map((s) => s.key));
  // Put back twice (Undo reached both tabs) is still one row.
  expect(
    apply(undone, [{ type: "insertSet", exercise: bench.key, index: 0, set: warm }])!.exercises[0].sets,
  ).toHaveLength(3);
  expect(apply(w, [{ type: "field", field: "notes", value: "Felt strong" }])!.notes).toBe("Felt strong");
  expect(apply(w, [{ type: "end" }])).toBeNull();
  // Nothing in progress: only a start makes a workout; a start keeps one already in progress.
  expect(apply(null, [{ type: "tick", exercise: bench.key, set: first.key, done: true }])).toBeNull();
  const other = emptyWorkout("lb", "rir");
  expect(apply(w, [{ type: "start", workout: other }])).toBe(w);
  expect(apply(null, [{ type: "start", workout: other }])).toBe(other);
});

test("moving an exercise stops at either end; Finish's time is kept from the first press", () => {
  const w = superset();
  const keys = (x: LogWorkout | null) => x!.exercises.map((e) => e.exercise);
  const [curl, , squat] = w.exercises;
  expect(keys(apply(w, [{ type: "moveExercise", exercise: squat.key, by: -1 }]))).toEqual([
    "Curl",
    "Squat",
    "Pushdown",
  ]);
  expect(keys(apply(w, [{ type: "moveExercise", exercise: curl.key, by: -1 }]))).toEqual(["Curl", "Pushdown", "Squat"]);
  expect(keys(apply(w, [{ type: "moveExercise", exercise: squat.key, by: 1 }]))).toEqual(["Curl", "Pushdown", "Squat"]);
  const finished = apply(w, [
    { type: "finishing", at: "2026-03-01T11:00:00.000Z" },
    { type: "finishing", at: "2026-03-01T11:05:00.000Z" },
  ]);
  expect(finished!.finishedAt).toBe("2026-03-01T11:00:00.000Z");
});

test("a refused save's message goes with the next edit, a tick keeps it; the save state is not sent to other tabs", () => {
  const w = { ...workout(), save: { status: "failed", message: "Bench Press set 2: reps must be ..." } } as LogWorkout;
  const [bench] = w.exercises;
  expect(
    apply(w, [{ type: "editSet", exercise: bench.key, set: bench.sets[1].key, patch: { reps: "5" } }])!.save,
  ).toEqual({ status: "logging" });
  expect(apply(w, [{ type: "tick", exercise: bench.key, set: bench.sets[1].key, done: true }])!.save.status).toBe(
    "failed",
  );
});

test("two tabs applying each other's actions in either order hold the same workout: no tick is lost", () => {
  const w = workout();
  const [bench] = w.exercises;
  const mine: LogAction[] = [
    { type: "tick", exercise: bench.key, set: bench.sets[1].key, done: true },
    { type: "editSet", exercise: bench.key, set: bench.sets[2].key, patch: { reps: "4" } },
  ];
  const theirs: LogAction[] = [
    { type: "tick", exercise: bench.key, set: bench.sets[0].key, done: true },
    { type: "addSet", exercise: bench.key, set: emptySet(bench.sets[2]) },
  ];
  const a = apply(apply(w, mine), theirs);
  const b = apply(apply(w, theirs), mine);
  expect(a).toEqual(b);
  expect(a!.exercises[0].sets.map((s) => s.done)).toEqual([true, true, false, false]);
  expect(a!.exercises[0].sets[2].reps).toBe("4");
});

test("after a tick: the exercise's rest, a warm-up's own rest, the default 90 s", () => {
  const w = workout();
  const [bench] = w.exercises;
  expect(afterTick(w, bench.key, bench.sets[0].key, 60)).toEqual({
    kind: "rest",
    seconds: 60,
    label: "Bench Press set 1",
  });
  expect(afterTick(w, bench.key, bench.sets[1].key, 60)).toEqual({
    kind: "rest",
    seconds: 180,
    label: "Bench Press set 2",
  });
  const noRest = { ...w, exercises: [{ ...bench, rest: null }] };
  expect(afterTick(noRest, bench.key, bench.sets[2].key, 60)).toMatchObject({ seconds: 90 });
});

test("a superset round: the partner's next set, then the round's rest from its last exercise", () => {
  let w = superset();
  const [curl, pushdown, squat] = w.exercises;
  expect(groupOf(w, pushdown.key).map((x) => x.exercise)).toEqual(["Curl", "Pushdown"]);
  expect(groupOf(w, squat.key).map((x) => x.exercise)).toEqual(["Squat"]);
  const tick = (x: { key: string; sets: { key: string }[] }, j: number) => {
    w = logReducer(w, { type: "tick", exercise: x.key, set: x.sets[j].key, done: true })!;
    return afterTick(w, x.key, x.sets[j].key, 60);
  };
  expect(tick(curl, 0)).toEqual({ kind: "partner", exercise: pushdown.key, set: pushdown.sets[0].key });
  // The round is complete: rest from Pushdown (the round's last exercise), not Curl's 30 s.
  expect(tick(pushdown, 0)).toEqual({ kind: "rest", seconds: 75, label: "round 1 of Curl + Pushdown" });
  // Starting the next round from the partner moves back to the first exercise.
  expect(tick(pushdown, 1)).toEqual({ kind: "partner", exercise: curl.key, set: curl.sets[1].key });
  expect(tick(curl, 1)).toMatchObject({ kind: "rest", seconds: 75 });
  // The same label further away is another superset.
  const apart = { ...w, exercises: [w.exercises[0], w.exercises[2], { ...w.exercises[1] }] };
  expect(groupOf(apart, curl.key).map((x) => x.exercise)).toEqual(["Curl"]);
});

test("a draft of format 1 is read as format 2 (sets unmarked), a draft being saved is tried again, other formats are not read", () => {
  const current = workout();
  const old = JSON.parse(JSON.stringify({ ...current, version: 1, save: { status: "saving" } }));
  for (const x of old.exercises) for (const s of x.sets) delete s.amrap;
  const read = migrateDraft(old)!;
  expect(read.version).toBe(2);
  expect(read.exercises[0].sets.map((s) => s.amrap)).toEqual([false, false, false]);
  expect(read.exercises[0].sets.map((s) => s.weight)).toEqual(["40", "80", "80"]);
  expect(read.save).toEqual({ status: "waiting", message: "The last save did not finish; it is tried again." });
  expect(migrateDraft({ ...old, version: 3 })).toBeNull();
  expect(migrateDraft({ version: 2 })).toBeNull();
  expect(migrateDraft(null)).toBeNull();
});
test("an AMRAP row keeps its + when saved: the reps written are the reps done", () => {
  const row = { ...emptySet(), weight: "270", reps: "5", amrap: true };
  expect(setText(row)).toBe("270x5+");
  expect(setText({ ...row, reps: "8", effort: "9" })).toBe("270x8+@9");
});
test("an AMRAP row done for 0 reps is saved as 0 reps done, not as at least 0", () => {
  const row = { ...emptySet(), weight: "190", reps: "0", amrap: true };
  expect(setText(row)).toBe("190x0");
  expect(setText({ ...row, reps: "1" })).toBe("190x1+");
  expect(setText({ ...row, weight: "", reps: "0" })).toBe("x0");
});
