// The catalog's FIT exercises (sdk/src/fit/exercises.json) against the FIT SDK's profile and the
// live catalog: every catalog exercise has an entry, every entry names a catalog exercise, and
// every category and exercise name is the profile's. The mapping back (catalogNameOf) and the
// generator's proposals are checked on known names.
import pg from "pg";
import { Profile } from "@garmin/fitsdk";
import { FIT_EXERCISES, fitExerciseOf, catalogNameOf, fitWords } from "@svc/sdk/fit";
import { freshDatabase } from "../support/harness.ts";
import { proposeFitExercise, words } from "../../scripts/fit-exercise-proposals.ts";

let catalog: { name: string; equipment: string }[];
beforeAll(async () => {
  const db = await freshDatabase();
  const client = new pg.Client({ connectionString: db.ownerUrl });
  await client.connect();
  catalog = (await client.query("select name, equipment from app_public.exercises where user_id is null")).rows;
  await client.end();
  await db.drop();
});

test("every catalog exercise has a FIT exercise, and every entry is a catalog exercise", () => {
  const names = catalog.map((e) => e.name).sort();
  expect(names.length).toBeGreaterThan(300);
  expect(Object.keys(FIT_EXERCISES).sort()).toEqual(names);
});

test("every category and exercise name is the FIT profile's", () => {
  const categories = new Set(Object.values(Profile.types.exerciseCategory));
  const bad: string[] = [];
  for (const [name, entry] of Object.entries(FIT_EXERCISES)) {
    const [category, exercise, ...rest] = entry.split("/");
    if (rest.length || !categories.has(category)) bad.push(`${name}: ${entry}`);
    else if (
      exercise !== undefined &&
      !Object.values(Profile.types[`${category}ExerciseName`] ?? {}).includes(exercise)
    )
      bad.push(`${name}: ${entry}`);
  }
  expect(bad).toEqual([]);
  // Most of the catalog has an exercise name of its own, not only a category.
  expect(Object.values(FIT_EXERCISES).filter((e) => e.includes("/")).length).toBeGreaterThan(250);
});

test("lookups both ways", () => {
  expect(fitExerciseOf("bench press")).toEqual({ category: "benchPress", name: "barbellBenchPress" });
  expect(fitExerciseOf("Landmine Press")).toEqual({ category: "shoulderPress", name: null });
  expect(fitExerciseOf("My Own Lift")).toEqual({ category: "unknown", name: null });
  // The catalog name closest to FIT's of a pair: Bench Press, not Pin Press or Pause Bench Press.
  expect(catalogNameOf("benchPress", "barbellBenchPress")).toBe("Bench Press");
  expect(catalogNameOf("squat", "barbellBackSquat")).toBe("Back Squat");
  expect(catalogNameOf("squat", "weightedSquat")).toBeNull();
  expect(catalogNameOf("benchPress", null)).toBeNull();
  expect(fitWords("barbellBenchPress")).toBe("Barbell Bench Press");
  expect(fitWords("3WayCalfRaise")).toBe("3 Way Calf Raise");
});

test("the generator's proposals for names it has not seen", () => {
  expect(words("Tricep Pushdowns")).toEqual(["tricep", "pushdown"]);
  expect(proposeFitExercise("Close-Grip Bench Press", "barbell")).toBe("benchPress/closeGripBarbellBenchPress");
  expect(proposeFitExercise("Dumbbell Lateral Raise", "dumbbell")).toBe("lateralRaise/dumbbellLateralRaise");
  expect(proposeFitExercise("Qwxyz", "other")).toBeNull();
});
