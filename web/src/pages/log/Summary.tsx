// /log/summary/<workout id>: what a finished workout came to: volume, sets, duration, each exercise
// with its sets (in your unit), and each personal record named with what it beat.
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAmrapShown } from "../../components/amrap.ts";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { SetFact } from "../../components/factDocument.tsx";
import { formatFact, formatVolume, useUserUnits, type UnitName } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import { LoggedWorkoutSummary } from "./operations.ts";
import { Stat, Stats } from "../../components/Stats.tsx";
import { RecordLine } from "./RecordLine.tsx";
import { formatDay } from "../../format.ts";

export default function LogSummary() {
  const id = useParams().id ?? "";
  return isWorkoutId(id) ? <Summary id={id} /> : <NotFound />;
}

type Outcome = NonNullable<NonNullable<ReturnType<typeof useOutcome>["data"]>["workoutById"]>;

function useOutcome(id: string) {
  return useQuery(LoggedWorkoutSummary, { id });
}

/** The day, the routine once, and the workout's own name only when it says something else. */
function dayLine(w: Outcome): string {
  const parts = [formatDay(w.date)];
  if (w.routine) parts.push(w.routine.name);
  if (w.name && w.name !== w.routine?.name) parts.push(w.name);
  return parts.join(" · ");
}

function ExerciseSets({ w, unit }: { w: Outcome; unit: UnitName }) {
  const { t } = useTranslation("log");
  const setShown = useAmrapShown();
  return (
    <ul className="summary-exercises">
      {w.exercises.map((x) => (
        <li key={x.id}>
          <strong>{x.exercise?.name ?? "?"}</strong>:{" "}
          {x.sets.map((s, i) => (
            <span key={s.id}>
              {i > 0 ? ", " : null}
              <SetFact text={setShown(s.text)} entered={w.unit} unit={unit} />
              {s.done ? null : ` ${t("summary.notDone")}`}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function Summary({ id }: { id: string }) {
  const { t } = useTranslation("log");
  const { unit } = useUserUnits();
  const query = useOutcome(id);
  if (query.data && !query.data.workoutById) return <NotFound />;
  return (
    <Page
      title={t("summary.title")}
      actions={
        <Link className="button" to="/progress">
          {t("summary.progress")}
        </Link>
      }
    >
      <QueryView query={query}>
        {(data) => {
          const w = data.workoutById;
          if (!w) return null;
          const sum = w.workoutSetsByWorkoutId.aggregates?.sum;
          const sets = w.exercises.flatMap((x) => x.sets);
          const recordExercises = w.exercises.filter((x) => x.exercise && x.sets.some((s) => s.personalRecord));
          return (
            <>
              <Section title={t("summary.heading")}>
                <p>{dayLine(w)}</p>
                <Stats>
                  <Stat label={t("summary.volume")}>{formatVolume(sum, unit)}</Stat>
                  <Stat label={t("summary.workSets")}>{sum?.workSets ?? "0"}</Stat>
                  <Stat label={t("summary.setsDone")}>{sets.filter((s) => s.done).length}</Stat>
                  <Stat label={t("summary.duration")}>
                    {w.minutes != null ? t("summary.minutes", { minutes: w.minutes }) : "—"}
                  </Stat>
                  {w.bodyweight != null ? (
                    <Stat label={t("summary.bodyweight")}>{formatFact(w.bodyweight, w.unit, unit)}</Stat>
                  ) : null}
                </Stats>
                <p className="muted">{t("summary.volumeExplained")}</p>
              </Section>
              <Section title={t("summary.exercises")}>
                <ExerciseSets w={w} unit={unit} />
              </Section>
              <Section title={t("summary.records")}>
                {recordExercises.length === 0 ? (
                  <p className="muted">{t("summary.noRecords")}</p>
                ) : (
                  <ul>
                    {recordExercises.map((x) => (
                      <RecordLine key={x.id} exerciseId={x.exercise!.id} name={x.exercise!.name} workoutId={w.id} />
                    ))}
                  </ul>
                )}
              </Section>
              <p className="actions">
                <Link className="button" to={`/workouts/${w.id}`}>
                  {t("summary.openWorkout")}
                </Link>
                <Link className="button" to="/">
                  {t("summary.home")}
                </Link>
              </p>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
