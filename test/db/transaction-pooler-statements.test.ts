// What useTransactionPooler (db/pooler.ts) leaves out of every connection of the process, seen from
// PostgreSQL itself: no LISTEN (graphile-worker's listener would listen on whichever server
// connection a transaction-mode pooler lent it) and no named prepared statement; everything else,
// a statement that only mentions LISTEN included, runs as sent.
import pg from "pg";
import { useTransactionPooler } from "../../db/pooler.ts";
import { freshDatabase } from "../support/harness.ts";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;
beforeAll(async () => {
  db = await freshDatabase();
  useTransactionPooler();
  client = new pg.Client({ connectionString: db.ownerUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await db.drop();
});

const listening = async () => (await client.query("select pg_listening_channels() as channel")).rows;

test("LISTEN and UNLISTEN are answered without reaching PostgreSQL, as a promise or by callback", async () => {
  // graphile-worker's own statements.
  await expect(client.query('LISTEN "jobs:insert"; LISTEN "worker:migrate";')).resolves.toMatchObject({
    command: "LISTEN",
    rows: [],
  });
  const byCallback = await new Promise((resolve, reject) =>
    client.query("  listen other", (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result))),
  );
  expect(byCallback).toMatchObject({ command: "LISTEN", rows: [] });
  await expect(client.query('UNLISTEN "jobs:insert"; UNLISTEN "worker:migrate";')).resolves.toMatchObject({
    command: "UNLISTEN",
  });
  expect(await listening()).toEqual([]);
});

test("a statement that only mentions LISTEN runs; NOTIFY runs", async () => {
  expect((await client.query("select 'LISTEN \"x\"' as text")).rows).toEqual([{ text: 'LISTEN "x"' }]);
  await expect(client.query("select pg_notify('jobs:insert', '{}')")).resolves.toMatchObject({ rowCount: 1 });
  await expect(client.query("NOTIFY other")).resolves.toMatchObject({ command: "NOTIFY" });
});

test("a named statement runs unnamed: nothing is prepared on the connection", async () => {
  for (let i = 0; i < 2; i++)
    expect((await client.query({ name: "svc-named", text: "select $1::int as n", values: [i] })).rows).toEqual([
      { n: i },
    ]);
  expect((await client.query("select name from pg_prepared_statements")).rows).toEqual([]);
});
