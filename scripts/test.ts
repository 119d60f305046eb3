// `npm test`: the type check, the linters and the Jest suite, each run even when another failed, so
// one run names every kind of failure; exits 1 if any step failed. The type check and the linters
// run side by side (each is one process, mostly on one core, and together about three minutes of
// CPU), their output held and printed whole, one step after the other; then Jest, which streams.
// `npm test -- <test files or Jest options>` runs only Jest, with them (what a change's own tests need).
import { spawn } from "node:child_process";

type Step = { name: string; command: string; args: string[] };

const jestArgs = process.argv.slice(2);
const CHECKS: Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
];
const JEST: Step = { name: "jest", command: "npm", args: ["run", "--silent", "jest", "--", ...jestArgs] };

/** Runs a step; `held`: its output (both streams, in order) is returned instead of shown. */
function run(step: Step, held: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: held ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) => resolve({ ok: false, output: `${step.name}: ${error.message}\n` }));
    child.on("close", (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

const failed: string[] = [];
if (jestArgs.length === 0) {
  console.log(`\n> npm test: ${CHECKS.map((s) => s.name).join(" and ")}, side by side`);
  const results = await Promise.all(CHECKS.map((step) => run(step, true)));
  CHECKS.forEach((step, i) => {
    console.log(`\n> npm test: ${step.name}${results[i].ok ? "" : " (failed)"}`);
    process.stdout.write(results[i].output);
    if (!results[i].ok) failed.push(step.name);
  });
}
console.log(`\n> npm test: ${JEST.name}`);
if (!(await run(JEST, false)).ok) failed.push(JEST.name);
if (jestArgs.length === 0)
  console.log(`\nnpm test: ${failed.length ? `failed: ${failed.join(", ")}` : "every step passed"}`);
process.exit(failed.length ? 1 : 0);
