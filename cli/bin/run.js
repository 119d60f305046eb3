#!/usr/bin/env node
// `svc`: the Training Log command-line client. Commands are TypeScript files that Node runs
// directly (type stripping, Node 22.18+ / 23.6+); the compile cache keeps start-up fast.
import module from "node:module";

if (!process.features?.typescript) {
  process.stderr.write(`svc needs Node.js 22.18 or newer (this is ${process.version}). In the repository, run it with \`npx svc\`.\n`);
  process.exit(1);
}
module.enableCompileCache?.();
// bin checked the Node version above; skip oclif's own check, which loads all of semver (~15 ms).
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= "1";
const { execute } = await import("@oclif/core");
await execute({ dir: import.meta.url });
