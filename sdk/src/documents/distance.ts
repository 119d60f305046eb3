/**
 * Cardio distances: a set keeps the distance and unit it was written in (`5km 25:00`, `3mi`,
 * `2000m 7:30`); pace and speed are read in the lifter's distance unit (km with kg, mi with lb,
 * unless a length unit is set: cm gives km, in gives mi). The database computes the same figures
 * (workout_sets.distance_m, pace_per_km, pace_per_mi): seconds per km or mi rounded to 1 decimal.
 */
import { METERS_PER_UNIT, type DistanceUnit } from "./text.ts";

/** The unit distances are shown in: km or mi. */
export type PaceUnit = "km" | "mi";

/** The distance unit that goes with a weight unit: km with kg, mi with lb. */
export function distanceUnitOf(weightUnit: "kg" | "lb"): PaceUnit {
  return weightUnit === "lb" ? "mi" : "km";
}

/** A distance in another unit, rounded to 3 decimals (2 for meters). */
export function convertDistance(distance: number, from: DistanceUnit, to: DistanceUnit): number {
  if (from === to) return distance;
  const places = to === "m" ? 100 : 1000;
  return Math.round((distance * METERS_PER_UNIT[from] * places) / METERS_PER_UNIT[to]) / places;
}

/** Seconds per km or mi, 1 decimal; null without a distance or a time. */
export function paceSeconds(
  distance: number | null,
  unit: DistanceUnit | null,
  seconds: number | null,
  per: PaceUnit,
): number | null {
  if (distance === null || unit === null || seconds === null || distance <= 0) return null;
  return Math.round((seconds * METERS_PER_UNIT[per] * 10) / (distance * METERS_PER_UNIT[unit])) / 10;
}

/** Pace as `m:ss` per unit (`5:00`), the seconds rounded; `""` for none. */
export function formatPace(secondsPerUnit: number | null): string {
  if (secondsPerUnit === null) return "";
  const s = Math.round(secondsPerUnit);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Speed in km/h or mph from a pace in seconds per km or mi, 1 decimal. */
export function speedOf(secondsPerUnit: number | null): number | null {
  if (secondsPerUnit === null || secondsPerUnit <= 0) return null;
  return Math.round(36000 / secondsPerUnit) / 10;
}
