// Web app benchmark, in a real headless Chromium against the real app (built web/dist, embedded
// database), with the CPU slowed 4x (Chrome DevTools' throttling) as on a mid-range phone:
// 1. the JavaScript the first load of the routines page needs: every script the page fetched, its
//    size and its gzip size (goal: at most 200 kB gzip);
// 2. time to a usable routines page (from navigation start until the last routine's name is on the
//    page), a fresh browser profile each time (cold cache), against a static HTML page of the same
//    routines served by the same Express process (goal: within 3x). Sides alternate, so a noisy
//    machine's drift hits both alike.
import express from "express";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { createApp } from "../server/app.ts";
import { WEB_DIST, WEB_ROOT } from "../server/http/web-app.ts";
import { launchBrowser } from "../web/test/support/chromium.ts";
import { benchDatabase, listen, report, signUpLifter } from "./support.ts";

const ROUTINES = Number(process.env.BENCH_ROUTINES ?? 20);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const CPU_SLOWDOWN = 4;
const PAGE_PATH = "/routines";
const EXERCISES = ["Back Squat", "Bench Press", "Barbell Row", "Overhead Press", "Deadlift", "Pull-Up"];

function routineDocument(n: number) {
  return {
    name: `Routine ${String(n).padStart(2, "0")}`,
    exercises: EXERCISES.map((exercise, i) => ({
      exercise,
      sets: 3 + (i % 3),
      reps: i % 2 ? "8-12" : 5,
      weight: 40 + n + i * 10,
      rest: 120,
    })),
  };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The same routines as plain HTML, with the app's stylesheet: what a page without JavaScript costs. */
function staticPage(docs: ReturnType<typeof routineDocument>[]): string {
  const html = readFileSync(path.join(WEB_DIST, "index.html"), "utf8");
  const css = html.match(/<style>[\s\S]*?<\/style>|<link rel="stylesheet"[^>]*>/)?.[0] ?? "";
  const items = docs
    .map(
      (d) =>
        `<li><h2>${escape(d.name)}</h2><ul>${d.exercises
          .map((e) => `<li>${escape(e.exercise)}: ${e.sets} × ${e.reps} at ${e.weight} kg, rest ${e.rest} s</li>`)
          .join("")}</ul></li>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${css}<title>Routines · Training Log</title></head><body><main><h1>Routines</h1><ul>${items}</ul></main></body></html>`;
}

/**
 * Records, from the first script on, when `text` is first visible in the page (ms since navigation
 * start): checked once a frame after each change to the page, with innerText (only rendered text).
 */
function watchFor(text: string) {
  return `(() => {
    let scheduled = false;
    const check = () => {
      scheduled = false;
      if (!window.__usableAt && document.body && document.body.innerText.includes(${JSON.stringify(text)})) window.__usableAt = performance.now();
    };
    new MutationObserver(() => { if (!scheduled) { scheduled = true; requestAnimationFrame(check); } })
      .observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })();`;
}

async function loadOnce(browser: Browser, url: string, token: string, marker: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "svc_session", value: token, url }]);
  await context.addInitScript({ content: watchFor(marker) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const scripts: { url: string; bytes: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body)
      scripts.push({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
  });
  await page.goto(url);
  debug(`loaded ${url}`);
  await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, undefined, {
    timeout: 60_000,
  });
  const usableMs = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
  if (process.env.BENCH_DEBUG) {
    const timeline = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
        (r) => `${r.name.replace(location.origin, "")} ${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)}`,
      );
      return [
        `html ${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)} dcl ${nav.domContentLoadedEventEnd.toFixed(0)}`,
        ...resources,
      ];
    });
    debug(`usable at ${usableMs.toFixed(0)}: ${timeline.join(" | ")}`);
  }
  await context.close();
  return { usableMs, scripts };
}

function stats(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: +at(0.5).toFixed(1), min: +sorted[0].toFixed(1), max: +sorted[sorted.length - 1].toFixed(1) };
}

const debug = (m: string) => process.env.BENCH_DEBUG && process.stderr.write(`web bench: ${m}\n`);

export async function run() {
  const db = await benchDatabase("web");
  let browser: Browser | undefined;
  try {
    const app = await createApp({ pools: db.pools });
    // The static page goes on the same Express app, in front of the web app's history fallback.
    const outer = express();
    const docs = Array.from({ length: ROUTINES }, (_, i) => routineDocument(i + 1));
    const staticHtml = staticPage(docs);
    outer.get(
      "/bench-static/routines",
      (_req, res) => void res.type("html").set("cache-control", "no-cache").send(staticHtml),
    );
    outer.use(app.app);
    const server = createServer(outer);
    const url = await listen(server);
    debug(`listening at ${url}`);

    const { token } = await signUpLifter(url, "Bench Lifter", "web@bench.test");
    for (const document of docs) {
      const res = await fetch(`${url}/api/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: "mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { clientMutationId } }",
          variables: { d: document },
        }),
      });
      const body = (await res.json()) as { errors?: unknown };
      if (body.errors) throw new Error(`could not create ${document.name}: ${JSON.stringify(body.errors)}`);
    }
    const marker = docs[docs.length - 1].name;
    const hasRoutinesPage = readFileSync(path.join(WEB_ROOT, "src/routes.tsx"), "utf8").includes(
      `path: "${PAGE_PATH}"`,
    );

    debug("routines created");
    browser = await launchBrowser();
    debug("browser launched");
    const target = hasRoutinesPage ? PAGE_PATH : "/";
    const first = await loadOnce(browser, `${url}${target}`, token, hasRoutinesPage ? marker : "Welcome");
    const js = first.scripts.reduce((a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzip }), {
      bytes: 0,
      gzip: 0,
    });
    report({
      benchmark: `web: JavaScript of the first load of ${target}`,
      files: first.scripts.length,
      kB: +(js.bytes / 1000).toFixed(1),
      gzipKB: +(js.gzip / 1000).toFixed(1),
      goalGzipKB: 200,
      ...(hasRoutinesPage
        ? {}
        : { note: "no /routines page registered yet in web/src/routes.tsx: measured the home page" }),
    });

    if (!hasRoutinesPage) {
      report({
        benchmark: "web: time to a usable routines page",
        skipped: "no /routines page registered yet in web/src/routes.tsx",
      });
      return;
    }
    const appTimes: number[] = [];
    const staticTimes: number[] = [];
    await loadOnce(browser, `${url}/bench-static/routines`, token, marker); // warm-up of the server side
    for (let i = 0; i < ITERATIONS; i++) {
      appTimes.push((await loadOnce(browser, `${url}${PAGE_PATH}`, token, marker)).usableMs);
      staticTimes.push((await loadOnce(browser, `${url}/bench-static/routines`, token, marker)).usableMs);
    }
    const appStats = stats(appTimes);
    const staticStats = stats(staticTimes);
    report({
      benchmark: `web: time to a usable routines page (${ROUTINES} routines, CPU ${CPU_SLOWDOWN}x slower, cold cache), ms`,
      iterations: ITERATIONS,
      app: appStats,
      staticPage: staticStats,
      ratio: +(appStats.p50 / staticStats.p50).toFixed(2),
      goalRatio: 3,
    });
    await new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await app.close();
  } finally {
    await browser?.close();
    await db.stop();
  }
}
