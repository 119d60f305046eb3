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
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "postgraphile/graphql";

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
  /** The size assumed for a list or connection that takes first, last or limit but was given none. */
  unboundedList: 100,
  /** The size assumed for a list that takes no size (a row's children: a workout's exercises, sets). */
  relationList: 10,
} as const;

/** The field extension that marks a field backed by a SQL function (set by OperationGuardPlugin). */
export const RUNS_FUNCTION = "svcRunsFunction";

/** Arguments that size a list: they multiply the cost of the list's items and must not be negative. */
const SIZE_ARGUMENTS = ["first", "last", "limit"];
const NON_NEGATIVE_ARGUMENTS = new Set([...SIZE_ARGUMENTS, "offset"]);
/** Far above any budget; keeps products of huge sizes finite (Infinity * 0 would be NaN). */
const CEILING = 1e15;

export type Measure = { cost: number; fields: number; depth: number };
export type BadArgument = { field: string; argument: string; value: unknown };
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
    if (!name) return fallback;
    const t = schema.getType(name);
    return t && isCompositeType(t) ? t : undefined;
  };

  const fieldDef = (
    parent: GraphQLCompositeType | undefined,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined =>
    parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;

  const measureField = (field: FieldNode, parent: GraphQLCompositeType | undefined, page: Page): Measure => {
    const def = fieldDef(parent, field.name.value);
    let size: number | null = null;
    for (const arg of field.arguments ?? []) {
      const name = arg.name.value;
      if (!NON_NEGATIVE_ARGUMENTS.has(name)) continue;
      const value = argumentValue(arg.value);
      if (typeof value !== "number") continue;
      if (value < 0 && variables !== null) badArgument ??= { field: field.name.value, argument: name, value };
      if (SIZE_ARGUMENTS.includes(name)) size = Math.max(size ?? 0, value);
    }
    if (
      size === null &&
      variables === null &&
      field.arguments?.some((a) => SIZE_ARGUMENTS.includes(a.name.value) && a.value.kind === Kind.VARIABLE)
    ) {
      size = 0; // sized by a variable not known yet: count nothing (a lower bound)
    }
    if (size !== null && size < 0) size = 0;
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
    const items = isList ? (size ?? page ?? (takesSize ? COST_WEIGHTS.unboundedList : COST_WEIGHTS.relationList)) : 1;
    const innerPage: Page = !isList && takesSize ? (size ?? COST_WEIGHTS.unboundedList) : null;
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
    if (field.selectionSet) {
      const inner = measureSelectionSet(field.selectionSet, childType, innerPage);
      cost += Math.min(CEILING, items * inner.cost);
      fields += inner.fields;
      if (!introspection) depth += inner.depth;
    }
    return { cost: Math.min(CEILING, cost), fields: Math.min(CEILING, fields), depth };
  };

  const measureFragment = (name: string, page: Page): Measure => {
    const key = `${name}\u0000${page}`;
    const known = memo.get(key);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are validation errors of their own; they add nothing here.
    if (!fragment || inProgress.has(key)) return { cost: 0, fields: 0, depth: 0 };
    inProgress.add(key);
    const result = measureSelectionSet(
      fragment.selectionSet,
      typeNamed(fragment.typeCondition.name.value, undefined),
      page,
    );
    inProgress.delete(key);
    memo.set(key, result);
    return result;
  };

  const measureSelectionSet = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType | undefined,
    page: Page,
  ): Measure => {
    let cost = 0;
    let fields = 0;
    let depth = 0;
    for (const selection of selectionSet.selections) {
      const m =
        selection.kind === Kind.FIELD
          ? measureField(selection, parent, page)
          : selection.kind === Kind.INLINE_FRAGMENT
            ? measureSelectionSet(selection.selectionSet, typeNamed(selection.typeCondition?.name.value, parent), page)
            : measureFragment(selection.name.value, page);
      cost = Math.min(CEILING, cost + m.cost);
      fields = Math.min(CEILING, fields + m.fields);
      depth = Math.max(depth, m.depth);
    }
    return { cost, fields, depth };
  };

  const rootType = schema.getRootType(operation.operation) ?? undefined;
  const total = measureSelectionSet(operation.selectionSet, rootType, null);
  return { ...total, rootFields: rootFieldNames(fragments, operation.selectionSet), badArgument };
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
