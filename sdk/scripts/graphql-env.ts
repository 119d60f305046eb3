// Writes sdk/src/graphql-env.d.ts: the API's schema (packages/sdk/schema.graphql) as the
// introspection types gql.tada reads, so every operation the SDK sends is typed from the schema.
// `npm run schema` rewrites it; sdk/test/graphql-env.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, introspectionFromSchema } from "graphql";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";

const sdkRoot = path.resolve(import.meta.dirname, "..");
export const SCHEMA_FILE = path.join(sdkRoot, "schema.graphql");
export const OUTPUT_FILE = path.join(sdkRoot, "src/graphql-env.d.ts");

/** The introspection types of a schema file, as gql.tada's `.d.ts` output. */
export function renderGraphqlEnv(schemaFile: string = SCHEMA_FILE): string {
  const schema = buildSchema(readFileSync(schemaFile, "utf8"));
  const introspection = minifyIntrospection(introspectionFromSchema(schema, { descriptions: false }));
  return outputIntrospectionFile(introspection, { fileType: ".d.ts", shouldPreprocess: true });
}

if (import.meta.main) {
  writeFileSync(OUTPUT_FILE, renderGraphqlEnv());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), OUTPUT_FILE)}\n`);
}
