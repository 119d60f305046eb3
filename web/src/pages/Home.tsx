// Home: this week's work sets and volume, the weekly goal and its streaks, each routine with its next workout, the latest workouts.
import { Link, useNavigate } from "react-router";
import { Page, Section } from "../components/Page.tsx";
import { Empty, QueryView } from "../components/States.tsx";
import { graphql } from "../graphql/graphql.ts";
import { WorkoutSetTotals } from "../graphql/fragments.ts";
import { useQuery } from "../graphql/hooks.ts";
import { useSession } from "../auth/session.tsx";
import { formatVolume, useUserUnits } from "../components/units.ts";
import { mondayOf } from "../components/documentValues.ts";
import type { CanonicalWorkout } from "../documents.ts";
import { WorkoutSets } from "./routines/RoutineSummary.tsx";
import { routinePath } from "./routines/operations.ts";
import { hasWorkoutInProgress } from "./log/inProgress.ts";
import { Stat, Stats } from "../components/Stats.tsx";
import { WeeklyGoal } from "./workouts/WeeklyGoal.tsx";

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

function workSets(count: string | undefined) {
  return `${count ?? "0"} work set${count === "1" ? "" : "s"}`;
}

export default function Home() {
  const { viewer } = useSession();
  const { unit } = useUserUnits();
  const week = mondayOf();
  const home = useQuery(HomeQuery, { week });
  const navigate = useNavigate();
  return (
    <Page
      title="Home"
      actions={
        <div className="actions">
          <button type="button" className="primary" onClick={() => navigate("/log")}>
            Start workout
          </button>
          <Link className="button" to="/workouts/new">
            Log a past workout
          </Link>
        </div>
      }
    >
      <p>Welcome, {viewer?.name}.</p>
      {viewer && hasWorkoutInProgress(viewer.id) ? (
        <p className="notice">
          A workout is in progress on this device. <Link to="/log">Continue the workout</Link>
        </p>
      ) : null}
      <QueryView query={home}>
        {(data) => {
          const me = data.viewer;
          if (!me) return null;
          const sum = me.workoutSetsByUserId.aggregates?.sum;
          return (
            <>
              <Section title="This week">
                <Stats>
                  <Stat label="Work sets">{sum?.workSets ?? "0"}</Stat>
                  <Stat label="Volume">{formatVolume(sum, unit)}</Stat>
                </Stats>
                <p className="muted">Since Monday {week}. Volume is weight × reps of done work sets.</p>
              </Section>
              <WeeklyGoal />
              <Section title="Routines">
                {me.routines.length === 0 ? (
                  <Empty>
                    <p>
                      No routines yet. <Link to="/routines/new">Create a routine</Link> to plan your next workouts.
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
                              <p className="muted">Next workout ({next.unit}):</p>
                              <WorkoutSets workout={next} />
                            </>
                          ) : null}
                          <p className="actions">
                            <Link className="button primary" to={`/log?routine=${encodeURIComponent(r.id)}`}>
                              Start workout<span className="visually-hidden">: {r.name}</span>
                            </Link>
                            <Link to={`/workouts/new?routine=${encodeURIComponent(r.id)}`}>
                              Log a past workout<span className="visually-hidden">: {r.name}</span>
                            </Link>
                          </p>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </Section>
              <Section title="Latest workouts">
                {me.workouts.length === 0 ? (
                  <Empty>
                    <p>
                      No workouts yet. <Link to="/workouts/new">Log a workout</Link>.
                    </p>
                    <p>
                      Coming from Strong, Hevy or FitNotes? <Link to="/settings#import">Bring your history</Link>: its
                      workouts, records and last times come with it.
                    </p>
                  </Empty>
                ) : (
                  <>
                    <ul>
                      {me.workouts.map((w) => (
                        <li key={w.id}>
                          <Link to={`/workouts/${w.id}`}>
                            {w.date}
                            {w.name ? ` ${w.name}` : ""}
                          </Link>
                          {w.routine ? <span className="muted"> · {w.routine.name}</span> : null}
                          <span className="muted">
                            {" "}
                            · {workSets(w.workoutSetsByWorkoutId.aggregates?.sum?.workSets)},{" "}
                            {formatVolume(w.workoutSetsByWorkoutId.aggregates?.sum, unit)}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <p>
                      <Link to="/workouts">All workouts</Link>
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
