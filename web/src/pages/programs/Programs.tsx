// /programs: the built-in programs (programLibrary: GZCLP, 5/3/1, Starting Strength, ...), each
// with the form that starts it (StartForm.tsx). Started, its first day opens.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { ProgramLibrary } from "./operations.ts";
import { StartForm } from "./StartForm.tsx";

export default function Programs() {
  const { t } = useTranslation("programs");
  const library = useQuery(ProgramLibrary, {});
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Page title={t("title")}>
      <p className="muted">{t("intro")}</p>
      <QueryView query={library}>
        {(data) =>
          (data.programLibrary ?? []).flatMap((p) =>
            p ? (
              <Section key={p.slug} title={p.name} description={p.description}>
                <p className="muted">
                  {Array.isArray(p.days) ? t("days", { count: p.days.length }) : ""}
                  {p.inputs?.length ? t("needs", { lifts: p.inputs.join(t("listSeparator")) }) : ""}
                  {p.assistance?.length ? t("assistance", { lifts: p.assistance.join(t("listSeparator")) }) : ""}
                </p>
                {open === p.slug ? (
                  <StartForm program={p} />
                ) : (
                  <button type="button" aria-expanded={false} onClick={() => setOpen(p.slug)}>
                    {t("setUp", { name: p.name })}
                  </button>
                )}
              </Section>
            ) : (
              []
            ),
          )
        }
      </QueryView>
    </Page>
  );
}
