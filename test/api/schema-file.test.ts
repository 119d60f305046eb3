// packages/sdk/schema.graphql must be what `npm run schema` would write now.
import { readFileSync } from "node:fs";
import { freshDatabase } from "../support/harness.ts";
import { buildSchemaText, SCHEMA_FILE } from "../../scripts/print-schema.ts";

test("packages/sdk/schema.graphql is up to date (run `npm run schema` if this fails)", async () => {
  const db = await freshDatabase();
  try {
    const text = await buildSchemaText(db.ownerUrl);
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(text);
    expect(text).toMatch(/viewer: User/);
    expect(text).toMatch(/logBodyweight\([^)]*input: BodyweightInput!\s*\): Bodyweight/);
  } finally {
    await db.drop();
  }
});
