// web/src/graphql/graphql-env.d.ts (the types every operation in the app is checked against) must
// be what `npm run graphql-env -w web` writes from packages/sdk/schema.graphql now.
import { readFileSync } from "node:fs";
import { renderGraphqlEnv, OUTPUT_FILE } from "../scripts/graphql-env.ts";

test("graphql-env.d.ts matches packages/sdk/schema.graphql (run `npm run graphql-env -w web` if this fails)", () => {
  const text = renderGraphqlEnv();
  expect(readFileSync(OUTPUT_FILE, "utf8")).toBe(text);
  expect(text).toMatch(/'viewer': \{ name: 'viewer'; type: \{ kind: 'OBJECT'; name: 'User'/);
});
