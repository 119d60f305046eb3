// Last time and the records of the workout's exercises, asked of the server and kept with the
// draft (kept.ts): with no connection, what was kept is shown, after a reload too.
import { useEffect, useMemo, useState } from "react";
import { useSession } from "../../auth/session.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { keepLast, keepRecords, keptContext, type KeptLast, type KeptRecords } from "./kept.ts";
import { ExerciseRecordsOf, LastTime } from "./operations.ts";

/**
 * Last time of each exercise named, by name: the server's answer (the routine's own last session
 * first, when one is being logged), else what this device kept.
 */
export function useLastTime(userId: string, names: readonly string[], routine?: string | null): Map<string, KeptLast> {
  const [kept] = useState(() => keptContext(userId).last);
  const exercises = useMemo(() => [...names], [names]);
  const last = useQuery(LastTime, { exercises, routine: routine ?? null }, { skip: exercises.length === 0 });
  const fresh = last.data?.lastPerformance;
  useEffect(() => {
    if (fresh) keepLast(userId, fresh);
  }, [userId, fresh]);
  return new Map([...Object.entries(kept), ...(fresh ?? []).flatMap((x) => (x ? [[x.exercise, x] as const] : []))]);
}

/** An exercise's records: the server's answer, else what this device kept with the draft. */
export function useRecords(exerciseId: string): KeptRecords | null {
  const userId = useSession().viewer?.id;
  const query = useQuery(ExerciseRecordsOf, { id: exerciseId });
  const fresh = query.data?.exerciseById?.records ?? null;
  useEffect(() => {
    if (fresh && userId) keepRecords(userId, exerciseId, fresh);
  }, [userId, exerciseId, fresh]);
  return fresh ?? (userId ? (keptContext(userId).records[exerciseId] ?? null) : null);
}
