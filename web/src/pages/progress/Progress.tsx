// /progress: weekly volume of everything (chart and table), the exercises trained lately (each
// a link to its own progress page) and a search for any other.
import { Link, useNavigate } from "react-router";
import { Page, Section } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { ExercisePicker } from "../../components/ExercisePicker.tsx";
import { TimeChart } from "../../components/TimeChart.tsx";
import { BodyweightChart, bodyweightsIn } from "../../components/BodyweightChart.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { totalWeight } from "@svc/sdk/weights";
import { formatFact, formatTotal, useUserUnits, type UnitName } from "../../components/units.ts";
import { OverallProgress, VolumeByExercise } from "./operations.ts";
import { TableBox, VolumeTable, type VolumeWeek } from "./tables.tsx";
import { TrainingCalendar } from "./calendar.tsx";
import { consecutiveWeeks } from "./weeks.ts";
import { TOP_EXERCISES, VolumeBreakdownTable, volumeBreakdown } from "./exerciseVolume.tsx";
import { MuscleSetsSection } from "./MuscleSets.tsx";
import "./progress.css";

/** Weeks shown at once: a year. */
export const WEEKS_SHOWN = 52;

export default function Progress() {
  const { unit } = useUserUnits();
  const navigate = useNavigate();
  const query = useQuery(OverallProgress, {});
  return (
    <Page title="Progress">
      <QueryView query={query}>
        {(data) => {
          const allWeeks = (data.weeklyVolume ?? []).filter((w) => w !== null).map((w) => w!);
          const weeks = allWeeks.slice(-WEEKS_SHOWN);
          const chartWeeks = consecutiveWeeks(allWeeks);
          // Oldest first for the chart, in the user's unit.
          const entries = (data.viewer?.bodyweightsByUserId.nodes ?? []).filter((b) => b !== null).map((b) => b!);
          const bodyweights = bodyweightsIn(entries, unit);
          const exercises = new Map((data.exerciseNames?.nodes ?? []).flatMap((x) => (x ? [[x.id, x] as const] : [])));
          const volumeWeeks = weeks.map((w) => w!);
          const seen = new Map<string, string>();
          for (const w of data.viewer?.workouts ?? [])
            for (const x of w.exercises)
              if (x.exercise && !seen.has(x.exercise.id)) seen.set(x.exercise.id, x.exercise.name);
          return (
            <>
              <Section title="Exercises">
                {seen.size === 0 ? (
                  <p className="muted">No workouts yet: log one and its exercises appear here.</p>
                ) : (
                  <>
                    <p className="muted">Trained lately, most recent first:</p>
                    <ul className="exercise-links">
                      {[...seen].map(([id, name]) => (
                        <li key={id}>
                          <Link to={`/progress/${id}`}>{name}</Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <ExercisePicker
                  label="Find another exercise"
                  actionLabel="Progress of"
                  limit={5}
                  onPick={(x) => navigate(`/progress/${x.id}`)}
                />
              </Section>
              <Section
                title="Weekly volume"
                description={`Weight × reps of done work sets per week (Monday first), in ${unit}${weeks.length === WEEKS_SHOWN ? `; the table lists the last ${WEEKS_SHOWN} weeks with work sets` : ""}.`}
              >
                {weeks.length === 0 ? (
                  <Empty>
                    <p>No volume yet.</p>
                  </Empty>
                ) : (
                  <>
                    <TimeChart
                      label="Weekly volume of all exercises"
                      unit={unit}
                      days={chartWeeks.map((w) => w.week)}
                      series={[{ label: "Volume", values: chartWeeks.map((w) => totalWeight(w.volume)), bars: true }]}
                    />
                    <p className="muted">Best week: {formatTotal(Math.max(...weeks.map((w) => w!.volume)), unit)}.</p>
                    <VolumeTable weeks={weeks.map((w) => w!)} caption="Weekly volume of all exercises" />
                  </>
                )}
              </Section>
              {volumeWeeks.length > 0 && (
                <VolumeByExerciseSection weeks={volumeWeeks} exercises={exercises} unit={unit} />
              )}
              <MuscleSetsSection />
              <Section title="Training days">
                <TrainingCalendar dates={(data.viewer?.trainingDays.nodes ?? []).flatMap((w) => (w ? [w.date] : []))} />
              </Section>
              <Section title="Bodyweight" description={`Your bodyweight entries, in ${unit}.`}>
                {bodyweights.length === 0 ? (
                  <p className="muted">
                    No bodyweight yet. <Link to="/bodyweight">Log your bodyweight</Link>.
                  </p>
                ) : (
                  <>
                    <BodyweightChart entries={entries} unit={unit} />
                    <TableBox label="Bodyweight entries" rows={bodyweights.length}>
                      <CardTable
                        caption="Bodyweight entries, newest first"
                        rows={entries}
                        rowKey={(b) => b.date}
                        columns={[
                          { label: "Date", cell: (b) => b.date },
                          { label: "Bodyweight", cell: (b) => formatFact(b.weight, b.unit, unit) },
                        ]}
                      />
                    </TableBox>
                  </>
                )}
              </Section>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}

type ExerciseLabel = { name: string; region: string | null };

/** The weeks' volume split by exercise and by body region, asked from the first week shown. */
function VolumeByExerciseSection({
  weeks,
  exercises,
  unit,
}: {
  weeks: VolumeWeek[];
  exercises: ReadonlyMap<string, ExerciseLabel>;
  unit: UnitName;
}) {
  const query = useQuery(VolumeByExercise, { since: weeks[0].week.slice(0, 10) });
  const groups = query.data?.viewer?.volumeByExercise.groupedAggregates ?? [];
  const byExercise = volumeBreakdown(
    weeks,
    groups,
    { partOf: (id) => id, labelOf: (id) => exercises.get(id)?.name ?? "Exercise", columns: TOP_EXERCISES },
    unit,
  );
  // Every region has a column (the catalog has five).
  const byRegion = volumeBreakdown(
    weeks,
    groups,
    {
      partOf: (id) => exercises.get(id)?.region ?? "other",
      labelOf: (region) => region.charAt(0).toUpperCase() + region.slice(1),
      columns: Infinity,
    },
    unit,
  );
  if (byExercise.parts.length === 0) return null;
  return (
    <Section
      title="Volume by exercise"
      description={`The weekly volume split by exercise (up to ${TOP_EXERCISES} exercises with the most volume in these weeks, the rest as Other), then by body region, in ${unit}.`}
    >
      <h3>By exercise</h3>
      <VolumeBreakdownTable breakdown={byExercise} unit={unit} caption="Weekly volume by exercise" />
      <h3>By body region</h3>
      <VolumeBreakdownTable breakdown={byRegion} unit={unit} caption="Weekly volume by body region" />
    </Section>
  );
}
