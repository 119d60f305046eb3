// One PostgreSQL for the whole test run, with a migrated template database each test file copies.
import { startScratch, type Scratch } from "../../db/scratch.ts";
import { ensureWebBuild } from "../../server/http/web-app.ts";
import { extractChromium } from "../../web/test/support/chromium.ts";

declare global {
  var __svcScratch: Scratch | undefined;
}

export default async function globalSetup() {
  process.env.SVC_LOG ??= "silent";
  // Once here, so test servers (one per file, in parallel workers) find web/dist current; built
  // while PostgreSQL starts and migrates the template (on a clean clone both take tens of seconds).
  const [started, built, unpacked] = await Promise.allSettled([
    // Two test files at once, each with a server's pools (about 50 connections) and some with several.
    startScratch({ maxConnections: 500 }),
    ensureWebBuild(),
    // Unpacked once here: two workers unpacking it at once made one launch fail with ETXTBSY.
    extractChromium(),
  ]);
  if (built.status === "rejected") {
    // No run starts without the web app; PostgreSQL is stopped rather than left behind.
    if (started.status === "fulfilled") await started.value.stop();
    throw built.reason;
  }
  if (started.status === "rejected") throw started.reason;
  if (unpacked.status === "rejected") throw unpacked.reason;
  const scratch = started.value;
  globalThis.__svcScratch = scratch;
  process.env.SVC_TEST_ROOT_URL = scratch.rootUrl;
  process.env.SVC_TEST_TEMPLATE_DB = scratch.templateDb;
}
