/**
 * The typed calls of import. Any file, whatever its size, goes the same way: its workouts are
 * staged in parts (stageImport: requests of at most IMPORT_LIMITS.partWorkouts workouts and
 * partBytes of JSON), then imported whole, in one request and one transaction (importStaged: a dry
 * run, then the import, of the same staged file). Export is in export.ts.
 */
import { SvcError, errorFromCode } from "../errors.ts";
import { graphql, type ResultOf, type TadaDocumentNode, type VariablesOf } from "../graphql.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import type { ImportWorkout } from "./model.ts";

/** What an import did (or, as a dry run, would do): importWorkouts' answer and a done job's summary. */
const IMPORT_SUMMARY_FIELDS = graphql(`
  fragment ImportSummaryFields on ImportWorkoutsPayload {
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
    measurements
    duplicateMeasurements
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
`);

export const IMPORT_WORKOUTS = graphql(
  `
    mutation ImportWorkouts(
      $workouts: JSON
      $importId: UUID
      $choices: [ImportChoice!]
      $extras: JSON
      $dryRun: Boolean
    ) {
      importWorkouts(
        input: { workouts: $workouts, importId: $importId, choices: $choices, extras: $extras, dryRun: $dryRun }
      ) {
        ...ImportSummaryFields
      }
    }
  `,
  [IMPORT_SUMMARY_FIELDS],
);

export const STAGE_IMPORT_PART = graphql(`
  mutation StageImportPart($importId: UUID, $part: Int!, $workouts: JSON!, $extras: JSON) {
    stageImportPart(input: { importId: $importId, part: $part, workouts: $workouts, extras: $extras }) {
      importId
      parts
      workouts
      bytes
      expiresAt
    }
  }
`);

export const IMPORT_STAGING_LIMITS = graphql(`
  query ImportStagingLimits {
    importLimits {
      workouts
      bytes
      expirySeconds
    }
  }
`);

const IMPORT_JOB_FIELDS = graphql(
  `
    fragment ImportJobFields on ImportJob {
      id
      state
      dryRun
      done
      total
      errorCode
      error
      errorPath
      createdAt
      startedAt
      finishedAt
      summary {
        ...ImportSummaryFields
      }
    }
  `,
  [IMPORT_SUMMARY_FIELDS],
);

export const QUEUE_IMPORT = graphql(
  `
    mutation QueueImport($importId: UUID, $workouts: JSON, $extras: JSON, $choices: [ImportChoice!], $dryRun: Boolean) {
      queueImport(
        input: { importId: $importId, workouts: $workouts, extras: $extras, choices: $choices, dryRun: $dryRun }
      ) {
        importJob {
          ...ImportJobFields
        }
      }
    }
  `,
  [IMPORT_JOB_FIELDS],
);

export const IMPORT_JOB = graphql(
  `
    query ImportJob($id: UUID!) {
      importJobById(id: $id) {
        ...ImportJobFields
      }
    }
  `,
  [IMPORT_JOB_FIELDS],
);

export const LATEST_IMPORT_JOB = graphql(
  `
    query LatestImportJob {
      viewer {
        id
        latestImportJob {
          ...ImportJobFields
        }
      }
    }
  `,
  [IMPORT_JOB_FIELDS],
);

/** An import job as the server answers it: state queued, running, done or failed; done of total workouts. */
export type ImportJob = NonNullable<ResultOf<typeof IMPORT_JOB>["importJobById"]>;

/** What an import (or its dry run) did, as the server answers it (typed from the schema). */
export type ImportSummary = NonNullable<ResultOf<typeof IMPORT_WORKOUTS>["importWorkouts"]>;
/** What one of the file's exercise names maps to: `action` map, create, skip or unmapped. */
export type ImportNameMapping = ImportSummary["names"][number];
/** The user's choice for one of the file's names (the schema's ImportChoice: action MAP, CREATE or SKIP). */
export type ImportChoice = NonNullable<VariablesOf<typeof IMPORT_WORKOUTS>["choices"]>[number];

/** What the import calls need of a client: the SDK's SvcClient, or a web app's own request function. */
export type ImportRequester = {
  request<Result, Variables>(document: TadaDocumentNode<Result, Variables>, variables: Variables): Promise<Result>;
};

export type ImportPart = { workouts: ImportWorkout[]; extras?: unknown; offset: number };

