// What clients retry through an outage, against real PostgreSQL: the SDK and the real `svc` binary
// wait out a read-only database on reads ("the service is unavailable, retrying") and answer once
// it takes writes again, while a mutation fails at once with SERVICE_UNAVAILABLE.
import pg from "pg";
import { createClient, ServiceUnavailableError } from "@svc/sdk";
import { createApiKey, gql, signUp, startTestServer, testEnv, type TestServer } from "../support/harness.ts";
import { spawn } from "node:child_process";
import { BIN, makeHome } from "../../cli/test/support.ts";
import { CLIENT_COST_LIMITS } from "../../server/limits/client-cost-budget.ts";

describe("clients through a read-only database", () => {
  let s: TestServer;
  let root: pg.Client;
  let database: string;
  let token: string;
  let apiKey: string;
  const readOnly = async (on: boolean) => {
    const change = on ? "set default_transaction_read_only = on" : "reset default_transaction_read_only";
    await root.query(`alter database ${database} ${change}`);
    await root.query(
      "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
  };
  beforeAll(async () => {
    // No cost leases: every read claims its cost in a statement, which a read-only database refuses
    // (with a lease a read it admits from memory is answered, the database's reads still working).
    s = await startTestServer({
      requestTimeoutMs: 120_000,
      clientCostLimits: { ...CLIENT_COST_LIMITS, leaseShare: 0 },
    });
    database = new URL(s.ownerUrl).pathname.slice(1);
    root = new pg.Client({ connectionString: testEnv().rootUrl });
    await root.connect();
    const user = await signUp(s.url, "Patient Lifter");
    token = user.token;
    apiKey = (await createApiKey(s.url, token)).key;
    await gql(s.url, "{ viewer { name } }", {}, { token }); // the schema is built before the clock starts
  }, 180_000);
  afterAll(async () => {
    await readOnly(false).catch(() => {});
    await root.end();
    await s.close();
  });

  test("SDK: a mutation throws ServiceUnavailableError at once; a query waits it out, saying so, and answers", async () => {
    const waits: { seconds: number; message: string }[] = [];
    // The wait is where the outage ends: the retry then finds the database writable.
    const onUnavailableWait = (wait: { seconds: number; message: string }) => {
      waits.push(wait);
      if (waits.length === 1) void readOnly(false);
    };
    const client = createClient({ url: s.url, token, onUnavailableWait });
    await readOnly(true);
    const mutation = await client
      .request('mutation { logBodyweight(input: { date: "2026-03-01", weight: 71, unit: KG }) { weight } }')
      .catch((e: unknown) => e);
    expect(mutation).toBeInstanceOf(ServiceUnavailableError);
    expect(mutation).toMatchObject({ code: "SERVICE_UNAVAILABLE", retryAfter: 2, status: 503 });
    expect(waits).toEqual([]);
    const viewer = await client.request<{ viewer: { name: string } }>("{ viewer { name } }");
    expect(viewer.viewer.name).toBe("Patient Lifter");
    expect(waits[0]).toEqual({ seconds: 2, attempt: 1, message: "the service is unavailable, retrying" });
  });

  test("SDK with unavailableRetries 0: the query throws at once", async () => {
    const client = createClient({ url: s.url, token, unavailableRetries: 0 });
    await readOnly(true);
    try {
      await expect(client.request("{ viewer { name } }")).rejects.toBeInstanceOf(ServiceUnavailableError);
    } finally {
      await readOnly(false);
    }
  });

  test("svc: a write fails with exit 6 naming the outage; a read says it retries, and succeeds once writable", async () => {
    const home = makeHome({ SVC_URL: s.url, SVC_API_KEY: apiKey });
    try {
      await readOnly(true);
      const write = await home.run(["bodyweight", "log", "72", "--date", "2026-03-02"]);
      expect(write.code).toBe(6);
      expect(write.stderr).toMatch(/The service is unavailable right now .*Try again in 2 seconds/);
      // The real binary; the outage ends once it says it is retrying.
      const child = spawn(process.execPath, [BIN, "whoami"], { env: home.env(), stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        if (/retrying/.test(stderr) && !/retrying/.test(stderr.slice(0, -d.length))) void readOnly(false);
      });
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(stderr).toMatch(/The service is unavailable, retrying in 2 seconds/);
      expect(code).toBe(0);
      expect(stdout).toContain("Patient Lifter");
    } finally {
      await readOnly(false);
      home.remove();
    }
  });
});
