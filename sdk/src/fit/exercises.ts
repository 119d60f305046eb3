/**
 * The catalog's exercises as FIT knows them: exercises.json maps each catalog name to a FIT
 * exercise category and, where the profile has one that fits, an exercise name of that category
 * (`"benchPress/barbellBenchPress"`, or `"shoulderPress"` alone). The names are the FIT SDK
 * profile's (`Profile.types.exerciseCategory`, `Profile.types.<category>ExerciseName`);
 * test/api/fit-exercises.test.ts checks every entry against the profile and the live catalog, and
 * `npm run fit-exercises` proposes entries for catalog exercises the file lacks.
 */
import EXERCISES from "./exercises.json" with { type: "json" };

/** A FIT exercise: its category and (when the profile has a fitting one) its name in that category. */
export type FitExercise = { category: string; name: string | null };

/** Catalog name -> `category/name` or `category`. */
export const FIT_EXERCISES: Readonly<Record<string, string>> = EXERCISES;

/** Names compared ignoring case, spacing, hyphens and dots (as the resolver's `name` tier does). */
function key(name: string): string {
  return name.toLowerCase().replace(/[\s\-.]+/g, "");
}

function split(entry: string): FitExercise {
  const [category, name] = entry.split("/");
  return { category, name: name ?? null };
}

const byKey = new Map(Object.entries(FIT_EXERCISES).map(([name, entry]) => [key(name), split(entry)]));

/** The FIT exercise of a catalog exercise name; category `unknown` for a custom exercise or a name not in the catalog. */
export function fitExerciseOf(exercise: string): FitExercise {
  return byKey.get(key(exercise)) ?? { category: "unknown", name: null };
}

/** Lower-case words of a name or a FIT identifier (`Close-Grip`, `closeGrip` -> close, grip). */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The catalog exercise a FIT category and name stand for: of the catalog names mapped to exactly
 * that pair, the one closest to the FIT name (most words shared, fewest of its own besides:
 * `benchPress/barbellBenchPress` -> Bench Press, not Pin Press or Pause Bench Press), or null.
 */
export function catalogNameOf(category: string, name: string | null): string | null {
  if (!name) return null;
  const entry = `${category}/${name}`;
  const fit = new Set(words(name));
  let best: { name: string; score: number } | null = null;
  for (const [catalogName, mapped] of Object.entries(FIT_EXERCISES)) {
    if (mapped !== entry) continue;
    const own = words(catalogName);
    const score = own.filter((w) => fit.has(w)).length * 2 - own.filter((w) => !fit.has(w)).length;
    if (!best || score > best.score || (score === best.score && catalogName.length < best.name.length))
      best = { name: catalogName, score };
  }
  return best?.name ?? null;
}

/** A FIT identifier in words: `barbellBenchPress` -> `Barbell Bench Press`, `3WayCalfRaise` -> `3 Way Calf Raise`. */
export function fitWords(identifier: string): string {
  return identifier
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase());
}
