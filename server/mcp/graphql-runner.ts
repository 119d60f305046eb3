// GraphQL for MCP tools, in this process: the operation runs through grafast against the same
// schema and preset as /api/graphql (its context, the operation guard, the request transaction),
// with the MCP request as its request, so the pgSettings are the connected app's (its token's hash,
// the read-only role for a read-only connection) and RLS decides. Errors leave through maskError,
// as on /api/graphql.
import type { Request, Response } from "express";
import type { GraphQLSchema } from "postgraphile/graphql";
import { grafast } from "postgraphile/grafast";
import { maskError } from "../../plugins/mask-error.ts";
import type { GraphQLResult, RunGraphQL } from "@svc/sdk/mcp";

export type SchemaSource = () =>
  | PromiseLike<{ schema: GraphQLSchema; resolvedPreset: GraphileConfig.ResolvedPreset }>
  | { schema: GraphQLSchema; resolvedPreset: GraphileConfig.ResolvedPreset };

export function graphqlRunner(getSchema: SchemaSource, req: Request, res: Response): RunGraphQL {
  return async (source, variableValues = {}) => {
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
    return {
      data,
      errors: errors?.map(
        (error) =>
          maskError(error).toJSON() as GraphQLResult["errors"] extends readonly (infer E)[] | undefined ? E : never,
      ),
    };
  };
}
