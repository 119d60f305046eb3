// Where log lines go: standard output (info) and standard error (warn, error), each through
// sonic-boom, pino's writer. A line is handed to an asynchronous fs.write, so a slow terminal or
// pipe never blocks the event loop; lines that arrive while a write is in flight are sent together
// in the next one (one system call for many requests under load). Whatever is still pending when
// the process exits, by process.exit, a signal's handler or an uncaught error, is written
// synchronously first, so no line is lost on shutdown. A reader that stops reading altogether makes
// the pending lines wait in memory, never dropped.
// Standard output (a line per request) is written in batches of at least BATCH_BYTES, or every
// BATCH_MS when less is pending: one fs.write a request was about a twentieth of a busy server's
// CPU on a machine where each write(2) is dear. Warnings and errors go at once.
import SonicBoomModule from "sonic-boom";

// A CommonJS module whose export is the class, also as its own `SonicBoom` property (the name the types give).
const { SonicBoom } = SonicBoomModule as unknown as { SonicBoom: typeof SonicBoomModule.SonicBoom };

export type Stream = "stdout" | "stderr";

const sinks = new Map<Stream, SonicBoomModule.SonicBoom>();

/** A request-log batch: written once this much is pending... */
export const BATCH_BYTES = 4096;
/** ...or when this much time has passed with less. */
export const BATCH_MS = 100;

function sink(stream: Stream): SonicBoomModule.SonicBoom {
  let writer = sinks.get(stream);
  if (!writer) {
    writer =
      stream === "stdout"
        ? new SonicBoom({ fd: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: BATCH_MS })
        : new SonicBoom({ fd: 2, sync: false, minLength: 0 });
    // A closed stream (the reader went away) must not crash the server over a log line.
    writer.on("error", () => {});
    sinks.set(stream, writer);
  }
  return writer;
}

/** Queues `text` (one or more whole lines, each ending in a newline) on `stream`. */
export function writeLog(stream: Stream, text: string): void {
  sink(stream).write(text);
}

/** Writes every pending line now, synchronously; the process's exit does this by itself. */
export function flushLog(): void {
  for (const writer of sinks.values()) {
    try {
      writer.flushSync();
    } catch {
      // Nothing to write to any more (the reader closed the pipe): nothing to keep.
    }
  }
}

process.on("exit", flushLog);
