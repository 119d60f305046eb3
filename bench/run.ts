// `npm run bench`: every benchmark in bench/, each printing one JSON line per figure.
// `npm run bench -- foundation` runs one.
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter(
    (f) =>
      f.endsWith(".ts") &&
      !f.endsWith(".d.ts") &&
      !["run.ts", "support.ts", "load.ts"].includes(f) &&
      !f.startsWith("baseline-"),
  )
  .sort();
for (const file of files) {
  const name = path.basename(file, ".ts");
  if (only.length && !only.includes(name)) continue;
  process.stderr.write(`bench: ${name}\n`);
  const mod = await import(path.join(dir, file));
  await mod.run();
}
