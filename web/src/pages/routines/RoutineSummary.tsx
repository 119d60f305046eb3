// A routine document to read: its exercises and targets, weights in the document's unit.
import type { CanonicalRoutine, CanonicalWorkout } from "../../documents.ts";
import { useTranslation } from "react-i18next";
import { formatWeight } from "../../components/units.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { ruleName, targetText } from "./programRules.ts";
import { useAmrapShown } from "../../components/amrap.ts";
import { localSetText } from "../../decimal.ts";

function formatSeconds(seconds: number): string {
  return seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : `${seconds}s`;
}

export function RoutineSummary({ routine, caption }: { routine: CanonicalRoutine; caption: string }) {
  const { t } = useTranslation("routines");
  if (routine.exercises.length === 0) return <p className="state state-empty">{t("summary.empty")}</p>;
  return (
    <CardTable
      caption={caption}
      rows={routine.exercises}
      rowKey={(_, i) => i}
      columns={[
        {
          label: t("summary.exercise"),
          cell: (x) => (
            <>
              {x.superset ? <span className="badge">{x.superset}</span> : null} {x.exercise}
            </>
          ),
        },
        {
          label: t("summary.target"),
          cell: (x) => targetText(x, formatSeconds, t),
        },
        { label: t("summary.weight"), cell: (x) => formatWeight(x.weight, routine.unit) },
        { label: t("summary.rest"), cell: (x) => (x.rest !== undefined ? formatSeconds(x.rest) : "—") },
        {
          label: t("summary.extras"),
          cell: (x) =>
            [
              x.warmups ? t("summary.warmups", { count: x.warmups }) : "",
              x.drops ? t("summary.drops", { count: x.drops }) : "",
              x.bursts ? t("summary.bursts", { count: x.bursts }) : "",
              x.progression ? t("summary.progression", { rule: ruleName(x.progression, t) }) : "",
            ]
              .filter(Boolean)
              .join(", ") || "—",
        },
      ]}
    />
  );
}

/**
 * The sets of a planned or logged workout, one line per exercise (set text in the workout's unit).
 * `markPlanned`: say which sets of a logged workout were planned and not done.
 * `explanations`: why each planned exercise's target is what it is (Routine.nextTargets, by position),
 * shown apart from the note the user pinned.
 */
export function WorkoutSets({
  workout,
  markPlanned = false,
  explanations,
}: {
  workout: CanonicalWorkout;
  markPlanned?: boolean;
  explanations?: (string | null)[];
}) {
  const { t } = useTranslation("routines");
  const amrapMarked = useAmrapShown();
  if (workout.exercises.length === 0) return <p className="state state-empty">{t("sets.none")}</p>;
  return (
    <ul className="set-lines">
      {workout.exercises.map((x, i) => (
        <li key={i}>
          <strong>{x.exercise}</strong>:{" "}
          {x.sets
            .map((s) =>
              localSetText(
                amrapMarked(typeof s === "string" ? s : markPlanned ? t("sets.notDone", { set: s.set }) : s.set),
              ),
            )
            .join(", ")}
          {x.note ? <span className="muted"> — {x.note}</span> : null}
          {explanations?.[i] ? <div className="muted">{t("sets.target", { explanation: explanations[i] })}</div> : null}
        </li>
      ))}
    </ul>
  );
}
