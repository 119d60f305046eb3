// /log/summary/<workout id>: what a finished workout came to: volume, sets, duration and the
// personal records it set.
import { Link, useParams } from "react-router";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { SetFact } from "../../components/factDocument.tsx";
import { formatFact, formatVolume, useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import { LoggedWorkoutSummary } from "./operations.ts";
import { Stat, Stats } from "../../components/Stats.tsx";

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
                <Stats>
                  <Stat label="Volume">{formatVolume(sum, unit)}</Stat>
                  <Stat label="Work sets">{sum?.workSets ?? "0"}</Stat>
                  <Stat label="Sets done">{sets.filter((s) => s.done).length}</Stat>
                  <Stat label="Duration">{w.minutes != null ? `${w.minutes} min` : "—"}</Stat>
                  {w.bodyweight != null ? (
                    <Stat label="Bodyweight">{formatFact(w.bodyweight, w.unit, unit)}</Stat>
                  ) : null}
                </Stats>
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
                        <strong>{r.exercise}</strong>: <SetFact text={r.text} entered={w.unit} unit={unit} />
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
