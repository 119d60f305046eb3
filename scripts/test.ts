// `npm test`: the type check, the linters and the Jest suite as three steps, each run even when one
// before it failed, so one run names every kind of failure; exits 1 if any step failed.
// `npm test -- <test files or Jest options>` runs only Jest, with them (what a change's own tests need).
import { spawnSync } from "node:child_process";

const jestArgs = process.argv.slice(2);
const STEPS: [name: string, command: string, args: string[]][] = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["jest", "npm", ["run", "--silent", "jest", "--", ...jestArgs]],
];

const steps = jestArgs.length > 0 ? STEPS.filter(([name]) => name === "jest") : STEPS;
const failed: string[] = [];
for (const [name, command, args] of steps) {
  console.log(`\n> npm test: ${name}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) failed.push(name);
}
if (steps.length > 1)
  console.log(`\nnpm test: ${failed.length ? `failed: ${failed.join(", ")}` : "every step passed"}`);
process.exit(failed.length ? 1 : 0);
