// Create a routine (/routines/new) or edit one (/routines/<ref>/edit): the form and the JSON
// document editor on one document; saved with applyRoutineDocument.
import { useParams } from "react-router";
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
  return (
    <PageDocumentEditor
      kind="routine"
      initial={initial}
      saveLabel={creating ? "Create routine" : "Save routine"}
      cancelTo={creating ? "/routines" : routinePath({ id: String(initial.id), name: String(initial.name) })}
      renderForm={(form, { unit }) => <RoutineForm form={form} defaultUnit={unit} />}
      save={async (document) => {
        const saved = await request(ApplyRoutine, { document });
        const routine = saved.applyRoutineDocument?.routine;
        if (!routine) return null;
        return {
          notice: `${saved.applyRoutineDocument?.created ? "Created" : "Saved"} the routine ${routine.name}.`,
          to: routinePath(routine),
        };
      }}
    />
  );
}

export function NewRoutine() {
  const { unit } = useUserUnits();
  return (
    <Page title="New routine">
      <Editor creating initial={{ name: "", progression: "linear", unit, exercises: [] }} />
    </Page>
  );
}

export default function EditRoutine() {
  const ref = useParams().ref ?? "";
  const routine = useQuery(RoutineDocument, { ref });
  if (routine.data && !routine.data.routineDocument) return <NotFound />;
  const doc = routine.data?.routineDocument as Doc | undefined;
  return (
    <Page title={doc ? `Edit ${String(doc.name)}` : "Edit routine"}>
      <QueryView query={routine}>
        {() => (doc ? <Editor key={String(doc.id)} initial={doc} creating={false} /> : null)}
      </QueryView>
    </Page>
  );
}
