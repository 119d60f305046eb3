// Import and export of a whole history in GraphQL: importWorkouts (dry run and import, in the
// request's one transaction), stageImportPart (a long file sent in parts, then imported whole by
// importWorkouts(importId)) and exportAccount / exportWorkouts (a page of documents at a time).
// Files are read by clients with @svc/sdk/import (the same code for the CLI and the web app);
// everything that decides anything (name mapping, duplicates, the document rules, the staging
// limits) is in SQL (import_history, import_staged, stage_import_part in data/schema/).
import { extendSchema, gql } from "postgraphile/utils";
import {
  loadOneWithPgClient,
  type PgClient,
  type PgExecutor,
  type PgSelectSingleStep,
} from "postgraphile/@dataplan/pg";
import { SafeError, access, constant, object, type FieldArgs, type Step } from "postgraphile/grafast";
import { firstBadJsonValue } from "@svc/sdk/documents";
import {
  IMPORT_LIMITS,
  IMPORT_NAME_ACTIONS,
  IMPORT_NAME_VIAS,
  SKIP_REASONS,
  parseImport,
  lineOfPath,
  ImportParseError,
  type ImportFormat,
  type ImportUnit,
  type ParsedImport,
} from "@svc/sdk/import";
import { parseFit } from "@svc/sdk/fit";
import { allowDatabaseTime } from "../database-time.ts";
import { sqlMutation, sqlRowMutation } from "./sql-mutation.ts";
import { withLineOfPath } from "../mask-error.ts";
import { enumValues, enumValuesSdl, valuesText } from "./enum-values.ts";

type ImportJobsResource = GraphileBuild.Build["input"]["pgRegistry"]["pgResources"]["import_jobs"];

type ImportChoiceInput = { name: string; action: "map" | "create" | "skip"; exercise?: string | null };

type ImportWorkoutsInput = {
  text?: string | null;
  fit?: string | null;
  from?: ImportFormat | null;
  unit?: ImportUnit | null;
  timeZone?: string | null;
  workouts?: unknown;
  importId?: string | null;
  choices?: readonly ImportChoiceInput[] | null;
  extras?: unknown;
  dryRun?: boolean | null;
};

type StageImportPartInput = { importId?: string | null; part: number; workouts: unknown; extras?: unknown };

type StagedImport = { importId: string; parts: number; workouts: number; bytes: number; expiresAt: string };

type QueueImportInput = {
  importId?: string | null;
  workouts?: unknown;
  extras?: unknown;
  choices?: readonly ImportChoiceInput[] | null;
  dryRun?: boolean | null;
};

/**
 * queueImport: a staged import, or workouts given here (staged first, as one part: it replaces a
 * staged import of yours), queued as a job in the request's transaction; the job's id is answered.
 */
async function queueImport(client: PgClient, input: QueueImportInput): Promise<{ import_job_id: string }> {
  if ((input.importId == null) === (input.workouts == null))
    invalid("input: give the history as one of workouts or importId");
  let importId = input.importId ?? null;
  if (importId == null) {
    checkWorkouts(input.workouts, input.extras);
    const { rows } = await client.query<{ import_id: string }>({
      text: "select import_id from app_public.stage_import_part(null, 0, $1::jsonb, $2::jsonb)",
      values: [JSON.stringify(input.workouts), input.extras != null ? JSON.stringify(input.extras) : null],
    });
    importId = rows[0].import_id;
  }
  const { rows } = await client.query<{ import_job_id: string }>({
    text: "select (app_public.queue_import($1::uuid, $2::jsonb, $3::boolean)).id as import_job_id",
    values: [importId, JSON.stringify(choiceMap(input.choices)), input.dryRun === true],
  });
  return rows[0];
}

/** import_history's JSON summary (its keys are the payload's fields), and what was read from a file sent as text. */
type ImportSummary = Record<string, unknown> & {
  file: Pick<ParsedImport, "format" | "unit" | "unitStated" | "rows" | "skipped"> | null;
};

function invalid(message: string): never {
  throw new SafeError(message, { code: "INVALID_INPUT" });
}

/** An SQL error for a file sent as text gets the file's lines: maskError names a refused document's line. */
function importError(error: unknown, file: ParsedImport | null): never {
  throw file ? withLineOfPath(error, (path) => lineOfPath(file, path)) : error;
}

