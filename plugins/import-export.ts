// Import and export of a whole history in GraphQL: importWorkouts (dry run and import, in the
// request's one transaction) and exportAccount / exportWorkouts (a page of documents at a time).
// Files are read by clients with @svc/sdk/import (the same code for the CLI and the web app);
// everything that decides anything (name mapping, duplicates, the document rules) is in SQL
// (import_history, import_map_names and the export functions in data/schema.sql).
import { extendSchema, gql } from "postgraphile/utils";
import { loadOneWithPgClient, sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import { SafeError, constant, object } from "postgraphile/grafast";
import { firstBadJsonValue } from "@svc/sdk/documents";
import { IMPORT_LIMITS, parseImport, lineOfPath, ImportParseError, type ParsedImport } from "@svc/sdk/import";

type Summary = Record<string, any> & { names: { name: string; sets: number }[] };

/** The statement per call stays short (STATEMENT_TIMEOUT): a long import goes in slices of one transaction. */
const SLICE = 150;

function invalid(message: string): never {
  throw new SafeError(message, { code: "INVALID_INPUT" });
}

/** Slice-relative `workouts[i]` paths made absolute, and unmapped names listed in the error. */
function sliceError(error: any, offset: number, file: ParsedImport | null): never {
  if (error?.code === "SVDOC" && typeof error.detail === "string") {
    error.detail = error.detail.replace(
      /^workouts\[(\d+)\]/,
      (_: string, i: string) => `workouts[${Number(i) + offset}]`,
    );
    // A file sent as text: the line of the file the document's path points to.
    const at = file && lineOfPath(file, error.detail);
    if (at) {
      throw new SafeError(`line ${at.line} (${at.field}): ${error.hint}`, {
        code: "INVALID_DOCUMENT",
        path: error.detail,
        reason: error.hint,
        line: at.line,
      });
    }
  }
  if (error?.code === "SVMAP") {
    throw new SafeError(error.message, {
      code: "UNMAPPED_EXERCISES",
      names: String(error.detail ?? "")
        .split("\n")
        .filter(Boolean),
    });
  }
  throw error;
}

function merge(total: Summary | null, part: Summary): Summary {
  if (!total) return part;
  const sets = new Map(part.names.map((n) => [n.name, n.sets]));
  for (const key of [
    "workouts",
    "duplicates",
    "emptied",
    "sets",
    "skippedSets",
    "routines",
    "duplicateRoutines",
    "bodyweights",
    "duplicateBodyweights",
    "customExercises",
  ]) {
    total[key] += part[key];
  }
  for (const key of ["firstDate", "lastDate"] as const) {
    const values = [total[key], part[key]].filter(Boolean).sort();
    total[key] = values.length ? (key === "firstDate" ? values[0] : values[values.length - 1]) : null;
  }
  total.names = total.names.map((n) => ({ ...n, sets: n.sets + (sets.get(n.name) ?? 0) }));
  return total;
}

/** A file sent as text, read here with the same code as the clients' (@svc/sdk/import). */
async function readText(client: any, input: any): Promise<ParsedImport> {
  if (input.workouts != null) invalid("text: give the file as text or as workouts, not both");
  const timeZone = input.timeZone ?? "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    invalid(`timeZone: ${JSON.stringify(timeZone)} is not a time zone (e.g. Europe/Berlin, UTC)`);
  }
  const { rows } = await client.query({
    text: "select unit from app_public.users where id = app_public.current_user_id()",
  });
  try {
    return parseImport(input.text, {
      from: input.from ?? undefined,
      unit: input.unit ?? rows[0]?.unit ?? "kg",
      timeZone,
    });
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

async function importHistory(client: any, input: any): Promise<Summary> {
  const file = typeof input.text === "string" ? await readText(client, input) : null;
  if (file) input = { ...input, workouts: file.workouts, extras: file.extras ?? null };
  const workouts = input.workouts;
  if (!Array.isArray(workouts)) invalid("workouts: must be a list of workout documents");
  if (workouts.length > IMPORT_LIMITS.workouts) {
    invalid(
      `workouts: at most ${IMPORT_LIMITS.workouts} per import (this one has ${workouts.length}); split the file by date`,
    );
  }
  const bad = firstBadJsonValue({ workouts, extras: input.extras ?? null });
  if (bad)
    throw new SafeError(`${bad.path}: ${bad.reason}`, { code: "INVALID_DOCUMENT", path: bad.path, reason: bad.reason });
  const choices: Record<string, { action: string; exercise?: string }> = {};
  for (const c of input.choices ?? []) {
    if (c.action === "map" && !c.exercise) invalid(`choices: "${c.name}" is mapped but names no exercise`);
    choices[c.name] = { action: c.action, ...(c.exercise ? { exercise: c.exercise } : {}) };
  }
  const dryRun = input.dryRun !== false;
  let total: Summary | null = null;
  // At least one call (extras alone, or an empty file, still get their summary).
  for (let offset = 0; offset === 0 || offset < workouts.length; offset += SLICE) {
    const { rows } = await client
      .query({
        text: "select app_public.import_history($1::jsonb, $2::jsonb, $3::jsonb, $4::boolean)::text as summary",
        values: [
          JSON.stringify(workouts.slice(offset, offset + SLICE)),
          JSON.stringify(choices),
          offset === 0 && input.extras ? JSON.stringify(input.extras) : null,
          dryRun,
        ],
      })
      .catch((error: unknown) => sliceError(error, offset, file));
    total = merge(total, JSON.parse(rows[0].summary));
  }
  const fileSummary = file && {
    format: file.format,
    unit: file.unit,
    unitStated: file.unitStated,
    rows: file.rows,
    skipped: file.skipped,
  };
  return { ...total!, file: fileSummary, clientMutationId: input.clientMutationId ?? null };
}

async function loadExportPages(client: any, lookups: readonly { after: string | null; first: number | null }[]) {
  const out = [];
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
    const { rows } = await client.query({
      text: "select id, start::text as start, document::text as document from app_public.export_workouts($1::timestamptz, $2::uuid, $3::int)",
      values: [afterStart, afterId, size + 1],
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    out.push({
      documents: page.map((r: any) => JSON.parse(r.document)),
      hasNextPage: rows.length > size,
      endCursor: last ? Buffer.from(`${last.start}|${last.id}`).toString("base64url") : null,
    });
  }
  return out;
}

async function loadExportAccount(client: any, lookups: readonly unknown[]) {
  const out = [];
  for (const _ of lookups) {
    const { rows } = await client.query({ text: "select app_public.export_account()::text as account" });
    out.push(JSON.parse(rows[0].account));
  }
  return out;
}

export const ImportExportPlugin = extendSchema((build) => {
  const { workouts } = build.input.pgRegistry.pgResources as any;
  if (!workouts) throw new Error("ImportExportPlugin: workouts not introspected; run the migrations");
  return {
    typeDefs: gql`
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
      }
      """
      A history to import: the export file as \`text\` (read on the server), or \`workouts\` already
      read by a client with @svc/sdk/import (\`parseImport\`).
      """
      input ImportWorkoutsInput {
        """
        The file's text (Strong, Hevy, FitNotes or svc export), read with the same code as
        @svc/sdk/import. At most the request body's 1 MB (about 15,000 Strong rows); a larger
        file goes through \`svc import\`, which sends it in parts. A bad row: INVALID_INPUT with
        \`line\`, \`column\` and \`reason\`.
        """
        text: String
        "With text: the format (default: found from the content)."
        from: ImportFormat
        "With text: the unit of a file that does not say it (Strong's comma format); default your unit."
        unit: Unit
        "With text: the time zone of the file's times (an IANA name such as Europe/Berlin); default UTC."
        timeZone: String
        """
        Or: workout documents without \`id\` whose \`exercise\` fields are the file's names: at
        most 5000 per request and the 1 MB body (@svc/sdk/import's importAll sends 200 a request).
        """
        workouts: JSON
        "Choices for names that map to no exercise (or to override a mapping)."
        choices: [ImportChoice!]
        "From an svc export: settings, customExercises, routines (documents with their ids), bodyweights."
        extras: JSON
        "True (the default): answer what would be imported and write nothing."
        dryRun: Boolean = true
        clientMutationId: String
      }
      "Where one of a file's exercise names goes."
      type ImportNameMapping {
        "The name as the file writes it."
        name: String!
        "map, create, skip, or unmapped (a choice is needed before importing)."
        action: String!
        "How it was mapped: choice, name (an exercise name, alias or id), other-app (another app's name for it), equipment (\`Name (Equipment)\`), export (a custom exercise of the export)."
        via: String
        "The exercise it maps to (null when it is to be created, skipped or unmapped)."
        exercise: String
        exerciseId: UUID
        "Up to 3 exercises whose names look like it (for an unmapped name)."
        suggestions: [String!]!
        "Sets of the file under this name (duplicates of workouts already there not counted)."
        sets: Int!
      }
      "Rows of a file not imported, or imported with something left out, for one reason."
      type ImportSkippedRows {
        "rest-timer, empty-set, distance-without-time, distance-dropped, reps-duration-dropped, rpe-out-of-range, reps-out-of-range, weight-out-of-range, duration-out-of-range, failure-as-rpe-10, note-shortened or over-workout-limits."
        reason: String!
        "The reason in words."
        text: String!
        rows: Int!
        "The first line of the file with it."
        firstLine: Int!
      }
      "What was read from a file sent as text."
      type ImportFile {
        "strong, hevy, fitnotes or svc."
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
        "With text: what was read from the file."
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
        "From an svc export: routines, bodyweights and custom exercises added, and routines and bodyweights already there."
        routines: Int!
        duplicateRoutines: Int!
        bodyweights: Int!
        duplicateBodyweights: Int!
        customExercises: Int!
        clientMutationId: String
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
        Imports a history (dry run by default) in one transaction: any error imports nothing.
        Workouts already there (by start and name) are left alone, so importing a file twice adds
        nothing the second time. Read-only keys are refused (FORBIDDEN).
        """
        importWorkouts(input: ImportWorkoutsInput!): ImportWorkoutsPayload
      }
      extend type Query {
        "Everything of yours but workouts, for an export: settings, custom exercises, routines as documents, bodyweights, and how many workouts there are."
        exportAccount: JSON
        "Your workouts as documents, oldest first, \`first\` (default 200, at most 500) after the cursor \`after\`."
        exportWorkouts(after: String, first: Int): ExportWorkoutsPage
      }
    `,
    enums: {
      ImportAction: { values: { MAP: { value: "map" }, CREATE: { value: "create" }, SKIP: { value: "skip" } } },
      ImportFormat: {
        values: {
          STRONG: { value: "strong" },
          HEVY: { value: "hevy" },
          FITNOTES: { value: "fitnotes" },
          SVC: { value: "svc" },
        },
      },
    },
    objects: {
      Mutation: {
        plans: {
          importWorkouts(_: unknown, fieldArgs: any) {
            const $input = fieldArgs.getRaw("input");
            return sideEffectWithPgClientTransaction(workouts.executor, $input, importHistory as any);
          },
        },
      },
      Query: {
        plans: {
          exportAccount() {
            return loadOneWithPgClient(workouts.executor, constant(null), loadExportAccount as any);
          },
          exportWorkouts(_: unknown, fieldArgs: any) {
            const $lookup = object({
              after: fieldArgs.getRaw("after") ?? constant(null),
              first: fieldArgs.getRaw("first") ?? constant(null),
            });
            return loadOneWithPgClient(workouts.executor, $lookup, loadExportPages as any);
          },
        },
      },
    },
  };
}, "ImportExportPlugin");
