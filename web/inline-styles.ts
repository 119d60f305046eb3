// A Vite plugin for the build: the entry's stylesheet written into index.html as a <style>
// element instead of a <link>, so the first paint waits for no second request. The server allows
// that one element by its hash in the page's Content-Security-Policy (server/http/page-policy.ts), so
// the policy still has no 'unsafe-inline'. Styles of pages loaded later stay files of their own.
import type { Plugin } from "vite";

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

export function inlineEntryStyles(): Plugin {
  return {
    name: "inline-entry-styles",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const page = bundle["index.html"];
      if (page?.type !== "asset" || typeof page.source !== "string") return;
      const inlined = new Set<string>();
      page.source = page.source.replace(STYLESHEET_LINK, (link, fileName: string) => {
        const sheet = bundle[fileName];
        if (sheet?.type !== "asset") return link;
        const css = String(sheet.source);
        if (css.includes("</style")) return link;
        inlined.add(fileName);
        return `<style>${css}</style>`;
      });
      // The file goes too, unless a script still names it.
      for (const fileName of inlined) {
        const named = Object.values(bundle).some((o) => o.type === "chunk" && o.code.includes(fileName));
        if (!named) delete bundle[fileName];
      }
    },
  };
}
