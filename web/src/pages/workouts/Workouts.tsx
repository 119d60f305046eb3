// Workouts: the history, newest first, a page at a time; log a new workout from here.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { formatVolume, useUserUnits } from "../../components/units.ts";
import { WorkoutHistory } from "./operations.ts";

export const HISTORY_PAGE_SIZE = 20;

export default function Workouts() {
  const { unit } = useUserUnits();
  const [offset, setOffset] = useState(0);
  const history = useQuery(WorkoutHistory, { first: HISTORY_PAGE_SIZE, offset });
  // The offset the rows on screen belong to: until the new page arrives, the old rows stay and
  // the range says Loading.
  const [shownOffset, setShownOffset] = useState(offset);
  useEffect(() => {
    if (history.data && !history.loading) setShownOffset(offset);
    // Only an arriving answer moves it, never the click that asked for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history.data, history.loading]);
  const settled = !history.loading && shownOffset === offset;
  return (
    <Page
      title="Workouts"
      actions={
        <Link className="button primary" to="/workouts/new">
          Log a past workout
        </Link>
      }
    >
      <QueryView query={history}>
        {(data) => {
          const page = data.viewer?.workoutsByUserId;
          const list = (page?.nodes ?? []).filter((w) => w !== null);
          const total = page?.totalCount ?? 0;
          if (total === 0)
            return (
              <Empty>
                <p>
                  No workouts yet. <Link to="/workouts/new">Log your first workout</Link>, or start one from a routine.
                </p>
              </Empty>
            );
          return (
            <>
              <CardTable
                caption="Workout history, newest first"
                busy={!settled}
                rows={list}
                rowKey={(w) => w.id}
                columns={[
                  { label: "Date", cell: (w) => <Link to={`/workouts/${w.id}`}>{w.date}</Link> },
                  { label: "Workout", cell: (w) => w.name ?? "—" },
                  { label: "Routine", cell: (w) => w.routine?.name ?? "—" },
                  { label: "Work sets", cell: (w) => w.workoutSetsByWorkoutId.aggregates?.sum?.workSets ?? "0" },
                  {
                    label: "Volume",
                    heading: `Volume (${unit})`,
                    cell: (w) => formatVolume(w.workoutSetsByWorkoutId.aggregates?.sum, unit),
                  },
                ]}
              />
              <nav className="actions" aria-label="History pages">
                <button
                  type="button"
                  disabled={offset === 0 || !settled}
                  onClick={() => setOffset(Math.max(0, offset - HISTORY_PAGE_SIZE))}
                >
                  Newer
                </button>
                <span className="muted" role="status">
                  {settled ? `${offset + 1}–${Math.min(offset + HISTORY_PAGE_SIZE, total)} of ${total}` : "Loading…"}
                </span>
                <button
                  type="button"
                  disabled={offset + HISTORY_PAGE_SIZE >= total || !settled}
                  onClick={() => setOffset(offset + HISTORY_PAGE_SIZE)}
                >
                  Older
                </button>
              </nav>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
