// GET /metrics on METRICS_HOST:METRICS_PORT, in the primary process: its own metrics (the jobs,
// its process) and, with WEB_CONCURRENCY above 1, every API process's, asked for over the cluster's
// IPC channel and aggregated as prom-client's AggregatorRegistry does for cluster workers (counters
// and histograms summed by labels), so several processes on one port give one view.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { registry, enableMetrics } from "./metrics.ts";

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];
type MetricsMessage =
  { type: "svc:metrics-request"; id: number } | { type: "svc:metrics"; id: number; metrics: MetricsJson };

/** How long the primary waits for an API process's metrics before answering without them. */
const GATHER_TIMEOUT_MS = 2000;

/** In an API process: answers the primary's requests for this process's metrics. */
export function answerMetricsRequests(): void {
  enableMetrics();
  process.on("message", async (message: MetricsMessage) => {
    if (message?.type !== "svc:metrics-request") return;
    const metrics = (await registry.getMetricsAsJSON()) as MetricsJson;
    process.send?.({ type: "svc:metrics", id: message.id, metrics } satisfies MetricsMessage);
  });
}

let nextRequest = 0;

/** Every live API process's metrics (a process that does not answer in time is left out). */
async function apiProcessMetrics(): Promise<MetricsJson[]> {
  const id = nextRequest++;
  const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricsJson>((resolve) => {
          const timer = setTimeout(() => finish([]), GATHER_TIMEOUT_MS);
          const onMessage = (message: MetricsMessage) => {
            if (message?.type === "svc:metrics" && message.id === id) finish(message.metrics);
          };
          const finish = (metrics: MetricsJson) => {
            clearTimeout(timer);
            worker!.off("message", onMessage);
            resolve(metrics);
          };
          worker!.on("message", onMessage);
          worker!.send({ type: "svc:metrics-request", id } satisfies MetricsMessage);
        }),
    ),
  );
}

/** The Prometheus text of this process and its API processes, aggregated. */
export async function allMetrics(): Promise<{ contentType: string; text: string }> {
  const own = (await registry.getMetricsAsJSON()) as MetricsJson;
  const others = cluster.isPrimary ? await apiProcessMetrics() : [];
  const merged = others.length ? AggregatorRegistry.aggregate([own, ...others]) : registry;
  return { contentType: merged.contentType, text: await merged.metrics() };
}

/** Serves GET /metrics on `host:port` and says where; resolves with a stop once listening. */
export async function serveMetrics(
  port: number,
  host: string,
  say: (message: string) => void,
): Promise<() => Promise<void>> {
  enableMetrics();
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at GET /metrics\n");
      return;
    }
    try {
      const { contentType, text } = await allMetrics();
      res.writeHead(200, { "content-type": contentType }).end(text);
    } catch (error) {
      res
        .writeHead(500, { "content-type": "text/plain" })
        .end(`Could not gather the metrics: ${(error as Error).message}\n`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `METRICS_PORT ${port} is in use on ${host}; set METRICS_PORT to another port`
            : `The metrics cannot listen on ${host}:${port} (METRICS_HOST, METRICS_PORT): ${error.message}`,
        ),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  say(`Metrics at http://${host}:${(server.address() as { port: number }).port}/metrics`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
