// Every list PostgreSQL answers through GraphQL is bounded in its SQL, not only in its price:
// - a connection or list taking `first` (allWorkoutSets, a user's workoutSetsByUserId,
//   lastPerformance, ...) reads LIST_LIMITS.defaultPage rows when neither `first` nor `last` is
//   given, but the history series (SERIES_FIELDS: oldest first, read whole by the web app, the SDK
//   and the MCP tools, with no `last`) read LIST_LIMITS.defaultSeries; any `first` or `last` above
//   LIST_LIMITS.maxPage is refused (the operation guard refuses it before planning too, naming the
//   field; this is the plan's own bound);
// - `groupedAggregates` fails in SQL when its grouping makes more than LIST_LIMITS.maxGroups groups
//   (app_hidden.groups_within_bound over `count(*) over ()`), so no row of an oversized grouping
//   leaves PostgreSQL; the cost model prices it at that bound (the field's LIST_BOUND extension).
import { lambda, SafeError, ConstantStep, type FieldArgs, type Step } from "postgraphile/grafast";
import type { PgSelectQueryBuilder, PgSelectStep } from "postgraphile/@dataplan/pg";
import { REQUEST_CODES } from "../../db/errors.ts";

export const LIST_LIMITS = {
  /** Rows a connection or list answers when neither `first` nor `last` is given. */
  defaultPage: 100,
  /** Rows a history series (SERIES_FIELDS) answers when given no `first`: about 20 years of weeks. */
  defaultSeries: 1000,
  /** The largest `first`, `last` or `limit` of any list. */
  maxPage: 1000,
  /** Groups one `groupedAggregates` may answer. */
  maxGroups: 1000,
} as const;

/** Lists of a user's history, a row per week or per session, oldest first. */
export const SERIES_FIELDS: ReadonlySet<string> = new Set(["weeklyVolume", "e1rmSeries", "weeklyMuscleSets"]);

/** The field extension naming the most items a list without a size argument answers (read by the cost model). */
export const LIST_BOUND = "svcListBound";
/** The field extension naming the items a sized list answers when given no size (read by the cost model). */
export const DEFAULT_PAGE = "svcDefaultPage";

/** A list size argument within the maximum, or a refusal naming the field, the argument and the maximum. */
export function pageSizeProblem(field: string, argument: string, value: unknown): string | null {
  return typeof value === "number" && value > LIST_LIMITS.maxPage
    ? `${field}: ${argument} may be at most ${LIST_LIMITS.maxPage} (got ${value}); page with after or offset`
    : null;
}

function withinMaximum(field: string, argument: string, value: unknown) {
  const problem = pageSizeProblem(field, argument, value);
  if (problem) throw new SafeError(problem, { code: REQUEST_CODES.INVALID_INPUT, field, argument });
  return value as number | null | undefined;
}

type Scope = {
  fieldName?: string;
  isPgFieldConnection?: boolean;
  isPgFieldSimpleCollection?: boolean;
  isConnectionType?: boolean;
  pgFieldResource?: { isUnique?: boolean };
};

/** The fields PostGraphile gives `first` (and `last` for connections): lists of a table or set-returning function. */
const isPagedList = (scope: Scope) =>
  (scope.isPgFieldConnection === true || scope.isPgFieldSimpleCollection === true) &&
  scope.pgFieldResource !== undefined &&
  !scope.pgFieldResource.isUnique;

type Paged = { setFirst($first: Step): void; setLast($last: Step): void };
type Plan = ($parent: Step, fieldArgs: FieldArgs, info: unknown) => Step;

const given = ($arg: Step | undefined): $arg is Step =>
  $arg !== undefined && !($arg instanceof ConstantStep && $arg.data === undefined);

/** Sets the page of a list: `first` as given, else the default page when `last` is not given either. */
function boundPage($list: Paged, fieldArgs: FieldArgs, field: string, defaultPage: number) {
  const $first = fieldArgs.getRaw("first") as Step | undefined;
  if ($first === undefined) return;
  const $last = fieldArgs.getRaw("last") as Step | undefined;
  const lastGiven = given($last);
  const firstOf = ([first, last]: readonly unknown[]) =>
    withinMaximum(field, "first", first) ?? (last == null ? defaultPage : null);
  $list.setFirst(lambda([$first, lastGiven ? $last : $first], firstOf, true));
  if (lastGiven) $list.setLast(lambda($last, (last) => withinMaximum(field, "last", last), true));
}

function pagedPlan(plan: Plan, field: string, defaultPage: number): Plan {
  return ($parent, fieldArgs, info) => {
    const $list = plan($parent, fieldArgs, info);
    if (typeof ($list as Partial<Paged>).setFirst === "function")
      boundPage($list as unknown as Paged, fieldArgs, field, defaultPage);
    return $list;
  };
}

export const ListBoundsPlugin: GraphileConfig.Plugin = {
  name: "ListBoundsPlugin",
  description: "A default page and a maximum for every list, applied in SQL; a bound on grouped aggregates",
  version: "0.0.0",
  after: ["PgFirstLastBeforeAfterArgsPlugin", "PgAggregatesAddConnectionGroupedAggregatesPlugin"],
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, build, context) {
        const scope = context.scope as Scope;
        const name = scope.fieldName ?? "";
        const plan = field.plan as Plan | undefined;
        if (plan && isPagedList(scope)) {
          const defaultPage = SERIES_FIELDS.has(name) ? LIST_LIMITS.defaultSeries : LIST_LIMITS.defaultPage;
          const extensions = { ...field.extensions, [DEFAULT_PAGE]: defaultPage };
          return { ...field, extensions, plan: pagedPlan(plan, name, defaultPage) };
        }
        if (plan && scope.isConnectionType && name === "groupedAggregates") {
          const { sql } = build;
          const bound = sql`app_hidden.groups_within_bound(count(*) over (), ${sql.literal(LIST_LIMITS.maxGroups)})`;
          const selectBound = (query: PgSelectQueryBuilder) => void query.selectAndReturnIndex(bound);
          return {
            ...field,
            description: `${field.description ?? ""} At most ${LIST_LIMITS.maxGroups} groups: a grouping that makes more is refused (QUERY_TOO_COMPLEX).`,
            extensions: { ...field.extensions, [LIST_BOUND]: LIST_LIMITS.maxGroups },
            plan: (($connection, fieldArgs, info) => {
              const $groups = plan($connection, fieldArgs, info) as PgSelectStep;
              // A runtime callback: a constant one would be applied at once, before the query is built.
              $groups.apply(lambda(null, () => selectBound, true));
              return $groups;
            }) as Plan,
          };
        }
        return field;
      },
      // The page is set by the field's plan above, so the arguments apply nothing themselves.
      GraphQLObjectType_fields_field_args(args, _build, context) {
        const scope = context.scope as Scope;
        if (!isPagedList(scope)) return args;
        const L = LIST_LIMITS;
        const unsized = SERIES_FIELDS.has(scope.fieldName ?? "")
          ? `${L.defaultSeries} when not given`
          : `${L.defaultPage} when neither first nor last is given`;
        for (const name of ["first", "last"] as const) {
          const arg = args[name];
          if (!arg) continue;
          const rule = name === "first" ? ` At most ${L.maxPage}; ${unsized}.` : ` At most ${L.maxPage}.`;
          args[name] = { ...arg, description: `${arg.description ?? ""}${rule}`, applyPlan: undefined };
        }
        return args;
      },
    },
  },
};
