// Progress on standard error for long commands: on a terminal a bar redrawn in place (steps of a
// known count) or a spinner with the time elapsed (one long request); elsewhere (a log, a pipe,
// CI) plain lines only, without control characters. Standard output is left to the result.
import { colorEnabled } from "./output.ts";

type Stream = NodeJS.WriteStream;

/** Whether to draw in place: a terminal that is not a CI log. */
export function drawsInPlace(stream: Stream = process.stderr): boolean {
  return Boolean(stream.isTTY) && !process.env.CI && process.env.TERM !== "dumb";
}

/** Seconds since `started`, as people read them: `8 s`, `1 min 05 s`. */
export function elapsed(started: number, now = Date.now()): string {
  const s = Math.floor((now - started) / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

const WIDTH = 24;

/**
 * A bar of `total` steps. `step(done, line)` says `done` steps are finished: on a terminal the
 * bar is redrawn (and kept ticking with the time elapsed); otherwise `line` is written, when given.
 * `end()` completes the bar and leaves it on its own line; `stop()` (on a failure) leaves it as it is.
 */
export function progressBar(label: (done: number) => string, total: number, stream: Stream = process.stderr) {
  const started = Date.now();
  let done = 0;
  let timer: NodeJS.Timeout | undefined;
  const unicode = colorEnabled(stream);
  const draw = () => {
    const filled = Math.round((WIDTH * done) / Math.max(total, 1));
    const bar = unicode
      ? "█".repeat(filled) + "░".repeat(WIDTH - filled)
      : "#".repeat(filled) + "-".repeat(WIDTH - filled);
    stream.write(`\r\u001B[2K[${bar}] ${label(done)} ${elapsed(started)}`);
  };
  return {
    step(now: number, line?: string): void {
      done = now;
      if (!drawsInPlace(stream)) {
        if (line) stream.write(`${line}\n`);
        return;
      }
      draw();
      if (!timer) {
        timer = setInterval(draw, 250);
        timer.unref();
      }
    },
    stop(): void {
      clearInterval(timer);
      if (timer) stream.write("\n");
    },
    end(): void {
      clearInterval(timer);
      done = total;
      if (drawsInPlace(stream)) {
        draw();
        stream.write("\n");
      }
    },
  };
}

const SPINNER_FRAMES = { unicode: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], ascii: ["-", "\\", "|", "/"] };

/**
 * A spinner after `text` on standard error while `work` runs, where it can draw in place; it shows
 * only once the work has taken a moment, and is cleared after. `timed` (a long step worth reporting):
 * drawn at once with the time elapsed, then `text` and the time it took on a line of its own; where
 * it cannot draw, `text` as a plain line before the work starts.
 */
export async function withSpinner<T>(
  text: string,
  work: Promise<T>,
  { timed = false } = {},
  stream: Stream = process.stderr,
): Promise<T> {
  if (!drawsInPlace(stream)) {
    if (timed) stream.write(`${text}\n`);
    return work;
  }
  const frames = colorEnabled(stream) ? SPINNER_FRAMES.unicode : SPINNER_FRAMES.ascii;
  const started = Date.now();
  let i = 0;
  let shown = false;
  const draw = () => {
    shown = true;
    stream.write(`\r\u001B[2K${frames[i++ % frames.length]} ${text}${timed ? ` ${elapsed(started)}` : ""}`);
  };
  if (timed) draw();
  const timer = setInterval(draw, 120);
  timer.unref();
  try {
    const result = await work;
    if (timed) stream.write(`\r\u001B[2K${text.replace(/…$/, "")}: done in ${elapsed(started)}\n`);
    else if (shown) stream.write("\r\u001B[2K");
    return result;
  } catch (error) {
    if (shown) stream.write("\r\u001B[2K");
    throw error;
  } finally {
    clearInterval(timer);
  }
}
