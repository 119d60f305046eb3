// GET /metrics on METRICS_HOST:METRICS_PORT, in the primary process: its own metrics (the jobs,
// its process) and, with WEB_CONCURRENCY above 1, every API process's, asked for over the cluster's
// IPC channel and aggregated as prom-client's AggregatorRegistry does for cluster workers (counters
// and histograms summed by labels), so several processes on one port give one view. The sums never
// go backwards (Prometheus would read a drop as a counter reset and count everything again): an API
// process slow to answer is counted by its last answer, and one that exited keeps its last counts
// (its counters and histograms; its gauges go with it) in the sum for as long as the primary runs.
import cluster, { type Worker } from "node:cluster";
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
/** Each API process's last answer, by worker id. */
const lastAnswers = new Map<number, MetricsJson>();
/** The last counters and histograms of API processes that exited, summed. */
let exited: MetricsJson = [];

/** Keeps an exiting API process's last counts in the sums (counters and histograms only). */
async function retire(id: number): Promise<void> {
  const last = lastAnswers.get(id);
  lastAnswers.delete(id);
  if (!last) return;
  const counts = last.filter((metric) => ["counter", "histogram"].includes(String(metric.type)));
  exited = (await AggregatorRegistry.aggregate([exited, counts]).getMetricsAsJSON()) as MetricsJson;
}

/** One API process's metrics, or its last answer when it does not answer in time. */
function askProcess(worker: Worker, id: number): Promise<MetricsJson> {
  return new Promise<MetricsJson>((resolve) => {
    const timer = setTimeout(() => finish(lastAnswers.get(worker.id) ?? []), GATHER_TIMEOUT_MS);
    const onMessage = (message: MetricsMessage) => {
      if (message?.type !== "svc:metrics" || message.id !== id) return;
      lastAnswers.set(worker.id, message.metrics);
      finish(message.metrics);
    };
    const finish = (metrics: MetricsJson) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      resolve(metrics);
    };
    worker.on("message", onMessage);
    worker.send({ type: "svc:metrics-request", id } satisfies MetricsMessage);
  });
}

/** Every live API process's metrics, then those of the processes that exited. */
async function apiProcessMetrics(): Promise<MetricsJson[]> {
  const id = nextRequest++;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
  const live = await Promise.all(workers.map((worker) => askProcess(worker, id)));
  return [...live, exited];
}

/** The Prometheus text of this process and its API processes, aggregated. */
export async function allMetrics(): Promise<{ contentType: string; text: string }> {
  const own = (await registry.getMetricsAsJSON()) as MetricsJson;
  const others = cluster.isPrimary ? (await apiProcessMetrics()).filter((metrics) => metrics.length) : [];
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
  // An exit is queued with the scrapes that follow it, so none of them misses its counts.
  let retiring = Promise.resolve();
  cluster.on("exit", (worker) => {
    retiring = retiring.then(() => retire(worker.id));
  });
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at GET /metrics\n");
      return;
    }
    try {
      await retiring;
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
