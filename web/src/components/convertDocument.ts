// Converting every weight of a routine or workout document to the other unit (the form's
// "Convert weights" button): routine targets, a workout's bodyweight and the weights inside set
// text. What does not parse is left as typed for the validation to name.
import { convertWeight, formatSet, parseSet, type EffortScale } from "../documents.ts";
import { isObject, type Doc, type Json } from "./documentValues.ts";
import type { UnitName } from "./units.ts";

function convertNumber(value: Json | undefined, from: UnitName, to: UnitName): Json | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? convertWeight(value, from, to) : value;
}

function convertSetText(text: Json, from: UnitName, to: UnitName, effort: EffortScale): Json {
  if (typeof text !== "string") return text;
  const parsed = parseSet(text, { effort });
  if (!parsed.ok || parsed.value.weight === null) return text;
  return formatSet({ ...parsed.value, weight: convertWeight(parsed.value.weight, from, to) });
}

export function convertDocumentWeights(
  kind: "routine" | "workout",
  doc: Doc,
  from: UnitName,
  to: UnitName,
  defaultEffort: EffortScale,
): Doc {
  const exercises = Array.isArray(doc.exercises) ? doc.exercises : [];
  if (kind === "routine") {
    return {
      ...doc,
      unit: to,
      exercises: exercises.map((x) =>
        isObject(x) && "weight" in x ? { ...x, weight: convertNumber(x.weight, from, to) ?? null } : x,
      ),
    };
  }
  const effort: EffortScale = doc.effort === "rir" || doc.effort === "rpe" ? doc.effort : defaultEffort;
  const converted: Doc = {
    ...doc,
    unit: to,
    exercises: exercises.map((x) => {
      if (!isObject(x) || !Array.isArray(x.sets)) return x;
      return {
        ...x,
        sets: x.sets.map((s) =>
          isObject(s)
            ? { ...s, set: convertSetText(s.set ?? null, from, to, effort) }
            : convertSetText(s, from, to, effort),
        ),
      };
    }),
  };
  if ("bodyweight" in doc) converted.bodyweight = convertNumber(doc.bodyweight, from, to) ?? null;
  return converted;
}
