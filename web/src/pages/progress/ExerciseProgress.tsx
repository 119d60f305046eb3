// /progress/<exercise id>: one exercise over time: estimated 1RM and the heaviest set per session,
// volume per week (charts, each with its table), and the records.
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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
import { formatDay } from "../../format.ts";

export default function ExerciseProgressPage() {
  const id = useParams().exerciseId ?? "";
  return isWorkoutId(id) ? <ExerciseProgress id={id} /> : <NotFound />;
}

/** `1:30`, or `1:30 with 20 kg`. */
function holdText(t: TFunction<"progress">, hold: { seconds: number; weight: number | null; unit: string }): string {
  const time = formatDuration(hold.seconds);
  return hold.weight === null
    ? time
    : t("exercise.records.holdWith", { time, weight: formatEstimate(hold.weight, hold.unit) });
}

function ExerciseProgress({ id }: { id: string }) {
  const { t } = useTranslation("progress");
  const { unit } = useUserUnits();
  const query = useQuery(ExerciseProgressQuery, { id });
  if (query.data && !query.data.exerciseById) return <NotFound />;
  const name = query.data?.exerciseById?.name;
  return (
    <Page
      title={name ? t("exercise.title", { name }) : t("title")}
      actions={<Link to="/progress">{t("exercise.all")}</Link>}
    >
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
              <Section title={t("exercise.e1rm.title")} description={t("exercise.e1rm.description", { unit })}>
                {sessions.length === 0 ? (
                  <Empty>
                    <p>{t("exercise.e1rm.none", { name: x.name })}</p>
                  </Empty>
                ) : (
                  <>
                    <TimeChart
                      fromZero={false}
                      label={t("exercise.e1rm.chart", { name: x.name })}
                      unit={unit}
                      days={sessions.map((s) => s.date)}
                      series={[
                        { label: t("exercise.e1rm.series"), values: sessions.map((s) => s.e1rm) },
                        {
                          label: t("exercise.e1rm.heaviestSet"),
                          values: sessions.map((s) => s.bestSetWeight),
                          dashed: true,
                        },
                      ]}
                    />
                    <E1rmTable sessions={sessions} caption={t("exercise.e1rm.caption", { name: x.name })} />
                  </>
                )}
              </Section>
              <Section title={t("weekly.title")} description={t("exercise.weekly.description", { name: x.name, unit })}>
                {weeks.length === 0 ? (
                  <Empty>
                    <p>{t("weekly.none")}</p>
                  </Empty>
                ) : (
                  <>
                    <TimeChart
                      label={t("exercise.weekly.chart", { name: x.name })}
                      unit={unit}
                      days={chartWeeks.map((w) => w.week)}
                      series={[
                        { label: t("weekly.volume"), values: chartWeeks.map((w) => totalWeight(w.volume)), bars: true },
                      ]}
                    />
                    <VolumeTable weeks={weeks} caption={t("exercise.weekly.chart", { name: x.name })} />
                  </>
                )}
              </Section>
              <Section title={t("exercise.records.title")}>
                {!heaviest && !bestE1rm && !bodyweightReps && !longestHold ? (
                  <p className="muted">{t("exercise.records.none")}</p>
                ) : (
                  <Stats>
                    {heaviest ? (
                      <Stat label={t("exercise.records.heaviest")}>
                        {formatFact(heaviest.enteredWeight, heaviest.enteredUnit, heaviest.unit)} × {heaviest.reps}
                      </Stat>
                    ) : null}
                    {bestE1rm ? (
                      <Stat label={t("exercise.records.bestE1rm")}>
                        {formatEstimate(bestE1rm.weight, bestE1rm.unit)}
                      </Stat>
                    ) : null}
                    {bodyweightReps ? (
                      <Stat label={t("exercise.records.bodyweightReps")}>{bodyweightReps.reps}</Stat>
                    ) : null}
                    {longestHold ? (
                      <Stat label={t("exercise.records.longestHold")}>{holdText(t, longestHold)}</Stat>
                    ) : null}
                  </Stats>
                )}
                {heaviest ? (
                  <TableBox label={t("exercise.repMaxes.caption", { name: x.name })} rows={repMaxes.length}>
                    <CardTable
                      caption={t("exercise.repMaxes.caption", { name: x.name })}
                      rows={repMaxes}
                      rowKey={(r) => r.reps}
                      columns={[
                        {
                          label: t("exercise.repMaxes.reps"),
                          cell: (r) => t("exercise.repMaxes.rm", { reps: r.reps }),
                        },
                        {
                          label: t("exercise.repMaxes.heaviestDone"),
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
                          label: t("exercise.repMaxes.estimated"),
                          cell: (r) => (r.estimated === null ? "–" : formatEstimate(r.estimated, r.unit)),
                        },
                      ]}
                    />
                  </TableBox>
                ) : null}
                {repsAtWeight.length > 0 ? (
                  <TableBox label={t("exercise.repsAtWeight.caption", { name: x.name })} rows={repsAtWeight.length}>
                    <CardTable
                      caption={t("exercise.repsAtWeight.caption", { name: x.name })}
                      rows={repsAtWeight}
                      rowKey={(r) => r.weight}
                      columns={[
                        {
                          label: t("exercise.repsAtWeight.weight"),
                          cell: (r) => formatFact(r.enteredWeight, r.enteredUnit, r.unit),
                        },
                        { label: t("exercise.repsAtWeight.mostReps"), cell: (r) => r.reps },
                        {
                          label: t("exercise.repsAtWeight.firstDone"),
                          cell: (r) => <Link to={`/workouts/${r.workoutId}`}>{formatDay(r.date)}</Link>,
                        },
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
