// Refuses, before an operation is planned, what must not run, for every way grafserv takes a
// request (application/json, application/graphql, ...), on the document grafserv parsed and cached:
// - during validation (cached with the document): subscriptions, and operations over the depth,
//   field and root-field bounds (so a fragment bomb never reaches the planner);
// - before execution (per request, with the variables): list sizes that are negative, operations
//   over the cost budget, mutations a caller may not attempt (signed out, read-only key),
//   session-only fields with a key, and an API key's per-minute cost budget.
// The database enforces the same authorization again (roles and RLS); this gives a clean FORBIDDEN.
import {
  GraphQLError,
  Kind,
  getOperationAST,
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
  type ExecutionResult,
} from "postgraphile/graphql";
import { SafeError, isPromiseLike } from "postgraphile/grafast";
import {
  measureOperation,
  exceededLimit,
  OPERATION_LIMITS,
  RUNS_FUNCTION,
  type OperationMeasure,
} from "./operation-cost.ts";
import { textNesting, MAX_TEXT_NESTING } from "./operation-nesting.ts";
import { payerOf, type ClientCostBudget, type CostClaims, type CostRefusal } from "../limits/client-cost-budget.ts";
import { rateLimitHeaders } from "../limits/rate-limit-headers.ts";
import { REQUEST_CODES } from "../../db/errors.ts";
import { isOutage, OUTAGE_CODE, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "../../db/outage.ts";
import { log } from "../observability/logger.ts";
import { countGraphqlErrors } from "../observability/graphql-errors.ts";
import { withRequestErrorCodes } from "./request-error-codes.ts";
import type { Result } from "postgraphile/grafserv";
import { expressRequest } from "./request-identity.ts";
import { pgSettingsFor } from "../identity/pg-settings.ts";
import type { Identity, KeyLimitReached, KeyUse } from "../identity/identity.ts";

/**
 * Root fields that need a signed-in session; an API key is refused even for its owner. Each one's SQL
 * function calls app_hidden.require_session() too (docs/security.md lists both layers).
 */
export const SESSION_ONLY_FIELDS = new Set([
  "createApiKey",
  "revokeApiKey",
  "signOutSession",
  "signOutOtherSessions",
  "deleteAccount",
  "changePassword",
  "disconnectApp",
  "adminUsers",
  "createWebhook",
  "deleteWebhook",
  "setWebhookEnabled",
  "testWebhook",
]);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Graphile's options are extended in its namespace
  namespace GraphileConfig {
    interface GrafservOptions {
      /** The longest answer sent, in bytes (OPERATION_LIMITS.responseBytes unless set; preset.ts sets it). */
      responseMaxBytes?: number;
    }
  }
}

/** What the guard reads from the GraphQL context (set in preset.ts). */
export type GuardContext = {
  identity?: Identity;
  /** The request's settings: a key's role and hash are added once the key is looked up. */
  pgSettings?: Record<string, string>;
  /** A request with a key: looks it up, counts it and spends the operation's cost (server/identity/api-key-meter.ts). */
  useApiKey?: (cost: number, write: boolean) => Promise<KeyUse>;
  /** The client's address, and the cost budgets every caller's operations must fit in (server/limits/client-cost-budget.ts). */
  clientAddress?: string;
  clientCostBudget?: ClientCostBudget;
  /** What this request's gates took, given back when it is charged what it spent. */
  costClaims?: CostClaims;
};

/**
 * Bounds that do not depend on variables or on the caller, for a whole document: the first one it
 * exceeds as a GraphQL error, or null. Measured once per document (grafserv caches the result).
 */
