// A real headless Chromium from the npm package @sparticuz/chromium (nothing downloaded at run
// time), driven by playwright-core. Used by the browser tests and by `npm run bench -- web`.
import sparticuz from "@sparticuz/chromium";
import { chromium, type Browser } from "playwright-core";

// --single-process crashes a second browser context; --disable-web-security would hide CORS and
// cookie bugs; insecure content is never wanted.
const DROPPED_FLAGS = ["--single-process", "--disable-web-security", "--allow-running-insecure-content"];
// This machine's network is closed: no background calls to Google's services.
const QUIET_FLAGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** Unpacks the browser into the temporary directory, where it is kept for later launches. */
export function extractChromium(): Promise<string> {
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await extractChromium();
  const args = [...sparticuz.args.filter((flag) => !DROPPED_FLAGS.includes(flag)), ...QUIET_FLAGS];
  return chromium.launch({ executablePath, args, headless: true });
}
