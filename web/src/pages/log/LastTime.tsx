// Last time and the records of an exercise in the logger, and the Last column's text, in the
// workout's unit: a set logged in the other unit reads converted (@svc/sdk/weights' fact rule),
// with the sets as logged beside it.
import { Link } from "react-router";
import { factSetText, recordSetWeight, unitName } from "@svc/sdk/weights";
import { useRecords } from "./useLastTime.ts";
import { formatEstimate, formatFact, type UnitName } from "../../components/units.ts";
import type { ResultOf } from "../../graphql/graphql.ts";
import type { LastTime } from "./operations.ts";

export type LastPerformance = NonNullable<NonNullable<ResultOf<typeof LastTime>["lastPerformance"]>[number]>;

function Records({ exerciseId }: { exerciseId: string }) {
  const records = useRecords(exerciseId);
  if (!records) return null;
  const { heaviest, bestE1rm } = records;
  if (!heaviest && !bestE1rm) return null;
  return (
    <p className="history-line">
      <span className="history-label">Records:</span>{" "}
      {heaviest ? (
        <>
          heaviest {formatFact(heaviest.enteredWeight, heaviest.enteredUnit, heaviest.unit)} × {heaviest.reps}
        </>
      ) : null}
      {heaviest && bestE1rm ? " · " : null}
      {bestE1rm ? (
        <>
          best e1RM {formatEstimate(bestE1rm.weight, bestE1rm.unit)} ({recordSetWeight(bestE1rm)}×{bestE1rm.reps})
        </>
      ) : null}
    </p>
  );
}

/** A set of last time as it reads in the workout's unit (`60x5` logged in kg reads `132.3x5` in lb). */
function lastSetText(last: LastPerformance, text: string, unit: UnitName): string {
  const entered = unitName(last.unit);
  return entered ? factSetText(text, entered, unit) : text;
}

export function History({ last, unit }: { last: LastPerformance | undefined; unit: UnitName }) {
  if (!last) return null;
  if (!last.workoutId || last.sets.length === 0)
    return <p className="history-line muted">No history yet for this exercise.</p>;
  const texts = (convert: boolean) =>
    last.sets
      .map((s) => {
        const text = convert ? lastSetText(last, s.text, unit) : s.text;
        return s.done ? text : `${text} (not done)`;
      })
      .join(", ");
  const converted = unitName(last.unit) !== null && last.unit !== unit;
  return (
    <>
      <p className="history-line">
        <span className="history-label">Last time</span> (<Link to={`/workouts/${last.workoutId}`}>{last.date}</Link>
        ): {texts(true)}
        {converted ? (
          <span className="muted">
            {" "}
            (logged in {last.unit}: {texts(false)})
          </span>
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
