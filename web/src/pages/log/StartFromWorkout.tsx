// /log?repeat=<workout id>: the logger starts with a past workout's exercises and sets as the plan
// (every set planned, not done; pinned notes kept, the day's other notes not), under its routine.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { CanonicalWorkout } from "@svc/sdk/documents";
import { Page } from "../../components/Page.tsx";
import { ErrorMessage, Loading } from "../../components/States.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { workoutFromPlan, type LogWorkout } from "./draft.ts";
import { useLogText } from "./logText.ts";

const RepeatedWorkout = graphql(`
  query RepeatedWorkout($id: UUID!) {
    workoutDocument(id: $id)
    workoutById(id: $id) {
      id
      name
      routine {
        id
        name
      }
    }
  }
`);

type DocExercise = CanonicalWorkout["exercises"][number];

/** The workout as a plan: its exercises and set texts, every set to do again. */
export function planOf(doc: CanonicalWorkout): CanonicalWorkout {
  const plan = { ...doc, exercises: doc.exercises.map(planExercise) } as CanonicalWorkout & Record<string, unknown>;
  for (const key of ["id", "date", "start", "minutes", "bodyweight", "notes"]) delete plan[key];
  return plan;
}

function planExercise(x: DocExercise): DocExercise {
  const planned = { ...x, sets: x.sets.map((s) => ({ set: typeof s === "string" ? s : s.set, done: false })) };
  if (!x.pinned) delete (planned as { note?: string }).note;
  return planned as DocExercise;
}

export function StartFromWorkout({ workoutId, onStart }: { workoutId: string; onStart: (w: LogWorkout) => void }) {
  const { t } = useTranslation("log");
  const text = useLogText();
  const query = useQuery(RepeatedWorkout, { id: workoutId });
  const started = useRef(false);
  const doc = query.data?.workoutDocument as CanonicalWorkout | null | undefined;
  const workout = query.data?.workoutById;
  useEffect(() => {
    if (started.current || !doc || !workout) return;
    started.current = true;
    const plan = planOf(doc);
    onStart(
      workoutFromPlan(plan, {
        routineName: workout.routine?.name ?? workout.name ?? "",
        rests: plan.exercises.map(() => null),
        explanations: plan.exercises.map(() => null),
        setCount: text.setCount,
      }),
    );
  }, [doc, workout, onStart, text]);
  return (
    <Page title={t("start.title")}>
      {query.error ? <ErrorMessage error={query.error} onRetry={() => void query.reload()} /> : null}
      {query.data && (!doc || !workout) ? (
        <p className="state state-error" role="alert">
          {t("start.noSuchWorkout")} <Link to="/workouts">{t("start.chooseFromHistory")}</Link>.
        </p>
      ) : query.error ? null : (
        <Loading label={t("start.planningAgain")} />
      )}
    </Page>
  );
}
