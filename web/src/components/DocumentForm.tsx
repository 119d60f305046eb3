// What the routine form and the workout form share: converting every weight to the other unit, and
// the exercises as a list (a heading, a problem with the list itself, one group per exercise with
// its number, name and exercise field, and a picker that adds one). Each form brings its own fields.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FormContext } from "./DocumentEditor.tsx";
import { DocTextField } from "./DocumentFields.tsx";
import { ExercisePicker, ExerciseSuggestions, type FoundExercise } from "./ExercisePicker.tsx";
import { convertDocumentWeights } from "./convertDocument.ts";
import { toText, type Json } from "./documentValues.ts";
import { otherUnit, unitOf } from "./units.ts";

export function ConvertWeightsButton({
  form,
  kind,
  unit,
  effort,
}: {
  form: FormContext;
  kind: "routine" | "workout";
  unit: string;
  /** The scale of an effort written without one (`@8`). */
  effort: "rpe" | "rir";
}) {
  const { t } = useTranslation("components");
  const to = otherUnit(unitOf(unit));
  return (
    <p>
      <button
        type="button"
        onClick={() => form.replace(convertDocumentWeights(kind, form.doc, unitOf(unit), to, effort))}
      >
        {t("form.convertAll", { unit: to })}
      </button>
    </p>
  );
}

/** One exercise of the document as its group in the form sees it. */
export type ExerciseGroup = { row: { [key: string]: Json }; index: number; name: string };

export function DocumentExercises({
  form,
  shownInGroup,
  fields,
  below,
  added,
}: {
  form: FormContext;
  /** Whether a field of the group shows the problem at `path`; any other is said at the group's top. */
  shownInGroup: (path: string, index: number) => boolean;
  /** The group's fields after the exercise. */
  fields: (group: ExerciseGroup) => ReactNode;
  /** What follows the fields: sets, buttons. */
  below: (group: ExerciseGroup) => ReactNode;
  /** The exercise a pick from the picker adds to the document. */
  added: (exercise: FoundExercise) => Json;
}) {
  const { t } = useTranslation("components");
  const exercises = Array.isArray(form.doc.exercises) ? form.doc.exercises : [];
  const listProblem = form.errorAt(["exercises"]);
  return (
    <>
      <h2 className="h3">{t("form.exercises")}</h2>
      {listProblem ? (
        <p className="field-error" data-path="exercises" tabIndex={-1}>
          {listProblem}
        </p>
      ) : null}
      {exercises.length === 0 ? <p className="state state-empty">{t("form.noExercises")}</p> : null}
      <ol className="doc-rows">
        {exercises.map((item, index) => {
          const row = item !== null && typeof item === "object" && !Array.isArray(item) ? item : {};
          const group = { row, index, name: toText(row.exercise ?? null) || t("form.noExercise") };
          const problem = form.problemUnder(["exercises", index]);
          return (
            <li key={index}>
              <fieldset className="doc-row">
                <legend>{t("form.exerciseLegend", { n: index + 1, name: group.name })}</legend>
                {problem && !shownInGroup(problem.path, index) ? (
                  <p className="field-error" data-path={problem.path} tabIndex={-1}>
                    {problem.path}: {problem.reason}
                  </p>
                ) : null}
                <div className="grid-fields">
                  <div className="wide">
                    <DocTextField
                      form={form}
                      path={["exercises", index, "exercise"]}
                      label={t("form.exercise")}
                      keepEmpty
                    />
                    {form.errorAt(["exercises", index, "exercise"]) ? (
                      <ExerciseSuggestions
                        words={toText(row.exercise ?? null)}
                        onPick={(x) => form.set(["exercises", index, "exercise"], x.name)}
                      />
                    ) : null}
                  </div>
                  {fields(group)}
                </div>
                {below(group)}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ExercisePicker label={t("form.addExercise")} onPick={(x) => form.set(["exercises"], [...exercises, added(x)])} />
    </>
  );
}
