// Weekly sets per muscle group on Progress: a body figure shaded by a week's work sets and a table
// of the last weeks, each week's sets beside the commonly cited 10-20 band (weeklyMuscleSets: a
// primary muscle counts a set, a secondary one half).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { operations } from "@svc/sdk";
import { useQuery } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField } from "../../components/Field.tsx";
import { QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { today } from "../../components/documentValues.ts";
import { MuscleFigure, SET_BAND, setLevel, setsText } from "./muscleFigure.tsx";
import { muscleName } from "./muscleNames.ts";
import { formatDay } from "../../format.ts";

/** Weeks the table shows, this one last. */
const WEEKS = 4;

/** The Mondays of the `count` weeks ending with the week of `day`, oldest first. */
export function weekStarts(day: string, count: number): string[] {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return Array.from({ length: count }, (_, i) => {
    const monday = new Date(d);
    monday.setUTCDate(d.getUTCDate() - 7 * (count - 1 - i));
    return monday.toISOString().slice(0, 10);
  });
}

type Row = { group: string; sets: number[] };

export function MuscleSetsSection() {
  const { t } = useTranslation("progress");
  const until = today();
  const query = useQuery(operations.WEEKLY_MUSCLE_SETS, { weeks: WEEKS, until });
  const weeks = weekStarts(until, WEEKS);
  const [chosen, setChosen] = useState(weeks[WEEKS - 1]);
  return (
    <Section
      title={t("muscleSets.title")}
      description={t("muscleSets.description", { low: SET_BAND.low, high: SET_BAND.high })}
    >
      <QueryView query={query}>
        {(data) => {
          const byGroup = new Map<string, number[]>();
          for (const w of data.weeklyMuscleSets ?? []) {
            if (!w) continue;
            const index = weeks.indexOf(w.week.slice(0, 10));
            if (index < 0) continue;
            const row = byGroup.get(w.muscleGroup) ?? Array<number>(WEEKS).fill(0);
            row[index] = w.sets;
            byGroup.set(w.muscleGroup, row);
          }
          const rows: Row[] = [...byGroup].map(([group, sets]) => ({ group, sets }));
          const shownIndex = Math.max(0, weeks.indexOf(chosen));
          const shown = new Map(rows.map((r) => [r.group, r.sets[shownIndex]]));
          if (rows.length === 0) return <p className="muted">{t("muscleSets.none", { weeks: WEEKS })}</p>;
          return (
            <>
              <SelectField
                label={t("tables.weekOf")}
                name="muscle-week"
                options={weeks.map((w, i) => ({
                  value: w,
                  label: i === WEEKS - 1 ? t("muscleSets.thisWeekOption", { week: formatDay(w) }) : formatDay(w),
                }))}
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
              />
              <MuscleFigure sets={shown} week={weeks[shownIndex]} />
              <CardTable
                caption={t("muscleSets.caption", { weeks: WEEKS, week: formatDay(weeks[WEEKS - 1]) })}
                rows={rows}
                rowKey={(r) => r.group}
                columns={[
                  { label: t("muscleSets.group"), cell: (r) => muscleName(t, r.group) },
                  ...weeks.map((w, i) => ({
                    label: i === WEEKS - 1 ? t("muscleSets.thisWeek") : t("muscleSets.weekOf", { week: formatDay(w) }),
                    cell: (r: Row) => <SetsCell sets={r.sets[i]} />,
                  })),
                ]}
              />
            </>
          );
        }}
      </QueryView>
    </Section>
  );
}

/** A week's sets as a number and a bar on a 0-30 scale with the 10-20 band marked behind it. */
function SetsCell({ sets }: { sets: number }) {
  const { t } = useTranslation("progress");
  const scale = SET_BAND.high * 1.5;
  return (
    <span className={`sets-cell level-${setLevel(sets)}`}>
      <span className="sets-number">{setsText(t, sets)}</span>
      <span className="sets-bar" aria-hidden="true">
        <span
          className="sets-band"
          style={{
            left: `${(SET_BAND.low / scale) * 100}%`,
            width: `${((SET_BAND.high - SET_BAND.low) / scale) * 100}%`,
          }}
        />
        <span className="sets-fill" style={{ width: `${Math.min(100, (sets / scale) * 100)}%` }} />
      </span>
    </span>
  );
}
