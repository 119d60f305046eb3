// tar-stream ships no types; db/backup-archive.ts uses its pack and extract streams only.
declare module "tar-stream" {
  import type { Readable, Writable, Duplex } from "node:stream";
  type Header = { name: string; size?: number; mode?: number; mtime?: Date; type?: "file" | "directory" };
  type Pack = Readable & {
    entry(header: Header, callback?: (error?: Error | null) => void): Writable;
    entry(header: Header, content: Buffer | string, callback?: (error?: Error | null) => void): void;
    finalize(): void;
  };
  export type Entry = Readable & { header: Required<Pick<Header, "name" | "type">> & Header };
  type Extract = Duplex & AsyncIterable<Entry>;
  const tar: { pack(): Pack; extract(): Extract };
  export default tar;
}
