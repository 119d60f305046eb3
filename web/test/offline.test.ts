// Offline, in a real Chromium with the app's service worker: it installs and controls the page,
// keeps every built file; with the network gone a reload of /log (mid-workout) and of other pages
// opens the app, and a workout finished offline is saved once when the network is back. /api is
// never answered from or kept in the worker's cache.
import { readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Response } from "playwright-core";
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { WEB_DIST } from "../../server/http/web-app.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  screenshot,
  PHONE,
  DESKTOP,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const WORKOUTS = `{ viewer { workoutsByUserId(first: 10) { totalCount nodes { exercises { sets { text done } } } } } }`;

/**
 * Every file of the build the worker should keep, as addresses ("/", assets, icons, manifest); not
 * the Brotli and gzip copies, which are the same files as sent (the browser keeps them decoded).
 */
function builtFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || /\.(br|gz)$/.test(entry.name)) return [];
    if (entry.isDirectory()) return builtFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return [`/${prefix}${entry.name}`];
  });
}

/** The addresses in the worker's caches (query strings such as Workbox's revision dropped). */
async function cachedAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) addresses.push(new URL(request.url).pathname);
    }
    return addresses.sort();
  });
}

async function signedUpWithRoutine() {
  const account = await signUpByApi(web.server.url, "Basement Bo");
  await gqlData(
    web.server.url,
    APPLY_ROUTINE,
    {
      d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60, rest: 90 }] },
    },
    { token: account.token },
  );
  return account;
}

test("installed: the worker controls the page and keeps every built file; offline, reloads of /log and other pages open the app; a workout finished offline is saved once", async () => {
  const account = await signedUpWithRoutine();
  const { context, page } = await web.signedInPage(account, PHONE, { serviceWorkers: "allow" });
  const apiResponses: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) apiResponses.push(response);
  });

  // Installed and in control of this page (no reload needed).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe("/sw.js");
  // Every file of the build except the worker itself and /robots.txt (for crawlers, not the app), and nothing else.
  const expected = builtFiles(realpathSync(WEB_DIST))
    .filter((address) => address !== "/sw.js" && address !== "/robots.txt")
    .sort();
  expect(expected).toContain("/index.html");
  expect(expected).toContain("/manifest.webmanifest");
  expect(expected.filter((a) => a.startsWith("/assets/")).length).toBeGreaterThan(10);
  expect(await cachedAddresses(page)).toEqual(expected);

  await page.getByRole("button", { name: "Start workout" }).click();
  await page.getByRole("button", { name: "Start Push" }).click();
  await expectPage(page, "Workout: Push");
  await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();

  // The basement: no network, then a reload of the logger.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expectPage(page, "Workout: Push");
  expect(await page.getByRole("checkbox", { name: "Done: Bench Press set 1" }).isChecked()).toBe(true);
  expect(await page.getByRole("checkbox", { name: "Done: Bench Press set 2" }).isChecked()).toBe(false);
  await page.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  await screenshot(page, "offline-logger-reloaded-phone");
  await expectAccessible(page);

  // Other pages open too, straight from the address bar: the page, and its own word that its data
  // needs the network.
  for (const address of ["/routines/Push", "/progress", "/"]) {
    const opened = await page.goto(address);
    expect([address, opened?.fromServiceWorker()]).toEqual([address, true]);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page
      .getByText(/Could not reach the server/)
      .first()
      .waitFor();
  }
  await screenshot(page, "offline-home-phone");

  // Finish with no network: kept; a reload still offline keeps it waiting; back online, saved once.
  await page.goto("/log");
  await expectPage(page, "Workout: Push");
  await page.getByRole("button", { name: "Finish workout" }).click();
  await page.getByRole("status").filter({ hasText: "Not saved yet" }).waitFor();
  await page.reload();
  await expectPage(page, "Workout: Push");
  await page.getByRole("status").filter({ hasText: "Not saved yet" }).waitFor();
  expect(
    (await gqlData(web.server.url, WORKOUTS, {}, { token: account.token })).viewer.workoutsByUserId.totalCount,
  ).toBe(0);
  await context.setOffline(false);
  await expectPage(page, "Workout saved");
  // Reloaded and online again: nothing left to send, nothing sent twice.
  await page.reload();
  await expectPage(page, "Workout saved");
  await page.goto("/log");
  await expectPage(page, "Start a workout");
  const saved = (await gqlData(web.server.url, WORKOUTS, {}, { token: account.token })).viewer.workoutsByUserId;
  expect(saved.totalCount).toBe(1);
  expect(saved.nodes[0].exercises[0].sets.map((s: { done: boolean }) => s.done)).toEqual([true, true, false]);

  // The API went to the network every time, and nothing of it is in the worker's cache.
  expect(apiResponses.length).toBeGreaterThan(3);
  expect(apiResponses.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  expect((await cachedAddresses(page)).filter((a) => a.startsWith("/api"))).toEqual([]);
  await context.close();
});

test("offline with no one ever signed in on this device: the app opens and says the server cannot be reached", async () => {
  const { context, page } = await web.newPage(PHONE, { serviceWorkers: "allow" });
  await page.goto("/sign-in");
  await expectPage(page, "Sign in");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.goto("/log");
  await page
    .getByText(/Could not reach the server/)
    .first()
    .waitFor();
  expect(await page.getByRole("checkbox").count()).toBe(0);
  await context.close();
});

test("the account kept for offline use holds no credential and is forgotten at sign-out: offline, /log then opens signed out", async () => {
  const account = await signUpByApi(web.server.url, "Shared Phone Sam");
  const { context, page } = await web.signedInPage(account, DESKTOP, { serviceWorkers: "allow" });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("svc.viewer.v1") ?? "null"));
  expect(Object.keys(kept).sort()).toEqual([
    "distanceUnit",
    "effort",
    "email",
    "id",
    "language",
    "lengthUnit",
    "name",
    "role",
    "unit",
  ]);
  expect(kept.name).toBe("Shared Phone Sam");
  expect(JSON.stringify(kept)).not.toContain(account.token);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expectPage(page, "Sign in");
  expect(await page.evaluate(() => localStorage.getItem("svc.viewer.v1"))).toBeNull();
  await context.setOffline(true);
  await page.goto("/log");
  await page
    .getByText(/Could not reach the server/)
    .first()
    .waitFor();
  expect(await page.getByText("Shared Phone Sam").count()).toBe(0);
  await context.close();
});
