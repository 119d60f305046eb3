// One exercise's personal records of a workout, named with what they beat: "e1RM 257.2 lb, was
// 250 lb · heaviest 231.5 lb × 3, was 226 lb", from the exercise's per-session bests (e1rmSeries,
// in your unit) before this workout.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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
export function recordsBeaten(series: readonly Best[], workoutId: string, t: TFunction<"log">): string[] {
  const at = series.findIndex((s) => s.workoutId === workoutId);
  if (at < 0) return [];
  const now = series[at];
  const before = series.slice(0, at);
  const said: string[] = [];
  const e1rm = highest(before.map((s) => s.e1rm));
  if (now.e1rm !== null && (e1rm === null || now.e1rm > e1rm))
    said.push(
      e1rm === null
        ? t("records.e1rmFirst", { weight: formatEstimate(now.e1rm, now.unit) })
        : t("records.e1rmWas", { weight: formatEstimate(now.e1rm, now.unit), was: formatEstimate(e1rm, now.unit) }),
    );
  const heaviest = highest(before.map((s) => s.bestSetWeight));
  if (heaviest === null || now.bestSetWeight > heaviest)
    said.push(
      heaviest === null
        ? t("records.heaviest", { weight: formatEstimate(now.bestSetWeight, now.unit), reps: now.bestSetReps })
        : t("records.heaviestWas", {
            weight: formatEstimate(now.bestSetWeight, now.unit),
            reps: now.bestSetReps,
            was: formatEstimate(heaviest, now.unit),
          }),
    );
  return said;
}

export function RecordLine({ exerciseId, name, workoutId }: { exerciseId: string; name: string; workoutId: string }) {
  const { t } = useTranslation("log");
  const query = useQuery(SessionBests, { id: exerciseId });
  const series = (query.data?.e1rmSeries ?? []).filter((s): s is Best => s !== null);
  const said = recordsBeaten(series, workoutId, t);
  return (
    <li>
      <strong>{name}</strong>: {query.data ? (said.length ? said.join(" · ") : t("records.newRecord")) : "…"} ·{" "}
      <Link to={`/progress/${exerciseId}`}>
        {t("records.progress")}
        <span className="visually-hidden"> {t("records.progressOf", { exercise: name })}</span>
      </Link>
    </li>
  );
}
