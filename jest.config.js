// ESM Jest: graphile-worker 0.18 is ESM-only, so tests run as ES modules transformed by SWC.
export default {
  testEnvironment: "node",
  // @svc/sdk from its TypeScript source (sdk/package.json's "svc-source" export condition), not its build.
  testEnvironmentOptions: { customExportConditions: ["svc-source", "node", "node-addons"] },
  extensionsToTreatAsEsm: [".ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022", experimental: { keepImportAttributes: true } },
        module: { type: "es6" },
      },
    ],
  },
  testMatch: [
    "<rootDir>/test/**/*.test.ts",
    "<rootDir>/sdk/test/**/*.test.ts",
    "<rootDir>/cli/test/**/*.test.ts",
    "<rootDir>/web/test/**/*.test.ts",
  ],
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  globalTeardown: "<rootDir>/test/support/global-teardown.ts",
  // A ceiling for a stuck test, not a speed check: the heaviest tests (the security matrix's loops,
  // browser flows at three screen sizes) take 30-50 s alone and more with another file beside them.
  testTimeout: 120000,
  // Two files at once even on two cores: one file leaves about a third of the CPU idle (waiting on
  // PostgreSQL, a browser or a child process), and the suite ran 52 minutes one file at a time.
  maxWorkers: 2,
  // Test files run in a worker process that is replaced once its heap passes this after a file:
  // ESM modules loaded through vm contexts are never freed, so one process running all ~120 files
  // (Jest runs in band on a two-core machine otherwise) grew past 4 GB and died.
  workerIdleMemoryLimit: "1GB",
};
