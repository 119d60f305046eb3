// /calendar: a month of training days (phone first), each day with a workout marked; tapping one
// lists its workouts. The month and the day chosen live in the address (?month=2026-11&day=...).
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { localDate } from "../../components/documentValues.ts";
import { dayName, monthKey, monthName, monthOf, monthWeeks, shiftMonth, weekdays } from "./month.ts";
import "./history.css";
import { formatDay } from "../../format.ts";

const MonthWorkouts = graphql(`
  query MonthWorkouts($since: Date!, $until: Date!) {
    viewer {
      id
      workouts(since: $since, until: $until, limit: 1000) {
        id
        date
        name
        minutes
        routine {
          id
          name
        }
      }
    }
  }
`);

type DayWorkout = {
  id: string;
  date: string;
  name?: string | null;
  minutes?: number | null;
  routine?: { name: string } | null;
};

export default function Calendar() {
  const { t, i18n } = useTranslation("workouts");
  const lng = i18n.language;
  const [params] = useSearchParams();
  const month = monthOf(params.get("month"));
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const chosen = params.get("day");
  const query = useQuery(MonthWorkouts, { since: days[0], until: days[days.length - 1] });
  const today = localDate(new Date());
  const at = (m: typeof month, day?: string) => `?month=${monthKey(m)}${day ? `&day=${day}` : ""}`;
  return (
    <Page
      title={t("calendar.title")}
      actions={
        <Link className="button" to="/workouts">
          {t("calendar.history")}
        </Link>
      }
    >
      <nav className="calendar-months" aria-label={t("calendar.months")}>
        <Link to={at(shiftMonth(month, -1))}>
          <span className="flip-rtl">←</span> {monthName(shiftMonth(month, -1), lng)}
        </Link>
        <h2 className="calendar-month">{monthName(month, lng)}</h2>
        <Link to={at(shiftMonth(month, 1))}>
          {monthName(shiftMonth(month, 1), lng)} <span className="flip-rtl">→</span>
        </Link>
      </nav>
      <QueryView query={query}>
        {(data) => {
          const byDay = new Map<string, DayWorkout[]>();
          for (const w of data.viewer?.workouts ?? []) byDay.set(w.date, [...(byDay.get(w.date) ?? []), w]);
          return (
            <>
              <p className="muted" role="status">
                {t("calendar.trainingDays", { count: byDay.size, month: monthName(month, lng) })}
              </p>
              <table className="month">
                <caption className="visually-hidden">{t("calendar.caption", { month: monthName(month, lng) })}</caption>
                <thead>
                  <tr>
                    {weekdays(lng).map((d) => (
                      <th scope="col" key={d.name} abbr={d.name}>
                        {d.short}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week, i) => (
                    <tr key={i}>
                      {week.map((day, j) => (
                        <td key={day ?? `blank-${j}`} className={day === today ? "today" : undefined}>
                          {day ? (
                            <CalendarDay
                              day={day}
                              workouts={byDay.get(day) ?? []}
                              chosen={day === chosen}
                              to={at(month, day)}
                            />
                          ) : null}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              {chosen && /^\d{4}-\d{2}-\d{2}$/.test(chosen) ? (
                <DayWorkouts day={chosen} workouts={byDay.get(chosen) ?? []} />
              ) : null}
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}

function CalendarDay({
  day,
  workouts,
  chosen,
  to,
}: {
  day: string;
  workouts: DayWorkout[];
  chosen: boolean;
  to: string;
}) {
  const { t, i18n } = useTranslation("workouts");
  const number = Number(day.slice(8));
  if (workouts.length === 0) return <span className="month-day">{number}</span>;
  return (
    <Link
      className="month-day trained"
      to={to}
      replace
      aria-current={chosen ? "date" : undefined}
      aria-label={t("calendar.dayLabel", { day: dayName(day, i18n.language), count: workouts.length })}
    >
      {number}
    </Link>
  );
}

function DayWorkouts({ day, workouts }: { day: string; workouts: DayWorkout[] }) {
  const { t, i18n } = useTranslation("workouts");
  return (
    <Section title={t("calendar.dayTitle", { day: dayName(day, i18n.language) })}>
      {workouts.length === 0 ? (
        <p className="muted">{t("calendar.noWorkout")}</p>
      ) : (
        <ul className="doc-rows">
          {workouts.map((w) => (
            <li key={w.id} className="doc-row">
              <Link to={`/workouts/${w.id}`}>{w.name ?? t("page.workoutOf", { date: formatDay(w.date) })}</Link>
              <span className="muted">
                {w.routine ? ` · ${w.routine.name}` : ""}
                {w.minutes !== null && w.minutes !== undefined ? ` · ${t("list.minutes", { minutes: w.minutes })}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
