-- Imports as background jobs: queueImport queues the import of a staged file (import_jobs, one row
-- per job), graphile-worker's import_history task runs it in one transaction as the lifter, and the
-- job's progress is written on a connection of its own so a reader sees it while the import runs.

create table if not exists app_public.import_jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users(id) on delete cascade,
  staged_import_id uuid,
  dry_run boolean not null default false,
  choices jsonb not null default '{}',
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  done integer not null default 0 check (done >= 0),
  total integer not null default 0 check (total >= 0),
  result jsonb,
  error_code text,
  error text,
  error_path text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
create index if not exists import_jobs_user on app_public.import_jobs (user_id, created_at desc);
alter table app_public.import_jobs enable row level security;
drop policy if exists select_own on app_public.import_jobs;
create policy select_own on app_public.import_jobs for select
  using (user_id = (select app_public.current_user_id()));
grant select on app_public.import_jobs to svc_reader;

comment on table app_public.import_jobs is E'@behavior -insert -update -delete -query:resource:list -query:resource:connection\nAn import run as a background job (queueImport): queued, running (with its progress), then done (its summary) or failed (why, and nothing imported). Kept 7 days after it ends.';
comment on column app_public.import_jobs.id is 'The job''s id.';
comment on column app_public.import_jobs.user_id is 'The owner.';
comment on column app_public.import_jobs.staged_import_id is 'The staged import it imports (stageImportPart); null once an import deleted the staging.';
comment on column app_public.import_jobs.dry_run is 'True: a dry run (the summary, nothing written, the staging kept for the import).';
comment on column app_public.import_jobs.choices is E'@behavior -*\nThe choices for the file''s names, as import_history reads them.';
comment on column app_public.import_jobs.state is 'queued, running, done or failed.';
comment on column app_public.import_jobs.done is 'Workouts of the file gone through so far (written while the import runs; total once done).';
comment on column app_public.import_jobs.total is 'Workouts in the file.';
comment on column app_public.import_jobs.result is E'@behavior -*\nimport_history''s summary once done (ImportJob.summary).';
comment on column app_public.import_jobs.error_code is 'Once failed: the GraphQL error code (INVALID_DOCUMENT, UNMAPPED_EXERCISES, NOT_FOUND, INTERNAL_ERROR, ...).';
comment on column app_public.import_jobs.error is 'Once failed: why, in words (nothing was imported).';
comment on column app_public.import_jobs.error_path is 'Once failed on a document: its path in the file (workouts[i]...).';
comment on column app_public.import_jobs.created_at is 'When it was queued.';
comment on column app_public.import_jobs.started_at is 'When the worker started it (its last attempt).';
comment on column app_public.import_jobs.finished_at is 'When it ended, done or failed.';
comment on column app_public.import_jobs.updated_at is 'When its state or progress last changed.';
-- The jobs are read one at a time (importJobById, User.latestImportJob): no list of them by user,
-- and none of the connection, filter and aggregate types such a list would bring into the schema.
comment on constraint import_jobs_user_id_fkey on app_public.import_jobs is E'@behavior -*\nThe lifter whose import it is.';

-- The job's credential: the worker runs the import as the job's owner by presenting a secret
-- (svc.import_job, read by app_public.current_user_id) while the job is running. The secret is made
-- when the worker claims the job and handed to it once; only its SHA-256 is kept, as for every
-- other credential.
create table if not exists app_private.import_job_secrets (
  job_id uuid primary key references app_public.import_jobs(id) on delete cascade,
  secret_hash bytea
);
alter table app_private.import_job_secrets drop column if exists secret;
alter table app_private.import_job_secrets add column if not exists secret_hash bytea;
comment on table app_private.import_job_secrets is 'The credential an import job''s worker presents as svc.import_job (hex) to act as the job''s owner while the job runs; deleted when it ends.';
comment on column app_private.import_job_secrets.job_id is 'The job.';
comment on column app_private.import_job_secrets.secret_hash is 'The SHA-256 of the 32 random bytes the worker was given when it last claimed the job (null until then).';

