// Lighthouse's mobile profile (its default: a mid-range phone, CPU 4x slower, 1.6 Mbps, 150 ms
// round trips, simulated) on Home, /log, /progress and /sign-in of the real app (built web/dist,
// embedded database, a lifter with a year of workouts and bodyweights), beside a static HTML page of
// the same content served by the same process: each page as the app rendered it, its scripts taken
// out, sent Brotli-compressed. Reports per page the median of BENCH_RUNS runs (3 by default): the
// performance, accessibility, best-practices and SEO scores, first and largest contentful paint,
// total blocking time, layout shift, speed index, and the bytes transferred (all, and scripts), app and static page side by side.
//
// Each Lighthouse run is the `lighthouse` CLI in a process of its own, launching the bundled
// Chromium (@sparticuz/chromium, as web/test) with a fresh profile: a cold cache every time.
// Goal: performance at least 95 on every page, FCP under 1.8 s, accessibility and best practices 100.
import express from "express";
import { createServer } from "node:http";
import { spawn } from "node:child_process";
import path from "node:path";
import { writeFile } from "node:fs/promises";
import { brotliCompressSync } from "node:zlib";
import sparticuz from "@sparticuz/chromium";
import { createApp } from "../server/app.ts";
import { launchBrowser } from "../web/test/support/chromium.ts";
import { benchDatabase, listen, report, seedClimbingSets, seedWorkouts, signUpLifter } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = [
  { name: "home", path: "/", signedIn: true },
  { name: "log", path: "/log", signedIn: true },
  { name: "progress", path: "/progress", signedIn: true },
  { name: "sign-in", path: "/sign-in", signedIn: false },
];
const ONLY = process.env.BENCH_PAGES?.split(",");
// BENCH_APP_ONLY=1: the app's runs alone (no static pages), for a quick look while changing it.
const APP_ONLY = !!process.env.BENCH_APP_ONLY;
// BENCH_BASELINE_DIST=<a web build folder> (a copy of an earlier web/.builds/<id>): that build,
// served by a second app on the same database, measured in the same rounds (a before beside the after).
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const LIGHTHOUSE = path.resolve(import.meta.dirname, "../node_modules/lighthouse/cli/index.js");
const EXERCISES = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"];
// Flags web/test/support/chromium.ts drops too; the headless mode is given plainly (the CLI splits on spaces).
const DROPPED_FLAGS = ["--single-process", "--disable-web-security", "--allow-running-insecure-content"];

type Figures = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKB: number;
  scriptKB: number;
};

const debug = (m: string) => process.env.BENCH_DEBUG && process.stderr.write(`lighthouse bench: ${m}\n`);

/** One Lighthouse run of `url` in a process of its own; the report's figures. */
async function lighthouse(url: string, cookie: string | null): Promise<Figures> {
  const chromeFlags = [
    ...sparticuz.args.filter((f) => !DROPPED_FLAGS.includes(f) && !f.startsWith("--headless")),
    "--headless=shell",
    "--disable-background-networking",
    "--no-first-run",
  ];
  const args = [
    LIGHTHOUSE,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${chromeFlags.join(" ")}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const env = { ...process.env, CHROME_PATH: await sparticuz.executablePath() };
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
  const lhr = JSON.parse(out);
  // BENCH_LIGHTHOUSE_DIR keeps each run's whole report, for its opportunities and diagnostics.
  if (process.env.BENCH_LIGHTHOUSE_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    await writeFile(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), out);
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => summary.find((i: { resourceType: string }) => i.resourceType === type)?.transferSize;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Figures["scores"],
    fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    cls: +lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
    speedIndexMs: Math.round(lhr.audits["speed-index"].numericValue),
    transferKB: +((bytes("total") ?? lhr.audits["total-byte-weight"].numericValue) / 1024).toFixed(1),
    scriptKB: +((bytes("script") ?? 0) / 1024).toFixed(1),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The median of each figure over the runs (the upper middle of an even count). */
function medians(runs: Figures[]): Figures {
  const of = (f: (r: Figures) => number) => median(runs.map(f));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, of((r) => r.scores[c])])) as Figures["scores"],
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    speedIndexMs: of((r) => r.speedIndexMs),
    transferKB: of((r) => r.transferKB),
    scriptKB: of((r) => r.scriptKB),
  };
}

