// One workout: the document as written (viewable converted to the user's unit), its volume and
// work sets, the personal records set that day; repeat it in the logger, save it as a routine,
// edit and delete (with confirmation).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Page } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { effortLabel, formatVolume, useUserUnits } from "../../components/units.ts";
import { UnitConversionToggle, useUnitConversion } from "../../components/UnitConversion.tsx";
import { useSession } from "../../auth/session.tsx";
import type { CanonicalWorkout } from "../../documents.ts";
import NotFound from "../NotFound.tsx";
import { WorkoutSets } from "../routines/RoutineSummary.tsx";
import { DeleteWorkout, WorkoutDetails, WorkoutDocument, isWorkoutId } from "./operations.ts";
import { Stat, Stats } from "../../components/Stats.tsx";
import { factWorkout, SetFact } from "../../components/factDocument.tsx";
import { SaveAsRoutine } from "./SaveAsRoutine.tsx";
import { ExportFitButton } from "./ExportFitButton.tsx";
import { rich } from "../../components/richText.tsx";
import { formatDay } from "../../format.ts";

export default function WorkoutPage() {
  const id = useParams().id ?? "";
  return isWorkoutId(id) ? <Workout id={id} /> : <NotFound />;
}

function Workout({ id }: { id: string }) {
  const { t } = useTranslation("workouts");
  const { unit } = useUserUnits();
  const { setNotice } = useSession();
  const navigate = useNavigate();
  const details = useQuery(WorkoutDetails, { id });
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutation(DeleteWorkout);

  const workout = details.data?.workoutById;
  const conversion = useUnitConversion(WorkoutDocument, { id }, workout?.unit);

  if (details.data && !workout) return <NotFound />;
  const doc = details.data?.workoutDocument as CanonicalWorkout | undefined;
  const converted = conversion.converted ? conversion.query.data?.workoutDocument : undefined;
  const shown = converted ? (converted as CanonicalWorkout) : doc;
  // The sets read by the display rule (one decimal when converted); the JSON view is the API's document.
  const shownSets = converted && doc ? factWorkout(doc, conversion.unit) : shown;
  const title = workout
    ? t("page.title", { date: formatDay(workout.date), name: workout.name ?? "" }).trim()
    : t("page.titlePlain");
  const records =
    workout?.exercises.flatMap((x) =>
      x.sets
        .filter((s) => s.personalRecord)
        .map((s) => ({ id: s.id, exercise: x.exercise?.name ?? "?", text: s.text })),
    ) ?? [];
  const sum = workout?.workoutSetsByWorkoutId.aggregates?.sum;

  return (
    <Page
      title={title}
      actions={
        workout ? (
          <div className="actions">
            <Link className="button primary" to={`/log?repeat=${encodeURIComponent(id)}`}>
              {t("page.repeat")}
            </Link>
            <SaveAsRoutine
              workoutId={id}
              suggested={workout.name ?? t("page.workoutOf", { date: formatDay(workout.date) })}
            />
            <Link className="button" to={`/workouts/${id}/edit`}>
              {t("page.edit")}
            </Link>
            <ExportFitButton id={id} />
            <button
              type="button"
              className="danger"
              onClick={() => {
                removing.reset();
                setConfirming(true);
              }}
            >
              {t("page.deleteButton")}
            </button>
          </div>
        ) : null
      }
    >
      <QueryView query={details}>
        {() =>
          workout && doc && shown && shownSets ? (
            <>
              <section className="section" aria-labelledby="summary-heading">
                <h2 id="summary-heading">{t("page.summary")}</h2>
                <Stats>
                  <Stat label={t("page.volume")}>{formatVolume(sum, unit)}</Stat>
                  <Stat label={t("page.workSets")}>{sum?.workSets ?? "0"}</Stat>
                  <Stat label={t("page.minutes")}>{workout.minutes ?? "—"}</Stat>
                  <Stat label={t("page.effort")}>{effortLabel(workout.effort)}</Stat>
                </Stats>
                {workout.routine ? (
                  <p>
                    {rich(t, "page.fromRoutine", {
                      routine: (
                        <Link to={`/routines/${encodeURIComponent(workout.routine.id)}`}>{workout.routine.name}</Link>
                      ),
                    })}
                  </p>
                ) : null}
              </section>
              <section className="section" aria-labelledby="records-heading">
                <h2 id="records-heading">{t("page.records")}</h2>
                {records.length === 0 ? (
                  <p className="muted">{t("page.noRecords")}</p>
                ) : (
                  <>
                    <p className="muted">{t("page.recordsIntro", { unit: workout.unit })}</p>
                    <ul>
                      {records.map((r) => (
                        <li key={r.id}>
                          <strong>{r.exercise}</strong>:{" "}
                          <SetFact text={r.text} entered={workout.unit} unit={conversion.unit} />
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </section>
              <section className="section" aria-labelledby="sets-heading">
                <h2 id="sets-heading">{t("page.sets")}</h2>
                <UnitConversionToggle conversion={conversion} />
                <WorkoutSets workout={shownSets} markPlanned />
                {doc.notes ? (
                  <p>
                    <strong>{t("page.notes")}</strong> {doc.notes}
                  </p>
                ) : null}
                <details>
                  <summary>{t("page.json")}</summary>
                  <pre className="document" tabIndex={0} aria-label={t("page.document")}>
                    {JSON.stringify(shown, null, 2)}
                  </pre>
                </details>
              </section>
            </>
          ) : null
        }
      </QueryView>
      <ConfirmDialog
        open={confirming}
        title={t("page.deleteTitle")}
        confirmLabel={t("page.deleteConfirm")}
        danger
        mutation={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove({ id });
            setNotice(workout ? t("page.deleted", { date: formatDay(workout.date) }) : t("page.deletedThatDay"));
            navigate("/workouts");
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>{rich(t, "page.deleteBody", { date: <strong>{formatDay(workout?.date)}</strong> })}</p>
      </ConfirmDialog>
    </Page>
  );
}
