// The form view of a workout document: the session's fields, then one group per exercise with its
// sets as set text (`100x5@8`, `w:60x5`, `bw x 8`, `45s`), each done or still planned.
import type { FormContext } from "../../components/DocumentEditor.tsx";
import { DocCheckbox, DocSelectField, DocTextField, getIn } from "../../components/DocumentFields.tsx";
import { Field } from "../../components/Field.tsx";
import { ConvertWeightsButton, DocumentExercises } from "../../components/DocumentForm.tsx";
import { fromText, pathString, toText, type Json } from "../../components/documentValues.ts";
import { EFFORT_OPTIONS, UNIT_OPTIONS, effortLabel } from "../../components/units.ts";

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
  const get = getIn(form);
  const unit = toText(get(["unit"])) || defaultUnit;
  const effort = toText(get(["effort"])) || defaultEffort;
  const notesError = form.errorAt(["notes"]);

  return (
    <div className="stack">
      <div className="row row-top">
        <DocTextField form={form} path={["name"]} label="Workout name" hint="Optional" />
        <DocTextField form={form} path={["date"]} label="Date" hint="YYYY-MM-DD" keepEmpty />
      </div>
      <div className="row row-top">
        <DocTextField form={form} path={["minutes"]} label="Minutes" numeric inputMode="numeric" />
        <DocTextField form={form} path={["bodyweight"]} label={`Bodyweight (${unit})`} numeric />
        <DocSelectField form={form} path={["unit"]} label="Unit" options={UNIT_OPTIONS} />
        <DocSelectField form={form} path={["effort"]} label="Effort scale" options={EFFORT_OPTIONS} />
      </div>
      <ConvertWeightsButton form={form} kind="workout" unit={unit} effort={effort === "rir" ? "rir" : "rpe"} />
      <Field label="Notes" error={notesError}>
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
        label="Skip progression"
        hint="Leave this whole session out of progression."
      />

      <DocumentExercises
        form={form}
        shownInGroup={(path, i) =>
          EXERCISE_FIELDS.some((f) => path === `exercises[${i}].${f}`) || /^exercises\[\d+\]\.sets\[\d+\]/.test(path)
        }
        fields={({ index: i }) => (
          <>
            <DocTextField form={form} path={["exercises", i, "superset"]} label="Superset" />
            <DocTextField form={form} path={["exercises", i, "note"]} label="Note" className="wide" />
          </>
        )}
        below={({ row, index: i, name }) => {
          const sets = Array.isArray(row.sets) ? row.sets : [];
          return (
            <>
              <div className="row row-top">
                <DocCheckbox form={form} path={["exercises", i, "pinned"]} label="Pin the note" />
                <DocCheckbox form={form} path={["exercises", i, "skipProgression"]} label="Skip progression" />
              </div>
              <div className="set-inputs">
                {sets.map((value, j) => {
                  const set = readSet(value);
                  const path = ["exercises", i, "sets", j] as const;
                  const error = form.errorAt(path) ?? form.errorAt([...path, "set"]) ?? form.errorAt([...path, "done"]);
                  return (
                    <div className="set-input" key={j}>
                      <Field
                        label={`Set ${j + 1}`}
                        error={error}
                        hint={
                          j === 0
                            ? `100x5@8 (${effortLabel(effort)}), w:60x5, bw x 8, 45s; weights in ${unit}`
                            : undefined
                        }
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
                          aria-label={`Done: ${name} set ${j + 1}`}
                          checked={set.done}
                          onChange={(e) => form.set(path, writeSet(set.text, e.target.checked))}
                        />{" "}
                        <span aria-hidden="true">Done</span>
                      </label>
                      <button type="button" onClick={() => form.set(path, undefined)}>
                        Remove
                        <span className="visually-hidden">
                          {" "}
                          {name} set {j + 1}
                        </span>
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
                  Add set<span className="visually-hidden"> to {name}</span>
                </button>
                <button type="button" onClick={() => form.set(["exercises", i], undefined)}>
                  Remove exercise<span className="visually-hidden"> {name}</span>
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