/** Each page as the app rendered it (a phone's viewport), without its scripts: the same content in plain HTML. */
async function staticPages(url: string, cookie: string): Promise<Map<string, string>> {
  const browser = await launchBrowser();
  const pages = new Map<string, string>();
  try {
    for (const p of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
      if (p.signedIn) await context.addCookies([{ name: "svc_session", value: cookie, url }]);
      const page = await context.newPage();
      await page.goto(`${url}${p.path}`, { waitUntil: "networkidle" });
      await page.locator("main h1").first().waitFor();
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      pages.set(
        p.name,
        `<!doctype html>${html
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
          .replace(/<link rel="modulepreload"[^>]*>/g, "")}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

/** A year of training three times a week, and a bodyweight every week. */
async function seedHistory(db: Awaited<ReturnType<typeof benchDatabase>>, userId: string) {
  await seedWorkouts(db.ownerPool, userId, {
    count: 156,
    dateOfN: "current_date - 365 + (n * 7) / 3",
    exercises: EXERCISES,
  });
  await seedClimbingSets(db.ownerPool, userId, 4);
  await db.ownerPool.query(
    `insert into app_public.bodyweights (user_id, date, weight, unit)
     select $1, current_date - 7 * n, 80 + (n % 5) * 0.5, 'kg' from generate_series(0, 51) n`,
    [userId],
  );
  await db.ownerPool.query("analyze");
}

export async function run() {
  const db = await benchDatabase("lighthouse");
  try {
    const app = await createApp({ pools: db.pools });
    const outer = express();
    const statics = new Map<string, Buffer>();
    // The static pages on the same Express process, Brotli-compressed like the app's own files.
    outer.get("/bench-static/:name", (req, res, next) => {
      const body = statics.get(req.params.name);
      if (!body) return next();
      res.type("html").set({ "cache-control": "no-cache", "content-encoding": "br", vary: "Accept-Encoding" });
      res.send(body);
    });
    outer.use(app.app);
    const server = createServer(outer);
    const url = await listen(server);
    const { token, user } = await signUpLifter(url, "Bench Lifter", "lighthouse@bench.test");
    await seedHistory(db, user.id);
    if (!APP_ONLY)
      for (const [name, html] of await staticPages(url, token)) statics.set(name, brotliCompressSync(html));
    const baseline = BASELINE_DIST ? await createApp({ pools: db.pools, webDist: BASELINE_DIST }) : null;
    const baselineServer = baseline ? createServer(baseline.app) : null;
    const baselineUrl = baselineServer ? await listen(baselineServer) : null;
    debug(`listening at ${url}, static pages ready`);

    for (const p of PAGES.filter((p) => !ONLY || ONLY.includes(p.name))) {
      const appRuns: Figures[] = [];
      const staticRuns: Figures[] = [];
      const baselineRuns: Figures[] = [];
      const cookie = p.signedIn ? `svc_session=${token}` : null;
      // Sides alternate, so a noisy machine's drift hits both alike.
      for (let i = 0; i < RUNS; i++) {
        appRuns.push(await lighthouse(`${url}${p.path}`, cookie));
        if (!APP_ONLY) staticRuns.push(await lighthouse(`${url}/bench-static/${p.name}`, null));
        if (baselineUrl) baselineRuns.push(await lighthouse(`${baselineUrl}${p.path}`, cookie));
        debug(
          `${p.path} run ${i + 1}: ${JSON.stringify(appRuns.at(-1))} baseline ${JSON.stringify(baselineRuns.at(-1))}`,
        );
      }
      const appFigures = medians(appRuns);
      const staticFigures = staticRuns.length ? medians(staticRuns) : null;
      report({
        benchmark: `lighthouse mobile: ${p.path} (median of ${RUNS})`,
        app: appFigures,
        staticPage: staticFigures,
        ...(baselineRuns.length ? { baseline: medians(baselineRuns) } : {}),
        ...(staticFigures && {
          fcpRatio: +(appFigures.fcpMs / staticFigures.fcpMs).toFixed(2),
          lcpRatio: +(appFigures.lcpMs / staticFigures.lcpMs).toFixed(2),
        }),
        goal: { performance: 95, fcpMs: 1800, accessibility: 100, bestPractices: 100 },
      });
    }
    for (const s of [server, baselineServer]) {
      if (!s) continue;
      await new Promise((resolve) => s.close(resolve));
      s.closeAllConnections();
    }
    await app.close();
    await baseline?.close();
  } finally {
    await db.stop();
  }
}
