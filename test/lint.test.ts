// The repository's linter and formatter run with the tests, so code that breaks either fails CI
// (`npm run lint` runs the same two; `npm run format` fixes what they can).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

async function outcome(command: string, args: string[]) {
  try {
    const { stdout } = await run(bin(command), args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

test("ESLint finds no errors in the repository", async () => {
  const result = await outcome("eslint", ["--quiet", "."]);
  expect(result.output).toBe("");
  expect(result.code).toBe(0);
}, 120_000);

test("every file is formatted by Prettier", async () => {
  const result = await outcome("prettier", ["--list-different", "."]);
  expect(result.output).toBe("");
  expect(result.code).toBe(0);
}, 120_000);
