// Create a routine (/routines/new) or edit one (/routines/<ref>/edit): the form and the JSON
// document editor on one document; saved with applyRoutineDocument.
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { PageDocumentEditor } from "../../components/PageDocumentEditor.tsx";
import type { Doc } from "../../components/documentValues.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { request } from "../../graphql/client.ts";
import { useUserUnits } from "../../components/units.ts";
import NotFound from "../NotFound.tsx";
import { ApplyRoutine, RoutineDocument, routinePath } from "./operations.ts";
import { RoutineForm } from "./RoutineForm.tsx";

function Editor({ initial, creating }: { initial: Doc; creating: boolean }) {
  const { t } = useTranslation("routines");
  return (
    <PageDocumentEditor
      kind="routine"
      initial={initial}
      saveLabel={creating ? t("edit.create") : t("edit.save")}
      cancelTo={creating ? "/routines" : routinePath({ id: String(initial.id), name: String(initial.name) })}
      renderForm={(form, { unit }) => <RoutineForm form={form} defaultUnit={unit} />}
      save={async (document) => {
        const saved = await request(ApplyRoutine, { document });
        const routine = saved.applyRoutineDocument?.routine;
        if (!routine) return null;
        return {
          notice: saved.applyRoutineDocument?.created
            ? t("edit.created", { name: routine.name })
            : t("edit.saved", { name: routine.name }),
          to: routinePath(routine),
        };
      }}
    />
  );
}

export function NewRoutine() {
  const { t } = useTranslation("routines");
  const { unit } = useUserUnits();
  return (
    <Page title={t("edit.newTitle")}>
      <Editor creating initial={{ name: "", progression: "linear", unit, exercises: [] }} />
    </Page>
  );
}

export default function EditRoutine() {
  const { t } = useTranslation("routines");
  const ref = useParams().ref ?? "";
  const routine = useQuery(RoutineDocument, { ref });
  if (routine.data && !routine.data.routineDocument) return <NotFound />;
  const doc = routine.data?.routineDocument as Doc | undefined;
  return (
    <Page title={doc ? t("edit.editTitle", { name: String(doc.name) }) : t("edit.editRoutine")}>
      <QueryView query={routine}>
        {() => (doc ? <Editor key={String(doc.id)} initial={doc} creating={false} /> : null)}
      </QueryView>
    </Page>
  );
}
