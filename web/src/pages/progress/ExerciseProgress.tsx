// /progress/<exercise id>: one exercise over time: estimated 1RM and the heaviest set per session,
// volume per week (charts, each with its table), and the records.
import { Link, useParams } from "react-router";
import { formatDuration } from "@svc/sdk/documents";
import { Page, Section } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { LazyTimeChart as TimeChart } from "../../components/LazyTimeChart.tsx";
import { consecutiveWeeks } from "./weeks.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { totalWeight } from "@svc/sdk/weights";
import { formatEstimate, formatFact, useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import { ExerciseProgress as ExerciseProgressQuery } from "./operations.ts";
import { E1rmTable, TableBox, VolumeTable } from "./tables.tsx";
import { WEEKS_SHOWN } from "./Progress.tsx";
import "./progress.css";
import { Stat, Stats } from "../../components/Stats.tsx";
import { ExerciseAbout } from "./ExerciseAbout.tsx";

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
          const allWeeks = (data.weeklyVolume ?? []).filter((w) => w !== null).map((w) => w!);
          const weeks = allWeeks.slice(-WEEKS_SHOWN);
          const chartWeeks = consecutiveWeeks(allWeeks);
          const { heaviest, bestE1rm, repsAtWeight, repMaxes, bodyweightReps, longestHold } = x.records;
          return (
            <>
              <ExerciseAbout exercise={x} />
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
                      days={chartWeeks.map((w) => w.week)}
                      series={[{ label: "Volume", values: chartWeeks.map((w) => totalWeight(w.volume)), bars: true }]}
                    />
                    <VolumeTable weeks={weeks} caption={`Weekly volume of ${x.name}`} />
                  </>
                )}
              </Section>
              <Section title="Records">
                {!heaviest && !bestE1rm && !bodyweightReps && !longestHold ? (
                  <p className="muted">No records yet.</p>
                ) : (
                  <Stats>
                    {heaviest ? (
                      <Stat label="Heaviest">
                        {formatFact(heaviest.enteredWeight, heaviest.enteredUnit, heaviest.unit)} × {heaviest.reps}
                      </Stat>
                    ) : null}
                    {bestE1rm ? (
                      <Stat label="Best estimated 1RM">{formatEstimate(bestE1rm.weight, bestE1rm.unit)}</Stat>
                    ) : null}
                    {bodyweightReps ? <Stat label="Most reps at bodyweight">{bodyweightReps.reps}</Stat> : null}
                    {longestHold ? (
                      <Stat label="Longest hold">
                        {formatDuration(longestHold.seconds)}
                        {longestHold.weight === null
                          ? ""
                          : ` with ${formatEstimate(longestHold.weight, longestHold.unit)}`}
                      </Stat>
                    ) : null}
                  </Stats>
                )}
                {heaviest ? (
                  <TableBox label={`Rep maxes of ${x.name}`} rows={repMaxes.length}>
                    <CardTable
                      caption={`Rep maxes of ${x.name}`}
                      rows={repMaxes}
                      rowKey={(r) => r.reps}
                      columns={[
                        { label: "Reps", cell: (r) => `${r.reps} RM` },
                        {
                          label: "Heaviest done",
                          cell: (r) =>
                            r.actual ? (
                              <Link to={`/workouts/${r.actual.workoutId}`}>
                                {formatFact(r.actual.enteredWeight, r.actual.enteredUnit, r.actual.unit)} ×{" "}
                                {r.actual.reps}
                              </Link>
                            ) : (
                              "–"
                            ),
                        },
                        {
                          label: "Estimated",
                          cell: (r) => (r.estimated === null ? "–" : formatEstimate(r.estimated, r.unit)),
                        },
                      ]}
                    />
                  </TableBox>
                ) : null}
                {repsAtWeight.length > 0 ? (
                  <TableBox label={`Most reps at each weight of ${x.name}`} rows={repsAtWeight.length}>
                    <CardTable
                      caption={`Most reps at each weight of ${x.name}`}
                      rows={repsAtWeight}
                      rowKey={(r) => r.weight}
                      columns={[
                        { label: "Weight", cell: (r) => formatFact(r.enteredWeight, r.enteredUnit, r.unit) },
                        { label: "Most reps", cell: (r) => r.reps },
                        { label: "First done", cell: (r) => <Link to={`/workouts/${r.workoutId}`}>{r.date}</Link> },
                      ]}
                    />
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
