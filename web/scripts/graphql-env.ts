// Writes web/src/graphql/graphql-env.d.ts: the API's schema (packages/sdk/schema.graphql) as the
// introspection types gql.tada reads, so every operation in the app is typed from the schema.
// `npm run graphql-env -w web` rewrites it; web/test/graphql-env.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, introspectionFromSchema } from "graphql";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";

const webRoot = path.resolve(import.meta.dirname, "..");
export const SCHEMA_FILE = path.resolve(webRoot, "../packages/sdk/schema.graphql");
export const OUTPUT_FILE = path.join(webRoot, "src/graphql/graphql-env.d.ts");

export function renderGraphqlEnv(): string {
  const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));
  const introspection = minifyIntrospection(introspectionFromSchema(schema, { descriptions: false }));
  return outputIntrospectionFile(introspection, { fileType: ".d.ts", shouldPreprocess: true });
}

if (import.meta.main) {
  writeFileSync(OUTPUT_FILE, renderGraphqlEnv());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), OUTPUT_FILE)}\n`);
}
