// LOG_FORMAT=json from outside: the real entry point prints only JSON lines, also what libraries
// print through console, node's warnings and an unhandled rejection's stack trace (one line, the
// stack as a field), after which it exits 1 as node would.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase } from "../support/harness.ts";

const root = path.resolve(import.meta.dirname, "../..");
const preload = path.join(root, "test/support/print-faults.ts");

test("LOG_FORMAT=json: console output, warnings and an unhandled rejection are JSON lines, stack traces inside", async () => {
  const db = await freshDatabase();
  let stdout = "";
  let stderr = "";
  const child = spawn(process.execPath, ["--import", preload, "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      SVC_LOG: "",
      GRAPHILE_ENV: "production",
      NODE_ENV: "production",
      LOG_FORMAT: "json",
      PORT: String(await freePort()),
      DATABASE_URL: db.ownerUrl,
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    const t0 = Date.now();
    while (!/running at/.test(stdout)) {
      if (child.exitCode !== null || Date.now() - t0 > 90_000) throw new Error(`no start:\n${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill("SIGUSR2");
    expect(await exited).toBe(1);

    const lines = (stdout + stderr).split("\n").filter((line) => line !== "");
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const records = lines.map((line) => JSON.parse(line) as Record<string, string>);
    expect(records).toContainEqual(
      expect.objectContaining({ level: "info", message: "printed by a library\nover two lines" }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({
        level: "error",
        message: "a library failed: first line\nsecond line",
        stack: expect.stringMatching(/^Error: first line\nsecond line\n {4}at /),
      }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ level: "warn", message: "a warning\nover two lines", warning: "Warning" }),
    );
    const crash = records.find((r) => r.message === "unhandled rejection");
    expect(crash).toMatchObject({ level: "error", error: "nobody caught this" });
    expect(crash!.stack).toMatch(/^Error: nobody caught this\n {4}at .*print-faults\.ts/);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await db.drop();
  }
}, 120_000);
