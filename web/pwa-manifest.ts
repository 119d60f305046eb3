// What the installed app is called and how it looks: the web manifest's fields (vite.config.ts
// writes manifest.webmanifest from them) and the icon files (web/scripts/icons.ts draws them into
// web/public/). The tests read the same list to check every icon is served at its stated size.
import { APP_NAME } from "./src/appName.ts";

/** The accent of the light theme (styles.css --accent): the icon's background and the status bar. */
export const THEME_COLOR = "#0b57d0";
/** The light theme's page background (styles.css --bg): the splash screen behind the icon. */
export const BACKGROUND_COLOR = "#fbfbfa";

type Icon = { file: string; size: number; purpose: "any" | "maskable" | "apple-touch-icon" };

export const ICONS: readonly Icon[] = [
  { file: "icon-192.png", size: 192, purpose: "any" },
  { file: "icon-512.png", size: 512, purpose: "any" },
  { file: "icon-maskable-192.png", size: 192, purpose: "maskable" },
  { file: "icon-maskable-512.png", size: 512, purpose: "maskable" },
  // iOS reads no manifest icons: it takes <link rel="apple-touch-icon"> and rounds the corners itself.
  { file: "apple-touch-icon.png", size: 180, purpose: "apple-touch-icon" },
];

export const MANIFEST = {
  name: APP_NAME,
  short_name: APP_NAME,
  description: "Log workouts at the gym, follow your routines and programs, see your progress.",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  lang: "en",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: ICONS.filter((icon) => icon.purpose !== "apple-touch-icon").map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: "image/png",
    purpose: icon.purpose,
  })),
} as const;
