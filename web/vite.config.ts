// Vite builds the app into web/dist, which the Express app serves at / (server/web-app.ts).
// In `npm run dev` the same config runs as middleware inside the Express process.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
