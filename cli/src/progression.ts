// Human views of a routine's next workout (a planned workout document) and of an exercise's
// personal records. The `--json` output is what the API returns.
import type { ExerciseRecords, ExerciseRecord } from "@svc/sdk";
import { parseSet } from "@svc/sdk/documents";
import { estimateText, factText, recordSetWeight, weightText } from "@svc/sdk/weights";
import { table, bold, dim, type Column } from "./output.ts";
import { SHORT_ID } from "./refs.ts";

type Doc = Record<string, unknown>;

const KIND = { work: "work", warmup: "warm-up", drop: "drop", burst: "burst" } as const;

function seconds(value: number): string {
  const m = Math.floor(value / 60);
  const s = value % 60;
  return m ? `${m}:${String(s).padStart(2, "0")}` : `${s}s`;
}

type PlannedRow = {
  n: number;
  text: string;
  kind?: string;
  weight?: string;
  /** `5+` for a set of as many reps as possible, at least 5. */
  reps?: number | string;
  time?: string;
  effort?: number;
};

function plannedRow(set: unknown, n: number, unit: string): PlannedRow {
  const text = typeof set === "string" ? set : String((set as Doc)?.set ?? "");
  const parsed = parseSet(text);
  if (!parsed.ok) return { n, text };
  const p = parsed.value;
  return {
    n,
    text,
    kind: KIND[p.kind],
    // A weighted bodyweight set shows the load added to the body (`bw+32.5 kg`).
    weight: p.bodyweight
      ? p.weight
        ? `bw+${p.weight} ${unit}`
        : "bodyweight"
      : p.weight === null
        ? undefined
        : `${p.weight} ${unit}`,
    reps: p.reps === null ? undefined : p.amrap ? `${p.reps}+` : p.reps,
    time: p.seconds === null ? undefined : seconds(p.seconds),
    effort: p.effort ?? undefined,
  };
}

/**
 * A planned workout (`svc routine next`): per exercise, a table of its sets, the explanation of its
 * target (`explanations`, by exercise position: Routine.nextTargets) and the note pinned on it.
 */
export function nextWorkoutView(doc: Doc, explanations: readonly string[] = []): string {
  const exercises = (Array.isArray(doc.exercises) ? doc.exercises : []) as Doc[];
  const unit = String(doc.unit ?? "");
  const title = `${bold(String(doc.name ?? "Workout"))} on ${doc.date}`;
  const lines = [`${title}  ${dim("next workout, planned")}`];
  for (const [i, e] of exercises.entries()) {
    const rows = (Array.isArray(e.sets) ? e.sets : []).map((s, i) => plannedRow(s, i + 1, unit));
    const columns: Column<PlannedRow>[] = [
      { header: "SET", get: (r) => r.n, align: "right" },
      { header: "KIND", get: (r) => r.kind ?? r.text },
    ];
    if (rows.some((r) => r.weight)) columns.push({ header: "WEIGHT", get: (r) => r.weight, align: "right" });
    if (rows.some((r) => r.reps !== undefined)) columns.push({ header: "REPS", get: (r) => r.reps, align: "right" });
    if (rows.some((r) => r.time)) columns.push({ header: "TIME", get: (r) => r.time, align: "right" });
    if (rows.some((r) => r.effort !== undefined))
      columns.push({ header: "EFFORT", get: (r) => r.effort, align: "right" });
    const tags = [
      e.superset ? `superset ${e.superset}` : undefined,
      e.skipProgression ? "skips progression" : undefined,
    ].filter(Boolean);
    lines.push("", `${bold(String(e.exercise))}${tags.length ? dim(`  (${tags.join(", ")})`) : ""}`);
    lines.push(rows.length ? indent(table(rows, columns)) : "  No sets.");
    if (explanations[i]) lines.push(`  ${explanations[i]}`);
    if (typeof e.note === "string" && e.note) lines.push(`  Note: ${e.note}`);
  }
  if (!exercises.length) lines.push("", "No exercises.");
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}

function record(r: ExerciseRecord, what: "heaviest" | "e1rm"): string {
  const where = `${r.date}, workout ${r.workoutId.slice(0, SHORT_ID)}`;
  return what === "heaviest"
    ? `${factText(r.enteredWeight, r.enteredUnit, r.unit)} x ${r.reps} (${where})`
    : `${estimateText(r.weight, r.unit)} (from ${weightText(recordSetWeight(r), r.unit)} x ${r.reps}, ${where})`;
}

/**
 * An exercise's records (`svc exercise records`): heaviest, best estimated 1RM, most reps at each
 * weight and the rep-max table (sets with a weight), the most reps at bodyweight, the longest hold.
 */
export function recordsView(name: string, records: ExerciseRecords): string {
  const lines = [bold(name)];
  const weighted = Boolean(records.heaviest || records.bestE1rm || records.repsAtWeight.length);
  if (!weighted && !records.bodyweightReps && !records.longestHold) {
    lines.push(
      "No records yet: they come from sets done with a weight and reps, with reps at bodyweight, or with a time (warm-ups do not count).",
    );
    return lines.join("\n");
  }
  if (weighted) {
    lines.push(`Heaviest:           ${records.heaviest ? record(records.heaviest, "heaviest") : "-"}`);
    lines.push(
      `Best estimated 1RM: ${records.bestE1rm ? record(records.bestE1rm, "e1rm") : "- (no set of 1 to 12 reps)"}`,
    );
    lines.push("", "Most reps at each weight:");
    lines.push(
      indent(
        table(records.repsAtWeight, [
          { header: "WEIGHT", get: (r) => factText(r.enteredWeight, r.enteredUnit, r.unit), align: "right" },
          { header: "REPS", get: (r) => r.reps, align: "right" },
          { header: "DATE", get: (r) => r.date },
          { header: "WORKOUT", get: (r) => r.workoutId.slice(0, SHORT_ID) },
        ]),
      ),
    );
    lines.push(
      "",
      "Rep maxes (actual: the heaviest set of at least that many reps; estimated: from the best estimated 1RM):",
    );
    lines.push(
      indent(
        table(records.repMaxes, [
          { header: "RM", get: (r) => r.reps, align: "right" },
          {
            header: "ACTUAL",
            get: (r) =>
              r.actual
                ? `${factText(r.actual.enteredWeight, r.actual.enteredUnit, r.actual.unit)} x ${r.actual.reps}`
                : "-",
            align: "right",
          },
          { header: "DATE", get: (r) => r.actual?.date ?? "" },
          {
            header: "ESTIMATED",
            get: (r) => (r.estimated === null ? "-" : estimateText(r.estimated, r.unit)),
            align: "right",
          },
        ]),
      ),
    );
  }
  const where = (r: { date: string; workoutId: string }) => `${r.date}, workout ${r.workoutId.slice(0, SHORT_ID)}`;
  if (weighted && (records.bodyweightReps || records.longestHold)) lines.push("");
  const hold = records.longestHold;
  if (records.bodyweightReps)
    lines.push(`Most reps at bodyweight: ${records.bodyweightReps.reps} (${where(records.bodyweightReps)})`);
  if (hold)
    lines.push(
      `Longest hold:            ${seconds(hold.seconds)}${hold.weight === null ? "" : ` with ${estimateText(hold.weight, hold.unit)}`} (${where(hold)})`,
    );
  return lines.join("\n");
}
