// One set as one row (at most 64 px on a phone): its number or kind mark (W, D, RP), what was done
// last time for it, weight, reps (or seconds), effort and the Done box that starts the rest; an
// AMRAP set ("5+" in the plan) is marked and its reps box says "5 or more". The steppers show on
// the row being worked on; kind, plates and Remove are behind the row's "More" button.
import { useId, useRef, useState } from "react";
import { localSetText } from "../../decimal.ts";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { effortLabel, type UnitName } from "../../components/units.ts";
import type { LogSet } from "./draft.ts";
import { SetMenu } from "./SetMenu.tsx";
import { SetSteppers } from "./SetSteppers.tsx";

/** A set kind's mark in the row (`W`, `D`, `RP`), none for a work set. */
function kindMark(kind: LogSet["kind"], t: TFunction<"log">): string | null {
  if (kind === "warmup") return t("set.mark.warmup");
  if (kind === "drop") return t("set.mark.drop");
  if (kind === "burst") return t("set.mark.burst");
  return null;
}

/** A set kind's name, said beside its mark (`warm-up`), none for a work set. */
function kindName(kind: LogSet["kind"], t: TFunction<"log">): string {
  if (kind === "warmup") return t("set.kind.warmup");
  if (kind === "drop") return t("set.kind.drop");
  if (kind === "burst") return t("set.kind.burst");
  return "";
}

/** A set text with a line break allowed before its `x` (`220.5` over `x5` in a narrow column). */
function WrapBeforeX({ text }: { text: string }) {
  const at = text.indexOf("x");
  if (at <= 0) return <>{text}</>;
  return (
    <span>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </span>
  );
}

export type SetRowProps = {
  exercise: string;
  index: number;
  /** Its place in a superset's rounds (`B2`), shown instead of the set number. */
  mark?: string | null;
  set: LogSet;
  /** The same set last time (`60x5`), when there was one. */
  previous: string | null;
  unit: UnitName;
  effortScale: "rpe" | "rir";
  increment: number;
  problem: string | null;
  /** Said at the row (Done found nothing to fill it from). */
  notice: string | null;
  /** The row being worked on: it shows the steppers. */
  active: boolean;
  onActivate: () => void;
  onChange: (patch: Partial<LogSet>) => void;
  onDone: (done: boolean) => void;
  onRemove: () => void;
};

export function SetRow(props: SetRowProps) {
  const { exercise, index, set, previous, unit, effortScale, problem, notice, active } = props;
  const { t } = useTranslation("log");
  const name = t("set.name", { exercise, n: index + 1 });
  const [menuOpen, setMenuOpen] = useState(false);
  const id = useId();
  const weightInput = useRef<HTMLInputElement>(null);
  const problemId = `${id}-problem`;
  const hintId = `${id}-amrap`;
  const noticeId = `${id}-notice`;
  // A problem names its field: the effort's (RPE/RIR) marks that input, any other the set's numbers.
  const effortProblem = problem !== null && /^(RPE|RIR)\b/i.test(problem);
  const setProblem = problem !== null && !effortProblem;
  const numbers = { "aria-invalid": setProblem || undefined, "aria-describedby": setProblem ? problemId : undefined };
  const mark = kindMark(set.kind, t);
  const kind = kindName(set.kind, t);
  const number = props.mark ?? String(index + 1);
  const className = ["set-row", set.done ? "set-done" : "", active ? "set-active" : ""].filter(Boolean).join(" ");
  return (
    <li className={className}>
      {/* Only a box of numbers makes the row the one worked on: the steppers moving under a tapped Done or More would move what is tapped. */}
      <div
        role="group"
        aria-label={name}
        className="set-line"
        tabIndex={-1}
        data-focus={`set:${set.key}`}
        onFocus={(e) => e.target instanceof HTMLInputElement && e.target.type !== "checkbox" && props.onActivate()}
      >
        <span
          className={mark ? "set-mark set-kind" : props.mark ? "set-mark set-mark-round" : "set-mark"}
          title={kind || undefined}
        >
          {mark ?? number}
          {mark ? <span className="visually-hidden"> ({kind})</span> : null}
        </span>
        <span className="set-previous">
          {set.amrap ? <span className="badge badge-amrap">{t("set.amrap")}</span> : null}
          <span className="visually-hidden">{t("set.lastTime")} </span>
          {previous ? <WrapBeforeX text={localSetText(previous)} /> : <span aria-hidden="true">—</span>}
        </span>
        <input
          ref={weightInput}
          className="set-weight"
          aria-label={set.bodyweight ? t("set.addedWeight", { unit, name }) : t("set.weight", { unit, name })}
          placeholder={set.bodyweight ? t("set.bodyweightPlaceholder") : undefined}
          inputMode="decimal"
          autoComplete="off"
          value={set.weight}
          {...numbers}
          onChange={(e) => props.onChange({ weight: e.target.value })}
        />
        <span className="set-count">
          {set.measure === "reps" ? (
            <input
              aria-label={t("set.reps", { name })}
              inputMode="numeric"
              autoComplete="off"
              value={set.reps}
              placeholder={set.amrap ? `${set.reps || "?"}+` : undefined}
              aria-invalid={setProblem || undefined}
              aria-describedby={
                [setProblem ? problemId : "", set.amrap ? hintId : ""].filter(Boolean).join(" ") || undefined
              }
              onChange={(e) => props.onChange({ reps: e.target.value })}
            />
          ) : (
            <input
              aria-label={t("set.seconds", { name })}
              inputMode="numeric"
              autoComplete="off"
              value={set.seconds}
              {...numbers}
              onChange={(e) => props.onChange({ seconds: e.target.value })}
            />
          )}
          {set.amrap ? (
            <span id={hintId} className="visually-hidden">
              {t("set.orMore", { reps: set.reps || "?" })}
            </span>
          ) : null}
        </span>
        <input
          className="set-effort"
          aria-label={t("set.effort", { effort: effortLabel(effortScale), name })}
          inputMode="decimal"
          autoComplete="off"
          value={set.effort}
          aria-invalid={effortProblem || undefined}
          aria-describedby={effortProblem ? problemId : undefined}
          onChange={(e) => props.onChange({ effort: e.target.value })}
        />
        <label className="set-check">
          <input
            type="checkbox"
            aria-label={t("set.done", { name })}
            aria-describedby={notice ? noticeId : undefined}
            data-focus={`done:${set.key}`}
            checked={set.done}
            onChange={(e) => props.onDone(e.target.checked)}
          />
        </label>
        <button
          type="button"
          className="set-more"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? `${id}-menu` : undefined}
          aria-label={t("set.more", { name })}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ⋯
        </button>
      </div>
      {active ? (
        <SetSteppers name={name} set={set} unit={unit} increment={props.increment} onChange={props.onChange} />
      ) : null}
      {menuOpen ? (
        <SetMenu
          id={`${id}-menu`}
          name={name}
          set={set}
          unit={unit}
          onChange={props.onChange}
          onRemove={props.onRemove}
          onWeightSet={() => weightInput.current?.focus()}
        />
      ) : null}
      {notice ? (
        <p id={noticeId} className="field-error" role="alert">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
