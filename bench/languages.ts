// The app shell's transfer size with one language loaded, before and after the web app was
// translated: the files the first page names in its HTML (English, the source, is bundled there),
// plus, for another language, that language's catalogues (one chunk), which the app fetches before its
// first render (web/src/i18n/index.ts). The baseline is the web app of the commit before the
// translation runtime (web/src/i18n/index.ts) was added, built here with the same Vite; gzip
// level 9, as bench/app-shell.ts measures. One line per language; ratio is after/before.
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, SOURCE_LANGUAGE } from "../web/src/i18n/languages.ts";
import { WEB_DIST, ensureWebBuild } from "../server/http/web-app.ts";
import { allFiles, buildBaseline, git, kB, shellAddresses, sizesOf } from "./app-shell.ts";
import { report } from "./support.ts";

/** The commit before the translation runtime arrived (or BENCH_LANGUAGES_BASE). */
function baselineCommit(): string {
  if (process.env.BENCH_LANGUAGES_BASE) return process.env.BENCH_LANGUAGES_BASE;
  const added = git("log", "--diff-filter=A", "--format=%H", "--", "web/src/i18n/index.ts").split("\n").pop();
  if (!added) throw new Error("web/src/i18n/index.ts has no history here: set BENCH_LANGUAGES_BASE to a commit");
  return git("rev-parse", `${added}^`);
}

/** Each language's catalogue chunk, read from the built glob map (`"./catalogues/de.ts":()=>…import("./de-….js")`). */
function catalogueChunks(dist: string): Map<string, string[]> {
  const chunks = new Map<string, string[]>();
  const entry = /"\.\/catalogues\/([A-Za-z-]+)\.ts":\(\)=>[^(]*\(\(\)=>import\([`'"]\.\/([^`'"]+)[`'"]\)/g;
  for (const file of allFiles(dist).filter((a) => a.endsWith(".js"))) {
    for (const [, language, chunk] of readFileSync(path.join(dist, file), "utf8").matchAll(entry)) {
      const list = chunks.get(language) ?? [];
      if (!list.includes(`/assets/${chunk}`)) list.push(`/assets/${chunk}`);
      chunks.set(language, list);
    }
  }
  return chunks;
}

export async function run() {
  await ensureWebBuild();
  const after = realpathSync(WEB_DIST);
  const commit = baselineCommit();
  const beforeDist = await buildBaseline(commit);
  const before = sizesOf(beforeDist, shellAddresses(beforeDist));
  const shell = shellAddresses(after);
  const chunks = catalogueChunks(after);
  for (const language of LANGUAGES) {
    const own = language === SOURCE_LANGUAGE ? [] : (chunks.get(language) ?? []);
    if (language !== SOURCE_LANGUAGE && own.length === 0) throw new Error(`no catalogue chunks found for ${language}`);
    const loaded = sizesOf(after, [...shell, ...own]);
    const catalogue = sizesOf(after, own);
    report({
      benchmark: `languages: app shell with one language loaded (${language}), transfer size`,
      baselineCommit: commit.slice(0, 12),
      before: { files: before.files, gzipKB: kB(before.gzip) },
      after: { files: loaded.files, kB: kB(loaded.bytes), gzipKB: kB(loaded.gzip) },
      catalogue: { files: catalogue.files, gzipKB: kB(catalogue.gzip) },
      ratio: +(loaded.gzip / before.gzip).toFixed(3),
    });
  }
}
