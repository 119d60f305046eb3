// Functions stay short: no SQL function in data/schema/ over its bound, and ESLint's
// max-lines-per-function refusing a TypeScript one over 150 lines. ESLint and Prettier themselves
// run as steps of `npm test` (scripts/test.ts), not here.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { readSchemaFiles } from "../db/dump-schema.ts";
import { MAX_SQL_FUNCTION_LINES, sqlFunctionLengths } from "./support/function-lengths.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Probes are not files on disk, which the type-aware rules need: they are linted without them.
const UNTYPED = {
  languageOptions: { parserOptions: { projectService: false, project: null } },
  rules: {
    "@typescript-eslint/no-floating-promises": "off",
    "@typescript-eslint/await-thenable": "off",
    "@typescript-eslint/no-misused-promises": "off",
  },
} as const;

describe("short functions", () => {
  const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n");

  test(`no SQL function in data/schema/ is over ${MAX_SQL_FUNCTION_LINES} lines`, () => {
    const functions = [...readSchemaFiles()].filter(([file]) => file.includes("/functions/"));
    const found = functions.flatMap(([, text]) => sqlFunctionLengths(text));
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
    const oneLine = ["create function app_hidden.one_line()", " RETURNS integer", "AS $function$ select 1 $function$;"];
    const dump = [fn("at_the_bound", 100), "comment on function x is 'y';", ...oneLine, fn("one_over", 101)].join("\n");
    expect(sqlFunctionLengths(dump)).toEqual([
      { name: "app_hidden.at_the_bound", lines: 100 },
      { name: "app_hidden.one_line", lines: 3 },
      { name: "app_hidden.one_over", lines: 101 },
    ]);
  });

  test("ESLint refuses a TypeScript function over 150 lines, blank lines and comments aside; tests are left out", async () => {
    const eslint = new ESLint({ cwd: root, overrideConfig: UNTYPED });
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
