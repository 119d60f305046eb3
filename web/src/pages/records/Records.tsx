// /records: every exercise's records on one page (heaviest, best e1RM, rep maxes, most reps at a
// weight, bodyweight reps, longest hold), newest first, each with its day and workout; filter by
// exercise (?exercise=<id>, kept in the address).
import { Link, useSearchParams } from "react-router";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { formatEstimate } from "../../components/units.ts";
import { DistanceRecords } from "./DistanceRecords.tsx";

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
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** "5-rep max", "Heaviest", ... */
export function recordName(e: Pick<Entry, "record" | "reps">): string {
  switch (e.record) {
    case "heaviest":
      return "Heaviest";
    case "e1rm":
      return "Best e1RM";
    case "rep max":
      return `${e.reps}-rep max`;
    case "reps at weight":
      return "Most reps at a weight";
    case "bodyweight reps":
      return "Most reps (bodyweight)";
    default:
      return "Longest hold";
  }
}

/** What the record is: "100 kg × 5", "e1RM 116.7 kg (100 kg × 5)", "12 reps", "1:30". */
export function recordValue(e: Entry): string {
  const set =
    num(e.setWeight) === null ? `${e.setReps} reps` : `${formatEstimate(num(e.setWeight), e.unit)} × ${e.setReps}`;
  if (e.record === "e1rm") return `${formatEstimate(num(e.weight), e.unit)} (${set})`;
  if (e.record === "bodyweight reps") return `${e.setReps} reps`;
  if (e.record === "longest hold") {
    const s = e.seconds ?? 0;
    const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    return num(e.weight) === null ? time : `${time} with ${formatEstimate(num(e.weight), e.unit)}`;
  }
  return set;
}

export default function Records() {
  const query = useQuery(AllRecords, {});
  const [params, setParams] = useSearchParams();
  const exercise = params.get("exercise") ?? "";
  return (
    <Page title="Records">
      <QueryView query={query}>
        {(data) => {
          const all = (data.viewer?.personalRecords ?? []).flatMap((r) => (r ? [r] : []));
          if (all.length === 0)
            return (
              <Empty>
                <p>
                  No records yet: <Link to="/log">log a workout</Link> and its best sets appear here.
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
                <label htmlFor="records-exercise">Exercise</label>
                <select
                  id="records-exercise"
                  value={exercise}
                  onChange={(e) => setParams(e.target.value ? { exercise: e.target.value } : {}, { replace: true })}
                >
                  <option value="">All exercises</option>
                  {exercises.map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <p className="muted" role="status">
                {shown.length} record{shown.length === 1 ? "" : "s"}, newest first.
              </p>
              <CardTable
                caption="Records, newest first"
                rows={shown}
                rowKey={(r) => `${r.setId}-${r.record}-${r.reps ?? ""}`}
                columns={[
                  { label: "Date", cell: (r) => <Link to={`/workouts/${r.workoutId}`}>{r.date}</Link> },
                  {
                    label: "Exercise",
                    cell: (r) => <Link to={`/progress/${r.exerciseId}`}>{r.exerciseName}</Link>,
                  },
                  { label: "Record", cell: (r) => recordName(r) },
                  { label: "Set", cell: (r) => recordValue(r) },
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
