// sdk/src/graphql-env.d.ts (the types every SDK operation is checked against) must be what
// `npm run schema` writes from schema.graphql now.
import { readFileSync } from "node:fs";
import { renderGraphqlEnv, OUTPUT_FILE } from "../scripts/graphql-env.ts";

test("graphql-env.d.ts matches schema.graphql (run `npm run schema` if this fails)", () => {
  const text = renderGraphqlEnv();
  expect(readFileSync(OUTPUT_FILE, "utf8")).toBe(text);
  expect(text).toMatch(
    /'ApiKey': \{ kind: 'OBJECT'; name: 'ApiKey'; fields: \{ 'access': \{ name: 'access'; type: \{ kind: 'NON_NULL'; name: never; ofType: \{ kind: 'ENUM'; name: 'ApiKeyAccess'/,
  );
});
