// The numbers behind the progress charts, as tables (for screen readers, and to read exact values).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { estimateWeight } from "@svc/sdk/weights";
import { formatEstimate, formatTotal } from "../../components/units.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { formatDay } from "../../format.ts";

/** Rows a table shows in full; a longer one scrolls in its own box, with a hint that says so. */
export const SHORT_TABLE_ROWS = 12;

/**
 * A table's box: a short table shows every row (a phone shows each row as a card, so a fixed
 * height box would clip it at a row's edge); a long one scrolls, keyboard-reachable, with a
 * visible hint that more rows are below.
 */
export function TableBox({ label, rows, children }: { label: string; rows: number; children: ReactNode }) {
  const { t } = useTranslation("progress");
  if (rows <= SHORT_TABLE_ROWS) return <div className="table-full">{children}</div>;
  return (
    <>
      <p className="muted table-hint">{t("tables.scrollHint", { count: rows })}</p>
      <div className="table-scroll" tabIndex={0} role="group" aria-label={label}>
        {children}
      </div>
    </>
  );
}

export type VolumeWeek = { week: string; volume: number; unit: string; workSets: number; workouts: number };

export function VolumeTable({ weeks, caption }: { weeks: VolumeWeek[]; caption: string }) {
  const { t } = useTranslation("progress");
  return (
    <TableBox label={caption} rows={weeks.length}>
      <CardTable
        caption={t("tables.newestFirst", { caption })}
        rows={[...weeks].reverse()}
        rowKey={(w) => w.week}
        columns={[
          { label: t("tables.weekOf"), cell: (w) => formatDay(w.week) },
          { label: t("weekly.volume"), cell: (w) => formatTotal(w.volume, w.unit) },
          { label: t("tables.workSets"), cell: (w) => w.workSets },
          { label: t("tables.workouts"), cell: (w) => w.workouts },
        ]}
      />
    </TableBox>
  );
}

export type E1rmRow = {
  workoutId: string;
  date: string;
  unit: string;
  e1rm: number | null;
  e1rmSetWeight: number | null;
  e1rmSetReps: number | null;
  bestSetWeight: number;
  bestSetReps: number;
};

export function E1rmTable({ sessions, caption }: { sessions: E1rmRow[]; caption: string }) {
  const { t } = useTranslation("progress");
  return (
    <TableBox label={caption} rows={sessions.length}>
      <CardTable
        caption={t("tables.newestFirst", { caption })}
        rows={[...sessions].reverse()}
        rowKey={(s) => s.workoutId}
        columns={[
          { label: t("tables.date"), cell: (s) => <Link to={`/workouts/${s.workoutId}`}>{formatDay(s.date)}</Link> },
          { label: t("exercise.e1rm.series"), cell: (s) => formatEstimate(s.e1rm, s.unit) },
          {
            label: t("tables.from"),
            cell: (s) => (s.e1rmSetWeight != null ? `${estimateWeight(s.e1rmSetWeight)} × ${s.e1rmSetReps}` : "—"),
          },
          {
            label: t("tables.bestSet"),
            cell: (s) => (
              <>
                {estimateWeight(s.bestSetWeight)} × {s.bestSetReps}
              </>
            ),
          },
        ]}
      />
    </TableBox>
  );
}
