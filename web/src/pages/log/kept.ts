// What the logger needs beside the draft to work with no connection, kept in this browser:
// - with the draft (`svc.logger.context.<user>`, removed when the workout ends): last time and the
//   records of each exercise in it, so the Last column, "Last time" and the records show after an
//   offline reload;
// - for the next workout (`svc.logger.plans.<user>`, forgotten at sign-out): the routine list and
//   the last plan fetched of each routine, so one can be started offline, marked as such.
import type { ResultOf } from "../../graphql/graphql.ts";
import type { RoutineList } from "../routines/operations.ts";
import type { ExerciseRecordsOf, LastTime, LoggerPlan } from "./operations.ts";
import { contextKey } from "./inProgress.ts";

export type KeptLast = NonNullable<NonNullable<ResultOf<typeof LastTime>["lastPerformance"]>[number]>;
export type KeptRecords = NonNullable<NonNullable<ResultOf<typeof ExerciseRecordsOf>["exerciseById"]>["records"]>;
export type KeptPlan = { fetchedAt: string; data: ResultOf<typeof LoggerPlan> };

type Context = { last: Record<string, KeptLast>; records: Record<string, KeptRecords> };
type Plans = { routines?: ResultOf<typeof RoutineList>; plans: Record<string, KeptPlan> };

const PLANS = "svc.logger.plans.";

function read<T>(key: string, empty: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? "null") as T | null) ?? empty;
  } catch {
    return empty;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or off: the page keeps what it has in memory.
  }
}

export function keptContext(userId: string): Context {
  const value = read<Context>(contextKey(userId), { last: {}, records: {} });
  return { last: value.last ?? {}, records: value.records ?? {} };
}

export function keepLast(userId: string, last: readonly (KeptLast | null)[]) {
  const context = keptContext(userId);
  for (const x of last) if (x) context.last[x.exercise] = x;
  write(contextKey(userId), context);
}

export function keepRecords(userId: string, exerciseId: string, records: KeptRecords) {
  const context = keptContext(userId);
  context.records[exerciseId] = records;
  write(contextKey(userId), context);
}

function keptPlans(userId: string): Plans {
  const value = read<Plans>(`${PLANS}${userId}`, { plans: {} });
  return { routines: value.routines, plans: value.plans ?? {} };
}

export function keptRoutines(userId: string): ResultOf<typeof RoutineList> | undefined {
  return keptPlans(userId).routines;
}

export function keepRoutines(userId: string, routines: ResultOf<typeof RoutineList>) {
  write(`${PLANS}${userId}`, { ...keptPlans(userId), routines });
}

export function keptPlan(userId: string, routine: string): KeptPlan | undefined {
  return keptPlans(userId).plans[routine];
}

export function keepPlan(userId: string, routine: string, data: ResultOf<typeof LoggerPlan>) {
  const kept = keptPlans(userId);
  kept.plans[routine] = { fetchedAt: new Date().toISOString(), data };
  write(`${PLANS}${userId}`, kept);
}
