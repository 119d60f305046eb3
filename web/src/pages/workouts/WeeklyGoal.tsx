// Home's weekly goal: this week's training days against the goal ("3 of 4") and the current and
// best streak of weeks that met it; without a goal, where to set one.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Section } from "../../components/Page.tsx";
import { Stat, Stats } from "../../components/Stats.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { prefetchQuery, useQuery } from "../../graphql/hooks.ts";
import { today } from "../../components/documentValues.ts";
import { rich } from "../../components/richText.tsx";

const WeeklyGoalQuery = graphql(`
  query WeeklyGoal($today: String!) {
    viewer {
      id
      weeklyGoal
      weeklyGoalProgress(today: $today) {
        goal
        week
        days
        met
        currentStreak
        bestStreak
      }
    }
  }
`);

/** Starts the goal's query (Home, before its first render): the section shows at once, nothing below it moves. */
export const prefetchWeeklyGoal = () => prefetchQuery(WeeklyGoalQuery, { today: today() });

export function WeeklyGoal() {
  const { t } = useTranslation("workouts");
  const query = useQuery(WeeklyGoalQuery, { today: today() });
  const progress = query.data?.viewer?.weeklyGoalProgress;
  if (!query.data) return null;
  return (
    <Section title={t("goal.title")}>
      {progress ? (
        <>
          <Stats>
            <Stat label={t("goal.thisWeek")}>{t("goal.daysOf", { days: progress.days, goal: progress.goal })}</Stat>
            <Stat label={t("goal.current")}>{t("goal.weeks", { count: progress.currentStreak })}</Stat>
            <Stat label={t("goal.best")}>{t("goal.weeks", { count: progress.bestStreak })}</Stat>
          </Stats>
          <p className="muted">
            {progress.met
              ? t("goal.met", { count: progress.goal })
              : t("goal.toGo", { count: progress.goal - progress.days })}{" "}
            <Link to="/calendar">{t("goal.calendar")}</Link> ·{" "}
            <Link to="/settings#weekly-goal">{t("goal.change")}</Link>
          </p>
        </>
      ) : (
        <p className="muted">
          {rich(t, "goal.none", { link: <Link to="/settings#weekly-goal">{t("goal.noneLink")}</Link> })}
        </p>
      )}
    </Section>
  );
}
