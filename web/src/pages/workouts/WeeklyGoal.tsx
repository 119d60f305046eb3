// Home's weekly goal: this week's training days against the goal ("3 of 4") and the current and
// best streak of weeks that met it; without a goal, where to set one.
import { Link } from "react-router";
import { Section } from "../../components/Page.tsx";
import { Stat, Stats } from "../../components/Stats.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { today } from "../../components/documentValues.ts";

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

function weeks(n: number): string {
  return `${n} week${n === 1 ? "" : "s"}`;
}

export function WeeklyGoal() {
  const query = useQuery(WeeklyGoalQuery, { today: today() });
  const progress = query.data?.viewer?.weeklyGoalProgress;
  if (!query.data) return null;
  return (
    <Section title="Weekly goal">
      {progress ? (
        <>
          <Stats>
            <Stat label="This week">
              {progress.days} of {progress.goal}
            </Stat>
            <Stat label="Current streak">{weeks(progress.currentStreak)}</Stat>
            <Stat label="Best streak">{weeks(progress.bestStreak)}</Stat>
          </Stats>
          <p className="muted">
            {progress.met
              ? `Goal met this week: ${progress.goal} training day${progress.goal === 1 ? "" : "s"}.`
              : `${progress.goal - progress.days} more training day${progress.goal - progress.days === 1 ? "" : "s"} to meet this week's goal.`}{" "}
            <Link to="/calendar">Calendar</Link> · <Link to="/settings#weekly-goal">Change the goal</Link>
          </p>
        </>
      ) : (
        <p className="muted">
          No weekly goal yet. <Link to="/settings#weekly-goal">Set a weekly goal</Link> of training days to see your
          streak here.
        </p>
      )}
    </Section>
  );
}
