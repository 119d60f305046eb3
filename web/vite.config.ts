// Vite builds the app into web/dist, which the Express app serves at / (server/http/web-app.ts).
// In `npm run dev` the same config runs as middleware inside the Express process.
import { defaultClientConditions, defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { MANIFEST, THEME_COLOR } from "./pwa-manifest.ts";
import { inlineEntryStyles } from "./inline-styles.ts";
import { preloadAppFromShell } from "./shell-first.ts";

export default defineConfig({
  root: import.meta.dirname,
  // @svc/sdk from its TypeScript source (sdk/package.json's "svc-source" export condition), not its build.
  resolve: { conditions: ["svc-source", ...defaultClientConditions] },
  plugins: [
    react(),
    {
      name: "theme-color",
      // The browser's bar in the manifest's colour, from its one home.
      transformIndexHtml: () => [
        { tag: "meta", attrs: { name: "theme-color", content: THEME_COLOR }, injectTo: "head" },
      ],
    },
    // The entry's stylesheet inside index.html: the first paint waits for no second request.
    inlineEntryStyles(),
    // The app's code fetched from the start though src/boot.ts runs it only after the shell has painted.
    preloadAppFromShell(),
    // Installable and offline: manifest.webmanifest from pwa-manifest.ts, and sw/sw.ts built to
    // /sw.js with the list of every built file to keep (injectManifest: our own small worker, so
    // what it caches is written down, not configured). No service worker in development.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      // Registered from src/update (an inline script would break the Content-Security-Policy).
      injectRegister: false,
      manifest: MANIFEST,
      injectManifest: {
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
        // A classic script: registered without `type: "module"`, which some browsers lack for workers.
        rollupFormat: "iife",
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Hashed file names under /assets/ are cached for a year by the server.
    assetsDir: "assets",
    target: "es2022",
    // No inline module preload polyfill: the Content-Security-Policy allows scripts from our origin only.
    modulePreload: { polyfill: false },
  },
});
