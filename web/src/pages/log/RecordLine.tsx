// One exercise's personal records of a workout, named with what they beat: "e1RM 257.2 lb, was
// 250 lb · heaviest 231.5 lb × 3, was 226 lb", from the exercise's per-session bests (e1rmSeries,
// in your unit) before this workout.
import { Link } from "react-router";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { formatEstimate } from "../../components/units.ts";

const SessionBests = graphql(`
  query SessionBests($id: UUID!) {
    e1rmSeries(exerciseId: $id) {
      workoutId
      unit
      e1rm
      bestSetWeight
      bestSetReps
    }
  }
`);

type Best = { workoutId: string; unit: string; e1rm: number | null; bestSetWeight: number; bestSetReps: number };

function highest(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
}

/** What this session beat: its e1RM and heaviest set against the best before it ("first" with none). */
export function recordsBeaten(series: readonly Best[], workoutId: string): string[] {
  const at = series.findIndex((s) => s.workoutId === workoutId);
  if (at < 0) return [];
  const now = series[at];
  const before = series.slice(0, at);
  const said: string[] = [];
  const e1rm = highest(before.map((s) => s.e1rm));
  if (now.e1rm !== null && (e1rm === null || now.e1rm > e1rm))
    said.push(
      `e1RM ${formatEstimate(now.e1rm, now.unit)}${e1rm === null ? " (the first)" : `, was ${formatEstimate(e1rm, now.unit)}`}`,
    );
  const heaviest = highest(before.map((s) => s.bestSetWeight));
  if (heaviest === null || now.bestSetWeight > heaviest)
    said.push(
      `heaviest ${formatEstimate(now.bestSetWeight, now.unit)} × ${now.bestSetReps}${heaviest === null ? "" : `, was ${formatEstimate(heaviest, now.unit)}`}`,
    );
  return said;
}

export function RecordLine({ exerciseId, name, workoutId }: { exerciseId: string; name: string; workoutId: string }) {
  const query = useQuery(SessionBests, { id: exerciseId });
  const series = (query.data?.e1rmSeries ?? []).filter((s): s is Best => s !== null);
  const said = recordsBeaten(series, workoutId);
  return (
    <li>
      <strong>{name}</strong>: {query.data ? (said.length ? said.join(" · ") : "a new record") : "…"} ·{" "}
      <Link to={`/progress/${exerciseId}`}>
        Progress<span className="visually-hidden"> of {name}</span>
      </Link>
    </li>
  );
}
