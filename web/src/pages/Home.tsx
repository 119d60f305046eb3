// Home: this week's work sets and volume, the weekly goal and its streaks, each routine with its next workout, the latest workouts.
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Page, Section } from "../components/Page.tsx";
import { Empty, QueryView } from "../components/States.tsx";
import { graphql } from "../graphql/graphql.ts";
import { WorkoutSetTotals } from "../graphql/fragments.ts";
import { prefetchQuery, useQuery } from "../graphql/hooks.ts";
import { useSession } from "../auth/session.tsx";
import { formatVolume, useUserUnits } from "../components/units.ts";
import { mondayOf } from "../components/documentValues.ts";
import type { CanonicalWorkout } from "../documents.ts";
import { WorkoutSets } from "./routines/RoutineSummary.tsx";
import { routinePath } from "./routines/operations.ts";
import { hasWorkoutInProgress } from "./log/inProgress.ts";
import { Stat, Stats } from "../components/Stats.tsx";
import { formatNumber, formatDay } from "../format.ts";
import { WeeklyGoal, prefetchWeeklyGoal } from "./workouts/WeeklyGoal.tsx";
import { rich } from "../components/richText.tsx";

const HomeQuery = graphql(
  `
    query Home($week: Date!) {
      viewer {
        id
        routines {
          id
          name
          unit
          nextWorkout
        }
        workouts(limit: 5) {
          id
          date
          name
          routine {
            id
            name
          }
          workoutSetsByWorkoutId {
            ...WorkoutSetTotals
          }
        }
        workoutSetsByUserId(condition: { week: $week }) {
          ...WorkoutSetTotals
        }
      }
    }
  `,
  [WorkoutSetTotals],
);

/** Both queries start with the page's code; the first render waits (a moment at most) for them, so it shows the week and the goal. */
export function prefetch(): Promise<void> {
  return Promise.all([prefetchQuery(HomeQuery, { week: mondayOf() }), prefetchWeeklyGoal()]).then(() => {});
}

export default function Home() {
  const { t } = useTranslation("home");
  const { viewer } = useSession();
  const { unit } = useUserUnits();
  const week = mondayOf();
  const home = useQuery(HomeQuery, { week });
  const navigate = useNavigate();
  return (
    <Page
      title={t("title")}
      actions={
        <div className="actions">
          <button type="button" className="primary" onClick={() => navigate("/log")}>
            {t("start")}
          </button>
          <Link className="button" to="/workouts/new">
            {t("logPast")}
          </Link>
        </div>
      }
    >
      <p>{t("welcome", { name: viewer?.name ?? "" })}</p>
      {viewer && hasWorkoutInProgress(viewer.id) ? (
        <p className="notice">{rich(t, "inProgress", { link: <Link to="/log">{t("continue")}</Link> })}</p>
      ) : null}
      <QueryView query={home}>
        {(data) => {
          const me = data.viewer;
          if (!me) return null;
          const sum = me.workoutSetsByUserId.aggregates?.sum;
          return (
            <>
              <Section title={t("week.title")} anchor="this-week">
                <Stats>
                  <Stat label={t("week.workSets")}>{formatNumber(Number(sum?.workSets ?? 0))}</Stat>
                  <Stat label={t("week.volume")}>{formatVolume(sum, unit)}</Stat>
                </Stats>
                <p className="muted">{rich(t, "week.note", { week: <bdi>{week}</bdi> })}</p>
              </Section>
              <WeeklyGoal />
              <Section title={t("routines.title")} anchor="routines">
                {me.routines.length === 0 ? (
                  <Empty>
                    <p>
                      {rich(t, "routines.empty", {
                        link: <Link to="/routines/new">{t("routines.create")}</Link>,
                      })}
                    </p>
                  </Empty>
                ) : (
                  <ul className="doc-rows">
                    {me.routines.map((r) => {
                      const next = r.nextWorkout as CanonicalWorkout | null;
                      return (
                        <li key={r.id} className="doc-row">
                          <h3 className="h3">
                            <Link to={routinePath(r)}>{r.name}</Link>
                          </h3>
                          {next ? (
                            <>
                              <p className="muted">{t("routines.next", { unit: next.unit })}</p>
                              <WorkoutSets workout={next} />
                            </>
                          ) : null}
                          <p className="actions">
                            <Link className="button primary" to={`/log?routine=${encodeURIComponent(r.id)}`}>
                              {t("start")}
                              <span className="visually-hidden">: {r.name}</span>
                            </Link>
                            <Link to={`/workouts/new?routine=${encodeURIComponent(r.id)}`}>
                              {t("logPast")}
                              <span className="visually-hidden">: {r.name}</span>
                            </Link>
                          </p>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </Section>
              <Section title={t("latest.title")} anchor="latest-workouts">
                {me.workouts.length === 0 ? (
                  <Empty>
                    <p>{rich(t, "latest.empty", { link: <Link to="/log">{t("start")}</Link> })}</p>
                    <p>
                      {rich(t, "latest.import", {
                        link: <Link to="/settings#import">{t("latest.importLink")}</Link>,
                      })}
                    </p>
                  </Empty>
                ) : (
                  <>
                    <ul>
                      {me.workouts.map((w) => (
                        <li key={w.id}>
                          <Link to={`/workouts/${w.id}`}>
                            {formatDay(w.date)}
                            {w.name ? ` ${w.name}` : ""}
                          </Link>
                          {w.routine ? <span className="muted"> · {w.routine.name}</span> : null}
                          <span className="muted">
                            {" · "}
                            {t("latest.workSets", {
                              count: Number(w.workoutSetsByWorkoutId.aggregates?.sum?.workSets ?? 0),
                            })}
                            {", "}
                            {formatVolume(w.workoutSetsByWorkoutId.aggregates?.sum, unit)}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <p>
                      <Link to="/workouts">{t("latest.all")}</Link>
                    </p>
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
