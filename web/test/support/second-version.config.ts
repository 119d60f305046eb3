// The app's build (web/vite.config.ts) with one more line in its entry: a real second version
// (a new entry file name, a new page and a new service worker), for web/test/offline-update.test.ts
// to deploy under a running page and to tell apart in it (<html data-build="second">).
import { mergeConfig } from "vite";
import base from "../../vite.config.ts";

export default mergeConfig(base, {
  plugins: [
    {
      name: "second-version",
      transform: (code: string, id: string) =>
        id.endsWith("/src/main.tsx") ? `${code}\ndocument.documentElement.dataset.build = "second";\n` : undefined,
    },
  ],
});
