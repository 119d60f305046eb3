// /programs: the built-in programs (programLibrary: GZCLP, 5/3/1, Starting Strength, ...) and a
// form to start one (startProgram): each lift's weight (its training max for a cycle program),
// the unit, and whether lifts left empty start from history. Started, its first day opens.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Page, Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { UNIT_OPTIONS, unitOf, useUserUnits, type UnitName } from "../../components/units.ts";
import { ApiError } from "../../graphql/client.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { useSession } from "../../auth/session.tsx";
import { ProgramLibrary, StartProgram, type ProgramTemplate } from "./operations.ts";

/** The lifts a refusal names (MISSING_INPUT: extensions.lifts). */
function missingLifts(error: unknown): string[] {
  const lifts = error instanceof ApiError ? error.extensions.lifts : undefined;
  return Array.isArray(lifts) ? lifts.map(String) : [];
}

function StartForm({ program }: { program: ProgramTemplate }) {
  const navigate = useNavigate();
  const { setNotice } = useSession();
  const { unit: userUnit } = useUserUnits();
  const [unit, setUnit] = useState<UnitName>(userUnit);
  const [weights, setWeights] = useState<Record<string, string>>({});
  const [fromHistory, setFromHistory] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [start, starting] = useMutation(StartProgram);
  const inputs = (program.inputs ?? []).filter((x): x is string => x !== null);
  const what = program.inputKind === "trainingMax" ? "training max" : "first work weight";
  const missing = missingLifts(starting.error);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = inputs.filter((lift) => (weights[lift] ?? "").trim() !== "");
    const bad = typed.find((lift) => !/^\d+([.,]\d{1,2})?$/.test(weights[lift].trim()));
    setProblem(bad ? `${bad}: enter a weight such as 100 or 102.5.` : null);
    if (bad) return;
    const lifts = typed.map((lift) => ({ lift, weight: Number(weights[lift].trim().replace(",", ".")) }));
    try {
      const started = await start({ slug: program.slug, unit, lifts, fromHistory });
      const routines = (started.startProgram?.routines ?? []).filter((r) => r !== null);
      setNotice(`Started ${program.name}: ${routines.map((r) => r!.name).join(", ")}.`);
      if (routines[0]) navigate(`/routines/${encodeURIComponent(routines[0].id)}`);
    } catch {
      // Shown below the form (and at the lifts it names).
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`Start ${program.name}`}>
      <SelectField label="Unit" options={UNIT_OPTIONS} value={unit} onChange={(e) => setUnit(unitOf(e.target.value))} />
      {inputs.map((lift) => (
        <TextField
          key={lift}
          label={`${lift}: ${what} (${unit})`}
          inputMode="decimal"
          autoComplete="off"
          value={weights[lift] ?? ""}
          error={missing.includes(lift) ? `Give its ${what}, or start it from history.` : null}
          onChange={(e) => setWeights({ ...weights, [lift]: e.target.value })}
        />
      ))}
      <label className="inline-check">
        <input type="checkbox" checked={fromHistory} onChange={(e) => setFromHistory(e.target.checked)} />
        <span>Lifts left empty start from my history (90 % of the best estimated 1RM of the last 12 weeks)</span>
      </label>
      {problem ? <p className="field-error">{problem}</p> : null}
      <ErrorMessage error={starting.error} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={starting.running}>
          Start {program.name}
        </button>
      </div>
    </form>
  );
}

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
