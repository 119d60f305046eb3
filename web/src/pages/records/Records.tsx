// /records: every exercise's records on one page (heaviest, best e1RM, rep maxes, most reps at a
// weight, bodyweight reps, longest hold), newest first, each with its day and workout; filter by
// exercise (?exercise=<id>, kept in the address).
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { formatEstimate, formatFact } from "../../components/units.ts";
import { DistanceRecords } from "./DistanceRecords.tsx";
import { formatDay } from "../../format.ts";

const AllRecords = graphql(`
  query AllRecords {
    viewer {
      id
      personalRecords {
        exerciseId
        exerciseName
        record
        reps
        weight
        unit
        setWeight
        setReps
        seconds
        date
        workoutId
        setId
        enteredWeight
        enteredUnit
      }
    }
  }
`);

type Entry = {
  exerciseId: string;
  exerciseName: string;
  record: string;
  reps: number | null;
  weight: string | number | null;
  unit: string;
  setWeight: string | number | null;
  setReps: number | null;
  seconds: number | null;
  enteredWeight: string | number | null;
  enteredUnit: string | null;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** "5-rep max", "Heaviest", ... */
export function recordName(t: TFunction<"records">, e: Pick<Entry, "record" | "reps">): string {
  switch (e.record) {
    case "heaviest":
      return t("kinds.heaviest");
    case "e1rm":
      return t("kinds.e1rm");
    case "rep max":
      return t("kinds.repMax", { reps: e.reps });
    case "reps at weight":
      return t("kinds.repsAtWeight");
    case "bodyweight reps":
      return t("kinds.bodyweightReps");
    default:
      return t("kinds.longestHold");
  }
}

/**
 * What the record is: "100 kg × 5" ("231.5 lb (105 kg) × 3" for a set logged in the other unit),
 * "e1RM 116.7 kg (100 kg × 5)", "12 reps", "1:30".
 */
export function recordValue(t: TFunction<"records">, e: Entry): string {
  const reps = t("values.reps", { count: e.setReps ?? 0 });
  const shown = (weight: string) => (num(e.setWeight) === null ? reps : `${weight} × ${e.setReps}`);
  const set = shown(formatEstimate(num(e.setWeight), e.unit));
  if (e.record === "e1rm") return t("values.e1rm", { weight: formatEstimate(num(e.weight), e.unit), set });
  if (e.record === "bodyweight reps") return reps;
  if (e.record === "longest hold") {
    const s = e.seconds ?? 0;
    const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    return num(e.weight) === null
      ? time
      : t("values.holdWith", { time, weight: formatEstimate(num(e.weight), e.unit) });
  }
  // A set's weight is a fact: as entered, converted to one decimal with the entered value beside it.
  return num(e.enteredWeight) === null ? set : shown(formatFact(num(e.enteredWeight), e.enteredUnit, e.unit));
}

export default function Records() {
  const { t } = useTranslation("records");
  const query = useQuery(AllRecords, {});
  const [params, setParams] = useSearchParams();
  const exercise = params.get("exercise") ?? "";
  return (
    <Page title={t("title")}>
      <QueryView query={query}>
        {(data) => {
          const all = (data.viewer?.personalRecords ?? []).flatMap((r) => (r ? [r] : []));
          if (all.length === 0)
            return (
              <Empty>
                <p>
                  {t("none.before")}
                  <Link to="/log">{t("none.link")}</Link>
                  {t("none.after")}
                </p>
              </Empty>
            );
          const exercises = [...new Map(all.map((r) => [r.exerciseId, r.exerciseName])).entries()].sort((a, b) =>
            a[1].localeCompare(b[1]),
          );
          const shown = exercise ? all.filter((r) => r.exerciseId === exercise) : all;
          return (
            <>
              <div className="field">
                <label htmlFor="records-exercise">{t("filter.label")}</label>
                <select
                  id="records-exercise"
                  value={exercise}
                  onChange={(e) => setParams(e.target.value ? { exercise: e.target.value } : {}, { replace: true })}
                >
                  <option value="">{t("filter.all")}</option>
                  {exercises.map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <p className="muted" role="status">
                {t("count", { count: shown.length })}
              </p>
              <CardTable
                caption={t("table.caption")}
                rows={shown}
                rowKey={(r) => `${r.setId}-${r.record}-${r.reps ?? ""}`}
                columns={[
                  {
                    label: t("table.date"),
                    cell: (r) => <Link to={`/workouts/${r.workoutId}`}>{formatDay(r.date)}</Link>,
                  },
                  {
                    label: t("table.exercise"),
                    cell: (r) => <Link to={`/progress/${r.exerciseId}`}>{r.exerciseName}</Link>,
                  },
                  { label: t("table.record"), cell: (r) => recordName(t, r) },
                  { label: t("table.set"), cell: (r) => recordValue(t, r) },
                ]}
              />
            </>
          );
        }}
      </QueryView>
      <DistanceRecords exercise={exercise} />
    </Page>
  );
}
