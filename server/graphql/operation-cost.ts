// The size and cost of one GraphQL operation, measured on the parsed document before it is planned.
// Fragments count once per spread (a fragment spread twice costs twice), but each fragment is
// measured once and remembered, so measuring stays linear in the document's length however the
// spreads multiply. List sizes (first, last, limit) multiply the cost of what the list contains.
import {
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  isIntrospectionType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  isInputObjectType,
  isEnumType,
  isAbstractType,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "postgraphile/graphql";
import { DEFAULT_PAGE, LIST_BOUND, LIST_LIMITS, pageSizeProblem } from "./list-bounds.ts";

/** Bounds on one operation, so a single request cannot hold the planner or the database. */
export const OPERATION_LIMITS = {
  /** Nesting of fields (fragments add no level of their own). */
  depth: 12,
  /**
   * Field selections after expanding every fragment spread: what the planner walks. Also what
   * GraphQL's own validation walks, whose overlapping-fields rule compares same-named fields in
   * pairs (1,990 `x: __typename` took half a second); the largest operation of our clients has
   * about 60 and the standard introspection query about 150.
   */
  fields: 500,
  /** Characters of an operation's text (the standard introspection query has about 2,100). */
  textLength: 16_384,
  /** Operations and fragments in one document, and variables of one operation. */
  definitions: 50,
  variables: 100,
  /** Fields at the top of the operation. */
  rootFields: 25,
  /** Cost budget of one request (units: COST_WEIGHTS below; chosen from bench/graphql-cost.ts, see docs/security.md). */
  cost: 50_000,
  /** Bytes of one answer, by default (GRAPHQL_MAX_RESPONSE_BYTES): past it the answer is RESPONSE_TOO_LARGE. */
  responseBytes: 4_000_000,
  /** Cost an API key may spend a minute, counted in PostgreSQL: ten requests at the full budget. */
  keyCostPerMinute: 500_000,
} as const;

/** How the cost counts (one unit is at most about 5 microseconds of this server; bench/graphql-cost.ts). */
export const COST_WEIGHTS = {
  /** Every field selected, once per item of every list around it. */
  field: 1,
  /** A field that reads more than its row: an object, a list, a field taking arguments, a SQL function. */
  fetch: 10,
  /** A field of the root Query or Mutation type: a statement of its own (nested `query { }` too). */
  statement: 1000,
  /** The size of a list that takes first, last or limit but was given none, unless the field names its own (DEFAULT_PAGE). */
  unboundedList: LIST_LIMITS.defaultPage,
  /** The size assumed for a list that takes no size (a row's children: a workout's exercises, sets). */
  relationList: 10,
} as const;

/**
 * What a field that reads a lifter's history spends beyond its shape, forecast at a large history
 * (1,200 workouts, 18,000 sets: test/api/cost-estimates.test.ts measures each against its charge),
 * in the units of the charge (100 a millisecond of database time): once for every row it is asked of
 * (each row computes it in SQL, so `workouts(first: 100) { routine { nextTargets } }` is 100 of
 * them), or with `once` once per request however many rows ask (one statement answers them all),
 * or with `page` per item of its own page (`first`, else `page`). Part of the estimate the cost budget admits on (HISTORY_COSTS), not of the
 * per-request bound on an operation's shape (OPERATION_LIMITS.cost).
 */
export const HISTORY_COSTS: Record<string, { units: number; page?: number; once?: true }> = {
  "Query.e1rmSeries": { units: 30_000 },
  "Query.changes": { units: 50_000 },
  "Query.nextWorkout": { units: 5_000 },
  "Query.programStartPreview": { units: 15_000 },
  // Typos forgiven: a word no name holds is matched against the catalog's trigrams.
  "Query.searchExercises": { units: 5_000 },
  "Query.resolveExercise": { units: 3_000 },
  "Query.exportWorkouts": { units: 250, page: 200 },
  "Query.workoutsFit": { units: 1_200, page: 50 },
  "Query.workoutFit": { units: 2_000 },
  "Query.exportAccount": { units: 3_000 },
  "Query.history": { units: 1_500 },
  "Mutation.startProgram": { units: 20_000 },
  "Mutation.applyRoutineDocument": { units: 5_000 },
  "Mutation.applyWorkoutDocument": { units: 3_000 },
  "Exercise.records": { units: 8_000 },
  "User.personalRecords": { units: 40_000 },
  "User.distanceRecords": { units: 5_000 },
  "WorkoutSet.personalRecord": { units: 5_000, once: true },
  "Routine.nextTargets": { units: 2_000 },
};

/** The field extension that marks a field backed by a SQL function (set by OperationGuardPlugin). */
export const RUNS_FUNCTION = "svcRunsFunction";

/** Arguments that size a list: they multiply the cost of the list's items and must not be negative. */
const SIZE_ARGUMENTS = ["first", "last", "limit"];
const NON_NEGATIVE_ARGUMENTS = new Set([...SIZE_ARGUMENTS, "offset"]);
/** Far above any budget; keeps products of huge sizes finite (Infinity * 0 would be NaN). */
const CEILING = 1e15;

/** `introspection`: the part of `cost` under `__schema` and `__type`, answered from memory without SQL. */
/**
 * `history`: what its fields that read the lifter's history add to the estimate (HISTORY_COSTS), beside
 * `cost`; while measuring, `historyOnce` is the part priced once per request, and `history` the rest.
 */
export type Measure = {
  cost: number;
  fields: number;
  depth: number;
  introspection: number;
  history: number;
  historyOnce?: number;
};
/** A list size refused before planning: negative, or over the maximum page (`message` says which). */
export type BadArgument = { field: string; argument: string; value: unknown; message: string; maximum?: number };
export type OperationMeasure = Measure & { rootFields: string[]; badArgument?: BadArgument };

type Page = number | null;

/**
 * Measures one operation. With `variables` null (during validation, before variables are known)
 * a list sized by a variable counts as empty, so the cost is a lower bound; fields, depth and root
 * fields never depend on variables.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null,
): OperationMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const variableDefaults = new Map<string, unknown>();
  for (const v of operation.variableDefinitions ?? []) {
    if (v.defaultValue) variableDefaults.set(v.variable.name.value, valueFromASTUntyped(v.defaultValue));
  }
  const rootTypes = new Set<GraphQLCompositeType | undefined>([
    schema.getQueryType() ?? undefined,
    schema.getMutationType() ?? undefined,
  ]);
  rootTypes.delete(undefined);
  const memo = new Map<string, Measure>();
  const inProgress = new Set<string>();
  let badArgument: BadArgument | undefined;

  const argumentValue = (value: ValueNode): unknown => {
    if (value.kind === Kind.VARIABLE) {
      const name = value.name.value;
      if (variables === null) return undefined;
      return name in variables ? variables[name] : variableDefaults.get(name);
    }
    return valueFromASTUntyped(value);
  };

  const typeNamed = (name: string | undefined, fallback: GraphQLCompositeType | undefined) => {
    const t = name ? schema.getType(name) : fallback;
    return t && isCompositeType(t) ? t : undefined;
  };

  const measureField = (
    field: FieldNode,
    parent: GraphQLCompositeType | undefined,
    page: Page,
    typeRef: number,
  ): Measure => {
    const def = fieldDef(schema, parent, field.name.value);
    const requested = requestedSize(field, argumentValue, variables !== null);
    badArgument ??= requested.bad;
    const size = requested.size;
    const type = def ? getNullableType(def.type) : undefined;
    const isList = type !== undefined && isListType(type);
    const named = def ? getNamedType(def.type) : undefined;
    const childType = named && isCompositeType(named) ? named : undefined;
    const takesSize = def?.args.some((a) => SIZE_ARGUMENTS.includes(a.name)) ?? false;
    // Introspection (__schema, __type and all under them) is answered from memory: its lists still
    // multiply, but it queries nothing and its nesting (ofType { ofType { } }) adds no depth; graphql's
    // own MaxIntrospectionDepthRule refuses re-entering lists (fields { type { fields { ... } } }).
    const introspection = field.name.value.startsWith("__") || (parent !== undefined && isIntrospectionType(parent));
    // A connection (sized, not itself a list) passes its size to the lists inside it (nodes, edges).
    const bound = def?.extensions?.[LIST_BOUND] as number | undefined;
    const unsized = (def?.extensions?.[DEFAULT_PAGE] as number | undefined) ?? COST_WEIGHTS.unboundedList;
    const items = !isList
      ? 1
      : introspection && parent
        ? introspectionListSize(schema, parent.name, field.name.value)
        : (size ?? bound ?? page ?? (takesSize ? unsized : COST_WEIGHTS.relationList));
    const innerPage: Page = !isList && takesSize ? (size ?? unsized) : null;
    const fetches =
      childType !== undefined ||
      isList ||
      (field.arguments?.length ?? 0) > 0 ||
      def?.extensions?.[RUNS_FUNCTION] === true;
    const isStatement =
      def !== undefined &&
      parent !== undefined &&
      rootTypes.has(parent) &&
      !rootTypes.has(named as GraphQLCompositeType);
    let cost: number =
      COST_WEIGHTS.field +
      (introspection ? 0 : isStatement ? COST_WEIGHTS.statement : fetches ? COST_WEIGHTS.fetch : 0);
    let fields = 1;
    let depth = 1;
    let innerFromMemory = 0;
    let inner: Measure | undefined;
    // A type reference's `ofType` chain answers null past the deepest wrapping ([X!]! is three) in the schema.
    const ofTypeLevel = parent?.name === "__Type" && field.name.value === "ofType" ? typeRef + 1 : 0;
    if (field.selectionSet) {
      inner = measureSelectionSet(field.selectionSet, childType, innerPage, ofTypeLevel);
      if (ofTypeLevel <= introspectionListSize(schema, "__Type", "ofType"))
        cost += Math.min(CEILING, items * inner.cost);
      fields += inner.fields;
      innerFromMemory = inner.introspection;
      if (!introspection) depth += inner.depth;
    }
    cost = Math.min(CEILING, cost);
    const meta = field.name.value === SchemaMetaFieldDef.name || field.name.value === TypeMetaFieldDef.name;
    const fromMemory = meta ? cost : Math.min(CEILING, items * innerFromMemory);
    const history = fieldHistory(historyCost(parent?.name, field.name.value, size), items, inner);
    return { cost, fields: Math.min(CEILING, fields), depth, introspection: fromMemory, ...history };
  };

  const measureFragment = (name: string, page: Page, typeRef: number): Measure => {
    const key = `${name}\u0000${page}\u0000${typeRef}`;
    const known = memo.get(key);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are validation errors of their own; they add nothing here.
    if (!fragment || inProgress.has(key)) return { cost: 0, fields: 0, depth: 0, introspection: 0, history: 0 };
    inProgress.add(key);
    const result = measureSelectionSet(
      fragment.selectionSet,
      typeNamed(fragment.typeCondition.name.value, undefined),
      page,
      typeRef,
    );
    inProgress.delete(key);
    memo.set(key, result);
    return result;
  };

  const measureSelectionSet = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType | undefined,
    page: Page,
    typeRef = 0,
  ): Measure => {
    let cost = 0;
    let fields = 0;
    let depth = 0;
    let introspection = 0;
    let history = 0;
    let historyOnce = 0;
    for (const selection of selectionSet.selections) {
      const m =
        selection.kind === Kind.FIELD
          ? measureField(selection, parent, page, typeRef)
          : selection.kind === Kind.INLINE_FRAGMENT
            ? measureSelectionSet(
                selection.selectionSet,
                typeNamed(selection.typeCondition?.name.value, parent),
                page,
                typeRef,
              )
            : measureFragment(selection.name.value, page, typeRef);
      cost = Math.min(CEILING, cost + m.cost);
      introspection = Math.min(CEILING, introspection + m.introspection);
      history = Math.min(CEILING, history + m.history);
      historyOnce = Math.min(CEILING, historyOnce + (m.historyOnce ?? 0));
      fields = Math.min(CEILING, fields + m.fields);
      depth = Math.max(depth, m.depth);
    }
    return { cost, fields, depth, introspection, history, historyOnce };
  };

  const rootType = schema.getRootType(operation.operation) ?? undefined;
  const { historyOnce = 0, ...total } = measureSelectionSet(operation.selectionSet, rootType, null);
  // Introspection lists count by their average size, so a cost may have a fraction: rounded up.
  return {
    ...total,
    cost: Math.ceil(total.cost),
    introspection: Math.ceil(total.introspection),
    history: Math.ceil(Math.min(CEILING, total.history + historyOnce)),
    rootFields: rootFieldNames(fragments, operation.selectionSet),
    badArgument,
  };
}

/** A field's history forecast for one row of its parent: its own, and its selection's for each of its `items`. */
function fieldHistory(own: { units: number; once: boolean }, items: number, inner: Measure | undefined) {
  return {
    history: Math.min(CEILING, (own.once ? 0 : own.units) + items * (inner?.history ?? 0)),
    historyOnce: Math.min(CEILING, (own.once ? own.units : 0) + (inner?.historyOnce ?? 0)),
  };
}

/** What a field that reads the lifter's history adds to the estimate (HISTORY_COSTS), for a page of `size` items. */
function historyCost(parent: string | undefined, field: string, size: number | null): { units: number; once: boolean } {
  const priced = parent ? HISTORY_COSTS[`${parent}.${field}`] : undefined;
  if (!priced) return { units: 0, once: false };
  return { units: priced.units * (priced.page === undefined ? 1 : (size ?? priced.page)), once: priced.once === true };
}

/**
 * The size a field's `first`, `last` or `limit` asks for (0 when sized by a variable not known yet:
 * a lower bound), and the first size argument refused (only once variables are known).
 */
function requestedSize(
  field: FieldNode,
  argumentValue: (value: ValueNode) => unknown,
  variablesKnown: boolean,
): { size: number | null; bad?: BadArgument } {
  let size: number | null = null;
  let bad: BadArgument | undefined;
  for (const arg of field.arguments ?? []) {
    const name = arg.name.value;
    if (!NON_NEGATIVE_ARGUMENTS.has(name)) continue;
    const value = argumentValue(arg.value);
    if (typeof value !== "number") continue;
    if (variablesKnown) bad ??= sizeProblem(field.name.value, name, value);
    if (SIZE_ARGUMENTS.includes(name)) size = Math.max(size ?? 0, value);
  }
  const byVariable = field.arguments?.some(
    (a) => SIZE_ARGUMENTS.includes(a.name.value) && a.value.kind === Kind.VARIABLE,
  );
  if (size === null && !variablesKnown && byVariable) size = 0;
  return { size: size !== null && size < 0 ? 0 : size, bad };
}

/** A field's definition, the meta fields `__schema` and `__type` of the query type included. */
function fieldDef(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name && parent === schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && parent === schema.getQueryType()) return TypeMetaFieldDef;
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function sizeProblem(field: string, argument: string, value: number): BadArgument | undefined {
  const message =
    value < 0
      ? `${field}: ${argument} must be 0 or more (got ${JSON.stringify(value)})`
      : SIZE_ARGUMENTS.includes(argument)
        ? pageSizeProblem(field, argument, value)
        : null;
  if (message === null) return undefined;
  return value < 0
    ? { field, argument, value, message }
    : { field, argument, value, message, maximum: LIST_LIMITS.maxPage };
}

/**
 * How many items an introspection list answers for this schema: `__Schema.types` and `directives`
 * exactly, a type's `fields` (`inputFields`, `enumValues`, `interfaces`, `possibleTypes`) and a
 * field's or directive's `args` on average, so that under `types` they add up to what the answer
 * holds; and (as `__Type.ofType`) how deep a type reference's wrappers go.
 */
const introspectionSizes = new WeakMap<GraphQLSchema, Map<string, number>>();
function introspectionListSize(schema: GraphQLSchema, parent: string, field: string): number {
  let sizes = introspectionSizes.get(schema);
  if (!sizes) {
    sizes = measureIntrospection(schema);
    introspectionSizes.set(schema, sizes);
  }
  return sizes.get(`${parent}.${field}`) ?? COST_WEIGHTS.relationList;
}

function measureIntrospection(schema: GraphQLSchema): Map<string, number> {
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  const fields = types.flatMap((t) => (isObjectType(t) || isInterfaceType(t) ? Object.values(t.getFields()) : []));
  const inputs = types.flatMap((t) => (isInputObjectType(t) ? Object.values(t.getFields()) : []));
  const args = [...fields, ...directives].flatMap((f) => f.args);
  const total = <T>(list: readonly T[], of: (item: T) => number) => list.reduce((sum, item) => sum + of(item), 0);
  const average = <T>(list: readonly T[], of: (item: T) => number) => total(list, of) / Math.max(1, list.length);
  const wrappers = (t: GraphQLType): number => ("ofType" in t ? 1 + wrappers(t.ofType as GraphQLType) : 0);
  const deepest = Math.max(0, ...[...fields, ...inputs, ...args].map((f) => wrappers(f.type)));
  return new Map([
    ["__Schema.types", types.length],
    ["__Schema.directives", directives.length],
    ["__Type.fields", fields.length / types.length],
    ["__Type.inputFields", inputs.length / types.length],
    ["__Type.enumValues", average(types, (t) => (isEnumType(t) ? t.getValues().length : 0))],
    [
      "__Type.interfaces",
      average(types, (t) => (isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0)),
    ],
    ["__Type.possibleTypes", average(types, (t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0))],
    ["__Field.args", average(fields, (f) => f.args.length)],
    ["__Directive.args", average(directives, (d) => d.args.length)],
    ["__Directive.locations", average(directives, (d) => d.locations.length)],
    ["__Type.ofType", deepest],
  ]);
}

/** The root field names an operation selects, through fragments, each fragment's names once per spread. */
function rootFieldNames(fragments: Map<string, FragmentDefinitionNode>, selectionSet: SelectionSetNode): string[] {
  const memo = new Map<string, string[]>();
  const names = (set: SelectionSetNode, path: Set<string>): string[] => {
    const out: string[] = [];
    for (const selection of set.selections) {
      if (out.length > OPERATION_LIMITS.rootFields) break; // enough to refuse; no need to expand further
      if (selection.kind === Kind.FIELD) out.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) out.push(...names(selection.selectionSet, path));
      else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || path.has(name)) continue;
        let inner = memo.get(name);
        if (!inner) {
          inner = names(fragment.selectionSet, new Set(path).add(name));
          memo.set(name, inner);
        }
        out.push(...inner);
      }
    }
    return out;
  };
  return names(selectionSet, new Set());
}

/** The first limit an operation exceeds, as a message for the caller, or null. */
export function exceededLimit(m: OperationMeasure, withCost: boolean): string | null {
  const L = OPERATION_LIMITS;
  if (m.rootFields.length > L.rootFields) {
    const count = m.rootFields.length > L.rootFields + 1 ? "more" : String(m.rootFields.length);
    return `An operation may select at most ${L.rootFields} root fields (this one selects ${count})`;
  }
  if (m.depth > L.depth) return `An operation may nest at most ${L.depth} levels deep (this one nests ${m.depth})`;
  if (m.fields > L.fields)
    return `An operation may select at most ${L.fields} fields, counting each fragment spread (this one selects ${formatCount(m.fields)})`;
  if (withCost && m.cost > L.cost)
    return `This operation costs ${formatCount(m.cost)}, over the budget of ${L.cost} for one request: ask for fewer items (first, limit) or fewer fields`;
  return null;
}

function formatCount(n: number): string {
  return n >= CEILING ? "more than 10^15" : String(n);
}