const boundsProblems = new WeakMap<DocumentNode, GraphQLError | null>();
function boundsProblem(schema: GraphQLSchema, document: DocumentNode): GraphQLError | null {
  let problem = boundsProblems.get(document);
  if (problem !== undefined) return problem;
  problem = null;
  // grafserv caches the refusal; with a position instead of the node, the document can be freed.
  const at = (node?: ASTNode) => (node?.loc ? { source: node.loc.source, positions: [node.loc.start] } : {});
  const tooComplex = (message: string, node?: ASTNode) =>
    new GraphQLError(message, { ...at(node), extensions: { code: REQUEST_CODES.QUERY_TOO_COMPLEX } });
  const L = OPERATION_LIMITS;
  if (document.definitions.length > L.definitions) {
    problem = tooComplex(
      `A document may hold at most ${L.definitions} operations and fragments (this one holds ${document.definitions.length})`,
    );
  }
  for (const definition of document.definitions) {
    if (problem) break;
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (definition.operation === "subscription") {
      problem = new GraphQLError("Subscriptions are not supported; send queries and mutations over HTTP POST", {
        ...at(definition),
        extensions: { code: REQUEST_CODES.UNSUPPORTED_OPERATION },
      });
    } else if ((definition.variableDefinitions?.length ?? 0) > L.variables) {
      problem = tooComplex(`An operation may declare at most ${L.variables} variables`, definition);
    } else {
      const exceeded = exceededLimit(measureOperation(schema, document, definition, null), false);
      if (exceeded) problem = tooComplex(exceeded, definition);
    }
  }
  boundsProblems.set(document, problem);
  return problem;
}

/** A validation rule that reports the bounds problem of the document, once. */
export const OperationLimitsRule: ValidationRule = (context) => ({
  Document(document) {
    const problem = boundsProblem(context.getSchema(), document);
    if (problem) context.reportError(problem);
    return false; // fields are the other rules' business
  },
});

/**
 * GraphQL's own rules, skipped for a document already refused by the bounds: some of them cost
 * the square of the document's size, and the caller is told about the bounds anyway.
 */
function afterBounds(rule: ValidationRule): ValidationRule {
  return (context) => (boundsProblem(context.getSchema(), context.getDocument()) ? {} : rule(context));
}

const refusal = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code, ...extra } });

/** HTTP answers the guard decides (status, headers), applied to grafserv's response for the request. */
const httpOverrides = new WeakMap<object, { statusCode: number; headers: Record<string, string> }>();
/** A spent budget (a key's or a client's): 429 with Retry-After for HTTP, RATE_LIMITED naming the limit. */
function rateLimited(
  args: ExecuteArgs,
  reached: KeyLimitReached,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ExecutionResult {
  const http = args.requestContext?.http;
  if (http)
    httpOverrides.set(http, { statusCode: 429, headers: { ...headers, "retry-after": String(reached.retryAfter) } });
  return { errors: [rateLimitedError(reached, extra)] };
}

const rateLimitedError = ({ message, retryAfter, limit }: KeyLimitReached, extra: Record<string, unknown> = {}) =>
  refusal(message, limit === "concurrency" ? REQUEST_CODES.CONCURRENCY_LIMITED : "RATE_LIMITED", {
    retryAfter,
    limit,
    ...extra,
  });

/**
 * The checks' own statements (the cost budget's claim, a key's count) failed: on a database out of
 * service, 503 SERVICE_UNAVAILABLE with Retry-After, as maskError says it for the plans' statements.
 */
function unavailable(args: ExecuteArgs, error: unknown): ExecutionResult {
  if (!isOutage(error)) throw error;
  log("warn", "database unavailable", { error: (error as Error).message, code: (error as { code?: string }).code });
  const http = args.requestContext?.http;
  if (http)
    httpOverrides.set(http, { statusCode: 503, headers: { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) } });
  return { errors: [refusal(OUTAGE_MESSAGE, OUTAGE_CODE, { retryAfter: OUTAGE_RETRY_AFTER_SECONDS })] };
}

/** An answer holding SERVICE_UNAVAILABLE (maskError's, from a plan's statement) is sent as 503 with Retry-After. */
function outageAnswer(result: { buffer: Buffer; statusCode?: number; headers: Record<string, string> }): boolean {
  if (!result.buffer.includes(`"${OUTAGE_CODE}"`)) return false;
  const { errors } = JSON.parse(result.buffer.toString("utf8")) as { errors?: { extensions?: { code?: string } }[] };
  if (!errors?.some((e) => e.extensions?.code === OUTAGE_CODE)) return false;
  result.statusCode = 503;
  result.headers["retry-after"] = String(OUTAGE_RETRY_AFTER_SECONDS);
  return true;
}

