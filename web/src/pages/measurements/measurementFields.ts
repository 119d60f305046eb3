// The body measurements the page logs, charts and lists: each API field with the words a person
// reads, and how a logged value reads in the lifter's length unit (the fact rule of weights).
import type { Measurement } from "@svc/sdk";
import { factLength, lengthUnitName, type LengthUnit } from "@svc/sdk/weights";

export type MeasurementField = Exclude<keyof Measurement, "id" | "date" | "unit">;

export const MEASUREMENT_FIELDS: readonly { field: MeasurementField; label: string }[] = [
  { field: "bodyFat", label: "Body fat" },
  { field: "neck", label: "Neck" },
  { field: "shoulders", label: "Shoulders" },
  { field: "chest", label: "Chest" },
  { field: "waist", label: "Waist" },
  { field: "hips", label: "Hips" },
  { field: "leftUpperArm", label: "Left upper arm" },
  { field: "rightUpperArm", label: "Right upper arm" },
  { field: "leftForearm", label: "Left forearm" },
  { field: "rightForearm", label: "Right forearm" },
  { field: "leftThigh", label: "Left thigh" },
  { field: "rightThigh", label: "Right thigh" },
  { field: "leftCalf", label: "Left calf" },
  { field: "rightCalf", label: "Right calf" },
];

/** The unit a field's values read in: `%` for body fat, else the length unit. */
export const fieldUnit = (field: MeasurementField, unit: LengthUnit) => (field === "bodyFat" ? "%" : unit);

/** One logged value in `unit` (body fat as logged); null when not measured that day. */
export function valueIn(entry: Measurement, field: MeasurementField, unit: LengthUnit): number | null {
  const value = entry[field];
  if (value === null || value === undefined) return null;
  const from = lengthUnitName(entry.unit);
  return field === "bodyFat" || !from ? value : factLength(value, from, unit);
}

/** `82.5 cm`, `18 %`; a dash when not measured. */
export function valueText(value: number | null, unit: string): string {
  return value === null
    ? "—"
    : `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(value)} ${unit}`;
}
