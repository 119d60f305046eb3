// The form view of a workout document: the session's fields, then one group per exercise with its
// sets as set text (`100x5@8`, `w:60x5`, `bw x 8`, `45s`), each done or still planned.
import { useTranslation } from "react-i18next";
import type { FormContext } from "../../components/DocumentEditor.tsx";
import { DocCheckbox, DocSelectField, DocTextField, getIn } from "../../components/DocumentFields.tsx";
import { Field } from "../../components/Field.tsx";
import { ConvertWeightsButton, DocumentExercises } from "../../components/DocumentForm.tsx";
import { fromText, pathString, toText, type Json } from "../../components/documentValues.ts";
import { UNIT_OPTIONS, effortLabel } from "../../components/units.ts";

/** The fields of an exercise the form shows, each showing its own problem (and every set's). */
const EXERCISE_FIELDS = ["exercise", "superset", "note", "pinned", "skipProgression"];

/** A set of the document as the form shows it: its text and whether it was done. */
function readSet(value: Json | undefined): { text: string; done: boolean } {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return { text: toText(value.set), done: value.done !== false };
  }
  return { text: toText(value ?? null), done: true };
}

/** Canonical form: done sets are their text; planned ones `{ set, done: false }`. */
function writeSet(text: string, done: boolean): Json {
  return done ? text : { set: text, done: false };
}

export function WorkoutForm({
  form,
  defaultUnit,
  defaultEffort,
}: {
  form: FormContext;
  defaultUnit: string;
  defaultEffort: string;
}) {
  const { t } = useTranslation("workouts");
  const get = getIn(form);
  const unit = toText(get(["unit"])) || defaultUnit;
  const effort = toText(get(["effort"])) || defaultEffort;
  const notesError = form.errorAt(["notes"]);

  const effortOptions = [
    { value: "rpe", label: t("form.effortRpe") },
    { value: "rir", label: t("form.effortRir") },
  ];

  return (
    <div className="stack">
      <div className="row row-top">
        <DocTextField form={form} path={["name"]} label={t("form.name")} hint={t("form.optional")} />
        <DocTextField form={form} path={["date"]} label={t("form.date")} hint={t("form.dateHint")} keepEmpty />
      </div>
      <div className="row row-top">
        <DocTextField form={form} path={["minutes"]} label={t("form.minutes")} numeric inputMode="numeric" />
        <DocTextField form={form} path={["bodyweight"]} label={t("form.bodyweight", { unit })} numeric />
        <DocSelectField form={form} path={["unit"]} label={t("form.unit")} options={UNIT_OPTIONS} />
        <DocSelectField form={form} path={["effort"]} label={t("form.effort")} options={effortOptions} />
      </div>
      <ConvertWeightsButton form={form} kind="workout" unit={unit} effort={effort === "rir" ? "rir" : "rpe"} />
      <Field label={t("form.notes")} error={notesError}>
        {(c) => (
          <textarea
            {...c}
            data-path="notes"
            rows={3}
            value={toText(get(["notes"]))}
            onChange={(e) => form.set(["notes"], fromText(e.target.value))}
          />
        )}
      </Field>
      <DocCheckbox
        form={form}
        path={["skipProgression"]}
        label={t("form.skipProgression")}
        hint={t("form.skipSessionHint")}
      />

      <DocumentExercises
        form={form}
        shownInGroup={(path, i) =>
          EXERCISE_FIELDS.some((f) => path === `exercises[${i}].${f}`) || /^exercises\[\d+\]\.sets\[\d+\]/.test(path)
        }
        fields={({ index: i }) => (
          <>
            <DocTextField form={form} path={["exercises", i, "superset"]} label={t("form.superset")} />
            <DocTextField form={form} path={["exercises", i, "note"]} label={t("form.note")} className="wide" />
          </>
        )}
        below={({ row, index: i, name }) => {
          const sets = Array.isArray(row.sets) ? row.sets : [];
          return (
            <>
              <div className="row row-top">
                <DocCheckbox form={form} path={["exercises", i, "pinned"]} label={t("form.pin")} />
                <DocCheckbox form={form} path={["exercises", i, "skipProgression"]} label={t("form.skipProgression")} />
              </div>
              <div className="set-inputs">
                {sets.map((value, j) => {
                  const set = readSet(value);
                  const path = ["exercises", i, "sets", j] as const;
                  const error = form.errorAt(path) ?? form.errorAt([...path, "set"]) ?? form.errorAt([...path, "done"]);
                  return (
                    <div className="set-input" key={j}>
                      <Field
                        label={t("form.set", { n: j + 1 })}
                        error={error}
                        hint={j === 0 ? t("form.setHint", { effort: effortLabel(effort), unit }) : undefined}
                      >
                        {(c) => (
                          <input
                            {...c}
                            data-path={pathString(path)}
                            autoComplete="off"
                            value={set.text}
                            onChange={(e) => form.set(path, writeSet(e.target.value, set.done))}
                          />
                        )}
                      </Field>
                      <label className="field-check">
                        <input
                          type="checkbox"
                          aria-label={t("form.doneLabel", { name, n: j + 1 })}
                          checked={set.done}
                          onChange={(e) => form.set(path, writeSet(set.text, e.target.checked))}
                        />{" "}
                        <span aria-hidden="true">{t("form.done")}</span>
                      </label>
                      <button type="button" onClick={() => form.set(path, undefined)}>
                        {t("form.remove")}
                        <span className="visually-hidden"> {t("form.removeWhich", { name, n: j + 1 })}</span>
                      </button>
                    </div>
                  );
                })}
              </div>
              <div className="actions">
                <button
                  type="button"
                  onClick={() =>
                    form.set(["exercises", i, "sets"], [...sets, sets.length ? sets[sets.length - 1] : ""])
                  }
                >
                  {t("form.addSet")}
                  <span className="visually-hidden"> {t("form.addSetTo", { name })}</span>
                </button>
                <button type="button" onClick={() => form.set(["exercises", i], undefined)}>
                  {t("form.removeExercise")}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </div>
            </>
          );
        }}
        added={(x) => ({ exercise: x.name, sets: [""] })}
      />
    </div>
  );
}