type ExecuteArgs = {
  schema: Parameters<typeof measureOperation>[0];
  document: Parameters<typeof measureOperation>[1];
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
  contextValue?: unknown;
  requestContext?: { http?: object };
};

type Checked = ExecutionResult | null | Promise<ExecutionResult | null>;

/**
 * An operation that declares no variables measures the same every time: measured once per schema
 * and parsed document (grafserv caches the document), not once per request.
 */
const measuredAlike = new WeakMap<object, WeakMap<object, OperationMeasure>>();
function measured(args: ExecuteArgs, operation: NonNullable<ReturnType<typeof getOperationAST>>): OperationMeasure {
  if (operation.variableDefinitions?.length)
    return measureOperation(args.schema, args.document, operation, args.variableValues ?? {});
  let bySchema = measuredAlike.get(args.schema);
  if (!bySchema) measuredAlike.set(args.schema, (bySchema = new WeakMap()));
  let m = bySchema.get(operation);
  if (!m) bySchema.set(operation, (m = measureOperation(args.schema, args.document, operation, {})));
  return m;
}

/** The checks before execution; a result to answer with instead of executing, or null to go on. */
function checkBeforeExecution(args: ExecuteArgs): Checked {
  const operation = getOperationAST(args.document, args.operationName ?? undefined);
  if (!operation) return null; // grafast explains a missing or ambiguous operation itself
  const m = measured(args, operation);
  const context = (args.contextValue ?? {}) as GuardContext;
  const identity: Identity = context.identity ?? { kind: "anonymous" };
  const refused = measuredRefusal(m);
  if (identity.kind === "unresolved-key" && context.useApiKey) {
    // Counted now, with the operation's cost spent in the same statement when the operation will run.
    const runs = !refused && !sessionOnlyField(m);
    return context.useApiKey(runs ? m.cost : 0, operation.operation === "mutation").then((use) => {
      if (use.kind === "limited") return rateLimited(args, use);
      const known: Identity = use.kind === "dead" ? { kind: "dead-key" } : use.identity;
      context.identity = known;
      if (context.pgSettings) Object.assign(context.pgSettings, pgSettingsFor(known));
      return refused ?? checkCaller(args, operation, m, context, known, use);
    });
  }
  // A session left to SQL is not looked up here: a mutation's transaction set-up refuses one that is
  // no live sign-in with the same FORBIDDEN before its first statement (server/graphql/request-transaction.ts).
  return refused ?? checkCaller(args, operation, m, context, identity, null);
}

/** Refusals that depend on the operation and its variables alone. */
function measuredRefusal(m: ReturnType<typeof measureOperation>): ExecutionResult | null {
  if (m.badArgument) {
    const { field, argument, message, maximum } = m.badArgument;
    return {
      errors: [refusal(message, REQUEST_CODES.INVALID_INPUT, { field, argument, ...(maximum ? { maximum } : {}) })],
    };
  }
  const exceeded = exceededLimit(m, true);
  return exceeded ? { errors: [refusal(exceeded, REQUEST_CODES.QUERY_TOO_COMPLEX, { cost: m.cost })] } : null;
}

const sessionOnlyField = (m: ReturnType<typeof measureOperation>) =>
  m.rootFields.find((f) => SESSION_ONLY_FIELDS.has(f));

