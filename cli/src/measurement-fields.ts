// The body measurements `svc measurement log` takes and `svc measurement list` shows: each API
// field with its flag and the words a person reads.
import type { Measurement } from "@svc/sdk";

export type MeasurementField = Exclude<keyof Measurement, "id" | "date" | "unit">;

export const MEASUREMENT_FIELDS: readonly { field: MeasurementField; flag: string; label: string }[] = [
  { field: "bodyFat", flag: "body-fat", label: "Body fat" },
  { field: "neck", flag: "neck", label: "Neck" },
  { field: "shoulders", flag: "shoulders", label: "Shoulders" },
  { field: "chest", flag: "chest", label: "Chest" },
  { field: "waist", flag: "waist", label: "Waist" },
  { field: "hips", flag: "hips", label: "Hips" },
  { field: "leftUpperArm", flag: "left-upper-arm", label: "Left upper arm" },
  { field: "rightUpperArm", flag: "right-upper-arm", label: "Right upper arm" },
  { field: "leftForearm", flag: "left-forearm", label: "Left forearm" },
  { field: "rightForearm", flag: "right-forearm", label: "Right forearm" },
  { field: "leftThigh", flag: "left-thigh", label: "Left thigh" },
  { field: "rightThigh", flag: "right-thigh", label: "Right thigh" },
  { field: "leftCalf", flag: "left-calf", label: "Left calf" },
  { field: "rightCalf", flag: "right-calf", label: "Right calf" },
];

/** `82.5 cm`, or `18.5 %` for body fat. */
export function measurementText(field: MeasurementField, value: number, unit: string): string {
  return field === "bodyFat" ? `${value} %` : `${value} ${unit}`;
}
