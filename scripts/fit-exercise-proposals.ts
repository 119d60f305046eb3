// A first proposal of the FIT exercise for a catalog exercise: the profile's exercise name (of any
// category) sharing the most words with the catalog name and its equipment, fewest others. Only a
// proposal: scripts/fit-exercises.ts writes it for a catalog exercise the mapping lacks, to be
// checked by a person (sdk/src/fit/exercises.json is the data; its entries are never rewritten).
import { Profile } from "@garmin/fitsdk";

const SAME_WORD: Record<string, string> = {
  flye: "fly",
  flyes: "fly",
  flies: "fly",
  triceps: "tricep",
  banded: "band",
  bodyweight: "body weight",
  dumbbells: "dumbbell",
};
const EQUIPMENT_WORDS = new Set(["barbell", "dumbbell", "kettlebell", "cable", "band", "machine"]);

/** Words of a catalog name or a FIT identifier, singular, in one spelling (`Pull-Ups`, `pullUp` -> pull, up). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
    if (!raw) continue;
    for (let w of (SAME_WORD[raw] ?? raw).split(" ")) {
      if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
      out.push(w);
    }
  }
  return out;
}

type Candidate = { entry: string; words: string[]; categoryWords: string[] };

function candidates(): Candidate[] {
  const out: Candidate[] = [];
  for (const [type, names] of Object.entries(Profile.types)) {
    const category = /^(.*)ExerciseName$/.exec(type)?.[1];
    if (!category) continue;
    for (const name of Object.values(names))
      out.push({ entry: `${category}/${name}`, words: words(name), categoryWords: words(category) });
  }
  return out;
}

/** How well a FIT exercise's words fit a catalog name's (and its equipment's). */
function score(name: string[], equipment: string | null, c: Candidate): number {
  const fit = new Set(c.words);
  const matched = name.filter((w) => fit.has(w)).length;
  if (!matched) return -Infinity;
  const missing = name.filter((w) => !fit.has(w) && !c.categoryWords.includes(w)).length;
  const extra = [...fit].filter((w) => !name.includes(w) && w !== equipment).length;
  const equipmentHit = equipment && fit.has(equipment) && !name.includes(equipment) ? 1 : 0;
  const inCategory = name.filter((w) => c.categoryWords.includes(w)).length * 0.5;
  return 2 * matched + equipmentHit + inCategory - extra - 1.5 * missing;
}

/** The proposed `category/name` for a catalog exercise, or null when no FIT name shares a word with it. */
export function proposeFitExercise(name: string, equipment: string): string | null {
  const nameWords = words(name);
  const gear = EQUIPMENT_WORDS.has(equipment) ? equipment : null;
  let best: { entry: string; score: number; length: number } | null = null;
  for (const c of candidates()) {
    const s = score(nameWords, gear, c);
    if (s <= 0) continue;
    if (!best || s > best.score || (s === best.score && c.words.length < best.length))
      best = { entry: c.entry, score: s, length: c.words.length };
  }
  return best?.entry ?? null;
}
