// SIGTERM under a keep-alive load, with the real entry point: requests in flight are answered,
// answers after the signal carry `Connection: close` (so a client or proxy stops reusing the
// connection), no request is reset on a reused connection, idle connections are closed, and the
// process exits 0 within 10 s, with one API process and with two.
import http from "node:http";
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded.ts";
import { freshDatabase, signUp } from "../support/harness.ts";
import { startEntryPoint, waitForOutput } from "../support/entry-point.ts";

const VIEWER_NAME = JSON.stringify({ query: "{ viewer { name } }" });
const VIEWER = JSON.stringify({ query: "{ viewer { id } }" });
/**
 * Keep-alive connections the load holds open, each sending its next request as soon as the last is
 * answered. The load and the held requests below are one signed-out caller (a process counts a new
 * session as its address), held by the lock together: 6 + 3 stay within a cap of 9 in one process,
 * however the connections are spread.
 */
const LOAD_CONNECTIONS = 6;

type Answer = { sentAt: number; answeredAt: number; status: number; connection?: string; body: string };

function send(port: number, agent: http.Agent, body: string, token?: string): Promise<Answer> {
  const sentAt = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        path: "/api/graphql",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({
            sentAt,
            answeredAt: Date.now(),
            status: res.statusCode!,
            connection: res.headers.connection,
            body: text,
          }),
        );
        res.on("error", reject);
      },
    );
    // `reused`: sent on a keep-alive connection already used, the one a server closing it at the wrong moment resets.
    req.on("error", (error) => reject(Object.assign(error, { sentAt, reused: req.reusedSocket })));
    req.end(body);
  });
}

test.each([1, 2])(
  "WEB_CONCURRENCY=%i: SIGTERM under keep-alive load answers what is in flight and exits 0 within 10 s",
  async (processes) => {
    const db = await freshDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "svc-shutdown-"));
    const port = await freePort();
    const server = startEntryPoint(dataDir, port, {
      DATABASE_URL: db.ownerUrl,
      AUTH_DATABASE_URL: db.authUrl,
      WEB_CONCURRENCY: String(processes),
      // The largest cap two processes allow (server/limits/caller-concurrency.ts).
      CALLER_CONCURRENCY: "9",
      // The load is one signed-out address sending as fast as it is answered, for seconds: lifted so
      // the address budget (graphql-cost.test.ts) cannot answer 429 before the signal.
      ADDRESS_COST_PER_MINUTE: "1000000000000",
    });
    const lock = new pg.Client({ connectionString: db.ownerUrl });
    lock.on("error", () => {});
    try {
      await waitForOutput(server, /running at/, 90000);
      const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS });
      const answers: Answer[] = [];
      const errors: { sentAt: number; code?: string; reused: boolean }[] = [];
      let stop = false;
      const loops = Array.from({ length: LOAD_CONNECTIONS }, async () => {
        while (!stop) {
          try {
            answers.push(await send(port, agent, VIEWER));
          } catch (error) {
            errors.push(error as { sentAt: number; code?: string; reused: boolean });
            return;
          }
        }
      });
      await new Promise((r) => setTimeout(r, 1000));

      // Idle keep-alive connections, each used once: closed by the server, none reset.
      const idle = await Promise.all(
        Array.from({ length: 3 }, async () => {
          const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          expect((await send(port, idleAgent, VIEWER)).status).toBe(200);
          await new Promise((r) => setTimeout(r, 50)); // the agent keeps the socket once the answer ended
          const [socket] = Object.values(idleAgent.freeSockets).flat();
          const ended = new Promise<string>((resolve) => {
            socket!.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
            socket!.once("close", () => resolve("closed"));
          });
          return { idleAgent, ended };
        }),
      );

      // Three signed-in requests held in flight by a lock on the users table, each on a connection of its own.
      const { token } = await signUp(`http://127.0.0.1:${port}`, "Held");
      await lock.connect();
      await lock.query("begin");
      await lock.query("lock table app_public.users in access exclusive mode");
      const held = Array.from({ length: 3 }, () =>
        send(port, new http.Agent({ keepAlive: true }), VIEWER_NAME, token).catch((error: Error) => error),
      );
      await new Promise((r) => setTimeout(r, 300));

      const signalledAt = Date.now();
      server.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 2000));
      await lock.query("rollback");
      const code = await server.exited;
      const stoppedIn = Date.now() - signalledAt;
      stop = true;
      await Promise.all(loops);
      agent.destroy();

      expect(code).toBe(0);
      expect(stoppedIn).toBeLessThan(10000);
      for (const answer of await Promise.all(held)) {
        expect((answer as Answer).status ?? String(answer)).toBe(200);
        expect(JSON.parse((answer as Answer).body)).toEqual({ data: { viewer: { name: "Held" } } });
      }
      expect(answers.length).toBeGreaterThan(LOAD_CONNECTIONS);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      // Answered after the signal had time to arrive (in flight then, or sent on a connection still
      // open): told to close the connection, which the server then closes.
      const late = answers.filter((a) => a.answeredAt > signalledAt + 100);
      expect(late.filter((a) => a.connection !== "close")).toEqual([]);
      expect(answers.filter((a) => a.connection === "close").length).toBeGreaterThan(0);
      // Connections end only after the signal (refused or closed once answered), never before.
      expect(errors.filter((e) => e.sentAt < signalledAt)).toEqual([]);
      expect(errors.length).toBe(LOAD_CONNECTIONS);
      // Each loop ended on a new connection refused: none on a connection reset under its request.
      expect(errors.filter((e) => e.reused)).toEqual([]);
      expect(await Promise.all(idle.map((i) => i.ended))).toEqual(["closed", "closed", "closed"]);
      for (const i of idle) i.idleAgent.destroy();
    } finally {
      server.child.kill("SIGKILL");
      await lock.end().catch(() => {});
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  120000,
);
