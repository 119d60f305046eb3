// A workout document as it reads in the lifter's unit: each set's weight and the bodyweight by the
// SDK's fact rule (@svc/sdk/weights: at most one decimal when converted), for showing only; the
// stored document and the JSON view keep the weights as the API gives them.
import { formatPace, paceSeconds, parseSet, type CanonicalWorkout } from "@svc/sdk/documents";
import { useDistanceUnit } from "./distanceUnit.ts";
import { factSetText, factWeight, unitName } from "@svc/sdk/weights";
import type { UnitName } from "./units.ts";
import { useTranslation } from "react-i18next";
import { localSetText } from "../decimal.ts";

export function factWorkout(doc: CanonicalWorkout, to: UnitName): CanonicalWorkout {
  const from = doc.unit;
  if (from === to) return doc;
  const text = (t: string) => factSetText(t, from, to, doc.effort);
  const shown: CanonicalWorkout = {
    ...doc,
    unit: to,
    exercises: doc.exercises.map((x) => ({
      ...x,
      sets: x.sets.map((s) => (typeof s === "string" ? text(s) : { ...s, set: text(s.set) })),
    })),
  };
  if (doc.bodyweight !== undefined) shown.bodyweight = factWeight(doc.bodyweight, from, to);
  return shown;
}

/** A set's text in the lifter's unit, with the text as logged beside it when the unit differs: `132.3x5 (logged 60x5 kg)`. */
export function SetFact({ text, entered, unit }: { text: string; entered: string; unit: UnitName }) {
  const { t } = useTranslation("components");
  const from = unitName(entered);
  if (!from || from === unit)
    return (
      <>
        {localSetText(text)}
        <Pace text={text} unit={unit} />
      </>
    );
  return (
    <>
      {localSetText(factSetText(text, from, unit))}
      <Pace text={text} unit={unit} />{" "}
      <span className="muted">{t("fact.logged", { text: localSetText(text), unit: from })}</span>
    </>
  );
}

/** The pace of a cardio set with a distance and a time, in the lifter's distance unit (User.distanceUnit): ` 5:00/km`. */
function Pace({ text, unit }: { text: string; unit: UnitName }) {
  const p = parseSet(text);
  const per = useDistanceUnit(unit);
  const pace = p.ok ? paceSeconds(p.value.distance, p.value.distanceUnit, p.value.seconds, per) : null;
  if (pace === null) return null;
  return (
    <span className="muted">
      {" "}
      {formatPace(pace)}/{per}
    </span>
  );
}
