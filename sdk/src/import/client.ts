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

/**
 * What one request carries: a server takes at most 1 MB a request and 15 s of database time, so a
 * long history goes in parts of at most PART_WORKOUTS workouts and PART_BYTES of JSON (each part
 * one transaction; importing is idempotent, so running an interrupted import again finishes it).
 */
export const PART_WORKOUTS = 200;
export const PART_BYTES = 900_000;

export type ImportPart = { workouts: ImportWorkout[]; extras?: unknown; offset: number };

/** The parts of an import, in order; an export's extras go with the first. */
export function importParts(parsed: { workouts: ImportWorkout[]; extras?: unknown }): ImportPart[] {
  const parts: ImportPart[] = [];
  let current: ImportWorkout[] = [];
  let bytes = parsed.extras ? JSON.stringify(parsed.extras).length : 0;
  let offset = 0;
  for (const [i, w] of parsed.workouts.entries()) {
    const size = JSON.stringify(w).length + 1;
    if (current.length && (bytes + size > PART_BYTES || current.length >= PART_WORKOUTS)) {
      parts.push({ workouts: current, offset });
      current = [];
      bytes = 0;
      offset = i;
    }
    current.push(w);
    bytes += size;
  }
  parts.push({ workouts: current, offset });
  if (parsed.extras) parts[0].extras = parsed.extras;
  return parts;
}

/** The summaries of several parts as one. */
export function mergeSummaries(total: ImportSummary | null, part: ImportSummary): ImportSummary {
  if (!total) return part;
  const byName = new Map(part.names.map((n) => [n.name, n]));
  const dates = [total.firstDate, total.lastDate, part.firstDate, part.lastDate].filter((d): d is string => Boolean(d)).sort();
  const names = total.names.map((n) => ({ ...n, sets: n.sets + (byName.get(n.name)?.sets ?? 0) }));
  for (const n of part.names) if (!total.names.some((t) => t.name === n.name)) names.push(n);
  const sum = (k: keyof ImportSummary) => (total[k] as number) + (part[k] as number);
  return {
    ...total,
    workouts: sum("workouts"),
    duplicates: sum("duplicates"),
    emptied: sum("emptied"),
    sets: sum("sets"),
    skippedSets: sum("skippedSets"),
    routines: sum("routines"),
    duplicateRoutines: sum("duplicateRoutines"),
    bodyweights: sum("bodyweights"),
    duplicateBodyweights: sum("duplicateBodyweights"),
    customExercises: sum("customExercises"),
    unmapped: names.filter((n) => n.action === "unmapped").length,
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
    names: names.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * Imports (or dry-runs) parsed workouts part by part (importParts), calling onPart before each;
 * the merged summary. A refused document's error has its path from the whole list
 * (`workouts[<index in the file>]...`) and `partsDone`: parts already imported.
 */
export async function importAll(
  client: Pick<SvcClient, "request">,
  parsed: { workouts: ImportWorkout[]; extras?: unknown },
  options: { choices?: ImportChoice[]; dryRun?: boolean; onPart?: (index: number, count: number, part: ImportPart) => void } = {},
): Promise<ImportSummary> {
  const parts = importParts(parsed);
  let total: ImportSummary | null = null;
  for (const [i, part] of parts.entries()) {
    options.onPart?.(i, parts.length, part);
    try {
      total = mergeSummaries(total, await importWorkouts(client, part, options));
    } catch (error) {
      const e = error as { path?: unknown; message: string };
      if (typeof e.path === "string") {
        const path = e.path.replace(/^workouts\[(\d+)\]/, (_: string, n: string) => `workouts[${Number(n) + part.offset}]`);
        Object.assign(e, { path, message: e.message.replace(e.path, path) });
      }
      throw Object.assign(e as object, { partsDone: options.dryRun === false ? i : 0 });
    }
  }
  return total!;
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
