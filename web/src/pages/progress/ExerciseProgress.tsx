// /progress/<exercise id>: one exercise over time: estimated 1RM and the heaviest set per session,
// volume per week (charts, each with its table), and the records.
import { Link, useParams } from "react-router";
import { formatDuration } from "@svc/sdk/documents";
import { Page, Section } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { TimeChart } from "../../components/TimeChart.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { formatWeight, useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import { ExerciseProgress as ExerciseProgressQuery } from "./operations.ts";
import { E1rmTable, TableBox, VolumeTable } from "./tables.tsx";
import { WEEKS_SHOWN } from "./Progress.tsx";
import "./progress.css";

export default function ExerciseProgressPage() {
  const id = useParams().exerciseId ?? "";
  return isWorkoutId(id) ? <ExerciseProgress id={id} /> : <NotFound />;
}

function ExerciseProgress({ id }: { id: string }) {
  const { unit } = useUserUnits();
  const query = useQuery(ExerciseProgressQuery, { id });
  if (query.data && !query.data.exerciseById) return <NotFound />;
  const name = query.data?.exerciseById?.name;
  return (
    <Page title={name ? `Progress: ${name}` : "Progress"} actions={<Link to="/progress">All progress</Link>}>
      <QueryView query={query}>
        {(data) => {
          const x = data.exerciseById;
          if (!x) return null;
          const sessions = (data.e1rmSeries ?? []).filter((s) => s !== null).map((s) => s!);
          const weeks = (data.weeklyVolume ?? [])
            .filter((w) => w !== null)
            .map((w) => w!)
            .slice(-WEEKS_SHOWN);
          const { heaviest, bestE1rm, repsAtWeight, repMaxes, bodyweightReps, longestHold } = x.records;
          return (
            <>
              <Section
                title="Estimated 1RM"
                description={`Per session: the best estimated one-rep max (Epley, sets of 1 to 12 reps) and the heaviest set, in ${unit}.`}
              >
                {sessions.length === 0 ? (
                  <Empty>
                    <p>No weighted sets of {x.name} yet.</p>
                  </Empty>
                ) : (
                  <>
                    <TimeChart
                      fromZero={false}
                      label={`Estimated 1RM and heaviest set of ${x.name} per session`}
                      unit={unit}
                      days={sessions.map((s) => s.date)}
                      series={[
                        { label: "Estimated 1RM", values: sessions.map((s) => s.e1rm) },
                        { label: "Heaviest set", values: sessions.map((s) => s.bestSetWeight), dashed: true },
                      ]}
                    />
                    <E1rmTable sessions={sessions} caption={`Best set per session of ${x.name}`} />
                  </>
                )}
              </Section>
              <Section
                title="Weekly volume"
                description={`Weight × reps of done work sets of ${x.name} per week, in ${unit}.`}
              >
                {weeks.length === 0 ? (
                  <Empty>
                    <p>No volume yet.</p>
                  </Empty>
                ) : (
                  <>
                    <TimeChart
                      label={`Weekly volume of ${x.name}`}
                      unit={unit}
                      days={weeks.map((w) => w.week)}
                      series={[{ label: "Volume", values: weeks.map((w) => w.volume), bars: true }]}
                    />
                    <VolumeTable weeks={weeks} caption={`Weekly volume of ${x.name}`} />
                  </>
                )}
              </Section>
              <Section title="Records">
                {!heaviest && !bestE1rm && !bodyweightReps && !longestHold ? (
                  <p className="muted">No records yet.</p>
                ) : (
                  <dl className="stats">
                    {heaviest ? (
                      <div>
                        <dt>Heaviest</dt>
                        <dd>
                          {formatWeight(heaviest.weight, heaviest.unit)} × {heaviest.reps}
                        </dd>
                      </div>
                    ) : null}
                    {bestE1rm ? (
                      <div>
                        <dt>Best estimated 1RM</dt>
                        <dd>{formatWeight(bestE1rm.weight, bestE1rm.unit)}</dd>
                      </div>
                    ) : null}
                    {bodyweightReps ? (
                      <div>
                        <dt>Most reps at bodyweight</dt>
                        <dd>{bodyweightReps.reps}</dd>
                      </div>
                    ) : null}
                    {longestHold ? (
                      <div>
                        <dt>Longest hold</dt>
                        <dd>
                          {formatDuration(longestHold.seconds)}
                          {longestHold.weight === null
                            ? ""
                            : ` with ${formatWeight(longestHold.weight, longestHold.unit)}`}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                )}
                {heaviest ? (
                  <TableBox label={`Rep maxes of ${x.name}`} rows={repMaxes.length}>
                    <table className="cards">
                      <caption className="visually-hidden">Rep maxes of {x.name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Reps</th>
                          <th scope="col">Heaviest done</th>
                          <th scope="col">Estimated</th>
                        </tr>
                      </thead>
                      <tbody>
                        {repMaxes.map((r) => (
                          <tr key={r.reps}>
                            <td data-label="Reps">{r.reps} RM</td>
                            <td data-label="Heaviest done">
                              {r.actual ? (
                                <Link to={`/workouts/${r.actual.workoutId}`}>
                                  {formatWeight(r.actual.weight, r.actual.unit)} × {r.actual.reps}
                                </Link>
                              ) : (
                                "–"
                              )}
                            </td>
                            <td data-label="Estimated">
                              {r.estimated === null ? "–" : formatWeight(r.estimated, r.unit)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableBox>
                ) : null}
                {repsAtWeight.length > 0 ? (
                  <TableBox label={`Most reps at each weight of ${x.name}`} rows={repsAtWeight.length}>
                    <table className="cards">
                      <caption className="visually-hidden">Most reps at each weight of {x.name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Weight</th>
                          <th scope="col">Most reps</th>
                          <th scope="col">First done</th>
                        </tr>
                      </thead>
                      <tbody>
                        {repsAtWeight.map((r) => (
                          <tr key={r.weight}>
                            <td data-label="Weight">{formatWeight(r.weight, r.unit)}</td>
                            <td data-label="Most reps">{r.reps}</td>
                            <td data-label="First done">
                              <Link to={`/workouts/${r.workoutId}`}>{r.date}</Link>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableBox>
                ) : null}
              </Section>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
