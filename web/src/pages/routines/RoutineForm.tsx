// The form view of a routine document: the routine's own fields, then one group per exercise
// (sets, reps or a range, time, weight, rest, superset, its progression, warm-ups, drops, bursts).
import type { FormContext } from "../../components/DocumentEditor.tsx";
import { DocCheckbox, DocSelectField, DocTextField, getIn } from "../../components/DocumentFields.tsx";
import { ExercisePicker, ExerciseSuggestions } from "../../components/ExercisePicker.tsx";
import { convertDocumentWeights } from "../../components/convertDocument.ts";
import { otherUnit, unitOf } from "../../components/units.ts";
import { toText, type Json } from "../../components/documentValues.ts";

export const PROGRESSION_OPTIONS = [
  { value: "linear", label: "Linear (add weight after a session that hits its reps)" },
  { value: "greyskull", label: "GreySkull (linear, double on a big last set)" },
  { value: "double", label: "Double progression (reps up a range, then weight)" },
  { value: "time", label: "Time (longer holds)" },
  { value: "none", label: "None (keep the targets)" },
] as const;

const UNIT_OPTIONS = [
  { value: "kg", label: "kg" },
  { value: "lb", label: "lb" },
] as const;

export function RoutineForm({ form, defaultUnit }: { form: FormContext; defaultUnit: string }) {
  const get = getIn(form);
  const exercises = Array.isArray(form.doc.exercises) ? form.doc.exercises : [];
  const unit = toText(get(["unit"])) || defaultUnit;
  const listProblem = form.errorAt(["exercises"]);

  function move(from: number, to: number) {
    const list = [...exercises];
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item);
    form.set(["exercises"], list);
  }

  return (
    <div className="stack">
      <div className="row row-top">
        <DocTextField form={form} path={["name"]} label="Routine name" keepEmpty />
        <DocTextField
          form={form}
          path={["icon"]}
          label="Icon"
          hint="Optional: dumbbell, barbell, bench, pullup, squat, trophy…"
        />
      </div>
      <div className="row row-top">
        <DocSelectField form={form} path={["progression"]} label="Progression" options={PROGRESSION_OPTIONS} />
        <DocSelectField
          form={form}
          path={["unit"]}
          label="Unit"
          options={UNIT_OPTIONS}
          hint={`Every weight of this routine is in this unit. Progression adds ${unit === "lb" ? "5 lb (10 lb" : "2.5 kg (5 kg"} for lower-body lifts) a step.`}
        />
      </div>
      <p>
        <button
          type="button"
          onClick={() =>
            form.replace(convertDocumentWeights("routine", form.doc, unitOf(unit), otherUnit(unitOf(unit)), "rpe"))
          }
        >
          Convert all weights to {otherUnit(unitOf(unit))}
        </button>
      </p>
      <DocCheckbox
        form={form}
        path={["deload"]}
        label="Deload"
        hint="A planned deload: the routine opens on these targets and never feeds progression."
      />

      <h2 className="h3">Exercises</h2>
      {listProblem ? (
        <p className="field-error" data-path="exercises" tabIndex={-1}>
          {listProblem}
        </p>
      ) : null}
      {exercises.length === 0 ? <p className="state state-empty">No exercises yet. Find one below to add it.</p> : null}
      <ol className="doc-rows">
        {exercises.map((item, i) => {
          const name = toText((item as { exercise?: Json } | null)?.exercise ?? null) || "(no exercise)";
          const rowProblem = form.problemUnder(["exercises", i]);
          const ownFields = [
            "exercise",
            "sets",
            "reps",
            "time",
            "weight",
            "rest",
            "superset",
            "progression",
            "warmups",
            "drops",
            "bursts",
          ].map((f) => `exercises[${i}].${f}`);
          return (
            <li key={i}>
              <fieldset className="doc-row">
                <legend>
                  Exercise {i + 1}: {name}
                </legend>
                {rowProblem && !ownFields.includes(rowProblem.path) ? (
                  <p className="field-error" data-path={rowProblem.path} tabIndex={-1}>
                    {rowProblem.path}: {rowProblem.reason}
                  </p>
                ) : null}
                <div className="grid-fields">
                  <div className="wide">
                    <DocTextField form={form} path={["exercises", i, "exercise"]} label="Exercise" keepEmpty />
                    {form.errorAt(["exercises", i, "exercise"]) ? (
                      <ExerciseSuggestions
                        words={toText((item as { exercise?: Json } | null)?.exercise ?? null)}
                        onPick={(x) => form.set(["exercises", i, "exercise"], x.name)}
                      />
                    ) : null}
                  </div>
                  <DocTextField form={form} path={["exercises", i, "sets"]} label="Sets" numeric inputMode="numeric" />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "reps"]}
                    label="Reps"
                    numeric
                    hint="5, or a range 8-12"
                  />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "time"]}
                    label="Time"
                    numeric
                    hint="Instead of reps: 45s, 1:30"
                  />
                  <DocTextField form={form} path={["exercises", i, "weight"]} label={`Weight (${unit})`} numeric />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "rest"]}
                    label="Rest"
                    numeric
                    hint="Seconds, 1:30 or 2m"
                  />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "superset"]}
                    label="Superset"
                    hint="Same letter alternates"
                  />
                  <DocSelectField
                    form={form}
                    path={["exercises", i, "progression"]}
                    label="Progression"
                    options={[
                      { value: "", label: "The routine's" },
                      ...PROGRESSION_OPTIONS.map((o) => ({ value: o.value, label: o.label.split(" (")[0] })),
                    ]}
                  />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "warmups"]}
                    label="Warm-ups"
                    numeric
                    inputMode="numeric"
                  />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "drops"]}
                    label="Drops"
                    numeric
                    inputMode="numeric"
                  />
                  <DocTextField
                    form={form}
                    path={["exercises", i, "bursts"]}
                    label="Bursts"
                    numeric
                    inputMode="numeric"
                  />
                </div>
                <div className="actions">
                  <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)}>
                    Move up<span className="visually-hidden"> {name}</span>
                  </button>
                  <button type="button" disabled={i === exercises.length - 1} onClick={() => move(i, i + 1)}>
                    Move down<span className="visually-hidden"> {name}</span>
                  </button>
                  <button type="button" onClick={() => form.set(["exercises", i], undefined)}>
                    Remove<span className="visually-hidden"> {name}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ExercisePicker
        label="Add an exercise"
        onPick={(x) =>
          form.set(
            ["exercises"],
            [
              ...exercises,
              x.kind === "reps" ? { exercise: x.name, sets: 3, reps: 5 } : { exercise: x.name, sets: 3, time: 30 },
            ],
          )
        }
      />
    </div>
  );
}