/** The checks that depend on who is calling. `use`: what a key's lookup answered. */
function checkCaller(
  args: ExecuteArgs,
  operation: NonNullable<ReturnType<typeof getOperationAST>>,
  m: ReturnType<typeof measureOperation>,
  context: GuardContext,
  identity: Identity,
  use: KeyUse | null,
): Checked {
  const forbidden = (message: string): ExecutionResult => ({ data: null, errors: [refusal(message, "FORBIDDEN")] });
  if (operation.operation === "mutation") {
    if (identity.kind === "anonymous" || identity.kind === "dead-key")
      return forbidden("Sign in (or use a valid API key) to make changes");
    if (identity.kind === "key" && identity.access === "read_only")
      return forbidden("This API key is read only; mutations need a read and write key");
  }
  if (identity.kind === "key" || identity.kind === "dead-key") {
    const sessionOnly = sessionOnlyField(m);
    if (sessionOnly) return forbidden(`${sessionOnly} needs a signed-in session; API keys cannot use it`);
  }
  if (use?.kind === "live" && use.costRefused) return rateLimited(args, use.costRefused, { cost: m.cost });
  return admitCost(args, context, identity, m);
}

/**
 * Root fields of bulk work, imports and exports: an operation of these alone is paid from its
 * account's bulk budget (server/limits/client-cost-budget.ts), never from the interactive one.
 */
export const BULK_FIELDS = new Set([
  "stageImportPart",
  "importWorkouts",
  "queueImport",
  "importJobById",
  "importLimits",
  "exportAccount",
  "exportWorkouts",
  "workoutFit",
  "workoutsFit",
]);

/** The operation's estimate must fit in what its payer has left of its cost budget; it is taken until the request is charged what it spent. */
function admitCost(args: ExecuteArgs, context: GuardContext, identity: Identity, m: OperationMeasure): Checked {
  if (!context.clientCostBudget) return null;
  const claims = context.costClaims;
  // A request is charged as bulk work only when every operation it ran was (an MCP batch may mix).
  const bulk = m.rootFields.length > 0 && m.rootFields.every((field) => BULK_FIELDS.has(field));
  if (claims) claims.bulk = (claims.bulk ?? true) && bulk;
  const payer = payerOf(identity, context.clientAddress, bulk);
  // The shape's cost and the forecast of what its fields read of the lifter's history.
  const estimate = m.cost + m.history;
  return context.clientCostBudget.admit(payer, estimate, claims).then((refused) => {
    if (refused) return costRefused(args, refused, estimate);
    // Introspection queries nothing, so no database time shows what it spent: it is charged its estimate.
    if (claims) claims.fromMemory = (claims.fromMemory ?? 0) + m.introspection;
    return null;
  });
}

/** 429 naming the budget, with its RateLimit headers (one quota, named after the budget). */
function costRefused(args: ExecuteArgs, refused: CostRefusal, cost: number): ExecutionResult {
  const quota = { name: refused.budget, limit: refused.limit, used: refused.limit - refused.remaining };
  const headers = rateLimitHeaders([quota], refused.resetSeconds, refused.windowSeconds);
  return rateLimited(args, { ...refused, limit: "cost" }, { cost, budget: refused.budget }, headers);
}

/** An answer over the byte cap, replaced by an error naming the cap (the data is not sent at all). */
function tooLarge<T extends { buffer: Buffer; headers: Record<string, string> }>(result: T, cap: number): T {
  const error = refusal(
    `The answer to this operation has ${result.buffer.length} bytes, more than the ${cap} one answer may have (GRAPHQL_MAX_RESPONSE_BYTES): ask for fewer items (first, limit) or fewer fields`,
    REQUEST_CODES.RESPONSE_TOO_LARGE,
    { limit: cap, bytes: result.buffer.length },
  );
  const buffer = Buffer.from(JSON.stringify({ data: null, errors: [error] }));
  return { ...result, buffer, headers: { ...result.headers, "content-length": String(buffer.length) } };
}

