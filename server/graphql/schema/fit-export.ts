// Workouts as FIT activity files in GraphQL: workoutFit(id) and workoutsFit(from, to) (a page of a
// date range), each file base64 in `data`. The documents come from SQL (workout_document, under
// RLS); @svc/sdk/fit writes them with Garmin's encoder, the same code the SDK's users run.
import { extendSchema, gql } from "postgraphile/utils";
import { loadOneWithPgClient, type PgClient, type PgExecutor } from "postgraphile/@dataplan/pg";
import { SafeError, constant, object, type FieldArgs } from "postgraphile/grafast";
import { workoutFit, fitFileName, type FitWorkoutDocument } from "@svc/sdk/fit";

/** Workouts in one page of workoutsFit: the default and the most (a FIT file of a long workout is about 10 KB). */
export const FIT_PAGE = { default: 50, max: 100 } as const;

type FitFile = { workoutId: string; date: string; fileName: string; data: string };
type FitPage = { files: FitFile[]; hasNextPage: boolean; endCursor: string | null };
type RangeLookup = { from: string; to: string; first: number | null; after: string | null };

function invalid(message: string): never {
  throw new SafeError(message, { code: "INVALID_INPUT" });
}

function fitFile(id: string, document: string): FitFile {
  const doc = JSON.parse(document) as FitWorkoutDocument;
  return {
    workoutId: id,
    date: doc.date,
    fileName: fitFileName(doc),
    data: Buffer.from(workoutFit(doc)).toString("base64"),
  };
}

async function loadWorkoutFits(client: PgClient, ids: readonly string[]): Promise<(FitFile | null)[]> {
  const { rows } = await client.query<{ id: string; document: string | null }>({
    text: "select id::text as id, app_public.workout_document(id)::text as document from unnest($1::uuid[]) as id",
    values: [ids],
  });
  return rows.map((r) => (r.document ? fitFile(r.id, r.document) : null));
}

/** The cursor after a workout: its start and id (the page's order). */
function cursorOf(start: string, id: string): string {
  return Buffer.from(`${start}|${id}`).toString("base64url");
}

function readCursor(after: string | null): [string | null, string | null] {
  if (!after) return [null, null];
  const m = /^(.+)\|([0-9a-f-]{36})$/.exec(Buffer.from(after, "base64url").toString("utf8"));
  if (!m || Number.isNaN(Date.parse(m[1]))) invalid("after: not a cursor from workoutsFit");
  return [m[1], m[2]];
}

function checkRange({ from, to, first }: RangeLookup): number {
  if (from > to) invalid(`to: must be on or after from (${from})`);
  const size = first ?? FIT_PAGE.default;
  if (!Number.isInteger(size) || size < 1 || size > FIT_PAGE.max) invalid(`first: from 1 to ${FIT_PAGE.max}`);
  return size;
}

/** Signed out, a range is FORBIDDEN (as exportWorkouts), not an empty page. */
async function requireUser(client: PgClient): Promise<void> {
  const { rows } = await client.query<{ me: string | null }>({ text: "select app_public.current_user_id() as me" });
  if (!rows[0]?.me) throw new SafeError("Sign in to do this", { code: "FORBIDDEN" });
}

async function loadRangeFits(client: PgClient, lookups: readonly RangeLookup[]): Promise<FitPage[]> {
  await requireUser(client);
  const pages: FitPage[] = [];
  for (const lookup of lookups) {
    const size = checkRange(lookup);
    const [afterStart, afterId] = readCursor(lookup.after);
    // One more than asked says whether there is a next page.
    const { rows } = await client.query<{ id: string; start: string; document: string }>({
      text: `select w.id::text as id, w.start::text as start, app_public.workout_document(w.id)::text as document
               from app_public.workouts w
              where w.user_id = app_public.current_user_id() and w.date between $1::date and $2::date
                and ($3::timestamptz is null or (w.start, w.id) > ($3::timestamptz, $4::uuid))
              order by w.start, w.id
              limit $5`,
      values: [lookup.from, lookup.to, afterStart, afterId, size + 1],
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    pages.push({
      files: page.map((r) => fitFile(r.id, r.document)),
      hasNextPage: rows.length > size,
      endCursor: last ? cursorOf(last.start, last.id) : null,
    });
  }
  return pages;
}

const FIT_EXPORT_TYPES = gql`
  "A workout as a FIT activity file (strength training), for Garmin Connect, Strava and other apps."
  type FitFile {
    workoutId: UUID!
    "The workout's day (YYYY-MM-DD)."
    date: String!
    "A file name for it: date, start time and the workout's name (2026-05-31-1830-push-day.fit)."
    fileName: String!
    "The FIT file, base64."
    data: String!
  }
  "A page of a date range's workouts as FIT files, oldest first."
  type FitFilesPage {
    files: [FitFile!]!
    hasNextPage: Boolean!
    "Pass as \`after\` for the next page."
    endCursor: String
  }
  extend type Query {
    "One of your workouts as a FIT activity file; null when you have no workout with this id."
    workoutFit(id: UUID!): FitFile
    """
    Your workouts from \`from\` to \`to\` (days, both included) as FIT activity files, oldest first:
    \`first\` (default ${String(FIT_PAGE.default)}, at most ${String(FIT_PAGE.max)}) after the cursor \`after\`.
    """
    workoutsFit(from: Date!, to: Date!, first: Int, after: String): FitFilesPage
  }
`;

function fitExportPlans(executor: PgExecutor) {
  return {
    Query: {
      plans: {
        workoutFit(_: unknown, fieldArgs: FieldArgs) {
          return loadOneWithPgClient(executor, fieldArgs.getRaw("id"), loadWorkoutFits);
        },
        workoutsFit(_: unknown, fieldArgs: FieldArgs) {
          const $lookup = object({
            from: fieldArgs.getRaw("from"),
            to: fieldArgs.getRaw("to"),
            first: fieldArgs.getRaw("first") ?? constant(null),
            after: fieldArgs.getRaw("after") ?? constant(null),
          });
          return loadOneWithPgClient(executor, $lookup, loadRangeFits);
        },
      },
    },
  };
}

export const FitExportPlugin = extendSchema((build) => {
  const { workouts } = build.input.pgRegistry.pgResources;
  if (!workouts) throw new Error("FitExportPlugin: workouts not introspected; run the migrations");
  return { typeDefs: FIT_EXPORT_TYPES, objects: fitExportPlans(workouts.executor) };
}, "FitExportPlugin");
