// `npm run fit-exercises`: keeps sdk/src/fit/exercises.json (the catalog's FIT exercises) whole.
// Reads the catalog from a freshly migrated database, adds a proposal (fit-exercise-proposals.ts)
// for each catalog exercise the file lacks, drops names no longer in the catalog, and names both;
// entries already there are kept as a person chose them. `--check` only says what is stale.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startScratch, createDatabaseFromTemplate } from "../db/scratch.ts";
import { proposeFitExercise } from "./fit-exercise-proposals.ts";

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../sdk/src/fit/exercises.json");

async function catalog(): Promise<{ name: string; equipment: string }[]> {
  const scratch = await startScratch();
  try {
    const db = await createDatabaseFromTemplate(scratch.rootUrl, scratch.templateDb, `svc_fit_${process.pid}`);
    const client = new pg.Client({ connectionString: db.ownerUrl });
    await client.connect();
    const { rows } = await client.query<{ name: string; equipment: string }>(
      "select name, equipment from app_public.exercises where user_id is null order by name",
    );
    await client.end();
    await db.drop();
    return rows;
  } finally {
    await scratch.stop();
  }
}

async function main() {
  process.env.SVC_LOG = "silent";
  const current = JSON.parse(readFileSync(FILE, "utf8")) as Record<string, string>;
  const exercises = await catalog();
  const names = new Set(exercises.map((e) => e.name));
  const next: Record<string, string> = {};
  const added: string[] = [];
  for (const { name, equipment } of exercises) {
    const entry = current[name] ?? proposeFitExercise(name, equipment) ?? "unknown";
    if (!(name in current)) added.push(`${name}: ${entry}`);
    next[name] = entry;
  }
  const dropped = Object.keys(current).filter((n) => !names.has(n));
  for (const line of added) console.log(`proposed (check it): ${line}`);
  for (const name of dropped) console.log(`dropped (not in the catalog): ${name}`);
  if (process.argv.includes("--check")) {
    if (added.length || dropped.length) process.exitCode = 1;
    else console.log("exercises.json covers the catalog");
    return;
  }
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}

await main();
