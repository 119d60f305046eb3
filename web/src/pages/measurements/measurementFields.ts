// The body measurements the page logs, charts and lists: each API field with the words a person
// reads, and how a logged value reads in the lifter's length unit (the fact rule of weights).
import type { Measurement } from "@svc/sdk";
import type { TFunction } from "i18next";
import { factLength, lengthUnitName, type LengthUnit } from "@svc/sdk/weights";

export type MeasurementField = Exclude<keyof Measurement, "id" | "date" | "unit">;

/** A field and its name in the app's language (`label(t)`). */
export const MEASUREMENT_FIELDS: readonly {
  field: MeasurementField;
  label: (t: TFunction<"measurements">) => string;
}[] = [
  { field: "bodyFat", label: (t) => t("fields.bodyFat") },
  { field: "neck", label: (t) => t("fields.neck") },
  { field: "shoulders", label: (t) => t("fields.shoulders") },
  { field: "chest", label: (t) => t("fields.chest") },
  { field: "waist", label: (t) => t("fields.waist") },
  { field: "hips", label: (t) => t("fields.hips") },
  { field: "leftUpperArm", label: (t) => t("fields.leftUpperArm") },
  { field: "rightUpperArm", label: (t) => t("fields.rightUpperArm") },
  { field: "leftForearm", label: (t) => t("fields.leftForearm") },
  { field: "rightForearm", label: (t) => t("fields.rightForearm") },
  { field: "leftThigh", label: (t) => t("fields.leftThigh") },
  { field: "rightThigh", label: (t) => t("fields.rightThigh") },
  { field: "leftCalf", label: (t) => t("fields.leftCalf") },
  { field: "rightCalf", label: (t) => t("fields.rightCalf") },
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
export function valueText(value: number | null, unit: string, locale?: string): string {
  return value === null ? "—" : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${unit}`;
}
