// The repository's linter and formatter run with the tests, so code that breaks either fails CI
// (`npm run lint` runs the same two; `npm run format` fixes what they can).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { SCHEMA_SQL_FILE } from "../db/dump-schema.ts";
import { MAX_SQL_FUNCTION_LINES, sqlFunctionLengths } from "./support/function-lengths.ts";

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

describe("short functions", () => {
  const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n");

  test(`no SQL function in data/schema.sql is over ${MAX_SQL_FUNCTION_LINES} lines`, () => {
    const found = sqlFunctionLengths(readFileSync(SCHEMA_SQL_FILE, "utf8"));
    // Every function of the dump is measured (a parser that missed them would pass anything).
    expect(found.length).toBeGreaterThan(200);
    expect(found.filter((f) => f.lines > MAX_SQL_FUNCTION_LINES)).toEqual([]);
  });

  test("a SQL function is measured from `create function` to the line closing its body", () => {
    const fn = (name: string, total: number) =>
      [
        `create function app_hidden.${name}(a integer)`,
        " RETURNS integer",
        " LANGUAGE sql",
        "AS $function$",
        lines(total - 5, (i) => `  select ${i};`),
        "$function$;",
      ].join("\n");
    const dump = [fn("at_the_bound", 100), "comment on function x is 'y';", fn("one_over", 101)].join("\n");
    expect(sqlFunctionLengths(dump)).toEqual([
      { name: "app_hidden.at_the_bound", lines: 100 },
      { name: "app_hidden.one_over", lines: 101 },
    ]);
  });

  test("ESLint refuses a TypeScript function over 150 lines, blank lines and comments aside; tests are left out", async () => {
    const eslint = new ESLint({ cwd: root });
    const fn = (statements: number) =>
      `export function probe(): number {\n  let n = 0;\n\n  // a comment\n${lines(statements, () => "  n += 1;")}\n  return n;\n}\n`;
    const problems = async (code: string, file = "server/probe.ts") =>
      (await eslint.lintText(code, { filePath: path.join(root, file) }))[0].messages.map((m) => m.ruleId);
    // The opening and closing lines, `let` and `return` are 4 of the lines counted.
    expect(await problems(fn(146))).toEqual([]);
    expect(await problems(fn(147))).toEqual(["max-lines-per-function"]);
    expect(await problems(fn(147), "test/api/probe.test.ts")).toEqual([]);
  }, 60_000);
});
