// /progress: the exercises trained lately (each a link to its own progress page) and a search for
// any other, weekly volume of everything (chart and table), split by exercise and region, sets per
// muscle, training days and bodyweight. The layout paints at once and each section fills from a
// query of its own (the first two started with the page's code, before the first render); the
// charts' code comes when a chart nears the screen (LazyTimeChart).
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
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
import { regionName } from "./muscleNames.ts";
import "./progress.css";
import { formatDay } from "../../format.ts";

/** Weeks shown at once: a year. */
export const WEEKS_SHOWN = 52;

/** Every section's query starts with the page's code; the first render waits (a moment at most) for the first screen's two. */
export function prefetch(): Promise<void> {
  void prefetchQuery(TrainingDays, {});
  void prefetchQuery(RecentBodyweights, {});
  return Promise.all([prefetchQuery(RecentExercises, {}), prefetchQuery(OverallVolume, {})]).then(() => {});
}

export default function Progress() {
  const { t } = useTranslation("progress");
  const { unit } = useUserUnits();
  return (
    <Page title={t("title")}>
      <ExercisesSection />
      <WeeklyVolumeSections unit={unit} />
      <MuscleSetsSection />
      <TrainingDaysSection />
      <BodyweightSection unit={unit} />
    </Page>
  );
}

function ExercisesSection() {
  const { t } = useTranslation("progress");
  const navigate = useNavigate();
  const query = useQuery(RecentExercises, {});
  return (
    <Section title={t("exercises.title")}>
      <QueryView query={query}>
        {(data) => {
          const seen = new Map<string, string>();
          for (const w of data.viewer?.workouts ?? [])
            for (const x of w.exercises)
              if (x.exercise && !seen.has(x.exercise.id)) seen.set(x.exercise.id, x.exercise.name);
          return seen.size === 0 ? (
            <p className="muted">{t("exercises.none")}</p>
          ) : (
            <>
              <p className="muted">{t("exercises.lately")}</p>
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
        label={t("exercises.find")}
        actionLabel={t("exercises.progressOf")}
        limit={5}
        onPick={(x) => navigate(`/progress/${x.id}`)}
      />
    </Section>
  );
}

/** Weekly volume of everything, then (when there is some) split by exercise and by region. */
function WeeklyVolumeSections({ unit }: { unit: UnitName }) {
  const { t } = useTranslation("progress");
  const query = useQuery(OverallVolume, {});
  const allWeeks = (query.data?.weeklyVolume ?? []).filter((w) => w !== null).map((w) => w!);
  const weeks = allWeeks.slice(-WEEKS_SHOWN);
  return (
    <>
      <Section
        title={t("weekly.title")}
        description={
          weeks.length === WEEKS_SHOWN
            ? t("weekly.descriptionYear", { unit, weeks: WEEKS_SHOWN })
            : t("weekly.description", { unit })
        }
      >
        <QueryView query={query}>
          {() => {
            if (weeks.length === 0)
              return (
                <Empty>
                  <p>{t("weekly.none")}</p>
                </Empty>
              );
            const chartWeeks = consecutiveWeeks(allWeeks);
            return (
              <>
                <LazyTimeChart
                  label={t("weekly.all")}
                  unit={unit}
                  days={chartWeeks.map((w) => w.week)}
                  series={[
                    { label: t("weekly.volume"), values: chartWeeks.map((w) => totalWeight(w.volume)), bars: true },
                  ]}
                />
                <p className="muted">
                  {t("weekly.best", { total: formatTotal(Math.max(...weeks.map((w) => w.volume)), unit) })}
                </p>
                <VolumeTable weeks={weeks} caption={t("weekly.all")} />
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
  const { t } = useTranslation("progress");
  const query = useQuery(TrainingDays, {});
  return (
    <Section title={t("days.title")}>
      <QueryView query={query}>
        {(data) => (
          <TrainingCalendar dates={(data.viewer?.trainingDays.nodes ?? []).flatMap((w) => (w ? [w.date] : []))} />
        )}
      </QueryView>
    </Section>
  );
}

function BodyweightSection({ unit }: { unit: UnitName }) {
  const { t } = useTranslation("progress");
  const query = useQuery(RecentBodyweights, {});
  return (
    <Section title={t("bodyweight.title")} description={t("bodyweight.description", { unit })}>
      <QueryView query={query}>
        {(data) => {
          // Newest first, as the API lists them; the chart turns them oldest first, in the user's unit.
          const entries = (data.viewer?.bodyweightsByUserId.nodes ?? []).filter((b) => b !== null).map((b) => b!);
          if (entries.length === 0)
            return (
              <p className="muted">
                {t("bodyweight.none")} <Link to="/bodyweight">{t("bodyweight.logLink")}</Link>
                {t("bodyweight.end")}
              </p>
            );
          return (
            <>
              <BodyweightChart entries={entries} unit={unit} />
              <TableBox label={t("bodyweight.entries")} rows={entries.length}>
                <CardTable
                  caption={t("bodyweight.entriesCaption")}
                  rows={entries}
                  rowKey={(b) => b.date}
                  columns={[
                    { label: t("bodyweight.date"), cell: (b) => formatDay(b.date) },
                    { label: t("bodyweight.weight"), cell: (b) => formatFact(b.weight, b.unit, unit) },
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
  const { t } = useTranslation("progress");
  const query = useQuery(VolumeByExercise, { since: weeks[0].week.slice(0, 10) });
  const groups = query.data?.viewer?.volumeByExercise.groupedAggregates ?? [];
  const exercises = new Map<string, ExerciseLabel>(
    (query.data?.exerciseNames?.nodes ?? []).flatMap((x) => (x ? [[x.id, x] as const] : [])),
  );
  const byExercise = volumeBreakdown(
    weeks,
    groups,
    {
      partOf: (id) => id,
      labelOf: (id) => exercises.get(id)?.name ?? t("byExercise.exercise"),
      columns: TOP_EXERCISES,
    },
    unit,
  );
  // Every region has a column (the catalog has five).
  const byRegion = volumeBreakdown(
    weeks,
    groups,
    {
      partOf: (id) => exercises.get(id)?.region ?? "other",
      labelOf: (region) => regionName(t, region),
      columns: Infinity,
    },
    unit,
  );
  if (byExercise.parts.length === 0) return null;
  return (
    <Section title={t("byExercise.title")} description={t("byExercise.description", { top: TOP_EXERCISES, unit })}>
      <h3>{t("byExercise.byExercise")}</h3>
      <VolumeBreakdownTable breakdown={byExercise} unit={unit} caption={t("byExercise.caption")} />
      <h3>{t("byExercise.byRegion")}</h3>
      <VolumeBreakdownTable breakdown={byRegion} unit={unit} caption={t("byExercise.regionCaption")} />
    </Section>
  );
}
