// `npm run dev` as a developer runs it (a child process, like test/server/start.test.ts): the Express app
// with Vite as middleware (live reload), the API unchanged, the app running in a browser.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase } from "../../test/support/harness.ts";
import { launchBrowser, newPage, expectPage, type Browser } from "./support/browser.ts";

const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess;
let exited: Promise<unknown>;
let url: string;
let browser: Browser | undefined;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const db = await freshDatabase();
  dropDatabase = db.drop;
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  let out = "";
  child = spawn("npm", ["run", "dev"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: db.ownerUrl, NODE_OPTIONS: "", SVC_LOG: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  exited = new Promise((resolve) => child.on("exit", resolve));
  const t0 = Date.now();
  while (!/running at/.test(out)) {
    if (Date.now() - t0 > 60000 || child.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90000);

afterAll(async () => {
  await browser?.close();
  child?.kill("SIGTERM");
  await exited;
  await dropDatabase?.();
});

test("pages come from Vite with its live-reload client; /api stays the API", async () => {
  const page = await fetch(`${url}/routines/Push`, { headers: { accept: "text/html" } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('src="/@vite/client"');
  expect(html).toContain('src="/src/boot.ts"');
  const home = await fetch(`${url}/`, { headers: { accept: "text/html" } });
  expect(await home.text()).toContain("/src/boot.ts");
  const source = await fetch(`${url}/src/main.tsx`);
  expect(source.headers.get("content-type")).toMatch(/javascript/);
  const api = await fetch(`${url}/api/nope`, { headers: { accept: "text/html" } });
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ code: "NOT_FOUND", message: "No such route" });
  const graphiql = await fetch(`${url}/api/graphql`, { headers: { accept: "text/html" } });
  expect(await graphiql.text()).toMatch(/ruru/i);
}, 60000);

test("the app runs in a browser from the dev server", async () => {
  browser = await launchBrowser();
  const { page } = await newPage(browser, url);
  await page.goto("/");
  await expectPage(page, "Sign in");
}, 120000);
