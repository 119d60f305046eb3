// Training days as a calendar: one row per week (Monday first), a mark on each day with a workout.
import { useTranslation } from "react-i18next";
import { localDate, mondayOf } from "../../components/documentValues.ts";

/** Monday to Sunday in `locale`'s words (Intl): `narrow` (`M`) or `long` (`Monday`). */
function weekdays(locale: string, width: "narrow" | "long"): string[] {
  const names = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => names.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

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
  const { t, i18n } = useTranslation("progress");
  const DAYS = weekdays(i18n.language, "narrow");
  const DAY_NAMES = weekdays(i18n.language, "long");
  const trained = new Set(dates);
  const thisMonday = mondayOf(today);
  const mondays = Array.from({ length: weeks }, (_, i) => addDays(thisMonday, -7 * i));
  const count = mondays.reduce((n, monday) => n + DAYS.filter((_, d) => trained.has(addDays(monday, d))).length, 0);
  return (
    <>
      <p className="muted">{t("days.count", { count, weeks })}</p>
      <table className="calendar">
        <caption className="visually-hidden">{t("days.caption", { weeks })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("tables.weekOf")}</th>
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
                        <span className="visually-hidden">{t("days.trainedOn", { day })}</span>
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
