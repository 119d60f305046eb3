// Brotli and gzip copies of the built text files, made once at build time at the highest levels
// (too slow to do per request), beside each file as `<name>.br` and `<name>.gz`. The server sends
// the one a browser accepts (precompressed.ts). Run by web-build.ts after Vite, or by hand:
// `node server/http/precompress.ts web/dist`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What compresses: text. Images (PNG) are compressed already; SVG is text. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this a copy saves less than its own headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? builtFiles(file) : [file];
  });
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` that compression makes smaller; returns how many files. */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of builtFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

if (import.meta.filename === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node server/http/precompress.ts <built folder>");
  console.log(`Precompressed ${precompress(path.resolve(dir))} files in ${dir}`);
}
