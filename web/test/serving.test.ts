// The Express app serves the built web app at / (same origin as /api): the page with security
// headers and no inline script, long-cached hashed assets, deep links through the history
// fallback, and JSON 404s for unknown API paths.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startTestServer, type TestServer } from "../../test/support/harness.ts";
import { WEB_DIST } from "../../server/http/web-app.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

test("/ is the app, with security headers and no inline script", async () => {
  const res = await fetch(`${s.url}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("cache-control")).toBe("no-cache");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  const html = await res.text();
  expect(html).toContain('<div id="root">');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/src="\/assets\/[^"]+\.js"/);
    expect(body.trim()).toBe("");
  }
  // The stylesheet is inside the page, allowed by its hash alone; no style attribute anywhere.
  expect(html).not.toMatch(/\sstyle=|<link rel="stylesheet"/);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css);
  expect(styles).toHaveLength(1);
  expect(styles[0]).toMatch(/\.app-header\{/);
  const hash = createHash("sha256").update(styles[0]).digest("base64");
  expect(csp).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}'(;|$)`));
  // Something to paint before any script runs: the header and a skeleton of the page, and a description.
  expect(html).toMatch(/<header class="app-header"><a href="\/" class="brand">Training Log<\/a><\/header>/);
  expect(html).toMatch(/<p class="state state-loading" role="status">Loading…<\/p>/);
  expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
});

test("the app's code is fetched with the page, and every file the build names is there", async () => {
  const html = await (await fetch(`${s.url}/`)).text();
  // The entry (src/boot.ts) runs the app after the shell's first paint; its files are named here
  // so the browser fetches them from the start (web/shell-first.ts).
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+\.js)">/g)].map(
    ([, file]) => file,
  );
  expect(preloads.some((file) => /^main-[\w-]+\.js$/.test(file))).toBe(true);
  const assets = readdirSync(path.join(WEB_DIST, "assets"));
  expect(assets).toEqual(expect.arrayContaining(preloads));
  // A stylesheet a script loads (a page's own) is there: none was inlined into the page and deleted under it.
  for (const script of assets.filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(path.join(WEB_DIST, "assets", script), "utf8");
    for (const [, sheet] of code.matchAll(/assets\/([\w-]+\.css)/g)) expect(assets).toContain(sheet);
  }
});

test.each(["/routines/Push", "/settings", "/workouts/2024-01-01?x=1", "/a/deep/link/"])(
  "the deep link %s loads the app",
  async (link) => {
    const res = await fetch(`${s.url}${link}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  },
);

test("hashed assets are cached for a year; a missing asset is a 404, not the app", async () => {
  const asset = readdirSync(path.join(WEB_DIST, "assets")).find((f) => f.endsWith(".js"))!;
  const res = await fetch(`${s.url}/assets/${asset}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/javascript/);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const missing = await fetch(`${s.url}/assets/index-missing.js`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ code: "NOT_FOUND", message: "No such route" });
});

test("the chart library is fetched on demand only: no built script or page imports it up front", async () => {
  const assets = path.join(WEB_DIST, "assets");
  const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const code = new Map(scripts.map((f) => [f, readFileSync(path.join(assets, f), "utf8")]));
  // uPlot's own class name: in one chunk, LazyTimeChart's dynamic import.
  const charts = scripts.filter((f) => code.get(f)!.includes("u-over"));
  expect(charts).toHaveLength(1);
  const name = charts[0].replace(/[.$]/g, "\\$&");
  const staticImport = new RegExp(`(from|import)\\s*["'\`]\\./${name}["'\`]`);
  const dynamicImport = new RegExp(`import\\(["'\`]\\./${name}["'\`]\\)`);
  expect(scripts.filter((f) => staticImport.test(code.get(f)!))).toEqual([]);
  expect(scripts.filter((f) => dynamicImport.test(code.get(f)!))).toHaveLength(1);
  expect(await (await fetch(`${s.url}/progress`, { headers: { accept: "text/html" } })).text()).not.toContain(
    charts[0],
  );
});

test("unknown /api paths stay JSON 404s, and so does a non-GET to a page address", async () => {
  for (const p of ["/api/nope", "/api", "/api/auth/nope", "/api/graphql/extra"]) {
    const res = await fetch(`${s.url}${p}`, { headers: { accept: "text/html" } });
    expect([p, res.status]).toEqual([p, 404]);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  }
  const post = await fetch(`${s.url}/settings`, { method: "POST" });
  expect(post.status).toBe(404);
  expect(await post.json()).toEqual({ code: "NOT_FOUND", message: "No such route" });
});

test("a page address asked for as JSON is a 404, and the build's stamp file is not served", async () => {
  const res = await fetch(`${s.url}/settings`, { headers: { accept: "application/json" } });
  expect(res.status).toBe(404);
  const stamp = await fetch(`${s.url}/.built-from`, { headers: { accept: "text/html" } });
  expect(await stamp.text()).toContain('<div id="root">');
});

test("the Content-Security-Policy blocks an inline script in the app's page (and the app itself runs)", async () => {
  const { launchBrowser, newPage, expectPage } = await import("./support/browser.ts");
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, s.url);
    await page.goto("/sign-in");
    await expectPage(page, "Sign in");
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    // An injected inline script must not run: the policy is doing its job.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected ?? false)).toBe(false);
    // Nor an injected stylesheet: only the page's own, by its hash.
    await page.evaluate(() => {
      const style = document.createElement("style");
      style.textContent = "body { display: none }";
      document.head.append(style);
    });
    expect(await page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([
      "script-src-elem inline",
      "style-src-elem inline",
    ]);
  } finally {
    await browser.close();
  }
});
