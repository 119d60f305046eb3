#!/usr/bin/env node
// `svc`: the Training Log command-line client. Commands are TypeScript files that Node runs
// directly (type stripping, Node 22.18+ / 23.6+); the compile cache keeps start-up fast.
import module from "node:module";

if (!process.features?.typescript) {
  // An older `node` on PATH (e.g. after `npm install -g ./cli`): use the Node the repository pins
  // (npm package `node`), when this checkout has it.
  const { existsSync, realpathSync } = await import("node:fs");
  const path = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const script = realpathSync(fileURLToPath(import.meta.url));
  let pinned;
  for (let dir = path.dirname(script); !pinned && !process.env.SVC_NODE_REEXEC; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", "node", "bin", "node");
    if (existsSync(candidate)) pinned = candidate;
    if (path.dirname(dir) === dir) break;
  }
  if (pinned) {
    const { spawn } = await import("node:child_process");
    const child = spawn(pinned, [script, ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, SVC_NODE_REEXEC: "1" },
    });
    // The wrapper is the process a user or a supervisor signals: pass it on, so `kill <pid>` stops
    // the command itself (an import in progress is abandoned, its one transaction never committed).
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
    const { code, signal } = await new Promise((resolve) => {
      child.on("error", (error) => {
        process.stderr.write(`svc: could not start ${pinned}: ${error.message}\n`);
        resolve({ code: 1, signal: null });
      });
      child.on("exit", (code, signal) => resolve({ code, signal }));
    });
    if (signal) {
      // End the way the child ended (a shell then sees 128 + the signal's number).
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  }
  process.stderr.write(
    `svc needs Node.js 22.18 or newer (this is ${process.version}). In the repository, run it with \`npx svc\`.\n`,
  );
  process.exit(1);
}
module.enableCompileCache?.();
// In this repository, @svc/sdk is read from its TypeScript source (the "svc-source" export
// condition of sdk/package.json), so a change to it needs no build.
{
  const { existsSync } = await import("node:fs");
  if (existsSync(new URL("../../sdk/src/index.ts", import.meta.url))) {
    module.registerHooks({
      resolve: (specifier, context, nextResolve) =>
        nextResolve(specifier, { ...context, conditions: [...new Set(["svc-source", ...context.conditions])] }),
    });
  }
}
// The Node version was checked above; skip oclif's own check, which loads all of semver.
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= "1";
const { execute } = await import("@oclif/core");
await execute({ dir: import.meta.url });
