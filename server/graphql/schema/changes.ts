// The changes of routines, workouts, bodyweights and body measurements in GraphQL: `changes` (the
// feed a sync client pages through in commit order), `history` (the last 90 days, newest first) and `undoChange`.
// Triggers record every change in SQL (app_public.changes, see migrations 91-changes.sql); these
// plans only read that table through its functions.
import { extendSchema, gql } from "postgraphile/utils";
import { loadOneWithPgClient, type PgClient, type PgExecutor } from "postgraphile/@dataplan/pg";
import { SafeError, access, constant, object, type FieldArgs, type Step } from "postgraphile/grafast";
import { LIST_LIMITS } from "../list-bounds.ts";
import { sqlRowMutation } from "./sql-mutation.ts";
import { enumValues, enumValuesSdl, valuesText, type ValueList } from "./enum-values.ts";

// The texts app_public.changes' check constraints allow (test/api/changes-feed.test.ts holds them alike).
export const CHANGE_KINDS = {
  routine: "a routine",
  workout: "a workout",
  bodyweight: "a bodyweight",
  measurement: "a body measurement",
} as const satisfies ValueList;
export const CHANGE_OPS = {
  created: "it was made",
  updated: "it was changed",
  deleted: "it was deleted",
} as const satisfies ValueList;
export const CHANGE_VIAS = {
  session: "a signed-in session (the web app or svc login)",
  key: "a personal API key",
  app: "a connected app (OAuth or MCP)",
  server: "the server itself",
} as const satisfies ValueList;

/** A page asked for; an argument not given arrives as undefined. */
type PageLookup = { cursor?: string | null; first?: number | null };
type ChangeRow = Record<string, unknown>;
type ChangesPage = { changes: ChangeRow[]; endCursor: string | null; hasNextPage: boolean };

/** A change as the API answers it: the row and whether an Undo undid it (its state now: loadDocuments). */
const CHANGE_COLUMNS = `c.id, c.seq::text as cursor, to_json(c.at) #>> '{}' as at, c.kind, c.entity_id as "entityId",
  c.op, c.client, c.via, c.summary, c.undo_of as "undoOf",
  exists (select 1 from app_public.changes u where u.undo_of = c.id) as undone`;

function invalid(message: string): never {
  throw new SafeError(message, { code: "INVALID_INPUT" });
}

/** A cursor as SQL's bigint text: digits only (what `cursor` and `endCursor` answer). */
function cursorValue(field: string, name: string, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (!/^\d{1,18}$/.test(text)) invalid(`${field}: ${name} is not a cursor this field answered`);
  return text;
}

function pageSize(field: string, first: number | null | undefined): number {
  const size = first ?? LIST_LIMITS.defaultPage;
  if (!Number.isInteger(size) || size < 1 || size > LIST_LIMITS.maxPage)
    invalid(`${field}: first must be from 1 to ${LIST_LIMITS.maxPage}`);
  return size;
}

/** One page of a change list (`sql` is changes_after or change_history), asking one more to know if there is a next. */
function pageLoader(field: "changes" | "history", functionName: string, argument: string) {
  return async (client: PgClient, lookups: readonly PageLookup[]): Promise<ChangesPage[]> => {
    const out: ChangesPage[] = [];
    for (const { cursor, first } of lookups) {
      const size = pageSize(field, first);
      const from = cursorValue(field, argument, cursor);
      const { rows } = await client.query<ChangeRow>({
        text: `select ${CHANGE_COLUMNS} from app_public.${functionName}($1::bigint, $2::int) c`,
        values: [from, size + 1],
      });
      const changes = rows.slice(0, size);
      // The feed's end is where the client stands even on an empty page; the history's, the oldest shown.
      const last = changes.at(-1);
      out.push({
        changes,
        hasNextPage: rows.length > size,
        endCursor: last ? String(last.cursor) : field === "changes" ? (from ?? "0") : null,
      });
    }
    return out;
  };
}

