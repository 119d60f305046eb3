// The app's icons, drawn once as SVG and rendered to the PNG sizes the web manifest and iOS ask for
// by the headless Chromium the browser tests use (no image library needed). Run after changing the
// drawing: `node web/scripts/icons.ts`; the files in web/public/ are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../test/support/chromium.ts";
import { BACKGROUND_COLOR, THEME_COLOR, ICONS } from "../pwa-manifest.ts";

const PUBLIC = path.resolve(import.meta.dirname, "../public");

/** A barbell on the theme colour: rounded corners for `any`, full bleed for `maskable`. */
export function iconSvg({ maskable }: { maskable: boolean }): string {
  // A maskable icon's content must fit the central circle of 40 % radius (the safe zone); the
  // barbell's farthest corner is 193 units from the centre of 512 (204.8 allowed).
  const background = maskable
    ? `<rect width="512" height="512" fill="${THEME_COLOR}"/>`
    : `<rect width="512" height="512" rx="112" fill="${THEME_COLOR}"/>`;
  const plate = (x: number, w: number, h: number) =>
    `<rect x="${x}" y="${256 - h / 2}" width="${w}" height="${h}" rx="10" fill="${BACKGROUND_COLOR}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}<rect x="64" y="244" width="384" height="24" rx="12" fill="${BACKGROUND_COLOR}"/>${plate(104, 30, 136)}${plate(140, 34, 200)}${plate(338, 34, 200)}${plate(378, 30, 136)}</svg>\n`;
}

async function render() {
  mkdirSync(PUBLIC, { recursive: true });
  writeFileSync(path.join(PUBLIC, "favicon.svg"), iconSvg({ maskable: false }));
  const browser = await launchBrowser();
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      // iOS fills a transparent corner with black: its icon is full bleed like a maskable one.
      const svg = iconSvg({ maskable: icon.purpose !== "any" });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${svg}`,
      );
      await page.screenshot({ path: path.join(PUBLIC, icon.file), omitBackground: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) await render();
