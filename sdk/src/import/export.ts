/**
 * `@svc/sdk/export`: a whole history out of the service, in parts (exportHistory: everything but
 * the workouts, then a page of workout documents at a time) and the Strong CSV form of workout
 * documents. No CSV parser here, so browsers load it as it is (the web app's Export button).
 */
import type { SvcClient } from "../client.ts";
import { parseSet } from "../documents/index.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, type SvcExport } from "./svc.ts";

export { EXPORT_FORMAT, EXPORT_VERSION, type SvcExport, type ExportSettings, type ExportCustomExercise, type ExportBodyweight } from "./svc.ts";

export const EXPORT_ACCOUNT = /* GraphQL */ `query ExportAccount { exportAccount }`;

export const EXPORT_WORKOUTS = /* GraphQL */ `
  query ExportWorkouts($after: String, $first: Int) {
    exportWorkouts(after: $after, first: $first) { documents hasNextPage endCursor }
  }`;

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
