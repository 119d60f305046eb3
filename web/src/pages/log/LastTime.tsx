// Last time and the records of an exercise in the logger, and the Last column's text, in the
// workout's unit: a set logged in the other unit reads converted (@svc/sdk/weights' fact rule),
// with the sets as logged beside it.
import { Link } from "react-router";
import { localSetText } from "../../decimal.ts";
import { useTranslation } from "react-i18next";
import { factSetText, recordSetWeight, unitName } from "@svc/sdk/weights";
import { useRecords } from "./useLastTime.ts";
import { formatEstimate, formatFact, type UnitName } from "../../components/units.ts";
import type { ResultOf } from "../../graphql/graphql.ts";
import type { LastTime } from "./operations.ts";
import { formatDay } from "../../format.ts";

export type LastPerformance = NonNullable<NonNullable<ResultOf<typeof LastTime>["lastPerformance"]>[number]>;

function Records({ exerciseId }: { exerciseId: string }) {
  const { t } = useTranslation("log");
  const records = useRecords(exerciseId);
  if (!records) return null;
  const { heaviest, bestE1rm } = records;
  if (!heaviest && !bestE1rm) return null;
  return (
    <p className="history-line">
      <span className="history-label">{t("last.records")}</span>{" "}
      {heaviest
        ? t("last.heaviest", {
            weight: formatFact(heaviest.enteredWeight, heaviest.enteredUnit, heaviest.unit),
            reps: heaviest.reps,
          })
        : null}
      {heaviest && bestE1rm ? " · " : null}
      {bestE1rm
        ? t("last.bestE1rm", {
            estimate: formatEstimate(bestE1rm.weight, bestE1rm.unit),
            weight: recordSetWeight(bestE1rm),
            reps: bestE1rm.reps,
          })
        : null}
    </p>
  );
}

/** A set of last time as it reads in the workout's unit (`60x5` logged in kg reads `132.3x5` in lb). */
function lastSetText(last: LastPerformance, text: string, unit: UnitName): string {
  const entered = unitName(last.unit);
  return entered ? factSetText(text, entered, unit) : text;
}

export function History({ last, unit }: { last: LastPerformance | undefined; unit: UnitName }) {
  const { t } = useTranslation("log");
  if (!last) return null;
  if (!last.workoutId || last.sets.length === 0) return <p className="history-line muted">{t("last.none")}</p>;
  const texts = (convert: boolean) =>
    last.sets
      .map((s) => {
        const text = localSetText(convert ? lastSetText(last, s.text, unit) : s.text);
        return s.done ? text : t("last.notDone", { set: text });
      })
      .join(", ");
  const converted = unitName(last.unit) !== null && last.unit !== unit;
  return (
    <>
      <p className="history-line">
        <span className="history-label">{t("last.label")}</span> (
        <Link to={`/workouts/${last.workoutId}`}>{formatDay(last.date)}</Link>
        ): {texts(true)}
        {converted ? (
          <span className="muted"> {t("last.loggedIn", { unit: last.unit, sets: texts(false) })}</span>
        ) : null}
      </p>
      {last.exerciseId ? <Records exerciseId={last.exerciseId} /> : null}
    </>
  );
}

/** What was done last time for the set at `index` (the same position), in the workout's unit, when there is one. */
export function previousOf(last: LastPerformance | undefined, index: number, unit: UnitName): string | null {
  const set = last?.sets[index];
  return set && last ? lastSetText(last, set.text, unit) : null;
}
