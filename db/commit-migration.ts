// `npm run migration:commit -- "message"`: moves migrations/current into a new committed migration
// with graphile-migrate, checking it on a shadow database from a throwaway PostgreSQL.
import { commit } from "graphile-migrate";
import pg from "pg";
import { startScratch, urlFor } from "./scratch.ts";
import { migrateSettings, recordCommittedHashes } from "./migrate.ts";

const message = process.argv.slice(2).join(" ") || undefined;
const scratch = await startScratch();
try {
  const root = new pg.Client({ connectionString: scratch.rootUrl });
  await root.connect();
  await root.query("drop database if exists svc_commit_shadow with (force)");
  await root.query("drop database if exists svc_commit with (force)");
  await root.query("create database svc_commit");
  await root.end();
  await commit(
    {
      ...migrateSettings(urlFor(scratch.rootUrl, "svc_commit"), scratch.rootUrl),
      shadowConnectionString: urlFor(scratch.rootUrl, "svc_commit_shadow"),
    } as never,
    message,
  );
  recordCommittedHashes();
  console.log(
    "Committed migrations/current (its SHA-256 added to migrations/committed.sha256); migrations/current is now empty",
  );
} finally {
  await scratch.stop();
}
