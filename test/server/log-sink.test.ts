// The log's writer (server/observability/log-sink.ts) in real child processes: a pipe nobody reads does not stop
// the event loop, and every line written before the process ends is on its standard output, after
// process.exit in the same tick and after SIGTERM through the server's own shutdown path.
import { spawn } from "node:child_process";
import path from "node:path";
import { once } from "node:events";

const root = path.resolve(import.meta.dirname, "../..");
const logger = path.join(root, "server/observability/logger.ts");
const shutdown = path.join(root, "server/process/shutdown.ts");

/** Runs `code` (an ES module) in a child process with the log on; its output, exit code and messages. */
function child(code: string, { readStdout = true } = {}) {
  const proc = spawn(process.execPath, ["--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, SVC_LOG: "", LOG_FORMAT: "json" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let out = "";
  let err = "";
  proc.stdout!.setEncoding("utf8");
  if (readStdout) proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, out: () => out, err: () => err, exited };
}

/** The `n` of every JSON line whose message is `line`, in the order written. */
function numbers(output: string): number[] {
  return output
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.message === "line")
    .map((r) => r.n);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

test("every line queued before process.exit in the same tick is written, in order", async () => {
  const run = child(`
    import { log } from ${JSON.stringify(logger)};
    for (let n = 0; n < 20000; n++) log("info", "line", { n, pad: "x".repeat(100) });
    process.exit(0);
  `);
  expect(await run.exited).toBe(0);
  expect(numbers(run.out())).toEqual(range(20000));
});

test("a line logged just before SIGTERM is written by the shutdown path", async () => {
  const run = child(`
    import { log } from ${JSON.stringify(logger)};
    import { stopOnSignals } from ${JSON.stringify(shutdown)};
    stopOnSignals(async () => { log("info", "line", { n: 1 }); });
    for (let n = 0; n < 5000; n++) log("info", "filler", { n, pad: "x".repeat(100) });
    log("info", "line", { n: 0 });
    process.kill(process.pid, "SIGTERM");
    setInterval(() => {}, 1000);
  `);
  expect(await run.exited).toBe(0);
  expect(numbers(run.out())).toEqual([0, 1]);
  expect(run.out().split("\n").filter(Boolean)).toHaveLength(5002);
});

test("a reader that stops reading does not block the event loop; its lines arrive in order once it reads", async () => {
  // 4 MB of lines into a pipe of 64 KB that is not read: a synchronous write would stop the
  // process in write(2) before the timer below could run.
  const run = child(
    `
    import { log } from ${JSON.stringify(logger)};
    for (let n = 0; n < 30000; n++) log("info", "line", { n, pad: "x".repeat(120) });
    setTimeout(() => process.send("timer ran"), 10);
    process.on("message", () => process.exit(0));
  `,
    { readStdout: false },
  );
  const [message] = await Promise.race([
    once(run.proc, "message"),
    run.exited.then(() => {
      throw new Error(`exited before its timer ran: ${run.err()}`);
    }),
  ]);
  expect(message).toBe("timer ran");
  let out = "";
  const all = new Promise<void>((resolve) =>
    run.proc.stdout!.on("data", (d) => {
      out += d;
      if (out.endsWith('"n":29999,"pad":"' + "x".repeat(120) + '"}\n')) resolve();
    }),
  );
  await all;
  run.proc.send("exit");
  expect(await run.exited).toBe(0);
  expect(numbers(out)).toEqual(range(30000));
});

test("a lone line on a quiet process is written while it runs, not only at its exit", async () => {
  // Below the request log's batch size: the periodic flush writes it (within BATCH_MS, 100 ms).
  const run = child(`
    import { log } from ${JSON.stringify(logger)};
    log("info", "line", { n: 7 });
    process.on("message", () => process.exit(0));
    setInterval(() => {}, 1000);
  `);
  const arrived = await new Promise<boolean>((resolve) => {
    const deadline = setTimeout(() => resolve(false), 5000);
    run.proc.stdout!.on("data", () => {
      if (numbers(run.out()).length) {
        clearTimeout(deadline);
        resolve(true);
      }
    });
  });
  run.proc.send("exit");
  expect(await run.exited).toBe(0);
  expect(arrived).toBe(true);
  expect(numbers(run.out())).toEqual([7]);
});
