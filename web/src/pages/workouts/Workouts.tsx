// Workouts: the history, newest first, a page at a time, each workout with its exercises and sets;
// search by exercise or name, filter by routine or program. The search, filters and page live in
// the address, so Back from a workout returns to the same page.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
import { rich } from "../../components/richText.tsx";
import { formatDay } from "../../format.ts";

export const HISTORY_PAGE_SIZE = 20;

export default function Workouts() {
  const { t } = useTranslation("workouts");
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
      title={t("list.title")}
      actions={
        <div className="actions">
          <Link className="button primary" to="/workouts/new">
            {t("list.logPast")}
          </Link>
          <Link className="button" to="/calendar">
            {t("list.calendar")}
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
                <p role="status">{t("list.noMatch")} </p>
                <p>
                  <button type="button" onClick={() => go({})}>
                    {t("list.showAll")}
                  </button>
                </p>
              </Empty>
            ) : (
              <Empty>
                <p>{rich(t, "list.empty", { link: <Link to="/workouts/new">{t("list.emptyLink")}</Link> })}</p>
              </Empty>
            );
          return (
            <>
              <CardTable
                caption={t("list.caption")}
                busy={!settled}
                rows={list}
                rowKey={(w) => w.id}
                columns={[
                  { label: t("list.date"), cell: (w) => <Link to={`/workouts/${w.id}`}>{formatDay(w.date)}</Link> },
                  { label: t("list.workout"), cell: (w) => w.name ?? "—" },
                  { label: t("list.routine"), cell: (w) => w.routine?.name ?? "—" },
                  { label: t("list.exercises"), cell: (w) => <HistorySets workout={w} unit={unit} /> },
                  {
                    label: t("list.duration"),
                    cell: (w) => (w.minutes === null ? "—" : t("list.minutes", { minutes: w.minutes })),
                  },
                  { label: t("list.workSets"), cell: (w) => w.workoutSetsByWorkoutId.aggregates?.sum?.workSets ?? "0" },
                  {
                    label: t("list.volume"),
                    heading: t("list.volumeIn", { unit }),
                    cell: (w) => formatVolume(w.workoutSetsByWorkoutId.aggregates?.sum, unit),
                  },
                  {
                    label: t("list.records"),
                    cell: (w) => <HistoryRecords workout={w} records={records} unit={unit} />,
                  },
                ]}
              />
              <nav className="actions" aria-label={t("list.pages")}>
                <button
                  type="button"
                  disabled={offset === 0 || !settled}
                  onClick={() => go(filter, Math.max(0, offset - HISTORY_PAGE_SIZE))}
                >
                  {t("list.newer")}
                </button>
                <span className="muted" role="status">
                  {settled
                    ? t("list.range", { from: offset + 1, to: Math.min(offset + HISTORY_PAGE_SIZE, total), total })
                    : t("list.loading")}
                </span>
                <button
                  type="button"
                  disabled={offset + HISTORY_PAGE_SIZE >= total || !settled}
                  onClick={() => go(filter, offset + HISTORY_PAGE_SIZE)}
                >
                  {t("list.older")}
                </button>
              </nav>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
