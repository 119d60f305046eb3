// The web build's Brotli and gzip copies (made at build time by precompress.ts), sent
// instead of the file when the browser's Accept-Encoding takes them: Brotli first, then gzip, else
// the file as it is. `Vary: Accept-Encoding` on every file that has copies, whichever is sent, so a
// cache keeps one answer per encoding.
import type { Request, Response } from "express";
import { existsSync } from "node:fs";
import path from "node:path";

const COPIES = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/**
 * Whether a header like `gzip, deflate, br;q=0.5` takes an encoding (any weight above 0, or `*`).
 * Our order (smallest first) decides among those taken: browsers list gzip first, but all weigh them alike.
 */
export function acceptedEncodings(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  return (encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
}

/**
 * For `file` (a path on disk), the file to send and the headers that say so: a compressed copy the
 * request accepts, with its Content-Encoding and the original's Content-Type set on `res`.
 */
export function precompressedFile(req: Request, res: Response, file: string): string {
  const copies = COPIES.filter((c) => existsSync(file + c.suffix));
  if (copies.length === 0) return file;
  res.vary("Accept-Encoding");
  const accepted = acceptedEncodings(req.get("accept-encoding"));
  const copy = copies.find((c) => accepted(c.encoding));
  if (!copy) return file;
  res.type(path.extname(file));
  res.set("Content-Encoding", copy.encoding);
  return file + copy.suffix;
}
