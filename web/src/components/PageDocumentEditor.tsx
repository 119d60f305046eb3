// The document editor as the routine and workout pages use it: in the user's unit and effort
// scale, a Cancel link, and once saved a notice and the saved document's page.
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth/session.tsx";
import { DocumentEditor, type FormContext } from "./DocumentEditor.tsx";
import type { DocumentKind } from "../documents.ts";
import type { Doc } from "./documentValues.ts";
import { useUserUnits } from "./units.ts";

export function PageDocumentEditor({
  kind,
  initial,
  saveLabel,
  cancelTo,
  renderForm,
  save,
}: {
  kind: DocumentKind;
  initial: Doc;
  saveLabel: string;
  cancelTo: string;
  renderForm: (form: FormContext, defaults: ReturnType<typeof useUserUnits>) => ReactNode;
  /** Sends the document (throws ApiError / NetworkError); says what to tell and where to go, or null. */
  save: (document: unknown) => Promise<{ notice: string; to: string } | null>;
}) {
  const { t } = useTranslation("components");
  const options = useUserUnits();
  const navigate = useNavigate();
  const { setNotice } = useSession();
  return (
    <DocumentEditor
      kind={kind}
      initial={initial}
      options={options}
      saveLabel={saveLabel}
      renderForm={(form) => renderForm(form, options)}
      onSave={async (document) => {
        const saved = await save(document);
        if (!saved) return;
        setNotice(saved.notice);
        navigate(saved.to);
      }}
      extraActions={<Link to={cancelTo}>{t("editor.cancel")}</Link>}
    />
  );
}
