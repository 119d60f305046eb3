// The load generator as a process of its own: reads autocannon's options as JSON on standard
// input, prints autocannon's result as JSON on standard output. Used by bench/support.ts.
import autocannon from "autocannon";
import { text } from "node:stream/consumers";

if (process.argv[1] === import.meta.filename) {
  const options = JSON.parse(await text(process.stdin));
  const result = await autocannon(options);
  process.stdout.write(JSON.stringify(result));
}
