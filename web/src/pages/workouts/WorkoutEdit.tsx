// Log a workout (/workouts/new, or /workouts/new?routine=<id or name>: that routine's next
// workout, every set planned) or edit one (/workouts/<id>/edit): the form and the JSON document
// editor on one document; saved with applyWorkoutDocument.
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { PageDocumentEditor } from "../../components/PageDocumentEditor.tsx";
import { today, type Doc } from "../../components/documentValues.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { request } from "../../graphql/client.ts";
import { useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { ApplyWorkout, NextWorkout, WorkoutDocument, isWorkoutId } from "./operations.ts";
import { RoutineList } from "../routines/operations.ts";
import { WorkoutForm } from "./WorkoutForm.tsx";
import { formatDay } from "../../format.ts";

function Editor({ initial, creating }: { initial: Doc; creating: boolean }) {
  const { t } = useTranslation("workouts");
  return (
    <PageDocumentEditor
      kind="workout"
      initial={initial}
      saveLabel={creating ? t("edit.log") : t("edit.save")}
      cancelTo={creating ? "/workouts" : `/workouts/${String(initial.id)}`}
      renderForm={(form, { unit, effort }) => <WorkoutForm form={form} defaultUnit={unit} defaultEffort={effort} />}
      save={async (document) => {
        const saved = await request(ApplyWorkout, { document });
        const workout = saved.applyWorkoutDocument?.workout;
        if (!workout) return null;
        return {
          notice: saved.applyWorkoutDocument?.created
            ? t("edit.logged", { date: formatDay(workout.date) })
            : t("edit.saved", { date: formatDay(workout.date) }),
          to: `/workouts/${workout.id}`,
        };
      }}
    />
  );
}

/** Links to start from a routine's next workout instead of an empty one. */
function StartFromRoutine() {
  const { t } = useTranslation("workouts");
  const routines = useQuery(RoutineList, {});
  const list = routines.data?.viewer?.routines ?? [];
  if (list.length === 0) return null;
  return (
    <nav aria-label={t("edit.startFrom")} className="actions start-from">
      <span className="muted">{t("edit.startFromLabel")}</span>
      {list.map((r) => (
        <Link key={r.id} to={`/workouts/new?routine=${encodeURIComponent(r.id)}`}>
          {r.name}
        </Link>
      ))}
    </nav>
  );
}

export function NewWorkout() {
  const { t } = useTranslation("workouts");
  const { unit, effort } = useUserUnits();
  const routine = useSearchParams()[0].get("routine");
  const next = useQuery(NextWorkout, { routine: routine ?? "" }, { skip: !routine });
  if (!routine) {
    return (
      <Page title={t("edit.newTitle")}>
        <StartFromRoutine />
        <Editor creating initial={{ date: today(), unit, effort, exercises: [] }} />
      </Page>
    );
  }
  if (next.data && !next.data.nextWorkout) return <NotFound />;
  return (
    <Page title={t("edit.newTitle")}>
      <QueryView query={next}>
        {(data) => (
          <>
            <p className="muted">{t("edit.fromRoutine")}</p>
            <Editor creating initial={data.nextWorkout as Doc} />
          </>
        )}
      </QueryView>
    </Page>
  );
}

export default function EditWorkout() {
  const { t } = useTranslation("workouts");
  const id = useParams().id ?? "";
  const workout = useQuery(WorkoutDocument, { id }, { skip: !isWorkoutId(id) });
  if (!isWorkoutId(id) || (workout.data && !workout.data.workoutDocument)) return <NotFound />;
  const doc = workout.data?.workoutDocument as Doc | undefined;
  return (
    <Page title={doc ? t("edit.editTitle", { date: formatDay(String(doc.date)) }) : t("edit.editWorkout")}>
      <QueryView query={workout}>{() => (doc ? <Editor key={id} initial={doc} creating={false} /> : null)}</QueryView>
    </Page>
  );
}
