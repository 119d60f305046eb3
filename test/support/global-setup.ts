// One PostgreSQL for the whole test run, with a migrated template database each test file copies.
import { startScratch, type Scratch } from "../../db/scratch.ts";
import { ensureWebBuild } from "../../server/http/web-app.ts";

declare global {
  var __svcScratch: Scratch | undefined;
}

export default async function globalSetup() {
  process.env.SVC_LOG ??= "silent";
  // Two test files at once, each with a server's pools (about 50 connections) and some with several.
  const scratch = await startScratch({ maxConnections: 500 });
  globalThis.__svcScratch = scratch;
  process.env.SVC_TEST_ROOT_URL = scratch.rootUrl;
  process.env.SVC_TEST_TEMPLATE_DB = scratch.templateDb;
  // Once here, so test servers (one per file, in parallel workers) find web/dist current.
  await ensureWebBuild();
}
