// A new version deployed under two open tabs of the logger: each shows "A new version is ready"
// and keeps running its own files (the old ones are gone from the server, the worker still has
// them), nothing reloads mid-set; Reload in one tab brings the new version there with the workout
// kept, the other tab is left alone until its user reloads. The second version is a real second
// build (support/second-version.config.ts), served by the real app from a folder the test
// switches as a deploy does.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signUp as signUpByApi, gqlData, startTestServer, type TestServer } from "../../test/support/harness.ts";
import { WEB_DIST, WEB_ROOT } from "../../server/http/web-app.ts";
import {
  launchBrowser,
  newPage,
  signInInBrowser,
  expectPage,
  expectAccessible,
  screenshot,
  PHONE,
  DESKTOP,
  type Browser,
  type Page,
} from "./support/browser.ts";

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

let folder: string;
let site: string;
let server: TestServer;
let browser: Browser;

/** Points the served folder at `build` in one rename, as server/http/web-app.ts publishes a build. */
function deploy(build: string) {
  const link = `${site}.next`;
  symlinkSync(build, link);
  renameSync(link, site);
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "svc-web-versions-"));
  site = path.join(folder, "site");
  cpSync(realpathSync(WEB_DIST), path.join(folder, "first"), { recursive: true });
  // In a process of its own, as `vite build` runs (Vite's bundler refuses a config made inside Jest's module sandbox).
  execFileSync(
    process.execPath,
    [
      path.join(WEB_ROOT, "../node_modules/vite/bin/vite.js"),
      "build",
      "--config",
      path.join(import.meta.dirname, "support/second-version.config.ts"),
      "--outDir",
      path.join(folder, "second"),
      "--logLevel",
      "warn",
    ],
    { cwd: WEB_ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] },
  );
  deploy(path.join(folder, "first"));
  [server, browser] = await Promise.all([startTestServer({ webDist: site }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const build = (page: Page) => page.evaluate(() => document.documentElement.dataset.build ?? "first");
const prompt = (page: Page) => page.getByRole("status").filter({ hasText: "A new version is ready." });

test("a new version: both tabs offer Reload mid-workout and reload only when asked; the workout is kept", async () => {
  const account = await signUpByApi(server.url, "Update Una");
  await gqlData(
    server.url,
    APPLY_ROUTINE,
    { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] } },
    { token: account.token },
  );
  const { context, page: first } = await newPage(browser, server.url, PHONE, { serviceWorkers: "allow" });
  await signInInBrowser(first, account);
  await expectPage(first, "Home");
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await first.getByRole("button", { name: "Start workout" }).click();
  await first.getByRole("button", { name: "Start Push" }).click();
  await expectPage(first, "Workout: Push");
  await first.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
  const second = await context.newPage();
  second.on("pageerror", (error) => {
    throw error;
  });
  await second.goto("/log");
  await expectPage(second, "Workout: Push");
  for (const page of [first, second]) {
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  }

  // Deploy the second build; the first version's files are gone from the server.
  const firstIndex = readFileSync(path.join(folder, "first", "index.html"), "utf8");
  const firstEntry = /src="(\/assets\/index-[^"]+\.js)"/.exec(firstIndex)![1];
  deploy(path.join(folder, "second"));
  expect((await fetch(`${server.url}${firstEntry}`)).status).toBe(404);
  // The app asks for a new version when it comes back to the screen (and hourly), as when the
  // phone is unlocked between two sets. (Chromium also checks by itself after the page's requests:
  // this test shows what the page does once a new version is found, not which check found it.)
  await first.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

  for (const page of [first, second]) {
    await prompt(page).getByRole("button", { name: "Reload" }).waitFor();
    // Not reloaded, still the first version, and its files still come (from the worker).
    expect(await marked(page)).toBe(true);
    expect(await build(page)).toBe("first");
    expect(await page.evaluate(async (entry) => (await fetch(entry)).status, firstEntry)).toBe(200);
  }
  // Mid-set: ticking goes on under the prompt.
  await first.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  expect(await marked(first)).toBe(true);
  await screenshot(first, "update-prompt-phone");
  await expectAccessible(first);

  // Reload in the first tab: the new version there, with the workout as it was.
  await Promise.all([first.waitForEvent("load"), prompt(first).getByRole("button", { name: "Reload" }).click()]);
  await expectPage(first, "Workout: Push");
  expect(await marked(first)).toBe(false);
  expect(await build(first)).toBe("second");
  expect(await first.getByRole("checkbox", { name: "Done: Bench Press set 1" }).isChecked()).toBe(true);
  expect(await first.getByRole("checkbox", { name: "Done: Bench Press set 2" }).isChecked()).toBe(true);
  expect(await prompt(first).count()).toBe(0);
  expect(await first.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);

  // The other tab was not reloaded under its user: it still offers Reload. Later puts it off.
  await first.waitForTimeout(500);
  expect(await marked(second)).toBe(true);
  await prompt(second).waitFor();
  await second.setViewportSize(DESKTOP);
  await screenshot(second, "update-prompt-desktop");
  await expectAccessible(second);
  await prompt(second).getByRole("button", { name: "Later" }).click();
  expect(await prompt(second).count()).toBe(0);
  expect(await marked(second)).toBe(true);
  // Its next load is the new version.
  await second.reload();
  await expectPage(second, "Workout: Push");
  expect(await build(second)).toBe("second");
  await context.close();
});
