// The numbers behind the progress charts, as tables (for screen readers, and to read exact values).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatWeight } from "../../components/units.ts";

/** Rows a table shows in full; a longer one scrolls in its own box, with a hint that says so. */
export const SHORT_TABLE_ROWS = 12;

/**
 * A table's box: a short table shows every row (a phone shows each row as a card, so a fixed
 * height box would clip it at a row's edge); a long one scrolls, keyboard-reachable, with a
 * visible hint that more rows are below.
 */
export function TableBox({ label, rows, children }: { label: string; rows: number; children: ReactNode }) {
  if (rows <= SHORT_TABLE_ROWS) return <div className="table-full">{children}</div>;
  return (
    <>
      <p className="muted table-hint">{rows} rows: scroll the table to see them all.</p>
      <div className="table-scroll" tabIndex={0} role="group" aria-label={label}>
        {children}
      </div>
    </>
  );
}

export type VolumeWeek = { week: string; volume: number; unit: string; workSets: number; workouts: number };

export function VolumeTable({ weeks, caption }: { weeks: VolumeWeek[]; caption: string }) {
  return (
    <TableBox label={caption} rows={weeks.length}>
      <table className="cards">
        <caption className="visually-hidden">{caption}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Volume</th>
            <th scope="col">Work sets</th>
            <th scope="col">Workouts</th>
          </tr>
        </thead>
        <tbody>
          {[...weeks].reverse().map((w) => (
            <tr key={w.week}>
              <td data-label="Week of">{w.week}</td>
              <td data-label="Volume">{formatWeight(w.volume, w.unit)}</td>
              <td data-label="Work sets">{w.workSets}</td>
              <td data-label="Workouts">{w.workouts}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
  return (
    <TableBox label={caption} rows={sessions.length}>
      <table className="cards">
        <caption className="visually-hidden">{caption}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Estimated 1RM</th>
            <th scope="col">From</th>
            <th scope="col">Best set</th>
          </tr>
        </thead>
        <tbody>
          {[...sessions].reverse().map((s) => (
            <tr key={s.workoutId}>
              <td data-label="Date">
                <Link to={`/workouts/${s.workoutId}`}>{s.date}</Link>
              </td>
              <td data-label="Estimated 1RM">{formatWeight(s.e1rm, s.unit)}</td>
              <td data-label="From">{s.e1rmSetWeight != null ? `${s.e1rmSetWeight} × ${s.e1rmSetReps}` : "—"}</td>
              <td data-label="Best set">
                {s.bestSetWeight} × {s.bestSetReps}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
