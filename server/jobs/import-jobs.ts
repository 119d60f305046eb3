// import_history: one import job (app_public.import_jobs, queued by queueImport) run by the worker.
// The import is one transaction as the job's owner (role svc_visitor, RLS as for a request; the
// job's secret as svc.import_job is its credential), so any error imports nothing; its progress
// (notices import_history raises every 25 workouts) is written on another connection, committed
// at once, so the web app and `svc import` see it while the import runs. The job is done in the
// import's own transaction. Its database time is charged to the account's bulk budget.
import type { Task } from "graphile-worker";
import type { PoolClient } from "pg";
import { ERROR_CODES } from "../../db/errors.ts";
import { log } from "../observability/logger.ts";

export const IMPORT_JOB_TASK = "import_history";

export type ImportJobOptions = {
  /** Charges the job's owner what the job held the database for (the bulk budget); none in tests that do not ask. */
  charge?: (userId: string, databaseMs: number) => Promise<void>;
  /** The import's statement timeout (a job has no request deadline; the largest staged file takes well under it). */
  statementTimeoutMs?: number;
};

export const IMPORT_JOBS: Required<Pick<ImportJobOptions, "statementTimeoutMs">> = { statementTimeoutMs: 15 * 60_000 };

type Claimed = { user_id: string; staged_import_id: string | null; choices: string; dry_run: boolean; secret: string };
type PgError = Error & { code?: string; detail?: string; hint?: string };

/** How a failed job says why: the GraphQL code, words a lifter can read, a document's path. */
function failure(error: PgError): { code: string; message: string; path: string | null } | null {
  const code = error.code ? ERROR_CODES[error.code as keyof typeof ERROR_CODES] : undefined;
  if (!code) return null;
  if (code === "INVALID_DOCUMENT") {
    const path = error.detail ?? "";
    return { code, message: `${path}: ${error.hint ?? error.message}`, path };
  }
  return { code, message: error.message, path: null };
}

/**
 * Writes progress on a connection of its own, one write at a time, the latest count winning; `settled`
 * waits for the last one (before the job is done in the import's transaction).
 */
function progressWriter(write: (done: number) => Promise<void>) {
  let running: Promise<void> | null = null;
  let next: number | null = null;
  const drain = async () => {
    while (next !== null) {
      const done = next;
      next = null;
      await write(done).catch((error: Error) =>
        log("warn", "an import job's progress was not written", { error: error.message }),
      );
    }
    running = null;
  };
  return {
    add(done: number) {
      next = done;
      running ??= drain();
    },
    settled: () => running ?? Promise.resolve(),
  };
}

export function importJobTask(options: ImportJobOptions = {}): Task {
  const statementTimeoutMs = options.statementTimeoutMs ?? IMPORT_JOBS.statementTimeoutMs;
  return async (payload, helpers) => {
    const { jobId } = payload as { jobId: string };
    const claimed = await helpers.withPgClient(async (client) => {
      const { rows } = await client.query<Claimed>(
        "select user_id, staged_import_id, choices::text as choices, dry_run, secret from app_private.claim_import_job($1::uuid) where user_id is not null",
        [jobId],
      );
      return rows[0];
    });
    // Ended (or gone) already: a retry after the job was done, or its account deleted.
    if (!claimed) return;
    const started = performance.now();
    try {
      await helpers.withPgClient((client) =>
        runImport(client, jobId, claimed, statementTimeoutMs, (done) =>
          helpers.withPgClient(async (other) => {
            await other.query("select app_private.import_job_progress($1::uuid, $2::int)", [jobId, done]);
          }),
        ),
      );
    } catch (thrown) {
      const error = thrown as PgError;
      const known = failure(error);
      const again = !known && helpers.job.attempts < helpers.job.max_attempts;
      const said = known ?? {
        code: "INTERNAL_ERROR",
        message: again
          ? "The import stopped on the server; it is tried again (nothing was imported)"
          : "The import failed on the server; nothing was imported",
        path: null,
      };
      await helpers.withPgClient((client) =>
        client.query("select app_private.fail_import_job($1::uuid, $2, $3, $4, $5)", [
          jobId,
          said.code,
          said.message,
          said.path,
          again,
        ]),
      );
      // An unexpected error is logged (and retried by graphile-worker); a refused file is the job's answer.
      if (!known) throw error;
    } finally {
      const databaseMs = performance.now() - started;
      await options
        .charge?.(claimed.user_id, databaseMs)
        .catch((error: Error) => log("warn", "an import job's cost was not charged", { error: error.message }));
    }
  };
}

/** The import as the job's owner, in one transaction that also marks the job done. */
async function runImport(
  client: PoolClient,
  jobId: string,
  job: Claimed,
  statementTimeoutMs: number,
  writeProgress: (done: number) => Promise<void>,
): Promise<void> {
  const progress = progressWriter(writeProgress);
  const onNotice = (notice: { message?: string; detail?: string }) => {
    if (notice.message !== "import progress" || !notice.detail) return;
    const done = Number.parseInt(notice.detail, 10);
    if (Number.isFinite(done)) progress.add(done);
  };
  client.on("notice", onNotice);
  try {
    await client.query("begin");
    await client.query(
      "select set_config('statement_timeout', $1, true), set_config('svc.import_job', $2, true), set_config('svc.import_progress', 'on', true)",
      [String(statementTimeoutMs), job.secret],
    );
    await client.query("set local role svc_visitor");
    const { rows } = await client.query<{ summary: string }>(
      "select app_public.import_staged($1::uuid, $2::jsonb, $3::boolean)::text as summary",
      [job.staged_import_id, job.choices, job.dry_run],
    );
    await progress.settled();
    await client.query("reset role");
    await client.query("select app_private.finish_import_job($1::uuid, $2::jsonb)", [jobId, rows[0].summary]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    await progress.settled();
    throw error;
  } finally {
    client.off("notice", onNotice);
  }
}
