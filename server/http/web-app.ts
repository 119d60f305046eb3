// The web app (web/) at `/`, from the same process and origin as /api, so the HttpOnly session
// cookie is its credential. Production: the Vite build in web/dist, rebuilt first when missing or
// older than its sources; hashed /assets/* cached for a year, every other page address answered
// with index.html (history fallback) so deep links work. Development: Vite as middleware, with
// live reload. Paths under /api/ are never answered here: they stay the API's JSON 404s.
import express, { type Request, type Response, type NextFunction } from "express";
import type { Server } from "node:http";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { precompressedFile } from "./precompressed.ts";
import { setPagePolicy } from "./page-policy.ts";

export const WEB_ROOT = path.resolve(import.meta.dirname, "../../web");
export const WEB_DIST = path.join(WEB_ROOT, "dist");
const VITE_CONFIG = path.join(WEB_ROOT, "vite.config.ts");
/** Written after a build: when its sources were read (ms since the epoch). */
const STAMP = ".built-from";
/** What the build reads: the app, its service worker, icons and manifest, its config, and the SDK's document validation it bundles. */
const SOURCES = [
  path.join(WEB_ROOT, "src"),
  path.join(WEB_ROOT, "sw"),
  path.join(WEB_ROOT, "public"),
  path.join(WEB_ROOT, "index.html"),
  path.join(WEB_ROOT, "pwa-manifest.ts"),
  path.join(WEB_ROOT, "inline-styles.ts"),
  VITE_CONFIG,
  path.join(import.meta.dirname, "precompress.ts"),
  path.join(WEB_ROOT, "package.json"),
  path.resolve(WEB_ROOT, "../../sdk/src"),
  path.resolve(WEB_ROOT, "../../sdk/package.json"),
];

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

/** Why the build must be (re)made, or null when web/dist is current. */
export function staleReason(): string | null {
  const stampFile = path.join(WEB_DIST, STAMP);
  if (!existsSync(path.join(WEB_DIST, "index.html")) || !existsSync(stampFile)) return "the web app has not been built";
  const builtFrom = Number(readFileSync(stampFile, "utf8"));
  const newest = Math.max(...SOURCES.filter((s) => existsSync(s)).map(newestChange));
  return newest > builtFrom ? "the web app's sources changed since its last build" : null;
}

let building: Promise<void> | null = null;

const BUILD_SCRIPT = path.join(import.meta.dirname, "web-build.ts");

/**
 * Vite's production build into `outDir`, in a process of its own: the tooling (and the ~270 MiB a
 * build leaves resident) never stays in a serving process.
 */
function viteBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Vite follows NODE_ENV over its mode: under Jest (NODE_ENV=test) it would bundle React's
    // development build. This is always the production build.
    const child = spawn(process.execPath, [BUILD_SCRIPT, WEB_ROOT, VITE_CONFIG, outDir], {
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (d) => (errors += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`The web app's build failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** Where builds go; web/dist is a symbolic link to the current one. */
const BUILDS = path.join(WEB_ROOT, ".builds");
/** Builds kept besides the current one, for pages already loaded from them. */
const KEEP_BUILDS = 3;

/** Points web/dist at `build` in one rename, so no request ever finds it missing or half built. */
function publish(build: string) {
  if (existsSync(WEB_DIST) && !lstatSync(WEB_DIST).isSymbolicLink()) {
    // A plain folder (a `vite build` run by hand): moved aside once.
    renameSync(WEB_DIST, path.join(BUILDS, `manual-${Date.now()}`));
  }
  const link = `${WEB_DIST}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(path.relative(WEB_ROOT, build), link);
  renameSync(link, WEB_DIST);
  const old = readdirSync(BUILDS)
    .map((name) => path.join(BUILDS, name))
    .filter((dir) => dir !== build)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .slice(KEEP_BUILDS);
  for (const dir of old) rmSync(dir, { recursive: true, force: true });
}

/**
 * Builds the web app when web/dist is missing or stale: into a folder of its own under
 * web/.builds, then web/dist is pointed at it. Processes building at once each finish their own.
 */
export async function ensureWebBuild(say: (message: string) => void = () => {}): Promise<void> {
  const reason = staleReason();
  if (!reason) return;
  building ??= (async () => {
    say(`Building the web app (${reason})…`);
    const startedAt = Date.now();
    const outDir = path.join(BUILDS, `${startedAt}-${process.pid}`);
    mkdirSync(BUILDS, { recursive: true });
    await viteBuild(outDir);
    writeFileSync(path.join(outDir, STAMP), String(startedAt));
    publish(outDir);
    say(`Built the web app in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  })().finally(() => {
    building = null;
  });
  return building;
}

const isApiPath = (p: string) => p === "/api" || p.startsWith("/api/");

/** An asset's Brotli or gzip copy when the browser takes one: express.static then serves that file. */
function precompressedAssets(assets: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = path.join(assets, path.normalize(req.path));
    if (!file.startsWith(assets + path.sep) || !existsSync(file)) return next();
    const sent = precompressedFile(req, res, file);
    if (sent !== file) req.url = `${req.path}${sent.slice(file.length)}`;
    next();
  };
}

/** What status a page address answers with (server/http/page-status.ts); 200 when not given. */
type PageStatus = (pagePath: string) => Promise<number>;

/** The built app in `dist`: static files, then index.html for any other page address. */
function servedBuild(dist: string, pageStatus: PageStatus) {
  const router = express.Router();
  const assets = path.join(dist, "assets");
  // Vite puts a content hash in every asset name: a changed file is a new address.
  router.use(
    "/assets",
    precompressedAssets(assets),
    express.static(assets, { immutable: true, maxAge: "365d", index: false, fallthrough: true }),
  );
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (isApiPath(req.path) || req.path.startsWith("/assets/")) return next();
    const file = path.join(dist, req.path === "/" ? "index.html" : path.normalize(req.path));
    const isTopFile =
      file.startsWith(dist + path.sep) &&
      path.dirname(file) === dist &&
      existsSync(file) &&
      !path.basename(file).startsWith(".");
    // Pages must be revalidated, so a new build's asset names reach the browser at once; so must
    // /sw.js, so the browser's update check sees a new version (served from the top: scope / with
    // no Service-Worker-Allowed header).
    res.set("Cache-Control", "no-cache");
    const page = path.join(dist, "index.html");
    if (isTopFile && file !== page) return res.sendFile(precompressedFile(req, res, file), { dotfiles: "deny" });
    if (file !== page && !req.accepts("html")) return next();
    // The page, at any page address; its inline stylesheet allowed by its hash.
    setPagePolicy(req, res, page);
    try {
      res.status(await pageStatus(req.path));
    } catch (error) {
      return next(error);
    }
    res.sendFile(precompressedFile(req, res, page), (error) => error && next(error));
  });
  return router;
}

type ViteDevServer = { middlewares: express.RequestHandler; close: () => Promise<void> };

/** Vite as middleware (`npm run dev`), started on the first page request: API-only uses never pay for it. */
function devMiddleware(server: Server) {
  let vite: Promise<ViteDevServer> | null = null;
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) return next();
    try {
      vite ??= import("vite").then(
        ({ createServer }) =>
          createServer({
            root: WEB_ROOT,
            configFile: VITE_CONFIG,
            appType: "spa",
            server: { middlewareMode: true, hmr: { server } },
          }) as Promise<ViteDevServer>,
      );
      const dev = await vite;
      // The React refresh runtime is an inline script: allowed in development only.
      res.setHeader("Content-Security-Policy", DEV_CSP);
      dev.middlewares(req, res, next);
    } catch (error) {
      next(error);
    }
  };
  return { handler, close: async () => (vite ? (await vite).close() : undefined) };
}

const DEV_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * The web app's routes, mounted after the API; `close` stops the dev server if one started.
 * `dist`: a build made elsewhere to serve instead of web/dist (a test deploys a second version).
 */
export async function webApp({
  dev,
  server,
  say,
  dist,
  pageStatus = async () => 200,
}: {
  dev: boolean;
  server: Server;
  say?: (message: string) => void;
  dist?: string;
  pageStatus?: PageStatus;
}) {
  if (dev) {
    const { handler, close } = devMiddleware(server);
    return { handler: handler as express.RequestHandler, close };
  }
  if (!dist) await ensureWebBuild(say);
  return { handler: servedBuild(dist ?? WEB_DIST, pageStatus), close: async () => {} };
}