function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    invalid(`timeZone: ${JSON.stringify(timeZone)} is not a time zone (e.g. Europe/Berlin, UTC)`);
  }
  return timeZone;
}

/** A file sent as text, read here with the same code as the clients' (@svc/sdk/import). */
async function readText(client: PgClient, input: ImportWorkoutsInput & { text: string }): Promise<ParsedImport> {
  const timeZone = checkTimeZone(input.timeZone ?? "UTC");
  const { rows } = await client.query<{ unit: ImportUnit }>({
    text: "select unit from app_public.users where id = app_public.current_user_id()",
  });
  return readFile(() =>
    parseImport(input.text, {
      from: input.from ?? undefined,
      unit: input.unit ?? rows[0]?.unit ?? "kg",
      timeZone,
    }),
  );
}

/** A FIT file sent as base64, read with @svc/sdk/fit (the clients' code). */
function readFit(input: ImportWorkoutsInput & { fit: string }): ParsedImport {
  const timeZone = checkTimeZone(input.timeZone ?? "UTC");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input.fit)) invalid("fit: must be the FIT file in base64");
  return readFile(() => parseFit(Buffer.from(input.fit, "base64"), { timeZone }));
}

/** A file read, a bad row refused as INVALID_INPUT naming its line. */
function readFile(read: () => ParsedImport): ParsedImport {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportParseError) {
      throw new SafeError(error.message, {
        code: "INVALID_INPUT",
        line: error.line,
        column: error.column,
        reason: error.reason,
      });
    }
    throw error;
  }
}

/** Workouts of one request: a list, within the request's bound, of JSON values PostgreSQL can hold. */
function checkWorkouts(workouts: unknown, extras: unknown): void {
  if (!Array.isArray(workouts)) invalid("workouts: must be a list of workout documents");
  if (workouts.length > IMPORT_LIMITS.workouts) {
    invalid(
      `workouts: at most ${IMPORT_LIMITS.workouts} per request (this one has ${workouts.length}); send a long history in parts (stageImportPart)`,
    );
  }
  const bad = firstBadJsonValue({ workouts, extras: extras ?? null });
  if (bad) {
    throw new SafeError(`${bad.path}: ${bad.reason}`, { code: "INVALID_DOCUMENT", path: bad.path, reason: bad.reason });
  }
}

/** The choices as import_history reads them: {"<name>": {action, exercise}}. */
function choiceMap(choices: ImportWorkoutsInput["choices"]): Record<string, { action: string; exercise?: string }> {
  const map: Record<string, { action: string; exercise?: string }> = {};
  for (const c of choices ?? []) {
    if (c.action === "map" && !c.exercise) invalid(`choices: "${c.name}" is mapped but names no exercise`);
    map[c.name] = { action: c.action, ...(c.exercise ? { exercise: c.exercise } : {}) };
  }
  return map;
}

/**
 * One import in the request's transaction, from text, workouts or a staged import: one SQL call
 * over the whole history, with the database time an import of the largest size needs.
 */
async function importHistory(client: PgClient, input: ImportWorkoutsInput): Promise<ImportSummary> {
  const given = [input.text, input.fit, input.workouts, input.importId].filter((v) => v != null).length;
  if (given > 1) invalid("input: give the history as one of text, fit, workouts or importId");
  const file =
    input.text != null
      ? await readText(client, { ...input, text: input.text })
      : input.fit != null
        ? readFit({ ...input, fit: input.fit })
        : null;
  const choices = JSON.stringify(choiceMap(input.choices));
  const dryRun = input.dryRun !== false;
  let query: { text: string; values: unknown[] };
  if (input.importId != null) {
    query = {
      text: "select app_public.import_staged($1::uuid, $2::jsonb, $3::boolean)::text as summary",
      values: [input.importId, choices, dryRun],
    };
  } else {
    const workouts = file ? file.workouts : input.workouts;
    const extras = file ? (file.extras ?? null) : (input.extras ?? null);
    checkWorkouts(workouts, extras);
    query = {
      text: "select app_public.import_history($1::jsonb, $2::jsonb, $3::jsonb, $4::boolean)::text as summary",
      values: [JSON.stringify(workouts), choices, extras ? JSON.stringify(extras) : null, dryRun],
    };
  }
  await allowDatabaseTime(client, IMPORT_LIMITS.applyMs);
  const { rows } = await client.query<{ summary: string }>(query).catch((error: unknown) => importError(error, file));
  const fileSummary = file && {
    format: file.format,
    unit: file.unit,
    unitStated: file.unitStated,
    rows: file.rows,
    skipped: file.skipped,
  };
  return { ...(JSON.parse(rows[0].summary) as Record<string, unknown>), file: fileSummary };
}

