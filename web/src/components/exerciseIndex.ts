// Every exercise the lifter can pick (the catalog and their own), with how many of their workouts
// each was done in, kept in this browser: the picker ranks the lifter's own exercises first (most
// done first) and still finds exercises with no connection. Loaded from storage at once, then
// refreshed from the server once per page load; forgotten at sign-out (auth/session.tsx).
import { useEffect, useState } from "react";
import { graphql, type ResultOf } from "../graphql/graphql.ts";
import { ListedExerciseFields } from "../graphql/fragments.ts";
import { request } from "../graphql/client.ts";

export const ExerciseIndexPage = graphql(
  `
    query ExerciseIndexPage($after: Cursor) {
      allExercises(first: 400, after: $after, orderBy: [NAME_ASC]) {
        nodes {
          ...ListedExerciseFields
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [ListedExerciseFields],
);

export const ExerciseUses = graphql(`
  query ExerciseUses {
    viewer {
      id
      workoutExercisesByUserId {
        groupedAggregates(groupBy: [EXERCISE_ID]) {
          keys
          distinctCount {
            workoutId
          }
        }
      }
    }
  }
`);

/** At most this many pages of exercises are kept (the catalog is one, a lifter's own a few more). */
const MAX_PAGES = 5;

export type IndexedExercise = NonNullable<
  NonNullable<ResultOf<typeof ExerciseIndexPage>["allExercises"]>["nodes"][number]
>;

export type ExerciseIndex = {
  exercises: IndexedExercise[];
  /** Workouts each was done in, by exercise id. */ uses: Record<string, number>;
};

const PREFIX = "svc.exercises.v1.";

export function exerciseIndexKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

function readIndex(userId: string): ExerciseIndex | null {
  try {
    const value = JSON.parse(localStorage.getItem(exerciseIndexKey(userId)) ?? "null") as ExerciseIndex | null;
    return value && Array.isArray(value.exercises) ? value : null;
  } catch {
    return null;
  }
}

async function loadIndex(): Promise<ExerciseIndex> {
  const exercises: IndexedExercise[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer: ResultOf<typeof ExerciseIndexPage> = await request(ExerciseIndexPage, { after });
    exercises.push(...(answer.allExercises?.nodes ?? []).flatMap((x) => (x ? [x] : [])));
    const info = answer.allExercises?.pageInfo;
    if (!info?.hasNextPage || !info.endCursor) break;
    after = info.endCursor;
  }
  const uses: Record<string, number> = {};
  const groups = (await request(ExerciseUses, {})).viewer?.workoutExercisesByUserId.groupedAggregates ?? [];
  for (const group of groups) {
    const id = group.keys?.[0];
    if (id) uses[id] = Number(group.distinctCount?.workoutId ?? 0);
  }
  return { exercises, uses };
}

const refreshed = new Set<string>();
/** Every mounted user of the index, told when a refresh comes in (whichever of them started it). */
const listeners = new Set<(userId: string, fresh: ExerciseIndex) => void>();

function refresh(userId: string) {
  if (refreshed.has(userId)) return;
  refreshed.add(userId);
  loadIndex()
    .then((fresh) => {
      for (const listener of listeners) listener(userId, fresh);
      try {
        localStorage.setItem(exerciseIndexKey(userId), JSON.stringify(fresh));
      } catch {
        // Storage full or off: the index lives in this page only.
      }
    })
    .catch(() => refreshed.delete(userId));
}

/** The index as kept here, refreshed once per page load (kept as it was when the server cannot be reached). */
export function useExerciseIndex(userId: string | undefined): ExerciseIndex | null {
  const [index, setIndex] = useState(() => (userId ? readIndex(userId) : null));
  useEffect(() => {
    if (!userId) return;
    const listener = (of: string, fresh: ExerciseIndex) => {
      if (of === userId) setIndex(fresh);
    };
    listeners.add(listener);
    refresh(userId);
    return () => {
      listeners.delete(listener);
    };
  }, [userId]);
  return index;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[-‐‑–—_.]+/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether every typed word starts a word of the exercise's name or of one of its aliases. */
function matches(x: IndexedExercise, typed: string[]): boolean {
  const haystack = [x.name, ...x.aliases].flatMap(words);
  return typed.every((t) => haystack.some((w) => w.startsWith(t)));
}

/** The lifter's own exercises matching the words, most done first. */
export function ownMatches(index: ExerciseIndex | null, text: string): IndexedExercise[] {
  const typed = words(text);
  if (!index || typed.length === 0) return [];
  return index.exercises
    .filter((x) => (index.uses[x.id] ?? 0) > 0 && matches(x, typed))
    .sort((a, b) => (index.uses[b.id] ?? 0) - (index.uses[a.id] ?? 0) || a.name.localeCompare(b.name));
}

/** Every exercise matching the words (the search with no connection): own ones first, then by name. */
export function offlineMatches(index: ExerciseIndex | null, text: string): IndexedExercise[] {
  const typed = words(text);
  if (!index || typed.length === 0) return [];
  const own = ownMatches(index, text);
  return [...own, ...index.exercises.filter((x) => !own.includes(x) && matches(x, typed))];
}