create or replace function app_public.current_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select case
    when current_setting('svc.session_hash', true) <> '' then
      (select o.user_id from app_private.session_of_hash(decode(current_setting('svc.session_hash', true), 'hex')) o)
    when current_setting('svc.key_hash', true) <> '' then
      (select o.user_id from app_private.api_key_of_hash(decode(current_setting('svc.key_hash', true), 'hex')) o)
    when current_setting('svc.oauth_hash', true) <> '' then
      (select c.user_id from app_public.connected_apps c where c.id = app_public.current_oauth_connection_id())
    when current_setting('svc.import_job', true) <> '' then
      (select j.user_id from app_private.import_job_secrets s join app_public.import_jobs j on j.id = s.job_id
        where s.secret_hash = sha256(decode(current_setting('svc.import_job', true), 'hex')) and j.state = 'running')
  end;
$function$;
comment on function app_public.current_user_id() is E'@behavior -*\nThe user making this request (through a session, a key or a connected app''s token), or the owner of the running import job whose secret the worker presents; or null.';
grant execute on function app_public.current_user_id() to svc_reader;

drop function if exists app_public.queue_import(uuid, jsonb, boolean);
create function app_public.queue_import(import_id uuid, choices jsonb default '{}', dry_run boolean default false)
 RETURNS app_public.import_jobs
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_job app_public.import_jobs;
  v_open uuid;
begin
  if choices is not null and jsonb_typeof(choices) <> 'object' then
    raise exception 'choices: must be an object of name -> {action, exercise}' using errcode = 'SVBAD';
  end if;
  if not exists (select 1 from app_public.staged_imports s
                  where s.id = import_id and s.user_id = v_user and s.expires_at > now()) then
    raise exception 'importId: no staged import of yours with this id (one expires an hour after its last part, or when you start another)'
      using errcode = 'SVNFD';
  end if;
  -- One job of a user's queued or running at a time (their imports run one after another anyway).
  -- A running job that showed no sign of life for 15 minutes (the worker's statement timeout: its
  -- process was killed, graphile-worker takes it up again only hours later) no longer blocks.
  perform pg_advisory_xact_lock(hashtextextended('app_public.queue_import:' || v_user::text, 0));
  select j.id into v_open from app_public.import_jobs j
   where j.user_id = v_user
     and (j.state = 'queued' or (j.state = 'running' and j.updated_at > now() - interval '15 minutes'))
   limit 1;
  if v_open is not null then
    raise exception 'importJob: an import of yours is already queued or running (job %); wait for it to end', v_open
      using errcode = 'SVLIM';
  end if;
  insert into app_public.import_jobs (user_id, staged_import_id, dry_run, choices, total)
  values (v_user, import_id, coalesce(dry_run, false), coalesce(choices, '{}'),
          (select coalesce(sum(p.workout_count), 0) from app_public.staged_import_parts p where p.staged_import_id = import_id))
  returning * into v_job;
  insert into app_private.import_job_secrets (job_id) values (v_job.id);
  -- A failed attempt (the server stopped, a lost connection) is tried again; a refused file is not
  -- (the task marks the job failed and ends).
  perform graphile_worker.add_job('import_history', json_build_object('jobId', v_job.id), max_attempts := 3);
  return v_job;
end;
$function$;
comment on function app_public.queue_import(import_id uuid, choices jsonb, dry_run boolean) is E'@behavior -*\nQueues the import (or with dry_run a dry run) of one of the signed-in user''s staged imports as a background job (the worker''s import_history task) and returns the job at once. SVNFD for an unknown, another user''s or an expired staging; SVLIM while another job of the user is queued or running (a running one silent for 15 minutes aside).';
grant execute on function app_public.queue_import(import_id uuid, choices jsonb, dry_run boolean) to svc_visitor;

drop function if exists app_public.users_latest_import_job(app_public.users);
create function app_public.users_latest_import_job(u app_public.users)
 RETURNS app_public.import_jobs
 LANGUAGE sql
 STABLE
AS $function$
  select j.* from app_public.import_jobs j where j.user_id = u.id order by j.created_at desc, j.id desc limit 1;
