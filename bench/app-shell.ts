// The app shell's transfer size, before and after the app became installable and offline: the
// files a first visit's page names in its HTML (index.html, the entry script and the chunks it
// preloads, the stylesheet, and now the manifest and icons), raw and gzip (level 9; the server
// sends them uncompressed, a proxy in front may gzip). The baseline is the web app as it was in the
// commit before web/sw/sw.ts was added, built here with the same Vite; the ratio is after/before.
// A second line: what the service worker downloads once to work offline (every built file) and
// the registration code, loaded after the page.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { WEB_DIST, ensureWebBuild } from "../server/http/web-app.ts";
import { report } from "./support.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

export const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

/** The commit before the service worker arrived (or BENCH_SHELL_BASE). */
function baselineCommit(): string {
  if (process.env.BENCH_SHELL_BASE) return process.env.BENCH_SHELL_BASE;
  const added = git("log", "--diff-filter=A", "--format=%H", "--", "web/sw/sw.ts").split("\n").pop();
  if (!added) throw new Error("web/sw/sw.ts has no history here: set BENCH_SHELL_BASE to a commit");
  return git("rev-parse", `${added}^`);
}

/**
 * The baseline's web/ built into .tmp/. Its sources are unpacked inside web/ for the build, so its
 * config finds the web workspace's packages (@vitejs/plugin-react), and removed after.
 */
export async function buildBaseline(commit: string): Promise<string> {
  const dist = path.join(ROOT, ".tmp", `app-shell-${commit.slice(0, 12)}`);
  if (existsSync(path.join(dist, "index.html"))) return dist;
  const sources = path.join(ROOT, "web", `.bench-baseline-${commit.slice(0, 12)}`);
  rmSync(sources, { recursive: true, force: true });
  mkdirSync(sources, { recursive: true });
  const nodeEnv = process.env.NODE_ENV;
  try {
    execFileSync("sh", ["-c", `git archive ${commit} web | tar -x -C "${sources}"`], { cwd: ROOT });
    const { build } = await import("vite");
    process.env.NODE_ENV = "production";
    await build({
      root: path.join(sources, "web"),
      configFile: path.join(sources, "web", "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir: dist, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(sources, { recursive: true, force: true });
  }
  return dist;
}

type Sizes = { files: number; bytes: number; gzip: number };

export function sizesOf(dist: string, addresses: string[]): Sizes {
  let bytes = 0;
  let gzip = 0;
  for (const address of addresses) {
    const body = readFileSync(path.join(dist, address === "/" ? "index.html" : address));
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: addresses.length, bytes, gzip };
}

/** index.html and every same-origin file its head names (scripts, preloads, stylesheet, manifest, icons). */
export function shellAddresses(dist: string): string[] {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
  return ["/", ...new Set(named)];
}

export function allFiles(dir: string, prefix = "/"): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".")) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

export const kB = (n: number) => +(n / 1000).toFixed(1);

export async function run() {
  await ensureWebBuild();
  const after = realpathSync(WEB_DIST);
  const commit = baselineCommit();
  const before = await buildBaseline(commit);
  const shellBefore = sizesOf(before, shellAddresses(before));
  const shellAfter = sizesOf(after, shellAddresses(after));
  report({
    benchmark: "app shell: files the first page names in its HTML, transfer size",
    baselineCommit: commit.slice(0, 12),
    before: { files: shellBefore.files, kB: kB(shellBefore.bytes), gzipKB: kB(shellBefore.gzip) },
    after: { files: shellAfter.files, kB: kB(shellAfter.bytes), gzipKB: kB(shellAfter.gzip) },
    ratio: +(shellAfter.gzip / shellBefore.gzip).toFixed(3),
  });

  // Once per version, after the page has loaded: the worker keeps every built file.
  const offline = sizesOf(after, allFiles(after));
  const everythingBefore = sizesOf(before, allFiles(before));
  const registration = allFiles(after).filter((a) => /\/assets\/workbox-window[^/]*\.js$/.test(a));
  const registrationSize = sizesOf(after, registration);
  report({
    benchmark:
      "offline: what a first visit downloads once, after the page, to work offline (every built file and sw.js)",
    after: { files: offline.files, kB: kB(offline.bytes), gzipKB: kB(offline.gzip) },
    wholeBuildBefore: {
      files: everythingBefore.files,
      kB: kB(everythingBefore.bytes),
      gzipKB: kB(everythingBefore.gzip),
    },
    registrationCode: { files: registrationSize.files, gzipKB: kB(registrationSize.gzip) },
    ratio: +(offline.gzip / everythingBefore.gzip).toFixed(3),
  });
}
