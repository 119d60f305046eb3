// The form that starts a program: the unit, a weight for every lift it asks for (each main lift's
// training max or first work weight, then its loaded assistance lifts) and whether lifts left empty
// come from history. From history, Start first fills the empty lifts (programStartPreview), each
// saying which sets it came from, for review and change; only the next Start creates the routines.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { UNIT_OPTIONS, unitOf, useUserUnits, type UnitName } from "../../components/units.ts";
import { ApiError, request } from "../../graphql/client.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { useSession } from "../../auth/session.tsx";
import { ProgramStartPreview, StartProgram, type ProgramTemplate } from "./operations.ts";
import { decimalText, parseDecimal } from "../../format.ts";
import { basisText } from "./basisText.ts";

/** The lifts a refusal names (MISSING_INPUT: extensions.lifts). */
function missingLifts(error: unknown): string[] {
  const lifts = error instanceof ApiError ? error.extensions.lifts : undefined;
  return Array.isArray(lifts) ? lifts.map(String) : [];
}

const present = (xs: readonly (string | null)[] | null | undefined) => (xs ?? []).filter((x): x is string => !!x);
const WEIGHT = /^\d+([.,]\d{1,2})?$/;

type Review = { basis: Record<string, string>; filled: string[] };

/** The typed weights as the start's lifts, or the first lift typed wrongly. */
function typedLifts(lifts: string[], weights: Record<string, string>) {
  const typed = lifts.filter((lift) => (weights[lift] ?? "").trim() !== "");
  const bad = typed.find((lift) => !WEIGHT.test(weights[lift].trim()));
  const given = typed.map((lift) => ({ lift, weight: parseDecimal(weights[lift]) }));
  return { bad, given };
}

export function StartForm({ program }: { program: ProgramTemplate }) {
  const { t } = useTranslation("programs");
  const navigate = useNavigate();
  const { setNotice } = useSession();
  const { unit: userUnit } = useUserUnits();
  const [unit, setUnit] = useState<UnitName>(userUnit);
  const [weights, setWeights] = useState<Record<string, string>>({});
  const [fromHistory, setFromHistory] = useState(true);
  const [review, setReview] = useState<Review | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [start, starting] = useMutation(StartProgram);
  const inputs = present(program.inputs);
  const assistance = present(program.assistance);
  const trainingMax = program.inputKind === "trainingMax";
  const missing = missingLifts(starting.error);

  /** A changed unit or history choice makes the weights found in history stale: they go. */
  const forgetReview = () => {
    if (review) setWeights(Object.fromEntries(Object.entries(weights).filter(([l]) => !review.filled.includes(l))));
    setReview(null);
  };

  async function fillFromHistory(given: { lift: string; weight: number }[]) {
    const answer = await request(ProgramStartPreview, { slug: program.slug, unit, lifts: given, fromHistory: true });
    const rows = (answer.programStartPreview ?? []).flatMap((r) => (r ? [r] : []));
    const found = rows.filter((r) => r.source === "history" && r.weight !== null);
    setWeights({ ...weights, ...Object.fromEntries(found.map((r) => [r.lift, decimalText(r.weight)])) });
    setReview({
      basis: Object.fromEntries(rows.filter((r) => r.source !== "given").map((r) => [r.lift, basisText(r)])),
      filled: found.map((r) => r.lift),
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { bad, given } = typedLifts([...inputs, ...assistance], weights);
    setProblem(bad ? t("start.badWeight", { lift: bad }) : null);
    if (bad) return;
    setPreviewError(null);
    try {
      if (fromHistory && !review) {
        await fillFromHistory(given);
        return;
      }
      const started = await start({ slug: program.slug, unit, lifts: given, fromHistory: false });
      const routines = (started.startProgram?.routines ?? []).filter((r) => r !== null);
      setNotice(
        t("start.started", { name: program.name, routines: routines.map((r) => r!.name).join(t("listSeparator")) }),
      );
      if (routines[0]) navigate(`/routines/${encodeURIComponent(routines[0].id)}`);
    } catch (error) {
      // A start's refusal is shown below the form (and at the lifts it names).
      if (fromHistory && !review) setPreviewError(error);
    }
  }

  const field = (lift: string, label: string, emptyError: string | null) => (
    <TextField
      key={lift}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={weights[lift] ?? ""}
      hint={review?.basis[lift] || null}
      error={missing.includes(lift) ? emptyError : null}
      onChange={(e) => setWeights({ ...weights, [lift]: e.target.value })}
    />
  );

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t("start.submit", { name: program.name })}>
      <SelectField
        label={t("start.unit")}
        options={UNIT_OPTIONS}
        value={unit}
        onChange={(e) => {
          forgetReview();
          setUnit(unitOf(e.target.value));
        }}
      />
      {inputs.map((lift) =>
        field(
          lift,
          trainingMax ? t("start.trainingMax", { lift, unit }) : t("start.firstWeight", { lift, unit }),
          trainingMax ? t("start.missingTrainingMax") : t("start.missingFirstWeight"),
        ),
      )}
      {assistance.length ? <p className="muted">{t("start.assistanceHint")}</p> : null}
      {assistance.map((lift) => field(lift, t("start.assistanceWeight", { lift, unit }), null))}
      <label className="inline-check">
        <input
          type="checkbox"
          checked={fromHistory}
          onChange={(e) => {
            forgetReview();
            setFromHistory(e.target.checked);
          }}
        />
        <span>{t("start.fromHistory", { percent: 90, weeks: 12 })}</span>
      </label>
      {review ? (
        <p className="notice" role="status">
          {t("start.filled")}
        </p>
      ) : null}
      {problem ? <p className="field-error">{problem}</p> : null}
      <ErrorMessage error={previewError ?? starting.error} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={starting.running}>
          {fromHistory && !review ? t("start.fill") : t("start.submit", { name: program.name })}
        </button>
      </div>
    </form>
  );
}
