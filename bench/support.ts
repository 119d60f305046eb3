// Shared bench plumbing: a scratch database, the real app on a loopback port, autocannon runs,
// and one JSON line per benchmark.
import autocannon from "autocannon";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { startScratch, createDatabaseFromTemplate } from "../db/scratch.ts";
import { createApp } from "../server/app.ts";
import { createPools, type Pools } from "../server/database.ts";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function benchDatabase(name: string) {
  process.env.SVC_LOG = "silent";
  const scratch = await startScratch();
  const db = await createDatabaseFromTemplate(scratch.rootUrl, scratch.templateDb, `svc_bench_${name}_${process.pid}`);
  const pools = createPools({ ownerUrl: db.ownerUrl, authUrl: db.authUrl });
  return {
    pools,
    ownerPool: pools.account,
    authPool: pools.graphql,
    ownerUrl: db.ownerUrl,
    authUrl: db.authUrl,
    stop: async () => {
      await pools.end();
      await db.drop();
      await scratch.stop();
    },
  };
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startApp(pools: Pools) {
  const app = await createApp({ pools });
  return { url: await listen(app.server), close: app.close };
}

export type LoadResult = { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(url: string, body: unknown, headers: Record<string, string>): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function report(line: Record<string, unknown>) {
  process.stdout.write(JSON.stringify(line) + "\n");
}
