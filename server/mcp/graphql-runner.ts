// GraphQL for MCP tools, in this process: the operation runs through grafast against the same
// schema and preset as /api/graphql (its context, the operation guard, the request transaction),
// with the MCP request as its request, so the pgSettings are the connected app's (its token's hash,
// the read-only role for a read-only connection) and RLS decides. Errors leave through maskError,
// as on /api/graphql.
import type { Request, Response } from "express";
import type { GraphQLSchema } from "postgraphile/graphql";
import { grafast } from "postgraphile/grafast";
import { maskError } from "../graphql/mask-error.ts";
import { OUTAGE_CODE } from "../../db/outage.ts";
import type { GraphQLResult, RunGraphQL } from "@svc/sdk/mcp";
import { chargeSoFar } from "../limits/client-cost-budget.ts";

export type SchemaSource = () =>
  | PromiseLike<{ schema: GraphQLSchema; resolvedPreset: GraphileConfig.ResolvedPreset }>
  | { schema: GraphQLSchema; resolvedPreset: GraphileConfig.ResolvedPreset };

/**
 * The GraphQL of one MCP request's tool calls, one operation at a time: a batch's calls take turns,
 * so one POST runs at most one operation at a time, as one GraphQL request does. Each operation
 * after the first is admitted once what the ones before it spent has been charged.
 */
export function graphqlRunner(getSchema: SchemaSource, req: Request, res: Response): RunGraphQL {
  let previous: Promise<unknown> = Promise.resolve();
  let ran = 0;
  const charged = () => (ran++ === 0 ? undefined : chargeSoFar(req.app.services.clientCostBudget, req));
  return (source, variableValues = {}) => {
    const turn = previous.then(charged).then(() => runOperation(getSchema, req, res, source, variableValues));
    previous = turn.catch(() => {});
    return turn;
  };
}

async function runOperation(
  getSchema: SchemaSource,
  req: Request,
  res: Response,
  source: string,
  variableValues: Record<string, unknown>,
): Promise<GraphQLResult> {
  const { schema, resolvedPreset } = await getSchema();
  const result = await grafast({
    schema,
    source,
    variableValues,
    resolvedPreset,
    requestContext: { expressv4: { req, res } } as Partial<Grafast.RequestContext>,
  });
  if (Symbol.asyncIterator in (result as object)) throw new Error("A tool's operation may not stream");
  const { data, errors } = result as {
    data?: GraphQLResult["data"];
    errors?: readonly import("postgraphile/graphql").GraphQLError[];
  };
  const masked = errors?.map(
    (error) =>
      maskError(error).toJSON() as GraphQLResult["errors"] extends readonly (infer E)[] | undefined ? E : never,
  );
  // The database out of service: the whole MCP answer becomes a 503 (json-transport.ts), not a tool's refusal.
  if (masked?.some((e) => (e.extensions as { code?: string } | undefined)?.code === OUTAGE_CODE))
    res.locals.databaseUnavailable = true;
  return { data, errors: masked };
}
