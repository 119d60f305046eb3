// `npm run schema`: builds the GraphQL schema from a freshly migrated database and writes it,
// printed and sorted, to packages/sdk/schema.graphql. `--check` fails if the file is stale.
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { postgraphile } from "postgraphile";
import { printSchema, lexicographicSortSchema } from "postgraphile/graphql";
import { startScratch, createDatabaseFromTemplate } from "../db/scratch.ts";
import { makePreset } from "../server/graphql/preset.ts";

export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/sdk/schema.graphql");

export async function buildSchemaText(ownerUrl: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: ownerUrl });
  try {
    const pgl = postgraphile(makePreset({ pool, dev: false }));
    const schema = await pgl.getSchema();
    await pgl.release();
    return printSchema(lexicographicSortSchema(schema)) + "\n";
  } finally {
    await pool.end();
  }
}

async function main() {
  process.env.SVC_LOG = "silent";
  const scratch = await startScratch();
  try {
    const db = await createDatabaseFromTemplate(scratch.rootUrl, scratch.templateDb, `svc_schema_${process.pid}`);
    const text = await buildSchemaText(db.ownerUrl);
    await db.drop();
    if (process.argv.includes("--check")) {
      const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, "utf8") : "";
      if (current !== text) {
        console.error(`${SCHEMA_FILE} is stale; run "npm run schema"`);
        process.exitCode = 1;
      } else console.log("schema.graphql is up to date");
    } else {
      writeFileSync(SCHEMA_FILE, text);
      console.log(`Wrote ${SCHEMA_FILE}`);
    }
  } finally {
    await scratch.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
