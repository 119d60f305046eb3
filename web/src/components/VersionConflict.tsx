// A save refused because the routine or workout was saved elsewhere since it was opened: both sides
// of each exercise that differs, a choice per exercise (yours, the other, or both: every set of
// both kept), and the merge put in the editor to save over the version saved elsewhere.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Doc } from "./documentValues.ts";
import {
  defaultChoice,
  entryText,
  mergeDocuments,
  pairExercises,
  type Choice,
  type Pairing,
  type VersionConflictInfo,
} from "./versionMerge.ts";

const CHOICES: { value: Choice; label: string }[] = [
  { value: "mine", label: "conflict.keepMine" },
  { value: "theirs", label: "conflict.keepTheirs" },
  { value: "both", label: "conflict.keepBoth" },
];

function PairingChoice(props: { pairing: Pairing; choice: Choice; onChoose: (choice: Choice) => void }) {
  const { t } = useTranslation("components");
  const { pairing, choice, onChoose } = props;
  const offered = pairing.mine && pairing.theirs ? CHOICES : CHOICES.filter((c) => c.value !== "both");
  return (
    <fieldset className="stack conflict-exercise">
      <legend>{pairing.name}</legend>
      <dl className="conflict-sides">
        <dt>{t("conflict.yours")}</dt>
        <dd>{entryText(pairing.mine, t)}</dd>
        <dt>{t("conflict.savedElsewhere")}</dt>
        <dd>{entryText(pairing.theirs, t)}</dd>
      </dl>
      <div role="radiogroup" aria-label={t("conflict.keepFor", { name: pairing.name })} className="actions">
        {offered.map((c) => (
          <label key={c.value} className="field-check">
            <input
              type="radio"
              name={`keep-${pairing.key}`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => onChoose(c.value)}
            />
            {t(c.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type ConflictProps = { kind: "routine" | "workout"; onResolve: (merged: Doc) => void };

/** The conflict of the last save, if any; a new conflict starts from its own default choices. */
export function VersionConflict({ conflict, ...props }: ConflictProps & { conflict: VersionConflictInfo | null }) {
  return conflict ? <ConflictChoices key={conflict.currentVersion} conflict={conflict} {...props} /> : null;
}

function ConflictChoices(props: ConflictProps & { conflict: VersionConflictInfo }) {
  const { t } = useTranslation("components");
  const { kind, conflict, onResolve } = props;
  const pairings = pairExercises(conflict.mine, conflict.current);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(pairings.map((p) => [p.key, defaultChoice(p)])),
  );
  const differing = pairings.filter((p) => !p.same);
  const fields = conflict.differences.filter((d) => !d.startsWith("exercises"));
  return (
    <section role="region" aria-label={t("conflict.savedElsewhere")} className="stack state state-error conflict">
      <h2>{t("conflict.heading")}</h2>
      <p>
        {t("conflict.explain", { kind, version: String(conflict.currentVersion) })}
        {fields.length ? ` ${t("conflict.fields", { fields: fields.join(", ") })}` : ""}
      </p>
      {differing.map((p) => (
        <PairingChoice
          key={p.key}
          pairing={p}
          choice={choices[p.key]}
          onChoose={(choice) => setChoices((c) => ({ ...c, [p.key]: choice }))}
        />
      ))}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          onClick={() => onResolve(mergeDocuments(kind, conflict.mine, conflict.current, choices))}
        >
          {t("conflict.use")}
        </button>
      </div>
    </section>
  );
}
