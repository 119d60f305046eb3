// Runs the real `svc` binary as a child process, the way a user does: its own HOME and
// XDG_CONFIG_HOME (a temp folder), SVC_URL pointing at a real test server, and nothing inherited
// from the test runner's environment that could change its behaviour.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { useTestServer } from "../../test/support/harness.ts";

export const BIN = path.resolve(import.meta.dirname, "../bin/run.js");

export type Run = { code: number | null; stdout: string; stderr: string };
export type RunOptions = { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number };

/** A user's home: a temp folder holding their config; `run` executes svc as that user. */
export function makeHome(baseEnv: Record<string, string | undefined> = {}) {
  const home = mkdtempSync(path.join(tmpdir(), "svc-cli-test-"));
  const env = (extra: Record<string, string | undefined> = {}) => {
    const out: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      LANG: "C.UTF-8",
      TZ: "UTC",
    };
    for (const [k, v] of Object.entries({ ...baseEnv, ...extra })) {
      if (v === undefined) delete out[k];
      else out[k] = v;
    }
    return out;
  };
  return {
    home,
    credentialsFile: path.join(home, ".config", "svc", "credentials.json"),
    credentials(): any {
      return JSON.parse(readFileSync(path.join(home, ".config", "svc", "credentials.json"), "utf8"));
    },
    env,
    run: (args: string[], options: RunOptions = {}) => svc(args, { ...options, env: env(options.env) }),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}

export type Home = ReturnType<typeof makeHome>;

/** Runs `node cli/bin/run.js ...args` with exactly `options.env`; resolves when it exits. */
export function svc(args: string[], options: RunOptions & { env: Record<string, string> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}

/**
 * Runs svc on a pseudo-terminal (util-linux `script`), typing `keystrokes` once `waitFor` appears
 * in the output. Returns everything the terminal showed.
 */
export function svcOnTerminal(
  args: string[],
  env: Record<string, string>,
  steps: { waitFor: string; type: string }[],
): Promise<Run> {
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, BIN, ...args].map(quote).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      env: { ...env, SHELL: "/bin/sh" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let step = 0;
    let seen = 0;
    const next = () => {
      while (step < steps.length) {
        const at = stdout.indexOf(steps[step].waitFor, seen);
        if (at === -1) return;
        seen = at + steps[step].waitFor.length;
        child.stdin.write(steps[step].type);
        step += 1;
      }
    };
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
      next();
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", () => child.stdin.end());
    child.stdin.on("error", () => undefined);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** True when the text holds a Node stack trace line. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+[:(]/m.test(text);
}

/** Runs `node ...args` (a script of the repository); its exit code and its output, both streams in order. */
export function runNode(args: string[], env?: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) => resolve({ code, out }));
  });
}

/** An address where nothing listens (a port just freed), so connections are refused. */
export async function closedUrl(): Promise<string> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * The set-up every CLI test file shares: one real server for the file, CLI homes on it (removed
 * afterwards) and users signed up through the real `svc signup`.
 */
/** The password of the users the account tests sign up. */
export const ACCOUNT_PASSWORD = "correct horse battery";

export function cliServer(options: Parameters<typeof useTestServer>[0] = {}) {
  const fixture = { server: useTestServer(options) };
  const homes: Home[] = [];
  let counter = 0;
  afterAll(() => {
    for (const h of homes) h.remove();
  });
  const home = (env: Record<string, string | undefined> = {}) => {
    const h = makeHome({ SVC_URL: fixture.server.url, ...env });
    homes.push(h);
    return h;
  };
  return {
    fixture,
    home,
    email: (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`,
    /** A home signed in as a new user through `svc signup`. */
    async signUpHome(name: string, email: string, password: string) {
      const h = home();
      const r = await h.run(["signup", "--name", name, "--email", email, "--password-stdin"], {
        input: `${password}\n`,
      });
      expect(r).toMatchObject({ code: 0 });
      return h;
    },
    /** A home signed in as a new user through `svc signup`, with its session token and user id. */
    async signedUp(name = "Cli User") {
      const address = `cli${++counter}-${Date.now()}@example.com`;
      const h = await this.signUpHome(name, address, ACCOUNT_PASSWORD);
      const instance = h.credentials().instances[fixture.server.url];
      return { h, email: address, token: instance.token as string, userId: instance.user.id as string };
    },
    /** A home whose saved session token the server does not know (signed out on the server). */
    staleHome() {
      const h = home();
      const url = fixture.server.url;
      mkdirSync(path.dirname(h.credentialsFile), { recursive: true });
      writeFileSync(
        h.credentialsFile,
        JSON.stringify({
          current: url,
          instances: {
            [url]: { kind: "session", token: "f".repeat(64), user: { id: "x", name: "x", email: "x" }, savedAt: "" },
          },
        }),
        { mode: 0o600 },
      );
      return h;
    },
  };
}

/** What the account-side test files share: their server (`s`), homes, fresh emails and signed-up users. */
export function accountKit() {
  const cli = cliServer();
  return {
    cli,
    s: cli.fixture.server,
    home: cli.home,
    email: () => cli.email("cli"),
    signedUp: (name?: string) => cli.signedUp(name),
  };
}

/** A command's --json output. */
export const stdoutJson = (r: { stdout: string }) => JSON.parse(r.stdout);
