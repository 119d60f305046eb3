// The web app's production build (Vite), run by server/http/web-app.ts as a process of its own:
// `node server/http/web-build.ts <web root> <vite config> <out dir>`. Then the Brotli and gzip
// copies of its text files (precompress.ts), served by precompressed.ts.
import { build } from "vite";
import { precompress } from "./precompress.ts";

const [root, configFile, outDir] = process.argv.slice(2);
await build({ root, configFile, mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
precompress(outDir);
