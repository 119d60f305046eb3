// ESLint for the whole repository: JavaScript's and typescript-eslint's recommended rules, with
// formatting left to Prettier (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";

// Which folder may import which: a folder not listed for another may not import it. The server's
// layers import downwards (graphql/ may use identity/, never identity/ graphql/'s plugins), so the
// GraphQL layer and the server cannot again import each other. Each entry: folder -> what it may
// import besides itself (a file path allows that one file only).
const ALLOWED_IMPORTS = {
  db: [],
  "sdk/src": [],
  "cli/src": [],
  "web/src": [],
  "server/http": ["db", "server/identity/credential.ts", "server/identity/identity.ts", "server/process/public-url.ts"],
  "server/identity": [
    "db",
    "server/http",
    "server/limits",
    "server/process/public-url.ts",
    "server/graphql/operation-cost.ts",
  ],
  "server/limits": ["db", "server/http", "server/identity", "server/observability/logger.ts"],
  "server/observability": ["db", "server/http", "server/graphql/request-transaction.ts"],
  "server/graphql": ["db", "server/http", "server/identity", "server/limits", "server/observability"],
  "server/jobs": ["db", "server/observability", "server/http/outbound-address.ts"],
  "server/oauth": ["db", "server/http", "server/identity", "server/process/public-url.ts"],
  "server/mcp": [
    "db",
    "server/graphql/mask-error.ts",
    "server/identity",
    "server/limits",
    "server/oauth",
    "server/observability",
  ],
  "server/process": [
    "db",
    "server/app.ts",
    "server/http",
    "server/limits",
    "server/observability",
    "server/graphql",
    "server/jobs",
  ],
};
const FOLDERS = [
  "db",
  "sdk",
  "cli",
  "web",
  "server",
  ...Object.keys(ALLOWED_IMPORTS).filter((f) => f.startsWith("server/")),
];
// The composition at the server's top: only main.ts and cluster.ts (server/process) start an app.
const SERVER_TOP = ["server/app.ts", "server/main.ts", "server/services.ts"];

/** One zone per folder and forbidden neighbour; an allowed file inside a forbidden folder is an exception. */
function boundaryZones() {
  const related = (a, b) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  return Object.entries(ALLOWED_IMPORTS).flatMap(([target, allowed]) =>
    [...FOLDERS, ...SERVER_TOP]
      .filter((from) => !related(target, from) && !allowed.includes(from))
      // A folder inside a forbidden folder is covered by that folder's zone.
      .filter(
        (from, _, all) => !all.some((f) => from.startsWith(`${f}/`) && !allowed.some((a) => a.startsWith(`${f}/`))),
      )
      .map((from) => {
        const except = allowed.filter((a) => a.startsWith(`${from}/`)).map((a) => `./${a.slice(from.length + 1)}`);
        return {
          target: `./${target}`,
          from: `./${from}`,
          ...(except.length ? { except } : {}),
          message: `${target}/ may import only itself and ${allowed.join(", ") || "packages"} (ALLOWED_IMPORTS in eslint.config.js)`,
        };
      }),
  );
}

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "web/dist/**",
      "sdk/dist/**",
      "web/.builds/**",
      "web/.bench-baseline-*/**",
      "coverage/**",
      ".tmp/**",
      ".data/**",
      ".screenshots/**",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused arguments named with a leading underscore are deliberate (callback signatures).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // No import cycle between modules (type-only imports aside), and the allowed-imports matrix above.
    files: ["server/**", "db/**", "sdk/src/**", "cli/src/**", "web/src/**"],
    plugins: { "import-x": importX },
    // Relative imports name their file with its extension, so Node's resolution finds every one.
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones() }],
    },
  },
  {
    // Type-aware: a promise is awaited or handled, never dropped, and only a promise is awaited.
    files: ["server/**/*.ts", "db/**/*.ts", "sdk/src/**/*.ts", "cli/src/**/*.ts", "scripts/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // No function over 150 lines (blank lines and comments aside), so each reads at once; SQL's
    // bound (100) is checked in test/short-functions.test.ts. Tests are left out: a describe block is a list
    // of cases rather than one function.
    ignores: ["**/test/**"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["web/src/**"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/test/**", "bench/**"],
    languageOptions: { globals: { ...globals.jest } },
    // Tests and benches read GraphQL answers and rows they then assert on field by field.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
