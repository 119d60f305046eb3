// Writes oclif.manifest.json: every command's id, flags, args and help, so `svc` starts without
// importing all command files (it loads only the one it runs). Run after adding or changing a
// command: `npm run manifest -w svc`. `--check` exits 1 when the file is out of date (a test runs it).
import { Plugin } from "@oclif/core";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The manifest as oclif builds it from the command files (ignoring the saved one). */
export async function buildManifest(): Promise<unknown> {
  const plugin = new Plugin({ root, isRoot: true, ignoreManifest: true });
  await plugin.load();
  return plugin.manifest;
}

/** Commands sorted by id: oclif loads command files concurrently, so its own order varies run to run. */
export function manifestText(manifest: unknown): string {
  const m = manifest as { commands: Record<string, unknown> };
  const commands = Object.fromEntries(
    Object.keys(m.commands)
      .sort()
      .map((id) => [id, m.commands[id]]),
  );
  return `${JSON.stringify({ ...m, commands }, null, 2)}\n`;
}

if (import.meta.main) {
  const manifest = await buildManifest();
  const file = path.join(root, "oclif.manifest.json");
  if (process.argv.includes("--check")) {
    let saved = "";
    try {
      saved = readFileSync(file, "utf8");
    } catch {
      /* missing: out of date */
    }
    if (saved !== manifestText(manifest)) {
      process.stderr.write("cli/oclif.manifest.json is out of date: run `npm run manifest -w svc`\n");
      process.exit(1);
    }
    process.stdout.write("cli/oclif.manifest.json is up to date\n");
    process.exit(0);
  }
  writeFileSync(file, manifestText(manifest));
  process.stdout.write(
    `Wrote oclif.manifest.json (${Object.keys((manifest as { commands: object }).commands).length} commands)\n`,
  );
}
