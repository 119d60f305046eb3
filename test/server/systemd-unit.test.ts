// docs/deploy/training-log.service, the documented systemd unit: systemd's own parser accepts every
// line of it (systemd-analyze verify, with this checkout and this Node.js in place of /opt and
// /usr/bin/node), and it runs what `npm start` runs. Skipped, saying so, without systemd-analyze.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { HTTP_GRACE_MS } from "../../server/process/shutdown.ts";

const root = path.resolve(import.meta.dirname, "../..");
const unit = readFileSync(path.join(root, "docs/deploy/training-log.service"), "utf8");
const ANALYZE = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find(
  (file) => spawnSync(file, ["--version"]).status === 0,
);
if (!ANALYZE)
  process.stderr.write("\ntest/server/systemd-unit.test.ts SKIPPED verify: systemd-analyze is not installed\n\n");

/** The unit's value of `key` (the last one given, as systemd reads it). */
const setting = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((m) => m[1]).at(-1);

(ANALYZE ? test : test.skip)("systemd-analyze verify finds nothing to say about it", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-unit-"));
  try {
    const local = unit
      .replaceAll("/opt/training-log", root)
      .replace("ExecStart=/usr/bin/node", `ExecStart=${process.execPath}`)
      .replace(/^User=.*$/m, `User=${userInfo().username}`)
      .replace(/^Group=.*$/m, "");
    const file = path.join(dir, "training-log.service");
    writeFileSync(file, local);
    const verified = spawnSync(ANALYZE!, ["verify", file], { encoding: "utf8" });
    expect(verified.stderr + verified.stdout).toBe("");
    expect(verified.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("it runs what npm start runs, signals the primary alone and waits for its shutdown", () => {
  const start = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start as string;
  const [, env, command] = /^((?:\w+=\S+ )+)exec node (.*)$/.exec(start)!;
  expect(setting("ExecStart")).toBe(`/usr/bin/node ${command}`);
  for (const pair of env.trim().split(" ")) expect(unit).toMatch(new RegExp(`^Environment=.*\\b${pair}\\b`, "m"));
  expect(setting("KillMode")).toBe("mixed");
  expect(setting("KillSignal")).toBe("SIGTERM");
  // The server exits within 10 s of SIGTERM (test/server/shutdown.test.ts); systemd must not kill it first.
  expect(Number(setting("TimeoutStopSec")) * 1000).toBeGreaterThan(HTTP_GRACE_MS + 3000);
  expect(setting("Restart")).toBe("on-failure");
});
