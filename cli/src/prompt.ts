// Reading input: all of standard input (for `-` and `--password-stdin`), questions on a terminal,
// and a password prompt that never echoes what is typed.
import { UsageError, CliError } from "./errors.ts";

const MAX_STDIN_BYTES = 16 * 1024 * 1024;

/** All of standard input as text. */
export async function readStdin(what: string): Promise<string> {
  return (await readStdinBytes(what)).toString("utf8");
}

/** Standard input's bytes (a binary file such as a FIT file piped in), at most 16 MB. */
export async function readStdinBytes(what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of process.stdin) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > MAX_STDIN_BYTES) throw new UsageError(`${what} on standard input is larger than 16 MB`);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Cannot read ${what} from standard input: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

/** The first line of standard input (for `--password-stdin` and `--with-token`), without its newline. */
export async function readSecretFromStdin(what: string): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(`Pipe the ${what} to standard input, for example: cat file | svc ...`);
  const text = await readStdin(what);
  const line = text.split(/\r?\n/)[0] ?? "";
  if (!line) throw new UsageError(`No ${what} on standard input`);
  return line;
}

export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

/** Asks a question on the terminal (on standard error); `fallback` when the answer is empty. */
export async function ask(question: string, fallback?: string): Promise<string> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    const answer = (await rl.question(fallback ? `${question} (${fallback}): ` : `${question}: `)).trim();
    return answer || fallback || "";
  } finally {
    rl.close();
  }
}

/** Asks for a password on the terminal; what is typed is never echoed. */
export function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  const out = process.stderr;
  return new Promise((resolve, reject) => {
    let value = "";
    // Echo off before the prompt shows, so nothing typed after it is ever echoed.
    stdin.setRawMode(true);
    out.write(`${question}: `);
    stdin.resume();
    stdin.setEncoding("utf8");
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener("data", onData);
      out.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u0003") return finish(new CliError("Cancelled", 1));
        if (ch === "\u007F" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}