/** The parts of a file, in order; an export's extras go with the first. */
export function importParts(parsed: { workouts: ImportWorkout[]; extras?: unknown }): ImportPart[] {
  const parts: ImportPart[] = [];
  let current: ImportWorkout[] = [];
  let bytes = parsed.extras ? JSON.stringify(parsed.extras).length : 0;
  let offset = 0;
  for (const [i, w] of parsed.workouts.entries()) {
    const size = JSON.stringify(w).length + 1;
    if (current.length && (bytes + size > IMPORT_LIMITS.partBytes || current.length >= IMPORT_LIMITS.partWorkouts)) {
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

/**
 * Stages a parsed file on the server, part by part (onPart before each); the importId to pass to
 * importStaged. Staging writes nothing of the history: a failure here leaves the account as it was.
 */
export async function stageImport(
  client: ImportRequester,
  parsed: { workouts: ImportWorkout[]; extras?: unknown },
  onPart?: (index: number, count: number, part: ImportPart) => void,
): Promise<string> {
  const parts = importParts(parsed);
  if (parts.length > 1) await checkStagingLimits(client, parsed.workouts.length);
  let importId: string | null = null;
  for (const [i, part] of parts.entries()) {
    onPart?.(i, parts.length, part);
    const { stageImportPart }: ResultOf<typeof STAGE_IMPORT_PART> = await client.request(STAGE_IMPORT_PART, {
      importId,
      part: i,
      workouts: part.workouts,
      extras: part.extras ?? null,
    });
    if (!stageImportPart) throw new SvcError("BAD_RESPONSE", "stageImportPart returned nothing");
    importId = stageImportPart.importId;
  }
  return importId!;
}

/**
 * Refuses a file of more workouts than a user may stage (the server's rule, asked of it) before
 * any part is sent, with the error the server gives when a part goes past it.
 */
async function checkStagingLimits(client: ImportRequester, workouts: number): Promise<void> {
  const { importLimits } = await client.request(IMPORT_STAGING_LIMITS, {});
  if (workouts > importLimits.workouts)
    throw new SvcError(
      "LIMIT_REACHED",
      `workouts: at most ${importLimits.workouts} staged per user (this file has ${workouts}); split the file by date`,
    );
}

/**
 * Imports a staged file whole (a dry run unless `dryRun: false`), in one request and one
 * transaction: any error imports nothing, and a refused document's path is `workouts[<index in
 * the file>]...`. A dry run keeps the staging for the import; the import deletes it.
 */
export async function importStaged(
  client: ImportRequester,
  importId: string,
  options: { choices?: ImportChoice[]; dryRun?: boolean } = {},
): Promise<ImportSummary> {
  const { importWorkouts } = await client.request(IMPORT_WORKOUTS, {
    importId,
    choices: options.choices ?? [],
    dryRun: options.dryRun ?? true,
  });
  if (!importWorkouts) throw new SvcError("BAD_RESPONSE", "importWorkouts returned nothing");
  return importWorkouts;
}

/**
 * Queues the import (or with `dryRun: true` a dry run) of a staged file as a background job on
 * the server and answers the job at once (queued): it goes on if this client goes away.
 */
export async function queueImport(
  client: ImportRequester,
  importId: string,
  options: { choices?: ImportChoice[]; dryRun?: boolean } = {},
): Promise<ImportJob> {
  const { queueImport } = await client.request(QUEUE_IMPORT, {
    importId,
    choices: options.choices ?? [],
    dryRun: options.dryRun ?? false,
  });
  if (!queueImport?.importJob) throw new SvcError("BAD_RESPONSE", "queueImport returned no job");
  return queueImport.importJob;
}

/** The error a failed job ended with, as the request's would have been (an InvalidDocumentError with its path). */
export function importJobError(job: ImportJob): SvcError {
  const message = job.error ?? "The import failed";
  const path = job.errorPath ?? undefined;
  const reason = path && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  return errorFromCode(job.errorCode ?? "INTERNAL_ERROR", message, {
    extensions: path !== undefined ? { path, reason } : {},
  });
}

/**
 * Reads a job every `intervalMs` (default 1 s) until it ends, calling `onProgress` with each state
 * read; the summary once done, the job's error (importJobError) once failed.
 */
export async function waitForImportJob(
  client: ImportRequester,
  job: ImportJob,
  options: { intervalMs?: number; onProgress?: (job: ImportJob) => void } = {},
): Promise<ImportSummary> {
  let current: ImportJob = job;
  for (;;) {
    options.onProgress?.(current);
    if (current.state === "done") {
      if (!current.summary) throw new SvcError("BAD_RESPONSE", "the import job is done but has no summary");
      return current.summary;
    }
    if (current.state === "failed") throw importJobError(current);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
    const { importJobById } = await client.request(IMPORT_JOB, { id: current.id });
    if (!importJobById) throw new SvcError("NOT_FOUND", "the import job is gone");
    current = importJobById;
  }
}

/** stageImport, then importStaged: the summary of the whole file. */
export async function importAll(
  client: ImportRequester,
  parsed: { workouts: ImportWorkout[]; extras?: unknown },
  options: {
    choices?: ImportChoice[];
    dryRun?: boolean;
    onPart?: (index: number, count: number, part: ImportPart) => void;
  } = {},
): Promise<ImportSummary> {
  return importStaged(client, await stageImport(client, parsed, options.onPart), options);
}
