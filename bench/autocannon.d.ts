// autocannon ships no types; the benchmarks use its promise API only.
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
    [k: string]: any;
  };
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
