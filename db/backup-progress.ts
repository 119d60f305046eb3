// Progress of a long copy in lines an operator can follow: at most one a second, and the last.
export type Say = (message: string) => void;

const MIB = 2 ** 20;
const mib = (bytes: number) => (bytes / MIB).toFixed(1);

/** `what: 12.0 of 48.3 MiB (24 %)` as `add` counts bytes, from a first line naming the total. */
export function byteProgress(what: string, total: number, say: Say, everyMs = 1000) {
  let done = 0;
  let lastSaid = Date.now();
  say(`${what}: ${mib(total)} MiB`);
  return {
    add(bytes: number) {
      done += bytes;
      const now = Date.now();
      if (now - lastSaid >= everyMs || done >= total) {
        lastSaid = now;
        say(`${what}: ${mib(done)} of ${mib(total)} MiB (${total ? Math.floor((done / total) * 100) : 100} %)`);
      }
    },
  };
}
