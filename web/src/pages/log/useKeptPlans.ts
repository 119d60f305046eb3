// The start screen with no connection: the routine list and each routine's next workout as last
// fetched (kept.ts). Online, the list and every routine's plan are fetched once per page load
// and kept, so the next workout of any routine can be started offline, marked as planned then.
import { useEffect } from "react";
import { NetworkError, request } from "../../graphql/client.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { isWorkoutId } from "../workouts/operations.ts";
import { RoutineList } from "../routines/operations.ts";
import { keepPlan, keepRoutines, keptPlan, keptRoutines } from "./kept.ts";
import { LoggerPlan } from "./operations.ts";

/** At most this many routines' plans are fetched ahead for offline use. */
const PLANS_KEPT = 12;
const fetchedAhead = new Set<string>();

const planVariables = (routine: string) => {
  const byId = isWorkoutId(routine);
  return { ref: routine, id: byId ? routine : "00000000-0000-0000-0000-000000000000", byId };
};

export function useRoutineList(userId: string) {
  const routines = useQuery(RoutineList, {});
  const fresh = routines.data;
  useEffect(() => {
    if (!fresh) return;
    keepRoutines(userId, fresh);
    for (const r of (fresh.viewer?.routines ?? []).slice(0, PLANS_KEPT)) {
      if (fetchedAhead.has(r.id)) continue;
      fetchedAhead.add(r.id);
      request(LoggerPlan, planVariables(r.id))
        .then((data) => keepPlan(userId, r.id, data))
        .catch(() => fetchedAhead.delete(r.id));
    }
  }, [userId, fresh]);
  const offline = routines.error instanceof NetworkError ? keptRoutines(userId) : undefined;
  return { routines, data: fresh ?? offline, offline: !fresh && offline !== undefined };
}

/** A routine's next workout: the server's plan (kept), else the one last fetched with when it was. */
export function usePlan(userId: string, routine: string) {
  const plan = useQuery(LoggerPlan, planVariables(routine));
  const fresh = plan.data;
  useEffect(() => {
    if (fresh && isWorkoutId(routine)) keepPlan(userId, routine, fresh);
  }, [userId, routine, fresh]);
  const kept = plan.error instanceof NetworkError ? keptPlan(userId, routine) : undefined;
  return { plan, data: fresh ?? kept?.data, keptAt: fresh ? null : (kept?.fetchedAt ?? null) };
}