const loadFeed = pageLoader("changes", "changes_after", "after");
const loadHistory = pageLoader("history", "change_history", "before");

type ChangedItem = { kind: string; entityId: string };

/**
 * The changed items as they are now, for the changes whose `document` was asked (a whole document
 * costs about a millisecond to build; a sync client asks for it, the MCP tools and the history page do not).
 */
async function loadDocuments(client: PgClient, items: readonly ChangedItem[]): Promise<unknown[]> {
  const { rows } = await client.query<{ document: unknown }>({
    text: `select app_hidden.change_state(i.kind, i.id) as document
             from unnest($1::text[], $2::uuid[]) with ordinality i(kind, id, n) order by i.n`,
    values: [items.map((i) => i.kind), items.map((i) => i.entityId)],
  });
  return rows.map((r) => r.document);
}

async function loadChanges(client: PgClient, ids: readonly (string | null)[]): Promise<(ChangeRow | null)[]> {
  const out: (ChangeRow | null)[] = [];
  for (const id of ids) {
    if (id === null) {
      out.push(null);
      continue;
    }
    const { rows } = await client.query<ChangeRow>({
      text: `select ${CHANGE_COLUMNS} from app_public.changes c where c.id = $1::uuid`,
      values: [id],
    });
    out.push(rows[0] ?? null);
  }
  return out;
}

const CHANGE_TYPES = gql`
  "A change of a routine, workout, bodyweight or body measurement: one save or delete (an Undo is one too)."
  type Change {
    "Unique identifier of the change (pass it to undoChange)."
    id: UUID!
    "Its place in commit order: pass as \`after\` (changes) or \`before\` (history)."
    cursor: String!
    "When it was committed (ISO 8601)."
    at: String!
    "What changed: ${valuesText(CHANGE_KINDS)}. The same as \`entity\`, as text."
    kind: String!
    "What changed, as an enum."
    entity: ChangeEntity!
    "The id of the routine, workout, bodyweight or measurement."
    entityId: UUID!
    "What happened to it: ${valuesText(CHANGE_OPS)}. The same as \`action\`, as text."
    op: String!
    "What happened to it, as an enum."
    action: ChangeAction!
    "Who made it: \`web app (<browser>)\`, \`svc CLI on <host>\`, \`API key \\"<name>\\"\`, \`<app> (connected app)\`, or \`server\`."
    client: String!
    "The kind of credential that made it: ${valuesText(CHANGE_VIAS)}. The same as \`credential\`, as text."
    via: String!
    "The kind of credential that made it, as an enum."
    credential: ChangeCredential!
    "One line, such as \`Logged Push Day on 2026-03-02\`."
    summary: String!
    "The change this one undid, if it is an Undo."
    undoOf: UUID
    "Whether an Undo has undone this change since."
    undone: Boolean!
    """
    The item as it is now, as you may see it: a routine or workout document (with its version),
    a bodyweight's id, date, weight and unit, a body measurement's id, date, unit and values; null when it no longer exists.
    """
    document: JSON
  }
  "What a change changed."
  enum ChangeEntity {
    ${enumValuesSdl(CHANGE_KINDS)}
  }
  "What a change did to its item."
  enum ChangeAction {
    ${enumValuesSdl(CHANGE_OPS)}
  }
  "The kind of credential that made a change."
  enum ChangeCredential {
    ${enumValuesSdl(CHANGE_VIAS)}
  }
  "A page of changes."
  type ChangesPage {
    changes: [Change!]!
    "More changes follow this page."
    hasNextPage: Boolean!
    """
    changes: the cursor to continue from (the one given, or 0, when the page is empty), so a sync
    client always has one; history: the cursor of the oldest change shown, null when none.
    """
    endCursor: String
  }
  input UndoChangeInput {
    "The change to undo (Change.id)."
    id: UUID!
    "Echoed back in the payload."
    clientMutationId: String
  }
  "The Undo, itself a change."
  type UndoChangePayload {
    "The new change that restored the state before the one undone."
    change: Change
    clientMutationId: String
  }
  extend type Query {
    """
    Your routines, workouts, bodyweights and body measurements created, updated or deleted after the cursor
    \`after\` (omit it: from the start), \`first\` at a time (default ${String(LIST_LIMITS.defaultPage)}, at most
    ${String(LIST_LIMITS.maxPage)}), in commit order. Each change carries the item as it is now
    (\`document\`, null once deleted): a client that applies every page in order and keeps
    \`endCursor\` holds exactly your data, and asks again from its cursor for what changed since.
    Items older than the feed have one \`created\` change each; a cursor older than the changes kept
    (a deletion past its 90 days was pruned after it) is refused with INVALID_INPUT: read again from the start.
    """
    changes(after: String, first: Int): ChangesPage
    """
    What changed in the last 90 days, newest first: every save and delete of your routines,
    workouts, bodyweights and body measurements, from which client, in one line each; \`before\` a cursor for the
    next page (the last page's endCursor).
    """
    history(before: String, first: Int): ChangesPage
  }
  extend type Mutation {
    """
    Undoes a change of yours: the routine, workout, bodyweight or body measurement comes back as it was before it
    (a deleted routine or workout under its old id, a bodyweight on its date; a created one is deleted). The Undo is itself a change,
    undoable in turn. NOT_FOUND for no change of yours with this id; INVALID_INPUT when its state
    before is no longer kept or what it created is already gone.
    """
    undoChange(input: UndoChangeInput!): UndoChangePayload
  }
`;

