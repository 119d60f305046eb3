/**
 * The typed calls of import: importWorkouts (one request, a dry run by default) and importAll (a
 * long history in parts). Export is in export.ts.
 */
import type { SvcClient } from "../client.ts";
import { SvcError } from "../errors.ts";
import { graphql, type ResultOf } from "../graphql.ts";
import type { ImportWorkout } from "./model.ts";

export type ImportChoice = { name: string; action: "map" | "create" | "skip"; exercise?: string };

export const IMPORT_WORKOUTS = graphql(`
  mutation ImportWorkouts($workouts: JSON!, $choices: [ImportChoice!], $extras: JSON, $dryRun: Boolean) {
    importWorkouts(input: { workouts: $workouts, choices: $choices, extras: $extras, dryRun: $dryRun }) {
      dryRun
      workouts
      duplicates
      emptied
      sets
      skippedSets
      firstDate
      lastDate
      unmapped
      routines
      duplicateRoutines
      bodyweights
      duplicateBodyweights
      customExercises
      names {
        name
        action
        via
        exercise
        exerciseId
        suggestions
        sets
      }
    }
  }
`);

/** What an import (or its dry run) did, as the server answers it (typed from the schema). */
export type ImportSummary = NonNullable<ResultOf<typeof IMPORT_WORKOUTS>["importWorkouts"]>;
/** What one of the file's exercise names maps to: `action` map, create, skip or unmapped. */
export type ImportNameMapping = ImportSummary["names"][number];

const ACTION = { map: "MAP", create: "CREATE", skip: "SKIP" } as const;

/** Imports parsed workouts (a dry run unless `dryRun: false`): the summary the server answers. */
export async function importWorkouts(
  client: Pick<SvcClient, "request">,
  parsed: { workouts: ImportWorkout[]; extras?: unknown },
  options: { choices?: ImportChoice[]; dryRun?: boolean } = {},
): Promise<ImportSummary> {
  const data = await client.request(IMPORT_WORKOUTS, {
    workouts: parsed.workouts,
    choices: (options.choices ?? []).map((c) => ({
      name: c.name,
      action: ACTION[c.action],
      exercise: c.exercise ?? null,
    })),
    extras: parsed.extras ?? null,
    dryRun: options.dryRun ?? true,
  });
  if (!data.importWorkouts) throw new SvcError("BAD_RESPONSE", "importWorkouts returned nothing");
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
  const dates = [total.firstDate, total.lastDate, part.firstDate, part.lastDate]
    .filter((d): d is string => Boolean(d))
    .sort();
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
  options: {
    choices?: ImportChoice[];
    dryRun?: boolean;
    onPart?: (index: number, count: number, part: ImportPart) => void;
  } = {},
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
        const path = e.path.replace(
          /^workouts\[(\d+)\]/,
          (_: string, n: string) => `workouts[${Number(n) + part.offset}]`,
        );
        Object.assign(e, { path, message: e.message.replace(e.path, path) });
      }
      throw Object.assign(e as object, { partsDone: options.dryRun === false ? i : 0 });
    }
  }
  return total!;
}
