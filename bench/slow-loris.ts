// A slow-loris flood as a process of its own: reads its options as JSON on standard input, holds
// `loops` connections from each of `addresses` (loopback addresses, 127.0.0.x) that never finish
// their headers (a header line every `dripMs`), opening a new one whenever the server closes one,
// for `seconds`; prints what it saw as JSON on standard output. Used by bench/flood.ts.
import net from "node:net";
import { spawn } from "node:child_process";
import { text } from "node:stream/consumers";

export type SlowLorisOptions = {
  host: string;
  port: number;
  addresses: string[];
  loops: number;
  seconds: number;
  dripMs: number;
};

export type SlowLorisResult = {
  opened: number;
  refused: number;
  timedOut: number;
  connectErrors: number;
  mostHeld: number;
};

/** One connection held until the server closes it: how it ended. */
function holdOne(o: SlowLorisOptions, from: string, until: number, held: { now: number }) {
  return new Promise<"refused" | "timedOut" | "closed" | "error">((resolve) => {
    const socket = net.connect({ host: o.host, port: o.port, localAddress: from });
    let first = "";
    let drip: NodeJS.Timeout | undefined;
    let connected = false;
    const stopAt = setTimeout(() => socket.destroy(), Math.max(0, until - Date.now()));
    socket.on("connect", () => {
      connected = true;
      held.now += 1;
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      drip = setInterval(() => socket.write(`X-${Date.now()}: y\r\n`), o.dripMs);
    });
    socket.on("data", (chunk) => (first += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(drip);
      clearTimeout(stopAt);
      if (connected) held.now -= 1;
      if (!connected) resolve("error");
      else if (first.startsWith("HTTP/1.1 429")) resolve("refused");
      else if (first.startsWith("HTTP/1.1 408")) resolve("timedOut");
      else resolve("closed");
    });
  });
}

export async function slowLoris(o: SlowLorisOptions): Promise<SlowLorisResult> {
  const result: SlowLorisResult = { opened: 0, refused: 0, timedOut: 0, connectErrors: 0, mostHeld: 0 };
  const until = Date.now() + o.seconds * 1000;
  const held = { now: 0 };
  const watch = setInterval(() => (result.mostHeld = Math.max(result.mostHeld, held.now)), 100);
  const loop = async (from: string) => {
    while (Date.now() < until) {
      const end = await holdOne(o, from, until, held);
      result.opened += 1;
      if (end === "refused") result.refused += 1;
      if (end === "timedOut") result.timedOut += 1;
      if (end === "error") result.connectErrors += 1;
      // A real attacker tries again at once; a pause of a second keeps this process (and the
      // server's accepts) from taking the shared machine's CPU for nothing the flood gains.
      if (end === "refused" || end === "error") await new Promise((r) => setTimeout(r, 1000));
    }
  };
  await Promise.all(o.addresses.flatMap((from) => Array.from({ length: o.loops }, () => loop(from))));
  clearInterval(watch);
  return result;
}

if (process.argv[1] === import.meta.filename) {
  const options = JSON.parse(await text(process.stdin)) as SlowLorisOptions;
  process.stdout.write(JSON.stringify(await slowLoris(options)));
}

/** The flood in a process of its own (this file), so its sockets and timers never share the bench's event loop. */
export function slowLorisProcess(options: SlowLorisOptions): Promise<SlowLorisResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`slow-loris process exited with ${code}`));
      resolve(JSON.parse(out) as SlowLorisResult);
    });
    child.stdin.end(JSON.stringify(options));
  });
}
