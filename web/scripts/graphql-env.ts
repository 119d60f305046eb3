// Writes web/src/graphql/graphql-env.d.ts: the API's schema (packages/sdk/schema.graphql) as the
// introspection types gql.tada reads, so every operation in the app is typed from the schema.
// `npm run schema` (or `npm run graphql-env -w web`) rewrites it; web/test/graphql-env.test.ts
// fails when it is stale. The rendering is the SDK's, which types its own operations the same way.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderGraphqlEnv } from "../../sdk/scripts/graphql-env.ts";

export { renderGraphqlEnv };
export const OUTPUT_FILE = path.resolve(import.meta.dirname, "../src/graphql/graphql-env.d.ts");

if (import.meta.main) {
  writeFileSync(OUTPUT_FILE, renderGraphqlEnv());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), OUTPUT_FILE)}\n`);
}
