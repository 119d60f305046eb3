// Runs one `svc` command in this process with a client the test gives (BaseCommand.createSdkClient
// replaced), so its table and JSON output can be checked without a server. What a command sends and
// how the server answers stays with the end-to-end tests (the real binary against a real server).
import path from "node:path";
import { format } from "node:util";
import { Config, Errors } from "@oclif/core";
import type { ClientOptions, SvcClient } from "@svc/sdk";
import { BaseCommand } from "../src/base.ts";
import type { Resolved } from "../src/credentials.ts";

export type InProcessRun = {
  code: number;
  stdout: string;
  stderr: string;
  /** What `run()` returned (the data `--json` prints). */
  result: unknown;
  /** The options each client was made with. */
  clients: ClientOptions[];
};

const CLI_ROOT = path.resolve(import.meta.dirname, "..");
let config: Promise<Config> | undefined;

/** Signed in with an API key to a server that is never contacted. */
export const SIGNED_IN: Resolved = {
  url: "https://log.example.com",
  urlSource: "SVC_URL",
  saved: undefined,
  apiKey: "svc_in_process",
  token: undefined,
  auth: "SVC_API_KEY",
};

/**
 * A client with only the methods a test gives: any other method throws, naming itself, so a test
 * never passes by a command quietly skipping a request.
 */
export function clientWith(methods: Partial<SvcClient>): SvcClient {
  return new Proxy(methods, {
    get(target, name) {
      if (name in target) return target[name as keyof SvcClient];
      if (name === "then") return undefined; // not a promise
      throw new Error(`the test's client has no ${String(name)}`);
    },
  }) as SvcClient;
}

/** A concrete command: one of `src/commands/`. */
type RunnableCommand = BaseCommand & { run(): Promise<unknown> };
type CommandClass = typeof BaseCommand & (new (argv: string[], config: Config) => RunnableCommand);

/** Runs `command` with `argv`; its SDK client is `client`, its credentials `resolved`. */
export async function runInProcess(
  command: CommandClass,
  argv: string[],
  client: SvcClient,
  resolved: Resolved = SIGNED_IN,
): Promise<InProcessRun> {
  const clients: ClientOptions[] = [];
  // A subclass keeps the command's flags, arguments and static settings; only the seams change.
  const Injected = class extends (command as new (argv: string[], config: Config) => RunnableCommand) {
    protected override resolved(): Resolved {
      return resolved;
    }
    protected override async createSdkClient(options: ClientOptions): Promise<SvcClient> {
      clients.push(options);
      return client;
    }
  };
  Object.assign(Injected, { id: command.id });
  config ??= Config.load(CLI_ROOT);
  const output = { stdout: "", stderr: "" };
  // oclif's this.log and --json print through console.log; the commands' own notes through the streams.
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const consoled = { log: console.log, error: console.error };
  const capture = (stream: "stdout" | "stderr") =>
    ((chunk: string | Uint8Array) => {
      output[stream] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture("stdout");
  process.stderr.write = capture("stderr");
  console.log = (...args: unknown[]) => void (output.stdout += `${format(...args)}\n`);
  console.error = (...args: unknown[]) => void (output.stderr += `${format(...args)}\n`);
  let code = 0;
  let result: unknown;
  try {
    result = await (Injected as unknown as CommandClass).run(argv, await config);
  } catch (error) {
    if (!(error instanceof Errors.ExitError)) throw error;
    code = error.oclif.exit ?? 1;
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    Object.assign(console, consoled);
  }
  // Node's own warnings (jest's VM modules are experimental) are the test runner's, not the command's.
  const stderr = output.stderr.replace(/^\(node:\d+\) \w*Warning: .*\n(\(Use `node --trace-warnings.*\n)?/gm, "");
  return { code, stdout: output.stdout, stderr, result, clients };
}
