// The unit cardio distances, paces and speeds are shown in: the account's User.distanceUnit (km
// or mi: it follows the length unit, else the weight unit), never simply the weight unit.
import { distanceUnitOf, type PaceUnit } from "@svc/sdk/documents";
import { useSession } from "../auth/session.tsx";
import type { UnitName } from "./units.ts";

/** `distanceUnit` as the API gives it, or the one that goes with the weight unit when unknown. */
export function paceUnitOf(distanceUnit: string | null | undefined, weightUnit: UnitName): PaceUnit {
  return distanceUnit === "mi" || distanceUnit === "km" ? distanceUnit : distanceUnitOf(weightUnit);
}

/** The signed-in lifter's distance unit (km or mi). */
export function useDistanceUnit(weightUnit: UnitName = "kg"): PaceUnit {
  const { viewer } = useSession();
  return paceUnitOf(viewer?.distanceUnit, (viewer?.unit as UnitName | undefined) ?? weightUnit);
}
