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
    const { spawnSync } = await import("node:child_process");
    const result = spawnSync(pinned, [script, ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, SVC_NODE_REEXEC: "1" },
    });
    process.exit(result.status ?? 1);
  }
  process.stderr.write(
    `svc needs Node.js 22.18 or newer (this is ${process.version}). In the repository, run it with \`npx svc\`.\n`,
  );
  process.exit(1);
}
module.enableCompileCache?.();
// The Node version was checked above; skip oclif's own check, which loads all of semver.
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= "1";
const { execute } = await import("@oclif/core");
await execute({ dir: import.meta.url });
