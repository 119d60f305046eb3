// The real entry point (`node server/main.ts`, what `npm start` runs) in a child process on the
// embedded database, for the tests that start, stop and kill it as an operator would.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Starts the server on `port` with its embedded PostgreSQL in `dataDir` (or the DATABASE_URL in
 * `env`, which is added to the environment); its output is collected.
 */
export function startEntryPoint(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}): Started {
  let out = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SVC_DATA_DIR: dataDir,
      DATABASE_URL: "",
      GRAPHILE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the output matches `text`; throws with the output when the process exits first or `ms` pass. */
export async function waitForOutput(started: Started, text: RegExp, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!text.test(started.output())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${text}; output:\n${started.output()}`);
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
