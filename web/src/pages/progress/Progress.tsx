// /progress: the exercises trained lately (each a link to its own progress page) and a search for
// any other, weekly volume of everything (chart and table), split by exercise and region, sets per
// muscle, training days and bodyweight. The layout paints at once and each section fills from a
// query of its own (the first two started with the page's code, before the first render); the
// charts' code comes when a chart nears the screen (LazyTimeChart).
import { Link, useNavigate } from "react-router";
import { Page, Section } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { ExercisePicker } from "../../components/ExercisePicker.tsx";
import { LazyTimeChart } from "../../components/LazyTimeChart.tsx";
import { BodyweightChart } from "../../components/BodyweightChart.tsx";
import { prefetchQuery, useQuery } from "../../graphql/hooks.ts";
import { totalWeight } from "@svc/sdk/weights";
import { formatFact, formatTotal, useUserUnits, type UnitName } from "../../components/units.ts";
import { OverallVolume, RecentBodyweights, RecentExercises, TrainingDays, VolumeByExercise } from "./operations.ts";
import { TableBox, VolumeTable, type VolumeWeek } from "./tables.tsx";
import { TrainingCalendar } from "./calendar.tsx";
import { consecutiveWeeks } from "./weeks.ts";
import { TOP_EXERCISES, VolumeBreakdownTable, volumeBreakdown } from "./exerciseVolume.tsx";
import { MuscleSetsSection } from "./MuscleSets.tsx";
import "./progress.css";

/** Weeks shown at once: a year. */
export const WEEKS_SHOWN = 52;

/** Every section's query starts with the page's code; the first render waits (a moment at most) for the first screen's two. */
export function prefetch(): Promise<void> {
  void prefetchQuery(TrainingDays, {});
  void prefetchQuery(RecentBodyweights, {});
  return Promise.all([prefetchQuery(RecentExercises, {}), prefetchQuery(OverallVolume, {})]).then(() => {});
}

export default function Progress() {
  const { unit } = useUserUnits();
  return (
    <Page title="Progress">
      <ExercisesSection />
      <WeeklyVolumeSections unit={unit} />
      <MuscleSetsSection />
      <TrainingDaysSection />
      <BodyweightSection unit={unit} />
    </Page>
  );
}

function ExercisesSection() {
  const navigate = useNavigate();
  const query = useQuery(RecentExercises, {});
  return (
    <Section title="Exercises">
      <QueryView query={query}>
        {(data) => {
          const seen = new Map<string, string>();
          for (const w of data.viewer?.workouts ?? [])
            for (const x of w.exercises)
              if (x.exercise && !seen.has(x.exercise.id)) seen.set(x.exercise.id, x.exercise.name);
          return seen.size === 0 ? (
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
          );
        }}
      </QueryView>
      <ExercisePicker
        label="Find another exercise"
        actionLabel="Progress of"
        limit={5}
        onPick={(x) => navigate(`/progress/${x.id}`)}
      />
    </Section>
  );
}

/** Weekly volume of everything, then (when there is some) split by exercise and by region. */
function WeeklyVolumeSections({ unit }: { unit: UnitName }) {
  const query = useQuery(OverallVolume, {});
  const allWeeks = (query.data?.weeklyVolume ?? []).filter((w) => w !== null).map((w) => w!);
  const weeks = allWeeks.slice(-WEEKS_SHOWN);
  return (
    <>
      <Section
        title="Weekly volume"
        description={`Weight × reps of done work sets per week (Monday first), in ${unit}${weeks.length === WEEKS_SHOWN ? `; the table lists the last ${WEEKS_SHOWN} weeks with work sets` : ""}.`}
      >
        <QueryView query={query}>
          {() => {
            if (weeks.length === 0)
              return (
                <Empty>
                  <p>No volume yet.</p>
                </Empty>
              );
            const chartWeeks = consecutiveWeeks(allWeeks);
            return (
              <>
                <LazyTimeChart
                  label="Weekly volume of all exercises"
                  unit={unit}
                  days={chartWeeks.map((w) => w.week)}
                  series={[{ label: "Volume", values: chartWeeks.map((w) => totalWeight(w.volume)), bars: true }]}
                />
                <p className="muted">Best week: {formatTotal(Math.max(...weeks.map((w) => w.volume)), unit)}.</p>
                <VolumeTable weeks={weeks} caption="Weekly volume of all exercises" />
              </>
            );
          }}
        </QueryView>
      </Section>
      {weeks.length > 0 && <VolumeByExerciseSection weeks={weeks} unit={unit} />}
    </>
  );
}

function TrainingDaysSection() {
  const query = useQuery(TrainingDays, {});
  return (
    <Section title="Training days">
      <QueryView query={query}>
        {(data) => (
          <TrainingCalendar dates={(data.viewer?.trainingDays.nodes ?? []).flatMap((w) => (w ? [w.date] : []))} />
        )}
      </QueryView>
    </Section>
  );
}

function BodyweightSection({ unit }: { unit: UnitName }) {
  const query = useQuery(RecentBodyweights, {});
  return (
    <Section title="Bodyweight" description={`Your bodyweight entries, in ${unit}.`}>
      <QueryView query={query}>
        {(data) => {
          // Newest first, as the API lists them; the chart turns them oldest first, in the user's unit.
          const entries = (data.viewer?.bodyweightsByUserId.nodes ?? []).filter((b) => b !== null).map((b) => b!);
          if (entries.length === 0)
            return (
              <p className="muted">
                No bodyweight yet. <Link to="/bodyweight">Log your bodyweight</Link>.
              </p>
            );
          return (
            <>
              <BodyweightChart entries={entries} unit={unit} />
              <TableBox label="Bodyweight entries" rows={entries.length}>
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
          );
        }}
      </QueryView>
    </Section>
  );
}

type ExerciseLabel = { name: string; region: string | null };

/** The weeks' volume split by exercise and by body region, asked from the first week shown. */
function VolumeByExerciseSection({ weeks, unit }: { weeks: VolumeWeek[]; unit: UnitName }) {
  const query = useQuery(VolumeByExercise, { since: weeks[0].week.slice(0, 10) });
  const groups = query.data?.viewer?.volumeByExercise.groupedAggregates ?? [];
  const exercises = new Map<string, ExerciseLabel>(
    (query.data?.exerciseNames?.nodes ?? []).flatMap((x) => (x ? [[x.id, x] as const] : [])),
  );
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
