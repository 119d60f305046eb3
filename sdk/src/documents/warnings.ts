/**
 * Sets that are valid but almost surely a typing mistake: `5x100` reads as 5 kg for 100 reps,
 * while the lifter meant 100 kg for 5 reps. Clients warn about them; the server accepts them.
 */
import { parseSet } from "./text.ts";

export type SwappedSet = { path: string; text: string; weight: number; reps: number };

/** A set reads as swapped when its weight is a whole number from 1 to 20 and its reps are 40 or more. */
const MAX_SWAPPED_WEIGHT = 20;
const MIN_SWAPPED_REPS = 40;

/** The sets of a workout document (raw or canonical) that read as weight and reps swapped. */
export function likelySwappedSets(document: unknown): SwappedSet[] {
  const found: SwappedSet[] = [];
  const exercises = (document as { exercises?: unknown } | null)?.exercises;
  if (!Array.isArray(exercises)) return found;
  exercises.forEach((exercise, i) => {
    const sets = (exercise as { sets?: unknown } | null)?.sets;
    if (!Array.isArray(sets)) return;
    sets.forEach((set, j) => {
      const text = typeof set === "string" ? set : (set as { set?: unknown } | null)?.set;
      if (typeof text !== "string") return;
      // The RIR scale accepts every rating RPE does (and 0), so the effort never hides a set here.
      const parsed = parseSet(text, { effort: "rir" });
      if (!parsed.ok) return;
      const { weight, reps } = parsed.value;
      if (weight === null || reps === null || !Number.isInteger(weight)) return;
      if (weight >= 1 && weight <= MAX_SWAPPED_WEIGHT && reps >= MIN_SWAPPED_REPS) {
        found.push({ path: `exercises[${i}].sets[${j}]`, text, weight, reps });
      }
    });
  });
  return found;
}
