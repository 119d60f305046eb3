// Browser tests: a real headless Chromium (./chromium.ts) driven by playwright-core, against the
// real Express app on a database of the test's own (test/support/harness.ts). Helpers here act as
// a person would: labels and roles.
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startTestServer, type TestServer, type TestServerOptions } from "../../../test/support/harness.ts";
import { launchBrowser } from "./chromium.ts";
import { LANGUAGES } from "../../src/i18n/languages.ts";

/** Home's heading in whichever language the account or the browser chose ("Home", "Übersicht", ...). */
const HOME_HEADING = new RegExp(
  `^(${LANGUAGES.map((lng) => {
    const home = JSON.parse(readFileSync(path.join(import.meta.dirname, `../../src/locales/${lng}/home.json`), "utf8"));
    return String(home.title).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("|")})$`,
);

export { launchBrowser };

export type { Browser, BrowserContext, Page, TestServer };

/** Screenshots for a reviewer (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../../.screenshots");

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A test server and a browser, started together and closed together. */
export async function startBrowserTest(serverOptions: TestServerOptions = {}): Promise<{
  server: TestServer;
  browser: Browser;
  close: () => Promise<void>;
}> {
  const [serverStart, browserStart] = await Promise.allSettled([startTestServer(serverOptions), launchBrowser()]);
  if (serverStart.status === "rejected" || browserStart.status === "rejected") {
    // Close the half that started, or it keeps Jest from exiting after the failure.
    if (browserStart.status === "fulfilled") await browserStart.value.close().catch(() => {});
    if (serverStart.status === "fulfilled") await serverStart.value.close();
    throw serverStart.status === "rejected" ? serverStart.reason : (browserStart as PromiseRejectedResult).reason;
  }
  const server = serverStart.value;
  const browser = browserStart.value;
  return {
    server,
    browser,
    close: async () => {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

export type BrowserTest = {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser profile at the test server (newPage below). */
  newPage: (
    viewport?: { width: number; height: number },
    options?: PageOptions,
  ) => Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh browser profile signed in as `account` (through the sign-in page), at Home. */
  signedInPage: (
    account: { email: string; password: string },
    viewport?: { width: number; height: number },
    options?: PageOptions,
  ) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * The setup every browser test file shares: a test server and a browser started before the file's
 * tests (startBrowserTest) and closed after them. Read `server` and `browser` inside tests.
 */
export function useBrowserTest(serverOptions: TestServerOptions = {}): BrowserTest {
  let started: Awaited<ReturnType<typeof startBrowserTest>> | undefined;
  beforeAll(async () => {
    started = await startBrowserTest(serverOptions);
  });
  afterAll(async () => started?.close());
  const running = () => {
    if (!started) throw new Error("useBrowserTest: the server and browser start in beforeAll; use them inside tests");
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    newPage: (viewport, options) => newPage(running().browser, running().server.url, viewport, options),
    signedInPage: async (account, viewport, options) => {
      const opened = await newPage(running().browser, running().server.url, viewport, options);
      await signInInBrowser(opened.page, account);
      await expectPage(opened.page, HOME_HEADING);
      return opened;
    },
  };
}

export type PageOptions = {
  /**
   * Whether the app's service worker may install. Blocked unless a test is about it (web/test/offline):
   * its cache would answer the requests other tests make fail on purpose (a page's code that cannot
   * load), and every profile would download the whole app once more.
   */
  serviceWorkers?: "allow" | "block";
  /** The browser's language and region (`en-US`): what navigator.language says. */
  locale?: string;
  /** A phone's touch screen: taps, `pointer: coarse`, no hover. */
  touch?: boolean;
  /** The browser's time zone (`America/Los_Angeles`); the machine's own unless told. */
  timezoneId?: string;
};

/** A fresh browser profile (own cookies) at the server, at desktop size unless told. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  { serviceWorkers = "block", locale, touch = false, timezoneId }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, serviceWorkers, locale, hasTouch: touch, timezoneId });
  // Record Content-Security-Policy violations from the first script on; expectAccessible checks them.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  // Every step here is local: 20 s is ten times a slow step with two test files sharing two cores.
  page.setDefaultTimeout(20_000);
  recordTrouble(page);
  // A broken page should fail the test, not be screenshotted silently.
  page.on("pageerror", (error) => {
    throw error;
  });
  return { context, page };
}

const troubles = new WeakMap<Page, { seen: string[]; pending: Map<Request, string> }>();

/**
 * Keeps what went wrong under a page (answers of 400 and above, requests that got no answer,
 * console errors), so a wait that times out says why the page never showed what was awaited.
 */
function recordTrouble(page: Page) {
  const seen: string[] = [];
  const pending = new Map<Request, string>();
  troubles.set(page, { seen, pending });
  const now = () => new Date().toISOString().slice(11, 23);
  const note = (line: string) => seen.push(`${now()} ${line}`);
  page.on("request", (request) => pending.set(request, `${now()} ${request.method()} ${request.url()}`));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("response", (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    pending.delete(request);
    note(`no answer: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") note(`console: ${message.text().slice(0, 300)}`);
  });
}

/** The page's address, its main text and its recorded trouble: what a failed wait reports. */
async function whatThePageSays(page: Page) {
  const text = await page
    .locator("main")
    .innerText()
    .catch(() => "?");
  const { seen = [], pending = new Map() } = troubles.get(page) ?? {};
  const waiting = [...pending.values()];
  return `at ${page.url()}; the page says: ${text.slice(0, 500)}${
    seen.length ? `\nwhat went wrong under it (last 10):\n${seen.slice(-10).join("\n")}` : ""
  }${waiting.length ? `\nrequests still waiting for an answer, since:\n${waiting.slice(-10).join("\n")}` : ""}`;
}

/** Waits until `locator` is visible; a timeout fails naming `what` with what the page says instead. */
export async function waitShown(page: Page, locator: Locator, what: string, timeout?: number) {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    await screenshot(page, `failed-waiting-for-${what.replace(/\W+/g, "-")}`).catch(() => {});
    throw new Error(`Expected ${what} ${await whatThePageSays(page)}`, { cause: error });
  }
}

/** Waits for the page's h1 and checks the window title names the page. */
export async function expectPage(page: Page, title: string | RegExp) {
  await waitShown(page, page.getByRole("heading", { level: 1, name: title }), `the page "${title}"`);
  // The account's language can arrive just after the first render: let the heading and the
  // title settle together before comparing them (a mismatch that lasts still fails below).
  await page
    .waitForFunction(
      () => document.title === `${document.querySelector("h1")?.textContent?.trim()} · Training Log`,
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const heading = typeof title === "string" ? title : await page.getByRole("heading", { level: 1 }).first().innerText();
  expect(await page.title()).toBe(`${heading} · Training Log`);
}

/** axe-core on the current page: no serious or critical accessibility violations (and no CSP violation). */
export async function expectAccessible(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Nothing on the page is wider than the window (no horizontal scrolling). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

let counter = 0;
export function uniqueEmail(prefix = "lifter") {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

/** Signs up through the Sign up page; ends on Home. */
export async function signUpInBrowser(
  page: Page,
  { name = "Lifter", email = uniqueEmail(), password = "correct horse battery" } = {},
) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expectPage(page, "Home");
  return { name, email, password };
}

/** Signs in through the Sign in page. */
export async function signInInBrowser(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Waits until `read` gives `expected` (compared as JSON), for what another tab or a timer brings; fails with the last value. */
export async function untilEqual<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}
