// The form view of a routine document: the routine's own fields, then one group per exercise
// (sets, reps or a range, time, weight, rest, superset, its progression, warm-ups, drops, bursts).
import type { FormContext } from "../../components/DocumentEditor.tsx";
import { PROGRESSIONS, ROUTINE_EXERCISE_FIELDS, type Progression } from "../../documents.ts";
import { DocCheckbox, DocSelectField, DocTextField, getIn } from "../../components/DocumentFields.tsx";
import { ConvertWeightsButton, DocumentExercises } from "../../components/DocumentForm.tsx";
import { UNIT_OPTIONS } from "../../components/units.ts";
import { toText, type Json } from "../../components/documentValues.ts";

/** A label for each of the SDK's progressions (a new one fails the type check until it has one). */
const PROGRESSION_LABELS: Record<Progression, string> = {
  linear: "Linear (add weight after a session that hits its reps)",
  greyskull: "GreySkull (linear, double on a big last set)",
  double: "Double progression (reps up a range, then weight)",
  time: "Time (longer holds)",
  none: "None (keep the targets)",
};

export const PROGRESSION_OPTIONS = PROGRESSIONS.map((value) => ({ value, label: PROGRESSION_LABELS[value] }));

/** The counts of extra sets an exercise may have, each a whole number. */
const EXTRA_SETS = [
  { field: "warmups", label: "Warm-ups" },
  { field: "drops", label: "Drops" },
  { field: "bursts", label: "Bursts" },
] as const;

/** Fields of a program's exercise that are lists (a cycle's weeks, stages): the JSON view edits them. */
const JSON_ONLY_FIELDS: readonly string[] = ["cycle", "stages", "reset", "amrapTarget"];
/** The program's numbers the form edits, when this version's documents have them. */
const PROGRAM_NUMBERS = (["trainingMax", "increment", "rounding"] as const).filter((f) =>
  (ROUTINE_EXERCISE_FIELDS as readonly string[]).includes(f),
);
const PROGRAM_LABELS: Record<(typeof PROGRAM_NUMBERS)[number], { label: string; hint: string }> = {
  trainingMax: { label: "Training max", hint: "5/3/1: the cycle's percentages are of it" },
  increment: { label: "Increment", hint: "The progression step; default 2.5 kg / 5 lb (lower body 5 kg / 10 lb)" },
  rounding: { label: "Rounding", hint: "Planned weights round to it; default 2.5 kg / 5 lb" },
};
/** The fields of an exercise the form shows, each showing its own problem. */
const EXERCISE_FIELDS = ROUTINE_EXERCISE_FIELDS.filter((f) => !JSON_ONLY_FIELDS.includes(f));

/** An exercise's cycle or stages, said plainly, with the way to the JSON view that edits them. */
function JsonOnly({ form, exercise }: { form: FormContext; exercise: unknown }) {
  const x = (exercise ?? {}) as { cycle?: unknown[]; stages?: string[] };
  const what = Array.isArray(x.cycle)
    ? `its ${x.cycle.length}-week cycle`
    : Array.isArray(x.stages)
      ? `its stages (${x.stages.join(", ")})`
      : null;
  if (!what) return null;
  return (
    <p className="field-wide">
      This exercise follows {what}: the weeks, stages and resets are edited in the Document (JSON) view.{" "}
      <button type="button" onClick={form.showJson}>
        Open the JSON view
      </button>
    </p>
  );
}

export function RoutineForm({ form, defaultUnit }: { form: FormContext; defaultUnit: string }) {
  const get = getIn(form);
  const exercises = Array.isArray(form.doc.exercises) ? form.doc.exercises : [];
  const unit = toText(get(["unit"])) || defaultUnit;

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
      <ConvertWeightsButton form={form} kind="routine" unit={unit} effort="rpe" />
      <DocTextField
        form={form}
        path={["program"]}
        label="Program"
        hint="The program this routine is a day of (5/3/1, GZCLP): its routines share each lift's progression."
      />
      <DocTextField
        form={form}
        path={["folder"]}
        label="Folder"
        hint="The folder Routines lists this routine under (routines of a program are listed under the program)."
      />
      <DocCheckbox
        form={form}
        path={["deload"]}
        label="Deload"
        hint="A planned deload: the routine opens on these targets and never feeds progression."
      />

      <DocumentExercises
        form={form}
        shownInGroup={(path, i) => EXERCISE_FIELDS.some((f) => path === `exercises[${i}].${f}`)}
        fields={({ index: i }) => (
          <>
            <DocTextField form={form} path={["exercises", i, "sets"]} label="Sets" numeric inputMode="numeric" />
            <DocTextField form={form} path={["exercises", i, "reps"]} label="Reps" numeric hint="5, or a range 8-12" />
            <DocTextField
              form={form}
              path={["exercises", i, "time"]}
              label="Time"
              numeric
              hint="Instead of reps: 45s, 1:30"
            />
            <DocTextField form={form} path={["exercises", i, "weight"]} label={`Weight (${unit})`} numeric />
            <DocTextField form={form} path={["exercises", i, "rest"]} label="Rest" numeric hint="Seconds, 1:30 or 2m" />
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
            {PROGRAM_NUMBERS.map((f) => (
              <DocTextField
                key={f}
                form={form}
                path={["exercises", i, f]}
                label={`${PROGRAM_LABELS[f].label} (${unit})`}
                numeric
                hint={PROGRAM_LABELS[f].hint}
              />
            ))}
            <JsonOnly form={form} exercise={exercises[i]} />
            {EXTRA_SETS.map((x) => (
              <DocTextField
                key={x.field}
                form={form}
                path={["exercises", i, x.field]}
                label={x.label}
                numeric
                inputMode="numeric"
              />
            ))}
          </>
        )}
        below={({ index: i, name }) => (
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
        )}
        added={(x): Json =>
          x.kind === "reps" ? { exercise: x.name, sets: 3, reps: 5 } : { exercise: x.name, sets: 3, time: 30 }
        }
      />
    </div>
  );
}
