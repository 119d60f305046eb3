// ESLint for the whole repository: JavaScript's and typescript-eslint's recommended rules, with
// formatting left to Prettier (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";

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
    // No function over 150 lines (blank lines and comments aside), so each reads at once; SQL's
    // bound (100) is checked in test/lint.test.ts. Tests are left out: a describe block is a list
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