$function$;
comment on function app_public.users_latest_import_job(u app_public.users) is 'Your latest import job (queued, running or ended), or null: what an import screen shows again after a reload.';
grant execute on function app_public.users_latest_import_job(u app_public.users) to svc_reader;

drop function if exists app_private.claim_import_job(uuid);
create function app_private.claim_import_job(p_job uuid, OUT user_id uuid, OUT staged_import_id uuid, OUT choices jsonb, OUT dry_run boolean, OUT secret text)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
#variable_conflict use_column
declare
  v_secret bytea := gen_random_bytes(32);
begin
  update app_public.import_jobs j
     set state = 'running', done = 0, started_at = now(), updated_at = now()
   where j.id = p_job and j.state in ('queued', 'running')
     and exists (select 1 from app_private.import_job_secrets s where s.job_id = j.id)
  returning j.user_id, j.staged_import_id, j.choices, j.dry_run into user_id, staged_import_id, choices, dry_run;
  if not found then
    return;
  end if;
  -- A new secret each attempt: one that died with an earlier attempt no longer acts as the owner.
  update app_private.import_job_secrets s set secret_hash = sha256(v_secret) where s.job_id = p_job;
  secret := encode(v_secret, 'hex');
end;
$function$;
comment on function app_private.claim_import_job(p_job uuid, OUT user_id uuid, OUT staged_import_id uuid, OUT choices jsonb, OUT dry_run boolean, OUT secret text) is 'The worker starts an import job (queued, or running again after an attempt that died): running from now, with what to import and the secret to act as its owner. No row for a job that ended or is gone.';

drop function if exists app_private.import_job_progress(uuid, integer);
create function app_private.import_job_progress(p_job uuid, p_done integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  update app_public.import_jobs j set done = least(j.total, greatest(j.done, p_done)), updated_at = now()
   where j.id = p_job and j.state = 'running';
$function$;
comment on function app_private.import_job_progress(p_job uuid, p_done integer) is 'A running import job''s workouts gone through so far, written by the worker on a connection of its own (committed at once, while the import''s transaction runs).';

drop function if exists app_private.finish_import_job(uuid, jsonb);
create function app_private.finish_import_job(p_job uuid, p_result jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  -- In the import's own transaction: the job is done exactly when the import commits (its end
  -- is the clock's, not the transaction's start).
  update app_public.import_jobs j
     set state = 'done', done = j.total, result = p_result, finished_at = clock_timestamp(), updated_at = clock_timestamp(),
         staged_import_id = case when j.dry_run then j.staged_import_id end
   where j.id = p_job;
  delete from app_private.import_job_secrets s where s.job_id = p_job;
$function$;
comment on function app_private.finish_import_job(p_job uuid, p_result jsonb) is 'An import job done, with its summary, in the import''s transaction; its secret deleted.';

drop function if exists app_private.fail_import_job(uuid, text, text, text, boolean);
create function app_private.fail_import_job(p_job uuid, p_code text, p_error text, p_path text, p_again boolean)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  update app_public.import_jobs j
     set state = case when p_again then 'queued' else 'failed' end, done = case when p_again then 0 else j.done end,
         error_code = p_code, error = p_error, error_path = p_path,
         finished_at = case when p_again then null else now() end, updated_at = now()
   where j.id = p_job and j.state in ('queued', 'running');
  delete from app_private.import_job_secrets s where s.job_id = p_job and not p_again;
$function$;
comment on function app_private.fail_import_job(p_job uuid, p_code text, p_error text, p_path text, p_again boolean) is 'An import job that failed (nothing imported), with why; with p_again it is queued for another attempt (graphile-worker''s retry) and keeps its secret.';

drop function if exists app_private.delete_old_import_jobs();
create function app_private.delete_old_import_jobs()
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  with gone as (delete from app_public.import_jobs j where j.finished_at < now() - interval '7 days' returning 1)
  select count(*)::integer from gone;
$function$;
comment on function app_private.delete_old_import_jobs() is 'Deletes import jobs that ended over 7 days ago (the worker, every minute).';
