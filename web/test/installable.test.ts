// Installable: the web manifest is linked and served with its content type, every icon it names is
// a PNG of the size it states, and Chromium itself reads the manifest without errors and finds the
// app installable. The service worker's script is served for update checks (no-cache, scope / with
// no extra header) and the Content-Security-Policy allows it and the manifest from our origin only.
import { ICONS, MANIFEST } from "../pwa-manifest.ts";
import { useBrowserTest, expectAccessible, expectPage } from "./support/browser.ts";

const web = useBrowserTest();

/** Width and height from a PNG's IHDR chunk (bytes 16-23 after the signature and chunk header). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the page links the manifest, the favicon and the iOS icon, and sets the theme colour", async () => {
  const html = await (await fetch(`${web.server.url}/log`, { headers: { accept: "text/html" } })).text();
  expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest">/);
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  expect(html).toContain(`<meta name="theme-color" content="${MANIFEST.theme_color}">`);
});

test("the manifest is served as application/manifest+json with name, standalone display, start, scope, colours and icons", async () => {
  const res = await fetch(`${web.server.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toEqual({
    name: "Training Log",
    short_name: "Training Log",
    description: expect.any(String),
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en",
    theme_color: "#0b57d0",
    background_color: "#fbfbfa",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  });
});

test.each(ICONS.map((icon) => [icon.file, icon.size, icon.size] as const))(
  "the icon /%s is a PNG of %i x %i px",
  async (file, size) => {
    const res = await fetch(`${web.server.url}/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: size, height: size });
  },
);

test("/sw.js is JavaScript revalidated on every check, at the root scope without Service-Worker-Allowed", async () => {
  const res = await fetch(`${web.server.url}/sw.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
  expect(res.headers.get("cache-control")).toBe("no-cache");
  expect(res.headers.get("service-worker-allowed")).toBeNull();
  // The list of files to keep was written into it at build time.
  const script = await res.text();
  expect(script).not.toContain("self.__WB_MANIFEST");
  expect(script).toMatch(/"?url"?:\s*"index\.html"/);
});

test("the Content-Security-Policy allows the service worker and the manifest from our origin only", async () => {
  for (const address of ["/", "/sw.js", "/manifest.webmanifest"]) {
    const csp = (await fetch(`${web.server.url}${address}`)).headers.get("content-security-policy") ?? "";
    expect([address, csp]).toEqual([address, expect.stringMatching(/(^|;)worker-src 'self'(;|$)/)]);
    expect(csp).toMatch(/(^|;)manifest-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)default-src 'self'(;|$)/);
  }
});

test("Chromium reads the manifest without errors and finds the app installable", async () => {
  const { context, page } = await web.newPage(undefined, { serviceWorkers: "allow" });
  await page.goto("/sign-in");
  await expectPage(page, "Sign in");
  const cdp = await context.newCDPSession(page);
  const read = (await cdp.send("Page.getAppManifest")) as {
    url: string;
    errors: { message: string; critical: number }[];
    manifest?: { name?: string; display?: string; startUrl?: string; icons?: { url: string; sizes?: string }[] };
  };
  expect(read.url).toBe(`${web.server.url}/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  // As Chromium understood it.
  expect(read.manifest?.name).toBe("Training Log");
  expect(read.manifest?.display).toBe("kStandalone");
  expect(read.manifest?.startUrl).toBe(`${web.server.url}/`);
  expect(read.manifest?.icons?.map((icon) => [new URL(icon.url).pathname, icon.sizes])).toEqual([
    ["/icon-192.png", "192x192"],
    ["/icon-512.png", "512x512"],
    ["/icon-maskable-192.png", "192x192"],
    ["/icon-maskable-512.png", "512x512"],
  ]);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  await expectAccessible(page);
  await context.close();
});
