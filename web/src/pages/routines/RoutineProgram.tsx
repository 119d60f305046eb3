// The routine page's program: the program the routine is a day of, and for each lift with a
// program rule its rule, training max (as progression has it now), where it is (cycle week or
// stage of the next workout), increment and rounding. The routine form edits the numbers; the
// cycle's weeks and the stages are edited in its JSON view.
import type { CanonicalRoutine } from "../../documents.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { formatWeight } from "../../components/units.ts";
import { placeOf, programOf, ruleOf, type RoutineExercise } from "./programRules.ts";

/** What progression says of an exercise now (Routine.nextTargets, by position). */
export type TargetNow = {
  position: number;
  trainingMax?: number | null;
  rule?: string;
  /** The cycle week or the stage the next workout plans, from 1. */
  week?: number | null;
  stage?: number | null;
};

function hasProgram(x: RoutineExercise): boolean {
  const p = programOf(x);
  return (
    p.trainingMax !== undefined ||
    p.cycle !== undefined ||
    p.stages !== undefined ||
    p.increment !== undefined ||
    p.rounding !== undefined
  );
}

export function RoutineProgram({ routine, targets }: { routine: CanonicalRoutine; targets: TargetNow[] }) {
  const rows = routine.exercises.map((x, i) => ({ x, i })).filter(({ x }) => hasProgram(x));
  if (!routine.program && rows.length === 0) return null;
  const unit = routine.unit;
  return (
    <section className="section" aria-labelledby="program-heading">
      <h2 id="program-heading">Program</h2>
      <p>
        {routine.program ? (
          <>
            A day of <strong>{routine.program}</strong>: its routines share each lift's progression.
          </>
        ) : (
          "This routine's own program rules."
        )}
      </p>
      {rows.length ? (
        <CardTable
          caption={`Program of ${routine.name}, weights in ${unit}`}
          rows={rows}
          rowKey={({ i }) => i}
          columns={[
            { label: "Lift", cell: ({ x }) => x.exercise },
            { label: "Rule", cell: ({ x }) => ruleOf(x, routine) },
            {
              label: "Training max",
              cell: ({ x, i }) => {
                const now = targets.find((t) => t.position === i)?.trainingMax;
                const written = programOf(x).trainingMax;
                if (now == null && written === undefined) return "—";
                return now != null && now !== written
                  ? `${formatWeight(now, unit)} (written ${formatWeight(written, unit)})`
                  : formatWeight(now ?? written, unit);
              },
            },
            {
              label: "Now",
              cell: ({ x, i }) =>
                placeOf(
                  x,
                  targets.find((t) => t.position === i),
                ) ?? "—",
            },
            {
              label: "Increment",
              cell: ({ x }) =>
                programOf(x).increment !== undefined ? formatWeight(programOf(x).increment, unit) : "default",
            },
            {
              label: "Rounding",
              cell: ({ x }) =>
                programOf(x).rounding !== undefined ? formatWeight(programOf(x).rounding, unit) : "default",
            },
          ]}
        />
      ) : null}
    </section>
  );
}
