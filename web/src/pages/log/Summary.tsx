// /log/summary/<workout id>: what a finished workout came to: volume, sets, duration and the
// personal records it set.
import { Link, useParams } from "react-router";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { formatVolume, formatWeight, useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import { LoggedWorkoutSummary } from "./operations.ts";

export default function LogSummary() {
  const id = useParams().id ?? "";
  return isWorkoutId(id) ? <Summary id={id} /> : <NotFound />;
}

function Summary({ id }: { id: string }) {
  const { unit } = useUserUnits();
  const query = useQuery(LoggedWorkoutSummary, { id });
  if (query.data && !query.data.workoutById) return <NotFound />;
  return (
    <Page
      title="Workout saved"
      actions={
        <Link className="button" to="/progress">
          Progress
        </Link>
      }
    >
      <QueryView query={query}>
        {(data) => {
          const w = data.workoutById;
          if (!w) return null;
          const sum = w.workoutSetsByWorkoutId.aggregates?.sum;
          const sets = w.exercises.flatMap((x) =>
            x.sets.map((s) => ({ ...s, exercise: x.exercise?.name ?? "?", exerciseId: x.exercise?.id })),
          );
          const records = sets.filter((s) => s.personalRecord);
          return (
            <>
              <Section title="Summary">
                <dl className="stats">
                  <div>
                    <dt>Volume</dt>
                    <dd>{formatVolume(sum, unit)}</dd>
                  </div>
                  <div>
                    <dt>Work sets</dt>
                    <dd>{sum?.workSets ?? "0"}</dd>
                  </div>
                  <div>
                    <dt>Sets done</dt>
                    <dd>{sets.filter((s) => s.done).length}</dd>
                  </div>
                  <div>
                    <dt>Duration</dt>
                    <dd>{w.minutes != null ? `${w.minutes} min` : "—"}</dd>
                  </div>
                  {w.bodyweight != null ? (
                    <div>
                      <dt>Bodyweight</dt>
                      <dd>{formatWeight(w.bodyweight, w.unit)}</dd>
                    </div>
                  ) : null}
                </dl>
                <p className="muted">
                  {w.date}
                  {w.routine ? ` · ${w.routine.name}` : ""}
                  {w.name ? ` · ${w.name}` : ""}. Volume is weight × reps of done work sets.
                </p>
              </Section>
              <Section title="Personal records">
                {records.length === 0 ? (
                  <p className="muted">No new personal records this time.</p>
                ) : (
                  <ul>
                    {records.map((r) => (
                      <li key={r.id}>
                        <strong>{r.exercise}</strong>: {r.text}
                        {r.exerciseId ? (
                          <>
                            {" "}
                            ·{" "}
                            <Link to={`/progress/${r.exerciseId}`}>
                              Progress<span className="visually-hidden"> of {r.exercise}</span>
                            </Link>
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <p className="actions">
                <Link className="button" to={`/workouts/${w.id}`}>
                  Open the workout
                </Link>
                <Link className="button" to="/">
                  Home
                </Link>
              </p>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
