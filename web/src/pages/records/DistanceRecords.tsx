// The Records page's cardio records (User.distanceRecords): per exercise the longest distance, the
// fastest time at each distance done and the best pace, in the lifter's distance unit; nothing
// when no set has a distance. Strings: the `distance` namespace.
import { Link } from "react-router";
import { formatPace } from "@svc/sdk/documents";
import { Section } from "../../components/Page.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { useTranslation } from "react-i18next";
import { formatNumber, formatDay } from "../../format.ts";

const DistanceRecordsQuery = graphql(`
  query DistanceRecords {
    viewer {
      id
      distanceRecords {
        exerciseId
        exerciseName
        record
        distance
        distanceUnit
        seconds
        pace
        setText
        date
        workoutId
        setId
      }
    }
  }
`);

export function DistanceRecords({ exercise }: { exercise: string }) {
  const { t } = useTranslation("distance");
  const query = useQuery(DistanceRecordsQuery, {});
  const all = (query.data?.viewer?.distanceRecords ?? []).flatMap((r) => (r ? [r] : []));
  const shown = exercise ? all.filter((r) => r.exerciseId === exercise) : all;
  if (shown.length === 0) return null;
  const number = { format: (value: number) => formatNumber(value, { maximumFractionDigits: 3 }) };
  const name = (r: (typeof shown)[number]) =>
    r.record === "longest distance"
      ? t("records.longest")
      : r.record === "best pace"
        ? t("records.bestPace")
        : t("records.fastest", { distance: `${number.format(r.distance)} ${r.distanceUnit}` });
  const pace = (r: (typeof shown)[number]) =>
    r.pace === null ? "—" : t(r.distanceUnit === "mi" ? "pace.perMi" : "pace.perKm", { pace: formatPace(r.pace) });
  return (
    <Section title={t("records.title")}>
      <CardTable
        caption={t("records.title")}
        rows={shown}
        rowKey={(r) => `${r.setId}-${r.record}`}
        columns={[
          { label: t("records.date"), cell: (r) => <Link to={`/workouts/${r.workoutId}`}>{formatDay(r.date)}</Link> },
          { label: t("records.exercise"), cell: (r) => <Link to={`/progress/${r.exerciseId}`}>{r.exerciseName}</Link> },
          { label: t("records.record"), cell: (r) => name(r) },
          { label: t("records.set"), cell: (r) => r.setText },
          { label: t("pace.label"), cell: (r) => pace(r) },
        ]}
      />
    </Section>
  );
}
