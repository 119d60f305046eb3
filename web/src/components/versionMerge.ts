// Two versions of one routine or workout (the lifter's edit and the one saved elsewhere since it
// was read) paired exercise by exercise, and merged by a choice per exercise. Nothing is dropped
// unless chosen: an exercise on one side only is kept, and "both" keeps every set of both sides.
import type { Translate } from "./richText.tsx";
import { ApiError } from "../graphql/client.ts";
import { isObject, type Doc, type Json } from "./documentValues.ts";
import { localSetText } from "../decimal.ts";

/** A save refused for a version saved elsewhere since: the document sent, the current one, what differs. */
export type VersionConflictInfo = { mine: Doc; current: Doc; currentVersion: number; differences: string[] };

/** The conflict a refused save names (CONFLICT with the current version and document), else null. */
export function versionConflict(error: unknown, mine: unknown): VersionConflictInfo | null {
  if (!(error instanceof ApiError) || error.code !== "CONFLICT") return null;
  const { current, currentVersion, differences } = error.extensions;
  if (!isObject(current) || typeof currentVersion !== "number" || !isObject(mine)) return null;
  return {
    mine,
    current,
    currentVersion,
    differences: Array.isArray(differences) ? differences.map(String) : [],
  };
}

export type Entry = Record<string, Json>;
/** One exercise as the two sides have it (null: that side does not have it). */
export type Pairing = { key: string; name: string; mine: Entry | null; theirs: Entry | null; same: boolean };
export type Choice = "mine" | "theirs" | "both";

const entries = (doc: Doc): Entry[] => (Array.isArray(doc.exercises) ? (doc.exercises as Entry[]) : []);
const nameOf = (e: Entry) => (typeof e.exercise === "string" ? e.exercise.trim().toLowerCase() : "");
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The exercises of both sides paired by name (the k-th entry of a name with the k-th): the lifter's order, then the others'. */
export function pairExercises(mine: Doc, theirs: Doc): Pairing[] {
  const left: (Entry | null)[] = [...entries(theirs)];
  const pairings: Pairing[] = entries(mine).map((entry, i) => {
    const at = left.findIndex((t) => t !== null && nameOf(t) === nameOf(entry));
    const other = at >= 0 ? left[at] : null;
    if (at >= 0) left[at] = null;
    return { key: `m${i}`, name: String(entry.exercise), mine: entry, theirs: other, same: same(entry, other) };
  });
  left.forEach((entry, i) => {
    if (entry) pairings.push({ key: `t${i}`, name: String(entry.exercise), mine: null, theirs: entry, same: false });
  });
  return pairings;
}

/** What a pairing keeps unless the lifter chooses otherwise: one of two equal sides, a one-sided one, else both. */
export function defaultChoice(p: Pairing): Choice {
  if (p.same || !p.theirs) return "mine";
  if (!p.mine) return "theirs";
  return "both";
}

/** A workout exercise with the sets of both sides: the lifter's, then each of the others' not among them. */
function bothSets(mine: Entry, theirs: Entry): Entry {
  const mineSets = Array.isArray(mine.sets) ? [...mine.sets] : [];
  const unmatched = [...mineSets.map((s) => JSON.stringify(s))];
  const extra: Json[] = [];
  for (const s of Array.isArray(theirs.sets) ? theirs.sets : []) {
    const at = unmatched.indexOf(JSON.stringify(s));
    if (at >= 0) unmatched.splice(at, 1);
    else extra.push(s);
  }
  return { ...mine, sets: [...mineSets, ...extra] };
}

function kept(kind: "routine" | "workout", p: Pairing, choice: Choice): Entry[] {
  if (choice === "mine") return p.mine ? [p.mine] : [];
  if (choice === "theirs") return p.theirs ? [p.theirs] : [];
  if (!p.mine || !p.theirs) return [p.mine ?? p.theirs!];
  // A routine exercise's sets are a count: both entries stay.
  return kind === "workout" ? [bothSets(p.mine, p.theirs)] : [p.mine, p.theirs];
}

/**
 * The merged document: the lifter's own fields, each exercise as chosen, and the version saved
 * elsewhere (so saving it goes over that version, and is refused again if it moved on).
 */
export function mergeDocuments(
  kind: "routine" | "workout",
  mine: Doc,
  theirs: Doc,
  choices: Record<string, Choice>,
): Doc {
  const pairings = pairExercises(mine, theirs);
  const exercises = pairings.flatMap((p) => kept(kind, p, choices[p.key] ?? defaultChoice(p)));
  return { ...mine, exercises, version: theirs.version ?? null };
}

/** How one side of a pairing reads: a workout's sets, or a routine exercise's sets and reps. */
export function entryText(entry: Entry | null, t: Translate): string {
  if (!entry) return t("conflict.notThere");
  if (Array.isArray(entry.sets))
    return entry.sets
      .map((s) => localSetText(typeof s === "string" ? s : t("conflict.planned", { set: String((s as Entry).set) })))
      .join(", ");
  const reps = entry.reps ?? entry.time;
  const sets = String(entry.sets);
  if (reps === undefined && entry.weight === undefined) return t("conflict.sets", { sets });
  if (entry.weight === undefined) return t("conflict.setsReps", { sets, reps: String(reps) });
  const weight = localSetText(String(entry.weight));
  if (reps === undefined) return t("conflict.setsWeight", { sets, weight });
  return t("conflict.setsRepsWeight", { sets, reps: String(reps), weight });
}
