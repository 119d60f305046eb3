// An exercise done twice in one workout (5/3/1's main sets and its 5x10 Boring But Big sets) is two
// cards: each has a title that tells it apart ("Overhead Press: 5x10") and its own Last column,
// the sets of the same occurrence last time (the n-th entry of that exercise in that workout).
import type { KeptLast } from "./kept.ts";

/** What a title is made of: a card's exercise, its sets and the title the plan gave it (draft.ts' LogExercise). */
type Card = { key: string; exercise: string; title?: string; sets: readonly CardSet[] };
type CardSet = { kind: string; measure: string; reps: string; amrap: boolean };

/** `3 sets` in the logger's language (English otherwise). */
export type SetCount = (count: number) => string;

const englishSetCount: SetCount = (n) => `${n} set${n === 1 ? "" : "s"}`;

/** `5x10`, `5/3/1+`: the reps of the work sets, as a plan writes them. */
function repsSummary(sets: readonly CardSet[], setCount: SetCount): string {
  const work = sets.filter((s) => s.kind === "work" && s.measure === "reps" && s.reps.trim() !== "");
  if (work.length === 0) return setCount(sets.length);
  const reps = work.map((s) => `${s.reps.trim()}${s.amrap ? "+" : ""}`);
  return reps.every((r) => r === reps[0]) ? `${work.length}x${reps[0]}` : reps.join("/");
}

/** The card titles of a workout's exercises: the name, with the sets beside it when the name repeats. */
export function cardTitles(exercises: readonly Card[], setCount: SetCount = englishSetCount): string[] {
  const titles = exercises.map((x) =>
    exercises.filter((y) => y.exercise === x.exercise).length > 1
      ? (x.title ?? `${x.exercise}: ${repsSummary(x.sets, setCount)}`)
      : x.exercise,
  );
  // Two cards alike in everything get their place: "Curl: 3x10 (2)".
  return titles.map((t, i) =>
    titles.indexOf(t) === i ? t : `${t} (${titles.slice(0, i + 1).filter((u) => u === t).length})`,
  );
}

/** Which occurrence of its exercise each card is (0 for the first). */
export function occurrenceOf(exercises: readonly Card[], index: number): number {
  return exercises.slice(0, index).filter((y) => y.exercise === exercises[index].exercise).length;
}

/** Last time's sets of the n-th occurrence: that entry's sets when the workout had it, else none (its first: all). */
export function lastOfOccurrence(last: KeptLast | undefined, occurrence: number): KeptLast | undefined {
  if (!last) return last;
  const entries = [...new Set(last.sets.map((s) => s.workoutExerciseId ?? ""))];
  if (entries.length <= 1 && occurrence === 0) return last;
  const entry = entries[occurrence];
  return { ...last, sets: entry === undefined ? [] : last.sets.filter((s) => (s.workoutExerciseId ?? "") === entry) };
}

/** Each card's own last time, by its key: of an exercise in the workout twice, the same occurrence's sets. */
export function lastByCard(
  cards: readonly Card[],
  lastByName: ReadonlyMap<string, KeptLast>,
): Map<string, KeptLast | undefined> {
  return new Map(cards.map((x, i) => [x.key, lastOfOccurrence(lastByName.get(x.exercise), occurrenceOf(cards, i))]));
}
