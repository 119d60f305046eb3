// A Vite plugin for the build: the app's code (src/main.tsx and every module it imports) named in
// index.html as modulepreloads. The page's entry is src/boot.ts, which imports main.tsx only after
// the static shell has painted; without these links the browser would start fetching the app only
// then, a round trip later. With them the files load from the start and only wait to be evaluated.
import type { Plugin } from "vite";

type Output = { type: "chunk"; fileName: string; facadeModuleId: string | null; imports: string[] } | { type: "asset" };

const APP_MODULE = "/src/main.tsx";

/** The chunk of `main.tsx` and every chunk it imports statically, in load order. */
function appChunks(bundle: Record<string, Output>): string[] {
  const main = Object.values(bundle).find((o) => o.type === "chunk" && o.facadeModuleId?.endsWith(APP_MODULE));
  if (main?.type !== "chunk") return [];
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (files.includes(fileName)) return;
    files.push(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === "chunk") chunk.imports.forEach(visit);
  };
  visit(main.fileName);
  return files;
}

export function preloadAppFromShell(): Plugin {
  return {
    name: "shell-first",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const page = bundle["index.html"];
      if (page?.type !== "asset" || typeof page.source !== "string") return;
      const html = page.source;
      const links = appChunks(bundle)
        .filter((file) => !html.includes(`"/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      if (!links.length) throw new Error(`shell-first: no chunk of ${APP_MODULE} in the build`);
      page.source = html.replace("</head>", `${links.join("\n    ")}\n  </head>`);
    },
  };
}