export const OperationGuardPlugin: GraphileConfig.Plugin = {
  name: "OperationGuardPlugin",
  description:
    "Bounds every operation (depth, fields, root fields, cost) and refuses what a caller may not run, before planning",
  version: "0.0.0",
  schema: {
    hooks: {
      // A computed column (a SQL function run for each row), or a field a plugin adds to a table's
      // type with extendSchema (its plan asks SQL of its own), costs like a fetch, not like a column.
      GraphQLObjectType_fields_field(field, _build, context) {
        const scope = context.scope as {
          fieldBehaviorScope?: string;
          pgFieldResource?: { parameters?: unknown };
          fieldDirectives?: unknown;
          isPgClassType?: boolean;
        };
        const computedColumn = scope.fieldBehaviorScope === "typeField:single" || scope.pgFieldResource?.parameters;
        const extendedTable = scope.fieldDirectives !== undefined && scope.isPgClassType === true;
        if (computedColumn || extendedTable) {
          field.extensions = { ...field.extensions, [RUNS_FUNCTION]: true };
        }
        return field;
      },
    },
  },
  grafserv: {
    middleware: {
      processGraphQLRequestBody(next, event) {
        const query = (event.body as { query?: unknown }).query;
        if (typeof query === "string" && query.length > OPERATION_LIMITS.textLength) {
          throw new SafeError(
            `An operation's text may be at most ${OPERATION_LIMITS.textLength} characters (this one has ${query.length}); pass large values as variables`,
            {
              statusCode: 400,
              code: REQUEST_CODES.QUERY_TOO_COMPLEX,
            },
          );
        }
        if (typeof query === "string" && textNesting(query) > MAX_TEXT_NESTING) {
          throw new SafeError(
            `An operation's text may nest braces, brackets and parentheses at most ${MAX_TEXT_NESTING} deep; pass large values as variables`,
            {
              statusCode: 400,
              code: REQUEST_CODES.QUERY_TOO_COMPLEX,
            },
          );
        }
        return next();
      },
      setPreset(next, event) {
        event.validationRules.splice(0, Infinity, OperationLimitsRule, ...event.validationRules.map(afterBounds));
        return next();
      },
      async processRequest(next, event) {
        const answer = withRequestErrorCodes(await guardedAnswer(next, event));
        if (answer?.type === "buffer") countGraphqlErrors(answer.buffer);
        return answer;
      },
    },
  },
  grafast: {
    middleware: {
      execute(next, event) {
        const args = event.args as unknown as ExecuteArgs;
        let checked: Checked;
        try {
          checked = checkBeforeExecution(args);
        } catch (error) {
          return unavailable(args, error);
        }
        return isPromiseLike(checked)
          ? Promise.resolve(checked).then(
              (result) => result ?? next(),
              (error: unknown) => unavailable(args, error),
            )
          : (checked ?? next());
      },
    },
  },
};

type ProcessRequestEvent = Parameters<GraphileConfig.GrafservMiddleware["processRequest"]>[0];

/** grafserv's answer with what the guard decided applied: a key refused late, the byte cap, an outage, a 429. */
async function guardedAnswer(
  next: () => PromiseLike<Result | null> | Result | null,
  event: ProcessRequestEvent,
): Promise<Result | null> {
  const result = await next();
  // A keyed request refused before its operation was measured (no operation, a syntax or
  // validation error, a body that is no GraphQL request) is counted here, before its answer.
  const req = expressRequest(event);
  if (req?.identity?.kind === "unresolved-key" && req.useApiKey) {
    const use = await req.useApiKey(0, false).catch(() => null);
    if (use?.kind === "limited") {
      const buffer = Buffer.from(JSON.stringify({ errors: [rateLimitedError(use)] }));
      return {
        type: "buffer",
        statusCode: 429,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": String(buffer.length),
          "retry-after": String(use.retryAfter),
        },
        buffer,
      };
    }
  }
  const cap = event.resolvedPreset.grafserv?.responseMaxBytes ?? OPERATION_LIMITS.responseBytes;
  if (result?.type === "buffer" && result.buffer.length > cap) return tooLarge(result, cap);
  const override = httpOverrides.get(event.requestDigest);
  if (result?.type === "buffer" && !override) outageAnswer(result);
  if (result && override) {
    result.statusCode = override.statusCode;
    Object.assign(result.headers, override.headers);
  }
  return result;
}
