// docs/deploy/grafana-dashboard.json against the service: every metric its expressions name is one
// the real server exports (its /metrics declares it), and, with the distribution's Prometheus, every
// expression runs on a Prometheus that scraped the real server (two API processes, some requests
// and one error) and those on metrics present from the start return series. Where Prometheus is not
// installed (.ci/run installs it where apt-get works) only the names are checked, and this says so.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase, gql, signUp } from "../support/harness.ts";
import { startEntryPoint, waitForOutput, type Started } from "../support/entry-point.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dashboard = JSON.parse(readFileSync(path.join(root, "docs/deploy/grafana-dashboard.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const PROMETHEUS = ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].find(
  (file) => spawnSync(file, ["--version"]).status === 0,
);
if (!PROMETHEUS)
  process.stderr.write(
    "\ntest/server/dashboard.test.ts: prometheus is not installed (apt-get install prometheus): metric names checked only, expressions not run\n\n",
  );

/** Grafana's own variables, as Grafana would fill them in for a short range. */
const asGrafana = (expr: string) => expr.replaceAll("$__rate_interval", "30s");
const expressions = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr })));
/** The metric names an expression reads (the service's own prefixes), histogram series as their metric. */
const metricNames = (expr: string) =>
  [...expr.matchAll(/\b((?:svc|process|nodejs)_[a-z_]+)/g)].map((m) => m[1].replace(/_(bucket|sum|count)$/, ""));
/** Expressions on metrics every running server has (unless they select by a pattern): they must return series. */
const ALWAYS = /svc_ready|svc_build_info|svc_http_requests_total|svc_db_pool|svc_jobs_queued|process_resident/;

let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let server: Started;
let metricsUrl: string;
let url: string;

beforeAll(async () => {
  db = await freshDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "svc-dashboard-"));
  const port = await freePort();
  server = startEntryPoint(dataDir, port, {
    DATABASE_URL: db.ownerUrl,
    AUTH_DATABASE_URL: db.authUrl,
    WEB_CONCURRENCY: "2",
    METRICS_PORT: "0",
  });
  await waitForOutput(server, /running at/, 90_000);
  metricsUrl = /Metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.output())![1];
  url = `http://127.0.0.1:${port}`;
  const { token } = await signUp(url, "Watched");
  for (let i = 0; i < 10; i++) await gql(url, "{ viewer { id } }", {}, { token, headers: { connection: "close" } });
  await gql(url, "{ nothingHere }", {}, { token });
}, 120_000);

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("every metric the dashboard reads is one the service declares", async () => {
  const text = await (await fetch(metricsUrl)).text();
  const declared = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
  const named = [...new Set(expressions.flatMap(({ expr }) => metricNames(expr)))];
  expect(named.length).toBeGreaterThan(15);
  expect(named.filter((name) => !declared.has(name))).toEqual([]);
});

(PROMETHEUS ? test : test.skip)(
  "a Prometheus that scraped the server runs every expression; those on ever-present metrics have series",
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "svc-prometheus-"));
    const port = await freePort();
    const target = new URL(metricsUrl).host;
    writeFileSync(
      path.join(dir, "prometheus.yml"),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: svc\n    static_configs:\n      - targets: ["${target}"]\n`,
    );
    const prometheus: ChildProcess = spawn(
      PROMETHEUS!,
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: "ignore" },
    );
    const query = async (expr: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expr)}`);
      return (await res.json()) as { status: string; error?: string; data?: { result: unknown[] } };
    };
    try {
      // Until Prometheus has scraped the server a few times (rates need two samples).
      const t0 = Date.now();
      for (;;) {
        const scrapes = await query('count_over_time(up{job="svc"}[1m])').catch(() => null);
        const n = Number((scrapes?.data?.result[0] as { value?: [number, string] } | undefined)?.value?.[1] ?? 0);
        if (n >= 5) break;
        if (Date.now() - t0 > 60_000) throw new Error("Prometheus did not scrape the server");
        await new Promise((r) => setTimeout(r, 500));
      }
      expect((await query('up{job="svc"}')).data!.result).toMatchObject([{ value: [expect.any(Number), "1"] }]);
      const failed: string[] = [];
      const empty: string[] = [];
      for (const { panel, expr } of expressions) {
        const answer = await query(asGrafana(expr));
        if (answer.status !== "success") failed.push(`${panel}: ${expr}: ${answer.error}`);
        else if (ALWAYS.test(expr) && !/[!=]~/.test(expr) && answer.data!.result.length === 0)
          empty.push(`${panel}: ${expr}`);
      }
      expect(failed).toEqual([]);
      expect(empty).toEqual([]);
      // The validation error, as the GraphQL errors panel counts it.
      const errors = await query("sum(svc_graphql_errors_total)");
      expect(Number((errors.data!.result[0] as { value: [number, string] }).value[1])).toBe(1);
    } finally {
      prometheus.kill("SIGTERM");
      await new Promise((r) => prometheus.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
