// One workout: the document as written (viewable converted to the user's unit), its volume and
// work sets, the personal records set that day; repeat it in the logger, save it as a routine,
// edit and delete (with confirmation).
import { useState } from "react";
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

export default function WorkoutPage() {
  const id = useParams().id ?? "";
  return isWorkoutId(id) ? <Workout id={id} /> : <NotFound />;
}

function Workout({ id }: { id: string }) {
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
  const title = workout ? `Workout: ${workout.date}${workout.name ? ` ${workout.name}` : ""}` : "Workout";
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
              Repeat
            </Link>
            <SaveAsRoutine workoutId={id} suggested={workout.name ?? `Workout of ${workout.date}`} />
            <Link className="button" to={`/workouts/${id}/edit`}>
              Edit workout
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
              Delete workout…
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
                <h2 id="summary-heading">Summary</h2>
                <Stats>
                  <Stat label="Volume">{formatVolume(sum, unit)}</Stat>
                  <Stat label="Work sets">{sum?.workSets ?? "0"}</Stat>
                  <Stat label="Minutes">{workout.minutes ?? "—"}</Stat>
                  <Stat label="Effort scale">{effortLabel(workout.effort)}</Stat>
                </Stats>
                {workout.routine ? (
                  <p>
                    From the routine{" "}
                    <Link to={`/routines/${encodeURIComponent(workout.routine.id)}`}>{workout.routine.name}</Link>.
                  </p>
                ) : null}
              </section>
              <section className="section" aria-labelledby="records-heading">
                <h2 id="records-heading">Personal records</h2>
                {records.length === 0 ? (
                  <p className="muted">No personal record set in this workout.</p>
                ) : (
                  <>
                    <p className="muted">
                      Sets that beat every earlier set of their exercise (heaviest or best estimated one-rep max),
                      weights in {workout.unit}.
                    </p>
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
                <h2 id="sets-heading">Exercises and sets</h2>
                <UnitConversionToggle conversion={conversion} />
                <WorkoutSets workout={shownSets} markPlanned />
                {doc.notes ? (
                  <p>
                    <strong>Notes:</strong> {doc.notes}
                  </p>
                ) : null}
                <details>
                  <summary>Document (JSON)</summary>
                  <pre className="document" tabIndex={0} aria-label="Workout document">
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
        title="Delete this workout?"
        confirmLabel="Delete workout"
        danger
        mutation={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove({ id });
            setNotice(`Deleted the workout of ${workout?.date ?? "that day"}.`);
            navigate("/workouts");
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>
          The workout of <strong>{workout?.date}</strong> and its sets will be deleted for good; records and progression
          are worked out again without it.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
