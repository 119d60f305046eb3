// The logger before a workout is in progress: start one from a routine (its next workout planned,
// each exercise's rest and increment from the routine, each target's explanation) or empty.
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Trans, useTranslation } from "react-i18next";
import type { CanonicalRoutine, CanonicalWorkout } from "@svc/sdk/documents";
import { Page } from "../../components/Page.tsx";
import { ErrorMessage, Loading } from "../../components/States.tsx";
import { useSession } from "../../auth/session.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { unitOf, useUserUnits } from "../../components/units.ts";
import { ProgramDays, RoutineNextTargets } from "../routines/operations.ts";
import { dayName, placeOf, programGroups } from "../routines/programOrder.ts";
import { emptyWorkout, workoutFromPlan, type LogWorkout } from "./draft.ts";
import { weightIn } from "./fill.ts";
import { usePlan, useRoutineList } from "./useKeptPlans.ts";
import { useLogText } from "./logText.ts";
import { targetExplanation } from "../../i18n/targetExplanation.ts";

export function StartScreen({ onStart, notice }: { onStart: (w: LogWorkout) => void; notice?: ReactNode }) {
  const { t } = useTranslation("log");
  const { unit, effort } = useUserUnits();
  const { routines, data, offline } = useRoutineList(useSession().viewer?.id ?? "");
  const [, setParams] = useSearchParams();
  const library = useQuery(ProgramDays, {});
  const list = data?.viewer?.routines ?? [];
  const groups = programGroups(list, library.data?.programLibrary ?? []);
  return (
    <Page title={t("start.title")}>
      {notice}
      <section className="section" aria-labelledby="from-routine">
        <h2 id="from-routine">{t("start.fromRoutine")}</h2>
        {offline ? (
          <p className="notice" role="status">
            {t("start.offline")}
          </p>
        ) : routines.error ? (
          <ErrorMessage error={routines.error} onRetry={() => void routines.reload()} />
        ) : null}
        {routines.loading && !data ? <Loading /> : null}
        {data && list.length === 0 ? (
          <p className="muted">
            <Trans
              t={t}
              i18nKey="start.noRoutines"
              components={{ create: <Link to="/routines/new" />, program: <Link to="/programs" /> }}
            />
          </p>
        ) : null}
        {groups.map((g) => (
          <div key={g.program ?? ""} className="start-group">
            {g.program ? <h3>{g.program}</h3> : groups.length > 1 ? <h3>{t("start.otherRoutines")}</h3> : null}
            {g.next ? <NextDay routine={g.next} /> : null}
            <ul className="start-list">
              {g.days.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className={g.next === r || !g.program ? "primary" : undefined}
                    onClick={() => setParams({ routine: r.id })}
                  >
                    {t("start.startRoutine", { routine: r.name })}
                  </button>
                  {g.next === r ? <span className="badge">{t("start.nextBadge")}</span> : null}
                  <span className="muted"> {t("start.routineExercises", { count: r.exercises.length })}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section className="section" aria-labelledby="from-nothing">
        <h2 id="from-nothing">{t("start.empty")}</h2>
        <p>
          <button type="button" onClick={() => onStart(emptyWorkout(unit, effort))}>
            {t("start.startEmpty")}
          </button>
        </p>
        <p className="muted">
          <Trans t={t} i18nKey="start.emptyHint" components={{ form: <Link to="/workouts/new" /> }} />
        </p>
      </section>
    </Page>
  );
}

/** "Next: Squat, week 2": the program's next day and where its cycle or stages are. */
function NextDay({ routine }: { routine: { id: string; name: string; program?: string | null } }) {
  const { t } = useTranslation("log");
  const targets = useQuery(RoutineNextTargets, { id: routine.id });
  const place = placeOf(targets.data?.routineById?.nextTargets);
  return (
    <p className="next-day">
      <strong>{t("start.next")}</strong> {dayName(routine)}
      {place ? `, ${place}` : ""}
    </p>
  );
}

/**
 * The routine's rest and increment of each planned exercise: by position (the plan keeps the
 * routine's order), else by name. An increment in another unit than the plan's is not used.
 */
function routineFieldsOf(
  routine: CanonicalRoutine | null,
  plan: CanonicalWorkout,
): { rests: (number | null)[]; increments: (number | null)[] } {
  const exercises = routine?.exercises ?? [];
  const same = plan.exercises.map((x, i) =>
    exercises[i] && exercises.length === plan.exercises.length
      ? exercises[i]
      : exercises.find((r) => r.exercise.toLowerCase() === x.exercise.toLowerCase()),
  );
  return {
    rests: same.map((r) => (typeof r?.rest === "number" ? r.rest : null)),
    increments: same.map((r) => {
      const increment = (r as { increment?: unknown } | undefined)?.increment;
      return typeof increment === "number" && routine?.unit === plan.unit ? increment : null;
    }),
  };
}

export function StartFromRoutine({ routine, onStart }: { routine: string; onStart: (w: LogWorkout) => void }) {
  // Explanations are asked of the routine by id (Routine.nextTargets); a routine named in the address is planned without them.
  const { t } = useTranslation("log");
  const text = useLogText();
  const { plan, data, keptAt } = usePlan(useSession().viewer?.id ?? "", routine);
  const started = useRef(false);
  const doc = data?.routineDocument as (CanonicalRoutine & { id: string }) | null | undefined;
  const next = data?.nextWorkout as CanonicalWorkout | null | undefined;
  useEffect(() => {
    if (started.current || !doc || !next) return;
    started.current = true;
    const targets = data?.routineById?.nextTargets ?? [];
    const explanations = next.exercises.map((_, i) => targetExplanation(targets.find((t) => t?.position === i)));
    const trainingMaxes = next.exercises.map((_, i) => {
      const target = targets.find((t) => t?.position === i);
      return typeof target?.trainingMax === "number"
        ? weightIn(target.trainingMax, unitOf(target.routineUnit), unitOf(next.unit))
        : null;
    });
    const planned = workoutFromPlan(next, {
      routineName: doc.name,
      ...routineFieldsOf(doc, next),
      explanations,
      trainingMaxes,
      setCount: text.setCount,
    });
    onStart({ ...planned, plannedOffline: keptAt });
  }, [doc, next, onStart, data, keptAt, text]);
  return (
    <Page title={t("start.title")}>
      {plan.error && !data ? <ErrorMessage error={plan.error} onRetry={() => void plan.reload()} /> : null}
      {data && (!doc || !next) ? (
        <p className="state state-error" role="alert">
          {t("start.noSuchRoutine", { routine })} <Link to="/log">{t("start.chooseAnother")}</Link>.
        </p>
      ) : (
        <Loading label={t("start.planning")} />
      )}
    </Page>
  );
}
