// @svc/sdk as a package, the way someone outside this repository gets it: `npm pack` (its prepack
// builds dist/: ESM JavaScript and .d.ts), installed from the tarball into a project in a temp
// folder, run on Node 20 (the npm package node@20, whatever Node this repository pins) against a
// real server, type-checked as a TypeScript consumer, and bundled for a browser and run in Chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { useTestServer } from "../../test/support/harness.ts";
import { launchBrowser } from "../../web/test/support/chromium.ts";

const SDK = path.resolve(import.meta.dirname, "..");
const TSC = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsc");
const VITE = path.resolve(import.meta.dirname, "../../node_modules/vite/dist/node/index.js");
const s = useTestServer();

type Ran = { code: number | null; stdout: string; stderr: string };
/** Runs a command outside the repository's environment (no NODE_OPTIONS, no conditions). */
function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const child = spawn(command, args, { cwd: options.cwd, env: { ...env, ...options.env }, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let folder: string;
let project: string;
let tarball: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "svc-sdk-package-"));
  const packed = await run("npm", ["pack", "--pack-destination", folder, "--json"], { cwd: SDK });
  expect(packed).toMatchObject({ code: 0 });
  tarball = path.join(folder, JSON.parse(packed.stdout)[0].filename);
  project = path.join(folder, "project");
  mkdirSync(project);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "outside", private: true, type: "module" }));
  const installed = await run("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: project });
  expect(installed).toMatchObject({ code: 0 });
}, 600_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("the tarball holds the build (JavaScript, .d.ts, the schemas), not the TypeScript source", async () => {
  const listed = await run("tar", ["-tzf", tarball], { cwd: folder });
  const files = listed.stdout.split("\n").filter(Boolean);
  for (const file of [
    "package/dist/index.js",
    "package/dist/index.d.ts",
    "package/dist/graphql-env.d.ts",
    "package/dist/documents/index.js",
    "package/dist/documents/workout.schema.json",
    "package/dist/import/index.js",
    "package/dist/mcp/tools.js",
    "package/schema.graphql",
    "package/package.json",
  ]) {
    expect(files).toContain(file);
  }
  expect(files.filter((f) => f.startsWith("package/src/") || (f.endsWith(".ts") && !f.endsWith(".d.ts")))).toEqual([]);
});

test("installed outside the repository, it runs on Node 20 against a real server; exerciseProgress takes a name", async () => {
  writeFileSync(
    path.join(project, "use.mjs"),
    `import { createClient, AmbiguousExerciseError, NotFoundError } from "@svc/sdk";
import { parseSet, validateWorkoutDocument } from "@svc/sdk/documents";
import { parseImport } from "@svc/sdk/import";
const url = process.env.SVC_URL;
const email = "package" + Date.now() + "@example.com";
const { token } = await createClient({ url }).auth.signUp({ name: "Package", email, password: "correct horse battery" });
const client = createClient({ url, token });
const workout = { date: "2026-03-02", unit: "kg", exercises: [{ exercise: "Bench Press", sets: ["100x5", "105x3"] }] };
const saved = await client.applyWorkoutDocument(workout);
const byName = await client.exerciseProgress("Bench Press");
const [resolved] = await client.resolveExercises(["Bench Press"]);
const byId = await client.exerciseProgress(resolved.exercise.id);
const refusals = [];
for (const name of ["press", "qqqqqqqqqqqq"]) {
  try { await client.exerciseProgress(name); } catch (e) { refusals.push([e.name, e instanceof AmbiguousExerciseError || e instanceof NotFoundError]); }
}
console.log(JSON.stringify({
  node: process.version,
  created: saved.created,
  viewer: (await client.viewer()).email === email,
  sessions: byName.e1rmSeries.length,
  same: JSON.stringify(byName) === JSON.stringify(byId),
  refusals,
  set: parseSet("100x5@8").ok,
  valid: validateWorkoutDocument(workout).valid,
  invalid: validateWorkoutDocument({ date: "2026-02-30", exercises: [] }).path,
  imported: parseImport("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\\n2026-04-06 17:18:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,\\n", { timeZone: "UTC" }).workouts.length,
}));
`,
  );
  const ran = await run("npx", ["-y", "node@20", "use.mjs"], { cwd: project, env: { SVC_URL: s.url } });
  expect(ran).toMatchObject({ code: 0 });
  expect(JSON.parse(ran.stdout.trim().split("\n").at(-1)!)).toEqual({
    node: expect.stringMatching(/^v20\./),
    created: true,
    viewer: true,
    sessions: 1,
    same: true,
    refusals: [
      ["AmbiguousExerciseError", true],
      ["NotFoundError", true],
    ],
    set: true,
    valid: true,
    invalid: "date",
    imported: 1,
  });
}, 300_000);

test("a TypeScript project type-checks against its .d.ts", async () => {
  writeFileSync(
    path.join(project, "typed.ts"),
    `import { createClient, type SvcClient } from "@svc/sdk";
import { parseSet, type ParsedSet } from "@svc/sdk/documents";
const client: SvcClient = createClient({ url: "https://log.example.com" });
const set: ParsedSet | null = (() => { const p = parseSet("100x5"); return p.ok ? p.value : null; })();
const progress: Promise<{ e1rmSeries: unknown[] }> = client.exerciseProgress("Bench Press");
// @ts-expect-error: a number is no exercise
client.exerciseProgress(5);
export { set, progress };
`,
  );
  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { module: "nodenext", strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ["typed.ts"],
    }),
  );
  const checked = await run(TSC, ["-p", "."], { cwd: project });
  expect(checked).toMatchObject({ code: 0, stdout: "" });
}, 120_000);

test("bundled for a browser (no Node built-ins), it runs in Chromium", async () => {
  writeFileSync(
    path.join(project, "browser.js"),
    `import { createClient } from "@svc/sdk";
import { parseSet, formatSet, validateWorkoutDocument } from "@svc/sdk/documents";
const parsed = parseSet("bw+10x8@8");
window.sdkResult = {
  client: typeof createClient({ url: "https://log.example.com" }).workouts,
  set: parsed.ok ? formatSet(parsed.value) : null,
  invalid: validateWorkoutDocument({ date: "2026-02-30", exercises: [] }).path,
};
`,
  );
  // Vite (this repository's) in its own process, as a web app's build would run it.
  writeFileSync(
    path.join(project, "bundle.mjs"),
    `const { build } = await import(${JSON.stringify(pathToFileURL(VITE).href)});
await build({
  root: ${JSON.stringify(project)},
  configFile: false,
  logLevel: "warn",
  build: { outDir: "bundle", minify: false, lib: { entry: "browser.js", formats: ["es"], fileName: "browser" } },
});
`,
  );
  expect(await run(process.execPath, ["bundle.mjs"], { cwd: project })).toMatchObject({ code: 0 });
  const bundle = readFileSync(path.join(project, "bundle", "browser.js"), "utf8");
  expect(bundle).not.toMatch(/from ["']node:/);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.setContent("<!doctype html><title>bundle</title>");
    await page.addScriptTag({ content: bundle, type: "module" });
    await page
      .waitForFunction(() => (window as unknown as { sdkResult?: unknown }).sdkResult, null, { timeout: 10_000 })
      .catch(() => undefined);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sdkResult: unknown }).sdkResult)).toEqual({
      client: "function",
      set: "bw+10x8@8",
      invalid: "date",
    });
  } finally {
    await browser.close();
  }
}, 300_000);
