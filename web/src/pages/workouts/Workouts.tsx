// Workouts: the history, newest first, a page at a time, each workout with its exercises and sets;
// search by exercise or name, filter by routine or program. The search, filters and page live in
// the address, so Back from a workout returns to the same page.
import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { formatVolume, useUserUnits } from "../../components/units.ts";
import { HistoryFilters, HistoryRecordSets, WorkoutHistory } from "./operations.ts";
import { HistoryRecords, HistorySets } from "./HistorySets.tsx";
import { HistorySearch, historyFilterOf, type HistoryFilter } from "./HistorySearch.tsx";
import "./history.css";

export const HISTORY_PAGE_SIZE = 20;

export default function Workouts() {
  const { unit } = useUserUnits();
  const [params, setParams] = useSearchParams();
  const filter = historyFilterOf(params);
  const offset = Math.max(0, Number.parseInt(params.get("from") ?? "0", 10) || 0);
  const history = useQuery(WorkoutHistory, { first: HISTORY_PAGE_SIZE, offset, ...filter });
  const recordSets = useQuery(HistoryRecordSets, { first: HISTORY_PAGE_SIZE, offset, ...filter });
  const records = new Set(
    (recordSets.data?.viewer?.workoutHistory.nodes ?? []).flatMap((w) =>
      (w?.exercises ?? []).flatMap((x) => x.sets.filter((set) => set.personalRecord).map((set) => set.id)),
    ),
  );
  const filters = useQuery(HistoryFilters, {});
  // The offset the rows on screen belong to: until the new page arrives, the old rows stay and
  // the range says Loading.
  const [shownOffset, setShownOffset] = useState(offset);
  useEffect(() => {
    if (history.data && !history.loading) setShownOffset(offset);
    // Only an arriving answer moves it, never the click that asked for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history.data, history.loading]);
  const settled = !history.loading && shownOffset === offset;
  const go = (next: HistoryFilter, from = 0) => {
    const search = new URLSearchParams();
    if (next.search) search.set("q", next.search);
    if (next.routineId) search.set("routine", next.routineId);
    if (next.program) search.set("program", next.program);
    if (from > 0) search.set("from", String(from));
    setParams(search, { replace: true });
  };
  const filtered = Boolean(filter.search || filter.routineId || filter.program);
  return (
    <Page
      title="Workouts"
      actions={
        <div className="actions">
          <Link className="button primary" to="/workouts/new">
            Log a past workout
          </Link>
          <Link className="button" to="/calendar">
            Calendar
          </Link>
        </div>
      }
    >
      <HistorySearch
        filter={filter}
        routines={filters.data?.viewer?.routines ?? []}
        onChange={(next) => go(next)}
        onSubmit={(e: FormEvent, next) => {
          e.preventDefault();
          go(next);
        }}
      />
      <QueryView query={history}>
        {(data) => {
          const page = data.viewer?.workoutHistory;
          const list = (page?.nodes ?? []).filter((w) => w !== null);
          const total = page?.totalCount ?? 0;
          if (total === 0)
            return filtered ? (
              <Empty>
                <p role="status">No workout matches. </p>
                <p>
                  <button type="button" onClick={() => go({})}>
                    Show every workout
                  </button>
                </p>
              </Empty>
            ) : (
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
                  { label: "Exercises", cell: (w) => <HistorySets workout={w} unit={unit} /> },
                  { label: "Duration", cell: (w) => (w.minutes === null ? "—" : `${w.minutes} min`) },
                  { label: "Work sets", cell: (w) => w.workoutSetsByWorkoutId.aggregates?.sum?.workSets ?? "0" },
                  {
                    label: "Volume",
                    heading: `Volume (${unit})`,
                    cell: (w) => formatVolume(w.workoutSetsByWorkoutId.aggregates?.sum, unit),
                  },
                  { label: "Records", cell: (w) => <HistoryRecords workout={w} records={records} unit={unit} /> },
                ]}
              />
              <nav className="actions" aria-label="History pages">
                <button
                  type="button"
                  disabled={offset === 0 || !settled}
                  onClick={() => go(filter, Math.max(0, offset - HISTORY_PAGE_SIZE))}
                >
                  Newer
                </button>
                <span className="muted" role="status">
                  {settled ? `${offset + 1}–${Math.min(offset + HISTORY_PAGE_SIZE, total)} of ${total}` : "Loading…"}
                </span>
                <button
                  type="button"
                  disabled={offset + HISTORY_PAGE_SIZE >= total || !settled}
                  onClick={() => go(filter, offset + HISTORY_PAGE_SIZE)}
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
