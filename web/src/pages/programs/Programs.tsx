// /programs: the built-in programs (programLibrary: GZCLP, 5/3/1, Starting Strength, ...), each
// with the form that starts it (StartForm.tsx). Started, its first day opens.
import { useState } from "react";
import { Page, Section } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { useQuery } from "../../graphql/hooks.ts";
import { ProgramLibrary } from "./operations.ts";
import { StartForm } from "./StartForm.tsx";

export default function Programs() {
  const library = useQuery(ProgramLibrary, {});
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Page title="Programs">
      <p className="muted">
        Published programs, ready to run: starting one creates its days as your routines, planned by its own rules.
      </p>
      <QueryView query={library}>
        {(data) =>
          (data.programLibrary ?? []).flatMap((p) =>
            p ? (
              <Section key={p.slug} title={p.name} description={p.description}>
                <p className="muted">
                  {Array.isArray(p.days) ? `${p.days.length} day${p.days.length === 1 ? "" : "s"}` : ""}
                  {p.inputs?.length ? ` · needs: ${p.inputs.join(", ")}` : ""}
                  {p.assistance?.length ? ` · assistance: ${p.assistance.join(", ")}` : ""}
                </p>
                {open === p.slug ? (
                  <StartForm program={p} />
                ) : (
                  <button type="button" aria-expanded={false} onClick={() => setOpen(p.slug)}>
                    Set up {p.name}…
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
