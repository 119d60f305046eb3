// Training days as a calendar: one row per week (Monday first), a mark on each day with a workout.
import { localDate, mondayOf } from "../../components/documentValues.ts";

const DAYS = ["M", "T", "W", "T", "F", "S", "S"];
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return localDate(new Date(y, m - 1, d + n));
}

export function TrainingCalendar({
  dates,
  weeks = 12,
  today = new Date(),
}: {
  dates: string[];
  weeks?: number;
  today?: Date;
}) {
  const trained = new Set(dates);
  const thisMonday = mondayOf(today);
  const mondays = Array.from({ length: weeks }, (_, i) => addDays(thisMonday, -7 * i));
  const count = mondays.reduce((n, monday) => n + DAYS.filter((_, d) => trained.has(addDays(monday, d))).length, 0);
  return (
    <>
      <p className="muted">
        {count} training day{count === 1 ? "" : "s"} in the last {weeks} weeks.
      </p>
      <table className="calendar">
        <caption className="visually-hidden">Training days of the last {weeks} weeks, newest week first</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {DAYS.map((d, i) => (
              <th scope="col" key={DAY_NAMES[i]}>
                <span aria-hidden="true">{d}</span>
                <span className="visually-hidden">{DAY_NAMES[i]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {mondays.map((monday) => (
            <tr key={monday}>
              <th scope="row">{monday}</th>
              {DAY_NAMES.map((d, i) => {
                const day = addDays(monday, i);
                return (
                  <td key={d} className={trained.has(day) ? "trained" : undefined}>
                    {trained.has(day) ? (
                      <>
                        <span aria-hidden="true">●</span>
                        <span className="visually-hidden">trained on {day}</span>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
