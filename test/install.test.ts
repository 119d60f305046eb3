// What a fresh `npm install` relies on, checked from the files npm reads: every install script
// in the lockfile reviewed, the pinned Node able to run every workspace, and the README's words.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const pkg = json("package.json");
const lock = json("package-lock.json");

/** The lowest version a `>=X.Y` range admits, as numbers. */
function floorOf(range: string): number[] {
  const match = /^>=(\d+)(?:\.(\d+))?$/.exec(range);
  if (!match) throw new Error(`not a ">=X.Y" range: ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0)];
}
const atLeast = (version: number[], floor: number[]) =>
  version[0] > floor[0] || (version[0] === floor[0] && version[1] >= floor[1]);

test("every locked package with install scripts is reviewed in allowScripts", () => {
  const withScripts = Object.entries<{ hasInstallScript?: boolean }>(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.replace(/^.*node_modules\//, ""));
  expect(withScripts.length).toBeGreaterThan(3);
  const unreviewed = withScripts.filter((name) => typeof pkg.allowScripts[name] !== "boolean");
  expect(unreviewed).toEqual([]);
});

test("the pinned Node runs every workspace that states an engine", () => {
  const pinned = lock.packages["node_modules/node"].version.split(".").map(Number);
  const workspaces = ["", ...pkg.workspaces].map((dir) => (dir ? `${dir}/package.json` : "package.json"));
  const ranges = workspaces.map((file) => json(file).engines?.node).filter(Boolean);
  expect(ranges.length).toBe(workspaces.length);
  for (const range of ranges) expect(atLeast(pinned, floorOf(range))).toBe(true);
});

test("the README states the Node and npm that devEngines requires to install", () => {
  const { runtime, packageManager } = pkg.devEngines;
  expect([runtime.name, packageManager.name]).toEqual(["node", "npm"]);
  const [nodeMajor] = floorOf(runtime.version);
  const [npmMajor] = floorOf(packageManager.version);
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  expect(readme).toContain(`Needs Node.js ${nodeMajor} or newer and npm ${npmMajor} to install`);
});
