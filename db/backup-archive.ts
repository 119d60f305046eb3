// The backup file: a gzip-compressed tar of the data folder (`pg/` PostgreSQL's files, the role
// passwords), readable with `tar -tzf`. Its first entry is a manifest naming the format, so a
// restore refuses any other file before writing anything.
import tar, { type Entry } from "tar-stream";
import { createGzip, createGunzip, constants } from "node:zlib";
import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";

export const BACKUP_FORMAT = "training-log-base-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "svc-backup.json";
export type Manifest = { format: string; version: number; postgres: string; startedAt: string; startLsn: string };

const CHUNK = 1 << 20;

/**
 * Exactly `size` bytes of a file PostgreSQL may be writing: what is there, padded with zeros if it
 * shrank (a relation truncated by VACUUM). Torn or stale pages are fixed by replaying the WAL.
 */
async function* fileBytes(file: string, size: number): AsyncGenerator<Buffer> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null; // dropped during the backup: the WAL replays the drop
    throw error;
  });
  let done = 0;
  try {
    while (done < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, size - done));
      const { bytesRead } = handle ? await handle.read(buffer, 0, buffer.length, done) : { bytesRead: 0 };
      done += buffer.length;
      yield bytesRead === buffer.length
        ? buffer
        : Buffer.concat([buffer.subarray(0, bytesRead), Buffer.alloc(buffer.length - bytesRead)]);
    }
  } finally {
    await handle?.close();
  }
}

/** Writes a backup file entry by entry to the open file `fd` (db/backup-file.ts); `close` finishes it and closes `fd`. */
export function archiveWriter(fd: number) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: constants.Z_BEST_SPEED }), createWriteStream("", { fd }));
  const addEntry = (name: string, size: number, content: Readable) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
      content.on("error", reject);
      content.pipe(entry);
    });
  return {
    addDirectory: (name: string) =>
      new Promise<void>((resolve, reject) =>
        pack.entry({ name, type: "directory", mode: 0o700 }, (error) => (error ? reject(error) : resolve())).end(),
      ),
    addText: (name: string, text: string) => {
      const bytes = Buffer.from(text);
      return addEntry(name, bytes.length, Readable.from([bytes]));
    },
    addFile: (name: string, file: string, size: number) => addEntry(name, size, Readable.from(fileBytes(file, size))),
    close: async () => {
      pack.finalize();
      await written;
    },
  };
}

/** The entries of a backup file in order (each must be read or resumed before the next). */
export function readArchive(file: string, onRead: (bytes: number) => void = () => {}): AsyncIterable<Entry> {
  const extract = tar.extract();
  const fail = (error: Error) => extract.destroy(error);
  const input = createReadStream(file).on("error", fail);
  input.on("data", (chunk) => onRead(chunk.length));
  input.pipe(createGunzip().on("error", fail)).pipe(extract);
  return extract;
}
