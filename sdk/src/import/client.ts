/**
 * The typed calls of import and export: importWorkouts (a dry run by default), exportHistory (every
 * part of an svc export, a page of workouts at a time) and the Strong CSV form of workout documents.
 */
import type { SvcClient } from "../client.ts";
import { parseSet } from "../documents/index.ts";
import type { ImportWorkout } from "./model.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, type SvcExport } from "./svc.ts";

export type ImportChoice = { name: string; action: "map" | "create" | "skip"; exercise?: string };

export type ImportNameMapping = {
  name: string;
  action: "map" | "create" | "skip" | "unmapped";
  via: string | null;
  exercise: string | null;
  exerciseId: string | null;
  suggestions: string[];
  sets: number;
};

export type ImportSummary = {
  dryRun: boolean;
  workouts: number;
  duplicates: number;
  emptied: number;
  sets: number;
  skippedSets: number;
  firstDate: string | null;
  lastDate: string | null;
  unmapped: number;
  names: ImportNameMapping[];
  routines: number;
  duplicateRoutines: number;
  bodyweights: number;
  duplicateBodyweights: number;
  customExercises: number;
};

const SUMMARY_FIELDS =
  "dryRun workouts duplicates emptied sets skippedSets firstDate lastDate unmapped routines duplicateRoutines bodyweights duplicateBodyweights customExercises names { name action via exercise exerciseId suggestions sets }";

export const IMPORT_WORKOUTS = /* GraphQL */ `
  mutation ImportWorkouts($workouts: JSON!, $choices: [ImportChoice!], $extras: JSON, $dryRun: Boolean) {
    importWorkouts(input: { workouts: $workouts, choices: $choices, extras: $extras, dryRun: $dryRun }) { ${SUMMARY_FIELDS} }
  }`;

export const EXPORT_ACCOUNT = /* GraphQL */ `query ExportAccount { exportAccount }`;

export const EXPORT_WORKOUTS = /* GraphQL */ `
  query ExportWorkouts($after: String, $first: Int) {
    exportWorkouts(after: $after, first: $first) { documents hasNextPage endCursor }
  }`;

const ACTION = { map: "MAP", create: "CREATE", skip: "SKIP" } as const;

/** Imports parsed workouts (a dry run unless `dryRun: false`): the summary the server answers. */
export async function importWorkouts(
  client: Pick<SvcClient, "request">,
  parsed: { workouts: ImportWorkout[]; extras?: unknown },
  options: { choices?: ImportChoice[]; dryRun?: boolean } = {},
): Promise<ImportSummary> {
  const data = await client.request<{ importWorkouts: ImportSummary }>(IMPORT_WORKOUTS, {
    workouts: parsed.workouts,
    choices: (options.choices ?? []).map((c) => ({ name: c.name, action: ACTION[c.action], exercise: c.exercise ?? null })),
    extras: parsed.extras ?? null,
    dryRun: options.dryRun ?? true,
  });
  return data.importWorkouts;
}

export type ExportHead = Omit<SvcExport, "workouts"> & { workoutCount: number };

/**
 * An export in parts: first everything but the workouts (`head`), then the workouts a page at a
 * time (`pages`), so a long history is never held whole.
 */
export async function exportHistory(
  client: Pick<SvcClient, "request">,
  options: { pageSize?: number } = {},
): Promise<{ head: ExportHead; pages: AsyncGenerator<Record<string, unknown>[]> }> {
  const { exportAccount } = await client.request<{ exportAccount: Record<string, any> }>(EXPORT_ACCOUNT);
  const head: ExportHead = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    settings: exportAccount.settings,
    customExercises: exportAccount.customExercises,
    routines: exportAccount.routines,
    bodyweights: exportAccount.bodyweights,
    workoutCount: exportAccount.workouts,
  };
  async function* pages() {
    let after: string | null = null;
    for (;;) {
      const { exportWorkouts }: { exportWorkouts: { documents: Record<string, unknown>[]; hasNextPage: boolean; endCursor: string | null } } =
        await client.request(EXPORT_WORKOUTS, { after, first: options.pageSize ?? null });
      if (exportWorkouts.documents.length) yield exportWorkouts.documents;
      if (!exportWorkouts.hasNextPage) return;
      after = exportWorkouts.endCursor;
    }
  }
  return { head, pages: pages() };
}

export const STRONG_CSV_HEADER = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE";

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function strongDuration(minutes: number | undefined): string {
  if (minutes === undefined) return "";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${m}m` : `${m}m`;
}

/**
 * Workout documents as rows of Strong's comma format (no header; see STRONG_CSV_HEADER): weights in
 * each workout's unit, `W` warm-ups, `D` drops and rest-pause bursts, RPE when the scale is RPE,
 * planned sets not done left out. Dates are the start's wall-clock time in its own offset.
 */
export function exportStrongCsv(documents: Record<string, any>[]): string[] {
  const lines: string[] = [];
  for (const w of documents) {
    const start = typeof w.start === "string" ? w.start : `${w.date}T12:00:00Z`;
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(start);
    const date = m ? `${m[1]} ${m[2]}:${m[3] ?? "00"}` : `${w.date} 12:00:00`;
    for (const e of w.exercises ?? []) {
      let n = 0;
      for (const s of e.sets ?? []) {
        const text = typeof s === "string" ? s : s.set;
        if (typeof s === "object" && s.done === false) continue;
        const p = parseSet(text, { effort: w.effort ?? "rpe" });
        if (!p.ok) continue;
        const set = p.value;
        const order = set.kind === "warmup" ? "W" : set.kind === "drop" || set.kind === "burst" ? "D" : String(++n);
        lines.push([
          date, w.name ?? "Workout", strongDuration(w.minutes), e.exercise, order,
          set.weight ?? 0, set.reps ?? 0, 0, set.seconds ?? 0, e.note ?? "", w.notes ?? "",
          w.effort === "rir" ? "" : set.effort ?? "",
        ].map(csvCell).join(","));
      }
    }
  }
  return lines;
}
