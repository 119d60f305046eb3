// One routine (deep link /routines/<name or id>): its targets as written, viewable converted to
// the user's unit; its program (training maxes, week or stage, increment, rounding); its next
// workout; its share links; edit, log the next workout; delete with confirmation, at the bottom
// apart from Start.
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { rich } from "../../components/richText.tsx";
import { formatDay } from "../../format.ts";
import { targetExplanation } from "../../i18n/targetExplanation.ts";

export default function RoutinePage() {
  const { t } = useTranslation("routines");
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
  const explanations = next?.exercises.map((_, i) => targetExplanation(found.find((t) => t?.position === i)));
  if (routine.data && !routine.data.routineDocument) return <NotFound />;
  const converted = conversion.converted ? conversion.query.data?.routineDocument : undefined;
  const shown = converted ? (converted as CanonicalRoutine) : doc;

  return (
    <Page
      title={doc ? t("page.title", { name: doc.name }) : t("page.titlePlain")}
      actions={
        doc ? (
          <div className="actions">
            <Link className="button" to={routinePath(doc, "/edit")}>
              {t("page.edit")}
            </Link>
            <button
              type="button"
              className="primary"
              onClick={() => navigate(`/log?routine=${encodeURIComponent(doc.id)}`)}
            >
              {t("page.start")}
            </button>
            <Link className="button" to={`/workouts/new?routine=${encodeURIComponent(doc.id)}`}>
              {t("page.logPast")}
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
                <h2 id="targets-heading">{t("page.targets")}</h2>
                <UnitConversionToggle
                  conversion={conversion}
                  intro={
                    <>
                      {t("page.progression", { rules: progressionSummary(doc, t) })}{" "}
                      {doc.deload ? `${t("page.deload")} ` : ""}
                    </>
                  }
                />
                <RoutineSummary routine={shown} caption={t("summary.caption", { name: doc.name })} />
              </section>
              <RoutineProgram routine={doc} targets={found.filter((t) => t !== null)} />
              <section className="section" aria-labelledby="next-heading">
                <h2 id="next-heading">{t("page.next")}</h2>
                {next ? (
                  <>
                    <p className="muted">{t("page.plannedFor", { date: formatDay(next.date), unit: next.unit })}</p>
                    <WorkoutSets workout={next} explanations={explanations} />
                  </>
                ) : (
                  <p className="muted">{t("page.noNext")}</p>
                )}
              </section>
              <RoutineShares routineId={doc.id} name={doc.name} />
              {/* Far from Start workout: a thumb aiming at Start never lands on Delete. */}
              <section className="section danger-zone" aria-labelledby="delete-heading">
                <h2 id="delete-heading">{t("page.deleteHeading")}</h2>
                <p className="muted">{t("page.deleteKeeps")}</p>
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
          if (!doc) return;
          try {
            await remove({ id: doc.id });
            setNotice(t("page.deleted", { name: doc.name }));
            navigate("/routines");
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>{rich(t, "page.deleteBody", { name: <strong>{doc?.name}</strong> })}</p>
      </ConfirmDialog>
    </Page>
  );
}
