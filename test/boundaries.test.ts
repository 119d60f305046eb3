// The import boundaries of eslint.config.js (import-x/no-restricted-paths and import-x/no-cycle)
// fire: each probe is linted as if it were a file of the repository, so a matrix entry or a setting
// that stopped matching would let these imports pass.
import path from "node:path";
import { ESLint } from "eslint";

const root = path.resolve(import.meta.dirname, "..");
// Probes are not files on disk, which the type-aware rules need: they are linted without them.
const UNTYPED = {
  languageOptions: { parserOptions: { projectService: false, project: null } },
  rules: {
    "@typescript-eslint/no-floating-promises": "off",
    "@typescript-eslint/await-thenable": "off",
    "@typescript-eslint/no-misused-promises": "off",
  },
} as const;
const eslint = new ESLint({ cwd: root, overrideConfig: UNTYPED });

async function importRules(filePath: string, imports: string) {
  const text = `${imports}\nexport const probe = [imported];\n`;
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => m.ruleId).filter((rule) => rule?.startsWith("import-x/"));
}

const forbidden: [string, string][] = [
  ["db/probe.ts", 'import { log as imported } from "../server/observability/logger.ts";'],
  ["sdk/src/probe.ts", 'import { ERROR_CODES as imported } from "../../db/errors.ts";'],
  ["cli/src/probe.ts", 'import { makePreset as imported } from "../../server/graphql/preset.ts";'],
  ["web/src/probe.ts", 'import { GRAPHQL_PATH as imported } from "../../server/http/paths.ts";'],
  ["server/identity/probe.ts", 'import { makePreset as imported } from "../graphql/preset.ts";'],
  ["server/http/probe.ts", 'import { createApp as imported } from "../app.ts";'],
  ["server/limits/probe.ts", 'import { makePreset as imported } from "../graphql/preset.ts";'],
  ["server/observability/probe.ts", 'import { maskError as imported } from "../graphql/mask-error.ts";'],
  ["server/jobs/probe.ts", 'import { clientAddress as imported } from "../http/client-address.ts";'],
  ["server/graphql/probe.ts", 'import { readConfig as imported } from "../process/config.ts";'],
  ["server/graphql/schema/probe.ts", 'import { mcpRoutes as imported } from "../../mcp/routes.ts";'],
  ["server/oauth/probe.ts", 'import { maskError as imported } from "../graphql/mask-error.ts";'],
];

test.each(forbidden)("%s may not import: %s", async (file, imports) => {
  expect(await importRules(file, imports)).toEqual(["import-x/no-restricted-paths"]);
});

const allowed: [string, string][] = [
  ["server/graphql/probe.ts", 'import { readCredential as imported } from "../identity/credential.ts";'],
  ["server/identity/probe.ts", 'import { OPERATION_LIMITS as imported } from "../graphql/operation-cost.ts";'],
  ["server/mcp/probe.ts", 'import { maskError as imported } from "../graphql/mask-error.ts";'],
  ["server/probe.ts", 'import { makePreset as imported } from "./graphql/preset.ts";'],
  ["test/probe.ts", 'import { makePreset as imported } from "../server/graphql/preset.ts";'],
];

test.each(allowed)("%s may import: %s", async (file, imports) => {
  expect(await importRules(file, imports)).toEqual([]);
});

test("an import that closes a cycle is refused, a type-only one is not", async () => {
  // server/app.ts imports the logger, so the logger importing the app would close a cycle.
  expect(
    await importRules("server/app-probe.ts", 'import { log as imported } from "./observability/logger.ts";'),
  ).toEqual([]);
  const cycle = await importRules(
    "server/observability/logger.ts",
    'import { createApp as imported } from "../app.ts";',
  );
  expect(cycle).toContain("import-x/no-cycle");
  const typeOnly = await importRules(
    "server/identity/identity.ts",
    'import type { KeyUse } from "./api-key-meter.ts";\nconst imported = null as unknown as KeyUse;',
  );
  expect(typeOnly).toEqual([]);
});
