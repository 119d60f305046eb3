// One routine (deep link /routines/<name or id>): its targets as written, viewable converted to
// the user's unit; its program (training maxes, week or stage, increment, rounding); its next
// workout; its share links; edit, log the next workout; delete with confirmation, at the bottom
// apart from Start.
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Page } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { UnitConversionToggle, useUnitConversion } from "../../components/UnitConversion.tsx";
import { useSession } from "../../auth/session.tsx";
import type { CanonicalRoutine, CanonicalWorkout } from "../../documents.ts";
import NotFound from "../NotFound.tsx";
import { DeleteRoutine, RoutineDocument, RoutineNextTargets, RoutineWithNext, routinePath } from "./operations.ts";
import { RoutineSummary, WorkoutSets } from "./RoutineSummary.tsx";
import { RoutineProgram } from "./RoutineProgram.tsx";
import { progressionSummary } from "./programRules.ts";
import { RoutineShares } from "./RoutineShares.tsx";

export default function RoutinePage() {
  const ref = useParams().ref ?? "";
  const { setNotice } = useSession();
  const navigate = useNavigate();
  const routine = useQuery(RoutineWithNext, { ref });
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutation(DeleteRoutine);

  const doc = routine.data?.routineDocument as (CanonicalRoutine & { id: string }) | undefined;
  const conversion = useUnitConversion(RoutineDocument, { ref }, doc?.unit);
  const next = routine.data?.nextWorkout as CanonicalWorkout | null | undefined;
  const targets = useQuery(RoutineNextTargets, { id: doc?.id ?? "" }, { skip: !doc?.id || !next });
  const found = targets.data?.routineById?.nextTargets ?? [];
  const explanations = next?.exercises.map((_, i) => found.find((t) => t?.position === i)?.explanation ?? null);
  if (routine.data && !routine.data.routineDocument) return <NotFound />;
  const converted = conversion.converted ? conversion.query.data?.routineDocument : undefined;
  const shown = converted ? (converted as CanonicalRoutine) : doc;

  return (
    <Page
      title={doc ? `Routine: ${doc.name}` : "Routine"}
      actions={
        doc ? (
          <div className="actions">
            <Link className="button" to={routinePath(doc, "/edit")}>
              Edit routine
            </Link>
            <button
              type="button"
              className="primary"
              onClick={() => navigate(`/log?routine=${encodeURIComponent(doc.id)}`)}
            >
              Start workout
            </button>
            <Link className="button" to={`/workouts/new?routine=${encodeURIComponent(doc.id)}`}>
              Log a past workout
            </Link>
          </div>
        ) : null
      }
    >
      <QueryView query={routine}>
        {() =>
          doc && shown ? (
            <>
              <section className="section" aria-labelledby="targets-heading">
                <h2 id="targets-heading">Targets</h2>
                <UnitConversionToggle
                  conversion={conversion}
                  intro={
                    <>
                      Progression: {progressionSummary(doc)}. {doc.deload ? "A planned deload. " : ""}
                    </>
                  }
                />
                <RoutineSummary routine={shown} caption={`Exercises of ${doc.name}`} />
              </section>
              <RoutineProgram routine={doc} targets={found.filter((t) => t !== null)} />
              <section className="section" aria-labelledby="next-heading">
                <h2 id="next-heading">Next workout</h2>
                {next ? (
                  <>
                    <p className="muted">
                      Planned for {next.date}, weights in {next.unit}.
                    </p>
                    <WorkoutSets workout={next} explanations={explanations} />
                  </>
                ) : (
                  <p className="muted">No next workout.</p>
                )}
              </section>
              <RoutineShares routineId={doc.id} name={doc.name} />
              {/* Far from Start workout: a thumb aiming at Start never lands on Delete. */}
              <section className="section danger-zone" aria-labelledby="delete-heading">
                <h2 id="delete-heading">Delete</h2>
                <p className="muted">Workouts logged from this routine stay in your history.</p>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    removing.reset();
                    setConfirming(true);
                  }}
                >
                  Delete routine…
                </button>
              </section>
            </>
          ) : null
        }
      </QueryView>
      <ConfirmDialog
        open={confirming}
        title="Delete this routine?"
        confirmLabel="Delete routine"
        danger
        mutation={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (!doc) return;
          try {
            await remove({ id: doc.id });
            setNotice(`Deleted the routine ${doc.name}. Workouts logged from it are kept.`);
            navigate("/routines");
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>
          The routine <strong>{doc?.name}</strong> will be deleted. Workouts you logged from it stay in your history.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
