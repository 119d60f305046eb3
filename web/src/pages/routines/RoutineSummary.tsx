// A routine document to read: its exercises and targets, weights in the document's unit.
import type { CanonicalRoutine, CanonicalWorkout } from "../../documents.ts";
import { formatWeight } from "../../components/units.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { targetText } from "./programRules.ts";
import { setShown } from "@svc/sdk/weights";

function formatSeconds(seconds: number): string {
  return seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : `${seconds}s`;
}

export function RoutineSummary({ routine, caption }: { routine: CanonicalRoutine; caption: string }) {
  if (routine.exercises.length === 0) return <p className="state state-empty">This routine has no exercises yet.</p>;
  return (
    <CardTable
      caption={caption}
      rows={routine.exercises}
      rowKey={(_, i) => i}
      columns={[
        {
          label: "Exercise",
          cell: (x) => (
            <>
              {x.superset ? <span className="badge">{x.superset}</span> : null} {x.exercise}
            </>
          ),
        },
        {
          label: "Target",
          cell: (x) => targetText(x, formatSeconds),
        },
        { label: "Weight", cell: (x) => formatWeight(x.weight, routine.unit) },
        { label: "Rest", cell: (x) => (x.rest !== undefined ? formatSeconds(x.rest) : "—") },
        {
          label: "Extras",
          cell: (x) =>
            [
              x.warmups ? `${x.warmups} warm-up${x.warmups > 1 ? "s" : ""}` : "",
              x.drops ? `${x.drops} drop${x.drops > 1 ? "s" : ""}` : "",
              x.bursts ? `${x.bursts} burst${x.bursts > 1 ? "s" : ""}` : "",
              x.progression ? `${x.progression} progression` : "",
            ]
              .filter(Boolean)
              .join(", ") || "—",
        },
      ]}
    />
  );
}

/** A set text whose reps end in `+` says so in words too (a logged 0 reads as 0 reps done): the SDK's setShown. */
const amrapMarked = setShown;

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
  if (workout.exercises.length === 0) return <p className="state state-empty">No exercises.</p>;
  return (
    <ul className="set-lines">
      {workout.exercises.map((x, i) => (
        <li key={i}>
          <strong>{x.exercise}</strong>:{" "}
          {x.sets
            .map((s) => amrapMarked(typeof s === "string" ? s : markPlanned ? `${s.set} (not done)` : s.set))
            .join(", ")}
          {x.note ? <span className="muted"> — {x.note}</span> : null}
          {explanations?.[i] ? <div className="muted">Target: {explanations[i]}</div> : null}
        </li>
      ))}
    </ul>
  );
}
