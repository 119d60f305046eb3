// The form view of a routine document: the routine's own fields, then one group per exercise
// (sets, reps or a range, time, weight, rest, superset, its progression, warm-ups, drops, bursts).
import { useTranslation } from "react-i18next";
import type { FormContext } from "../../components/DocumentEditor.tsx";
import type { Translate } from "../../components/richText.tsx";
import { PROGRESSIONS, ROUTINE_EXERCISE_FIELDS, type Progression } from "../../documents.ts";
import { DocCheckbox, DocSelectField, DocTextField, getIn } from "../../components/DocumentFields.tsx";
import { ConvertWeightsButton, DocumentExercises } from "../../components/DocumentForm.tsx";
import { UNIT_OPTIONS } from "../../components/units.ts";
import { toText, type Json } from "../../components/documentValues.ts";

/** A label for each of the SDK's progressions (a new one fails the type check until it has one). */
function progressionLabels(t: Translate): Record<Progression, { name: string; long: string }> {
  return {
    linear: { name: t("form.progression.linear"), long: t("form.progression.linearLong") },
    greyskull: { name: t("form.progression.greyskull"), long: t("form.progression.greyskullLong") },
    double: { name: t("form.progression.double"), long: t("form.progression.doubleLong") },
    time: { name: t("form.progression.time"), long: t("form.progression.timeLong") },
    none: { name: t("form.progression.none"), long: t("form.progression.noneLong") },
  };
}

/** The progressions as a select's options, each with its short name (`short`) or said in full. */
export function progressionOptions(t: Translate, short = false) {
  const labels = progressionLabels(t);
  return PROGRESSIONS.map((value) => ({ value, label: short ? labels[value].name : labels[value].long }));
}

/** The counts of extra sets an exercise may have, each a whole number. */
const EXTRA_SETS = [
  { field: "warmups", label: "form.warmups" },
  { field: "drops", label: "form.drops" },
  { field: "bursts", label: "form.bursts" },
] as const;

/** Fields of a program's exercise that are lists (a cycle's weeks, stages): the JSON view edits them. */
const JSON_ONLY_FIELDS: readonly string[] = ["cycle", "stages", "reset", "amrapTarget"];
/** The program's numbers the form edits, when this version's documents have them. */
const PROGRAM_NUMBERS = (["trainingMax", "increment", "rounding"] as const).filter((f) =>
  (ROUTINE_EXERCISE_FIELDS as readonly string[]).includes(f),
);
function programLabels(t: Translate): Record<(typeof PROGRAM_NUMBERS)[number], { label: string; hint: string }> {
  return {
    trainingMax: { label: t("form.trainingMax"), hint: t("form.trainingMaxHint") },
    increment: { label: t("form.increment"), hint: t("form.incrementHint") },
    rounding: { label: t("form.rounding"), hint: t("form.roundingHint") },
  };
}
/** The fields of an exercise the form shows, each showing its own problem. */
const EXERCISE_FIELDS = ROUTINE_EXERCISE_FIELDS.filter((f) => !JSON_ONLY_FIELDS.includes(f));

/** An exercise's cycle or stages, said plainly, with the way to the JSON view that edits them. */
function JsonOnly({ form, exercise }: { form: FormContext; exercise: unknown }) {
  const { t } = useTranslation("routines");
  const x = (exercise ?? {}) as { cycle?: unknown[]; stages?: string[] };
  const what = Array.isArray(x.cycle)
    ? t("form.jsonOnlyCycle", { weeks: x.cycle.length })
    : Array.isArray(x.stages)
      ? t("form.jsonOnlyStages", { stages: x.stages.join(", ") })
      : null;
  if (!what) return null;
  return (
    <p className="field-wide">
      {what}{" "}
      <button type="button" onClick={form.showJson}>
        {t("form.openJson")}
      </button>
    </p>
  );
}

export function RoutineForm({ form, defaultUnit }: { form: FormContext; defaultUnit: string }) {
  const { t } = useTranslation("routines");
  const labels = programLabels(t);
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
        <DocTextField form={form} path={["name"]} label={t("form.name")} keepEmpty />
        <DocTextField form={form} path={["icon"]} label={t("form.icon")} hint={t("form.iconHint")} />
      </div>
      <div className="row row-top">
        <DocSelectField
          form={form}
          path={["progression"]}
          label={t("form.progressionLabel")}
          options={progressionOptions(t)}
        />
        <DocSelectField
          form={form}
          path={["unit"]}
          label={t("form.unit")}
          options={UNIT_OPTIONS}
          hint={unit === "lb" ? t("form.unitHintLb") : t("form.unitHintKg")}
        />
      </div>
      <ConvertWeightsButton form={form} kind="routine" unit={unit} effort="rpe" />
      <DocTextField form={form} path={["program"]} label={t("form.program")} hint={t("form.programHint")} />
      <DocTextField form={form} path={["folder"]} label={t("form.folder")} hint={t("form.folderHint")} />
      <DocCheckbox form={form} path={["deload"]} label={t("form.deload")} hint={t("form.deloadHint")} />

      <DocumentExercises
        form={form}
        shownInGroup={(path, i) => EXERCISE_FIELDS.some((f) => path === `exercises[${i}].${f}`)}
        fields={({ index: i }) => (
          <>
            <DocTextField
              form={form}
              path={["exercises", i, "sets"]}
              label={t("form.sets")}
              numeric
              inputMode="numeric"
            />
            <DocTextField
              form={form}
              path={["exercises", i, "reps"]}
              label={t("form.reps")}
              numeric
              hint={t("form.repsHint")}
            />
            <DocTextField
              form={form}
              path={["exercises", i, "time"]}
              label={t("form.time")}
              numeric
              hint={t("form.timeHint")}
            />
            <DocTextField form={form} path={["exercises", i, "weight"]} label={t("form.weight", { unit })} numeric />
            <DocTextField
              form={form}
              path={["exercises", i, "rest"]}
              label={t("form.rest")}
              numeric
              hint={t("form.restHint")}
            />
            <DocTextField
              form={form}
              path={["exercises", i, "superset"]}
              label={t("form.superset")}
              hint={t("form.supersetHint")}
            />
            <DocSelectField
              form={form}
              path={["exercises", i, "progression"]}
              label={t("form.progressionLabel")}
              options={[{ value: "", label: t("form.routines") }, ...progressionOptions(t, true)]}
            />
            {PROGRAM_NUMBERS.map((f) => (
              <DocTextField
                key={f}
                form={form}
                path={["exercises", i, f]}
                label={t("form.withUnit", { label: labels[f].label, unit })}
                numeric
                hint={labels[f].hint}
              />
            ))}
            <JsonOnly form={form} exercise={exercises[i]} />
            {EXTRA_SETS.map((x) => (
              <DocTextField
                key={x.field}
                form={form}
                path={["exercises", i, x.field]}
                label={t(x.label)}
                numeric
                inputMode="numeric"
              />
            ))}
          </>
        )}
        below={({ index: i, name }) => (
          <div className="actions">
            <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)}>
              {t("form.moveUp")}
              <span className="visually-hidden"> {name}</span>
            </button>
            <button type="button" disabled={i === exercises.length - 1} onClick={() => move(i, i + 1)}>
              {t("form.moveDown")}
              <span className="visually-hidden"> {name}</span>
            </button>
            <button type="button" onClick={() => form.set(["exercises", i], undefined)}>
              {t("form.remove")}
              <span className="visually-hidden"> {name}</span>
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
