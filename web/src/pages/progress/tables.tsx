// The numbers behind the progress charts, as tables (for screen readers, and to read exact values).
import { Link } from "react-router";
import { formatWeight } from "../../components/units.ts";

export type VolumeWeek = { week: string; volume: number; unit: string; workSets: number; workouts: number };

export function VolumeTable({ weeks, caption }: { weeks: VolumeWeek[]; caption: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={caption}>
      <table className="cards">
        <caption className="visually-hidden">{caption}, newest first</caption>
        <thead><tr><th scope="col">Week of</th><th scope="col">Volume</th><th scope="col">Work sets</th><th scope="col">Workouts</th></tr></thead>
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
    </div>
  );
}

export type E1rmRow = { workoutId: string; date: string; unit: string; e1rm: number | null; e1rmSetWeight: number | null; e1rmSetReps: number | null; bestSetWeight: number; bestSetReps: number };

export function E1rmTable({ sessions, caption }: { sessions: E1rmRow[]; caption: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={caption}>
      <table className="cards">
        <caption className="visually-hidden">{caption}, newest first</caption>
        <thead><tr><th scope="col">Date</th><th scope="col">Estimated 1RM</th><th scope="col">From</th><th scope="col">Best set</th></tr></thead>
        <tbody>
          {[...sessions].reverse().map((s) => (
            <tr key={s.workoutId}>
              <td data-label="Date"><Link to={`/workouts/${s.workoutId}`}>{s.date}</Link></td>
              <td data-label="Estimated 1RM">{formatWeight(s.e1rm, s.unit)}</td>
              <td data-label="From">{s.e1rmSetWeight != null ? `${s.e1rmSetWeight} × ${s.e1rmSetReps}` : "—"}</td>
              <td data-label="Best set">{s.bestSetWeight} × {s.bestSetReps}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