type ExportPage = { documents: unknown[]; hasNextPage: boolean; endCursor: string | null };

async function loadExportPages(
  client: PgClient,
  lookups: readonly { after: string | null; first: number | null }[],
): Promise<ExportPage[]> {
  const out: ExportPage[] = [];
  for (const { after, first } of lookups) {
    let afterStart: string | null = null;
    let afterId: string | null = null;
    if (after) {
      const m = /^(.+)\|([0-9a-f-]{36})$/.exec(Buffer.from(after, "base64url").toString("utf8"));
      if (!m || Number.isNaN(Date.parse(m[1]))) invalid("after: not a cursor from exportWorkouts");
      [afterStart, afterId] = [m[1], m[2]];
    }
    const size = first ?? IMPORT_LIMITS.exportPage;
    if (size < 1 || size > IMPORT_LIMITS.exportPageMax) invalid(`first: from 1 to ${IMPORT_LIMITS.exportPageMax}`);
    // One more than asked says whether there is a next page.
    const { rows } = await client.query<{ id: string; start: string; document: string }>({
      text: "select id, start::text as start, document::text as document from app_public.export_workouts($1::timestamptz, $2::uuid, $3::int)",
      values: [afterStart, afterId, size + 1],
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    out.push({
      documents: page.map((r) => JSON.parse(r.document) as unknown),
      hasNextPage: rows.length > size,
      endCursor: last ? Buffer.from(`${last.start}|${last.id}`).toString("base64url") : null,
    });
  }
  return out;
}

type ImportLimits = { workouts: number; bytes: number; expirySeconds: number };

async function loadImportLimits(client: PgClient, lookups: readonly null[]): Promise<ImportLimits[]> {
  const { rows } = await client.query<ImportLimits>({
    text: `select workouts, bytes::float8 as bytes, extract(epoch from expiry)::int as "expirySeconds"
             from app_hidden.staged_import_limits()`,
  });
  return lookups.map(() => rows[0]);
}

async function loadExportAccount(client: PgClient, lookups: readonly null[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const _ of lookups) {
    const { rows } = await client.query<{ account: string }>({
      text: "select app_public.export_account()::text as account",
    });
    out.push(JSON.parse(rows[0].account) as unknown);
  }
  return out;
}

/** Import, staging and export as GraphQL sees them. */
const IMPORT_EXPORT_TYPES = gql`
  "What an import does with one of a file's exercise names."
  enum ImportAction {
    "Map it to an exercise (\`exercise\`: a name, alias or id)."
    MAP
    "Create a custom exercise of that name."
    CREATE
    "Leave its sets out."
    SKIP
  }
  "The user's choice for one of a file's exercise names."
  input ImportChoice {
    "The name as the file writes it (compared ignoring case, spacing, hyphens and dots)."
    name: String!
    action: ImportAction!
    "With MAP: the exercise (a catalog name, alias, custom exercise name or id)."
    exercise: String
  }
  "The format of an export file."
  enum ImportFormat {
    STRONG
    HEVY
    FITNOTES
    "This service's own export (svc export)."
    SVC
    "A FIT activity file (a watch's strength session): send it as \`fit\` (base64), or read it with @svc/sdk/fit."
    FIT
  }
  """
  A history to import: one of the export file as \`text\` (read on the server), \`workouts\`
  already read by a client with @svc/sdk/import (\`parseImport\`), or \`importId\`: a file
  sent in parts with stageImportPart (how @svc/sdk/import's importAll sends any file).
  """
  input ImportWorkoutsInput {
    """
    The file's text (Strong, Hevy's workouts or measurements, FitNotes or svc export), read with the same code as
    @svc/sdk/import. At most the request body's 1 MB (about 15,000 Strong rows); a larger
    file goes in parts (stageImportPart). A bad row: INVALID_INPUT with \`line\`, \`column\`
    and \`reason\`.
    """
    text: String
    """
    Or: a FIT activity file (a watch's strength session), base64: each active set a set (with
    the distance of a lap it starts), rest sets counted as rest timers (@svc/sdk/fit's parseFit).
    At most the 1 MB body.
    """
    fit: String
    "With text: the format (default: found from the content)."
    from: ImportFormat
    "With text: the unit of a file that does not say it (Strong's comma format); default your unit."
    unit: Unit
    "With text or fit: the time zone of the file's times (an IANA name such as Europe/Berlin); default UTC. A FIT file that states its offset keeps it."
    timeZone: String
    """
    Or: workout documents without \`id\` whose \`exercise\` fields are the file's names: at
    most ${String(IMPORT_LIMITS.workouts)} per request and the 1 MB body.
    """
    workouts: JSON
    """
    Or: an import staged with stageImportPart: every part, in order, imported (or dry-run) as
    one file in this one transaction; an import then deletes the staging, a dry run keeps it
    for the import that follows. NOT_FOUND when it is not yours, expired or replaced.
    """
    importId: UUID
    "Choices for names that map to no exercise (or to override a mapping)."
    choices: [ImportChoice!]
    "With workouts: from an svc export: settings, customExercises, routines (documents with their ids), bodyweights."
    extras: JSON
    "True (the default): answer what would be imported and write nothing."
    dryRun: Boolean = true
    clientMutationId: String
  }
  "One part of a long file, staged for importWorkouts(importId)."
  input StageImportPartInput {
    "Null for a file's first part (a new import, replacing one you staged before); then the importId it answered."
    importId: UUID
    "The part's place in the file, from 0; parts are imported in this order and none may be missing. A part sent again replaces that place."
    part: Int!
    "Workout documents as for importWorkouts' \`workouts\`: at most ${String(IMPORT_LIMITS.workouts)} per request and the 1 MB body."
    workouts: JSON!
    "With part 0 only: an svc export's settings, customExercises, routines and bodyweights."
    extras: JSON
    clientMutationId: String
  }
  "A staged import so far."
  type StageImportPartPayload {
    "Pass to the next parts and to importWorkouts."
    importId: UUID!
    "Parts staged."
    parts: Int!
    "Workouts staged, in all."
    workouts: Int!
    "Bytes staged (JSON as stored), in all."
    bytes: Int!
    "An hour after the last part: until then importWorkouts(importId) can import it."
    expiresAt: Datetime!
    clientMutationId: String
  }
  "Where one of a file's exercise names goes."
  type ImportNameMapping {
    "The name as the file writes it."
    name: String!
    "${valuesText(IMPORT_NAME_ACTIONS)}. The same as \`outcome\`, as text."
    action: String!
    "What the import does with this name."
    outcome: ImportNameAction!
    "How it was mapped: ${valuesText(IMPORT_NAME_VIAS)}; null when unmapped with no candidates. The same as \`matchedBy\`, as text."
    via: String
    "How it was mapped (null when unmapped with no candidates)."
    matchedBy: ImportNameVia
    "The exercise it maps to (null when it is to be created, skipped or unmapped)."
    exercise: String
    exerciseId: UUID
    "Up to 3 exercises whose names look like it (for an unmapped name)."
    suggestions: [String!]!
    "Sets of the file under this name (duplicates of workouts already there not counted)."
    sets: Int!
  }
  "What an import does with one of a file's exercise names."
  enum ImportNameAction {
    ${enumValuesSdl(IMPORT_NAME_ACTIONS)}
  }
  "How an import found the exercise a file's name means."
  enum ImportNameVia {
    ${enumValuesSdl(IMPORT_NAME_VIAS)}
  }
  "Rows of a file not imported, or imported with something left out, for one reason."
  type ImportSkippedRows {
    "${Object.keys(SKIP_REASONS).join(", ")} (rows counts workouts for workout-every-set-refused, and values for measurement-column-left-out)."
    reason: String!
    "The reason in words."
    text: String!
    rows: Int!
    "The first line of the file with it."
    firstLine: Int!
  }
  "What was read from a file sent as text or fit."
  type ImportFile {
    "strong, hevy, fitnotes, svc or fit."
    format: String!
    "The unit weights were read in where the file does not say (unitStated false: ask the user)."
    unit: String!
    unitStated: Boolean!
    "Data rows read."
    rows: Int!
    skipped: [ImportSkippedRows!]!
  }
  "What an import wrote (or, in a dry run, would write)."
  type ImportWorkoutsPayload {
    dryRun: Boolean!
    "With text or fit: what was read from the file."
    file: ImportFile
    "Workouts imported (new ones)."
    workouts: Int!
    "Workouts already there (the same start and name; for a file without times, the same day): left alone."
    duplicates: Int!
    "Workouts whose every exercise was skipped."
    emptied: Int!
    "Sets imported."
    sets: Int!
    "Sets left out with the names chosen to be skipped."
    skippedSets: Int!
    "The first and last day of the imported workouts (YYYY-MM-DD)."
    firstDate: String
    lastDate: String
    "Names still needing a choice (a real import refuses them with UNMAPPED_EXERCISES)."
    unmapped: Int!
    names: [ImportNameMapping!]!
    "From an svc export (bodyweights also from Hevy's measurement export): routines, bodyweights and custom exercises added, and routines and bodyweights already there."
    routines: Int!
    duplicateRoutines: Int!
    bodyweights: Int!
    duplicateBodyweights: Int!
    "From an svc export or Hevy's measurement export: days of body measurements added (or replaced), and days already holding the same entry."
    measurements: Int!
    duplicateMeasurements: Int!
    customExercises: Int!
    clientMutationId: String
  }
  "An import to run as a background job: one of a staged import (\`importId\`) or \`workouts\`."
  input QueueImportInput {
    "An import staged with stageImportPart (every part, in order, as one file)."
    importId: UUID
    """
    Or: workout documents as for importWorkouts' \`workouts\` (at most ${String(IMPORT_LIMITS.workouts)}), staged
    first as one part (replacing an import you staged before).
    """
    workouts: JSON
    "With workouts: an svc export's settings, customExercises, routines and bodyweights."
    extras: JSON
    "Choices for names that map to no exercise (or to override a mapping)."
    choices: [ImportChoice!]
    "True: a dry run as a job (its summary, nothing written, the staging kept). The default, false, imports."
    dryRun: Boolean = false
    clientMutationId: String
  }
  "The job queued."
  type QueueImportPayload {
    "The job, queued: read it again (importJobById, or viewer.latestImportJob) for its progress and its end."
    importJob: ImportJob
    clientMutationId: String
  }
  extend type ImportJob {
    "Once done: the import's summary, as importWorkouts answers it (\`file\` null)."
    summary: ImportWorkoutsPayload
  }
  "A page of workouts as documents, oldest first."
  type ExportWorkoutsPage {
    documents: [JSON!]!
    hasNextPage: Boolean!
    "Pass as \`after\` for the next page."
    endCursor: String
  }
  extend type Mutation {
    """
    Imports a history (dry run by default) in one transaction: any error imports nothing,
    whatever the size of a staged file. Workouts already there (by start and name) are left
    alone, so importing a file twice adds nothing the second time. It may take up to
    ${String(IMPORT_LIMITS.applyMs / 1000)} s of database time (a staged file of the largest size), longer than
    other requests. Read-only keys are refused (FORBIDDEN).
    """
    importWorkouts(input: ImportWorkoutsInput!): ImportWorkoutsPayload
    """
    Stages one part of a long file for importWorkouts(importId), writing nothing else. One
    staged import per user, of at most 10,000 workouts and 50,000,000 bytes in all (beyond:
    LIMIT_REACHED; split the file by date); it expires an hour after its last part. Read-only
    keys are refused (FORBIDDEN).
    """
    stageImportPart(input: StageImportPartInput!): StageImportPartPayload
    """
    Queues an import (or a dry run) as a background job and answers the job at once: the
    worker imports the file in one transaction as importWorkouts does (any error imports
    nothing; the job then says why), writing its progress (\`done\` of \`total\` workouts) as
    it goes; it goes on when the client goes away. Its database time is paid from your
    import and export budget. One job of yours at a time (LIMIT_REACHED while one is queued
    or running); NOT_FOUND for an importId not yours, expired or replaced. Read-only keys
    are refused (FORBIDDEN).
    """
    queueImport(input: QueueImportInput!): QueueImportPayload
  }
  "What one user may have staged for an import, all parts together (SQL's app_hidden.staged_import_limits): a client refuses a larger file before sending any part."
  type ImportLimits {
    "Workouts staged at most."
    workouts: Int!
    "Bytes of JSON (as stored) staged at most."
    bytes: Float!
    "Seconds a staged import is kept after its last part."
    expirySeconds: Int!
  }
  extend type Query {
    "What one user may stage for an import (the same for everyone)."
    importLimits: ImportLimits!
    "Everything of yours but workouts, for an export: settings, custom exercises, routines as documents, bodyweights, and how many workouts there are."
    exportAccount: JSON
    "Your workouts as documents, oldest first, \`first\` (default 200, at most 500) after the cursor \`after\`."
    exportWorkouts(after: String, first: Int): ExportWorkoutsPage
  }
`;

const IMPORT_EXPORT_ENUMS = {
  ImportNameAction: { values: enumValues(IMPORT_NAME_ACTIONS) },
  ImportNameVia: { values: enumValues(IMPORT_NAME_VIAS) },
  ImportAction: { values: { MAP: { value: "map" }, CREATE: { value: "create" }, SKIP: { value: "skip" } } },
  ImportFormat: {
    values: {
      STRONG: { value: "strong" },
      HEVY: { value: "hevy" },
      FITNOTES: { value: "fitnotes" },
      SVC: { value: "svc" },
      FIT: { value: "fit" },
    },
  },
};

/** The plans of importWorkouts, stageImportPart, queueImport, importLimits, exportAccount and exportWorkouts, all run on `executor`. */
function importExportPlans(executor: PgExecutor, importJobs: ImportJobsResource) {
  return {
    ImportNameMapping: {
      plans: {
        outcome: ($mapping: Step) => access($mapping, "action"),
        matchedBy: ($mapping: Step) => access($mapping, "via"),
      },
    },
    QueueImportPayload: {
      plans: {
        importJob($payload: Step<{ import_job_id: string }>) {
          return importJobs.get({ id: access($payload, "import_job_id") });
        },
      },
    },
    ImportJob: {
      plans: {
        summary($job: PgSelectSingleStep) {
          return $job.get("result");
        },
      },
    },
    Mutation: {
      plans: {
        queueImport(_: unknown, fieldArgs: FieldArgs) {
          return sqlMutation<QueueImportInput, { import_job_id: string }>(executor, fieldArgs, queueImport);
        },
        importWorkouts(_: unknown, fieldArgs: FieldArgs) {
          return sqlMutation<ImportWorkoutsInput, ImportSummary>(executor, fieldArgs, importHistory);
        },
        stageImportPart(_: unknown, fieldArgs: FieldArgs) {
          return sqlRowMutation<StageImportPartInput, StagedImport>(executor, fieldArgs, (input) => {
            checkWorkouts(input.workouts, input.extras);
            return {
              text: `select import_id as "importId", parts, workout_count as workouts, bytes::int as bytes, to_json(expires_at) #>> '{}' as "expiresAt"
                       from app_public.stage_import_part($1::uuid, $2::int, $3::jsonb, $4::jsonb)`,
              values: [
                input.importId ?? null,
                input.part,
                JSON.stringify(input.workouts),
                input.extras != null ? JSON.stringify(input.extras) : null,
              ],
            };
          });
        },
      },
    },
    Query: {
      plans: {
        importLimits() {
          return loadOneWithPgClient(executor, constant(null), loadImportLimits);
        },
        exportAccount() {
          return loadOneWithPgClient(executor, constant(null), loadExportAccount);
        },
        exportWorkouts(_: unknown, fieldArgs: FieldArgs) {
          const $lookup = object({
            after: fieldArgs.getRaw("after") ?? constant(null),
            first: fieldArgs.getRaw("first") ?? constant(null),
          });
          return loadOneWithPgClient(executor, $lookup, loadExportPages);
        },
      },
    },
  };
}

export const ImportExportPlugin = extendSchema((build) => {
  const { workouts, import_jobs } = build.input.pgRegistry.pgResources;
  if (!workouts || !import_jobs)
    throw new Error("ImportExportPlugin: workouts or import_jobs not introspected; run the migrations");
  return {
    typeDefs: IMPORT_EXPORT_TYPES,
    enums: IMPORT_EXPORT_ENUMS,
    objects: importExportPlans(workouts.executor, import_jobs),
  };
}, "ImportExportPlugin");
