// Supersets made in the logger: pairing an exercise with another gives them one `superset` letter
// (the partner's, else the first letter no exercise of the workout uses) and puts the exercise's
// card right after its group, since a superset is a run of neighbouring cards (afterTick.ts);
// leaving one clears the letter (and the partner's, left alone) and moves the card after the run.
// Inside a group each exercise is A, B, C... in card order, so a round reads A1 B1, A2 B2.
import type { LogExercise, LogWorkout } from "./draft.ts";
import { groupOf } from "./afterTick.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function freeLetter(w: LogWorkout): string {
  const used = new Set(w.exercises.map((x) => x.superset).filter(Boolean));
  return [...LETTERS].find((l) => !used.has(l)) ?? `S${used.size + 1}`;
}

/** `list` with the exercise `key` taken out and put back right after the exercise `afterKey`. */
function placeAfter(list: LogExercise[], key: string, afterKey: string): LogExercise[] {
  const moved = list.find((x) => x.key === key);
  if (!moved) return list;
  const rest = list.filter((x) => x.key !== key);
  const at = rest.findIndex((x) => x.key === afterKey);
  return [...rest.slice(0, at + 1), moved, ...rest.slice(at + 1)];
}

function relabel(list: LogExercise[], keys: ReadonlySet<string>, label: string): LogExercise[] {
  return list.map((x) => (keys.has(x.key) ? { ...x, superset: label } : x));
}

/** Pairs `exerciseKey` with `partnerKey`: one letter, the exercise's card at the end of the partner's group. */
export function pairSuperset(w: LogWorkout, exerciseKey: string, partnerKey: string): LogWorkout {
  if (exerciseKey === partnerKey || !w.exercises.some((x) => x.key === exerciseKey)) return w;
  const alone = leaveSuperset(w, exerciseKey);
  const partner = alone.exercises.find((x) => x.key === partnerKey);
  if (!partner) return w;
  const group = groupOf(alone, partnerKey);
  const label = partner.superset || freeLetter(alone);
  const labelled = relabel(alone.exercises, new Set([exerciseKey, ...group.map((x) => x.key)]), label);
  return { ...w, exercises: placeAfter(labelled, exerciseKey, group[group.length - 1].key) };
}

/** Takes `exerciseKey` out of its superset; a partner left alone is no superset either. */
export function leaveSuperset(w: LogWorkout, exerciseKey: string): LogWorkout {
  const exercise = w.exercises.find((x) => x.key === exerciseKey);
  if (!exercise?.superset) return w;
  const group = groupOf(w, exerciseKey);
  const others = group.filter((x) => x.key !== exerciseKey);
  const cleared = new Set([exerciseKey, ...(others.length === 1 ? [others[0].key] : [])]);
  const exercises = relabel(w.exercises, cleared, "");
  const last = others[others.length - 1];
  return { ...w, exercises: last ? placeAfter(exercises, exerciseKey, last.key) : exercises };
}

/** The exercise's letter inside its group (A for the first card), or null when it is in no superset. */
export function memberLetter(group: readonly LogExercise[], exerciseKey: string): string | null {
  if (group.length < 2) return null;
  const at = group.findIndex((x) => x.key === exerciseKey);
  return at < 0 ? null : (LETTERS[at] ?? String(at + 1));
}

/** The order sets are done in: A1 B1 A2 B2 ..., an exercise with fewer sets dropping out (work sets only). */
export function roundOrder(group: readonly LogExercise[]): string[] {
  const counts = group.map((x) => x.sets.filter((s) => s.kind !== "warmup").length);
  const rounds = Math.max(0, ...counts);
  const order: string[] = [];
  for (let r = 1; r <= rounds; r += 1)
    group.forEach((x, i) => {
      if (counts[i] >= r) order.push(`${LETTERS[i] ?? i + 1}${r}`);
    });
  return order;
}