const CHANGE_ENUMS = {
  ChangeEntity: { values: enumValues(CHANGE_KINDS) },
  ChangeAction: { values: enumValues(CHANGE_OPS) },
  ChangeCredential: { values: enumValues(CHANGE_VIAS) },
};

function changePlans(executor: PgExecutor) {
  const page = (load: typeof loadFeed, argument: string) => (_: unknown, fieldArgs: FieldArgs) => {
    const $lookup = object({
      cursor: fieldArgs.getRaw(argument) ?? constant(null),
      first: fieldArgs.getRaw("first") ?? constant(null),
    }) as Step<PageLookup>;
    return loadOneWithPgClient(executor, $lookup, load);
  };
  return {
    Query: { plans: { changes: page(loadFeed, "after"), history: page(loadHistory, "before") } },
    Mutation: {
      plans: {
        undoChange(_: unknown, fieldArgs: FieldArgs) {
          return sqlRowMutation<{ id: string }, { id: string | null }>(executor, fieldArgs, (input) => ({
            text: "select app_public.undo_change($1::uuid)::text as id",
            values: [input.id],
          }));
        },
      },
    },
    Change: {
      plans: {
        entity: ($change: Step<ChangeRow>) => access($change, "kind"),
        action: ($change: Step<ChangeRow>) => access($change, "op"),
        credential: ($change: Step<ChangeRow>) => access($change, "via"),
        document($change: Step<ChangeRow>) {
          const $item = object({ kind: access($change, "kind"), entityId: access($change, "entityId") });
          return loadOneWithPgClient(executor, $item as Step<ChangedItem>, loadDocuments);
        },
      },
    },
    // Read after the Undo's transaction committed: its number and summary are set as it commits.
    UndoChangePayload: {
      plans: {
        change($payload: Step<{ id: string | null }>) {
          return loadOneWithPgClient(executor, access($payload, "id") as Step<string | null>, loadChanges);
        },
      },
    },
  };
}

export const ChangesPlugin = extendSchema((build) => {
  const { workouts } = build.input.pgRegistry.pgResources;
  if (!workouts) throw new Error("ChangesPlugin: workouts not introspected; run the migrations");
  return { typeDefs: CHANGE_TYPES, objects: changePlans(workouts.executor), enums: CHANGE_ENUMS };
}, "ChangesPlugin");
