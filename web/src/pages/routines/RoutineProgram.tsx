// The routine page's program: the program the routine is a day of, and for each lift with a
// program rule its rule, training max (as progression has it now), where it is (cycle week or
// stage of the next workout), increment and rounding. The routine form edits the numbers; the
// cycle's weeks and the stages are edited in its JSON view.
import type { CanonicalRoutine } from "../../documents.ts";
import { useTranslation } from "react-i18next";
import { CardTable } from "../../components/CardTable.tsx";
import { formatWeight } from "../../components/units.ts";
import { placeOf, programOf, ruleName, ruleOf, type RoutineExercise } from "./programRules.ts";
import { rich } from "../../components/richText.tsx";

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
  const { t } = useTranslation("routines");
  const rows = routine.exercises.map((x, i) => ({ x, i })).filter(({ x }) => hasProgram(x));
  if (!routine.program && rows.length === 0) return null;
  const unit = routine.unit;
  return (
    <section className="section" aria-labelledby="program-heading">
      <h2 id="program-heading">{t("program.heading")}</h2>
      <p>
        {routine.program ? rich(t, "program.dayOf", { program: <strong>{routine.program}</strong> }) : t("program.own")}
      </p>
      {rows.length ? (
        <CardTable
          caption={t("program.caption", { name: routine.name, unit })}
          rows={rows}
          rowKey={({ i }) => i}
          columns={[
            { label: t("program.lift"), cell: ({ x }) => x.exercise },
            { label: t("program.rule"), cell: ({ x }) => ruleName(ruleOf(x, routine), t) },
            {
              label: t("program.trainingMax"),
              cell: ({ x, i }) => {
                const now = targets.find((target) => target.position === i)?.trainingMax;
                const written = programOf(x).trainingMax;
                if (now == null && written === undefined) return "—";
                return now != null && now !== written
                  ? t("program.nowWritten", { now: formatWeight(now, unit), written: formatWeight(written, unit) })
                  : formatWeight(now ?? written, unit);
              },
            },
            {
              label: t("program.now"),
              cell: ({ x, i }) =>
                placeOf(
                  x,
                  targets.find((target) => target.position === i),
                  t,
                ) ?? "—",
            },
            {
              label: t("program.increment"),
              cell: ({ x }) =>
                programOf(x).increment !== undefined
                  ? formatWeight(programOf(x).increment, unit)
                  : t("program.default"),
            },
            {
              label: t("program.rounding"),
              cell: ({ x }) =>
                programOf(x).rounding !== undefined ? formatWeight(programOf(x).rounding, unit) : t("program.default"),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
