// CLI start-up: median wall time of 10 runs of `svc --version` and `svc routine schema` (the real
// binary, as a child process, no network), against `node -e 0` measured in the same run.
// Target: under 300 ms each.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { report, p50 } from "./support.ts";

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);
const BIN = path.resolve(import.meta.dirname, "../cli/bin/run.js");

function time(args: string[], env: Record<string, string>): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited with ${result.status}: ${result.stderr}`);
  return ms;
}

export async function run() {
  const home = mkdtempSync(path.join(tmpdir(), "svc-bench-cli-"));
  const env = { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: path.join(home, ".config") };
  try {
    const commands: [string, string[]][] = [
      ["svc --version", ["--version"]],
      ["svc routine schema", ["routine", "schema"]],
    ];
    // One untimed run of each first, as a user's second run would find it (Node's compile cache).
    time(["-e", "0"], env);
    for (const [, args] of commands) time([BIN, ...args], env);
    // Interleaved, so drift on a noisy machine hits the baseline and the CLI alike.
    const baseline: number[] = [];
    const samples = new Map<string, number[]>(commands.map(([name]) => [name, []]));
    for (let i = 0; i < RUNS; i += 1) {
      baseline.push(time(["-e", "0"], env));
      for (const [name, args] of commands) samples.get(name)!.push(time([BIN, ...args], env));
    }
    const base = p50(baseline);
    for (const [name] of commands) {
      const ms = p50(samples.get(name)!);
      report({
        benchmark: `CLI start-up: ${name}`,
        runs: RUNS,
        medianMs: Number(ms.toFixed(1)),
        baselineMs: Number(base.toFixed(1)),
        baseline: "node -e 0",
        overheadMs: Number((ms - base).toFixed(1)),
        targetMs: 300,
        ratio: Number((ms / base).toFixed(3)),
      });
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
