-- Webhooks: a lifter's https endpoints for chosen events, each delivery logged and sent by the
-- worker (server/jobs/webhook-delivery.ts), signed per Standard Webhooks with a secret kept here in
-- app_private (HMAC needs the secret itself, so it cannot be a hash: docs/webhooks.md).

create table if not exists app_public.webhooks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users(id) on delete cascade,
  url text not null constraint webhooks_url_check check (char_length(url) between 1 and 2000),
  events text[] not null constraint webhooks_events_check check (cardinality(events) between 1 and 20),
  description text constraint webhooks_description_check check (char_length(description) <= 200),
  enabled boolean not null default true,
  disabled_reason text,
  consecutive_failures int not null default 0,
  created_at timestamptz not null default now()
);
create index if not exists webhooks_user_id on app_public.webhooks (user_id);
alter table app_public.webhooks enable row level security;
drop policy if exists select_own on app_public.webhooks;
create policy select_own on app_public.webhooks for select
  using (user_id = (select app_public.current_user_id()));
grant select on table app_public.webhooks to svc_reader;
comment on table app_public.webhooks is E'@behavior -insert -update -delete -query:resource:list -query:resource:single\nAn endpoint of yours that the service calls when something of yours changes (createWebhook; signed in only).';
comment on column app_public.webhooks.id is 'Unique identifier.';
comment on column app_public.webhooks.user_id is E'@behavior -*\nIts owner.';
comment on column app_public.webhooks.url is 'The https URL the deliveries are POSTed to.';
comment on column app_public.webhooks.events is 'The events delivered (webhookEvents lists them).';
comment on column app_public.webhooks.description is 'What it is for, as you wrote it.';
comment on column app_public.webhooks.enabled is 'False once disabled: by you (setWebhookEnabled) or after too many failed attempts in a row.';
comment on column app_public.webhooks.disabled_reason is 'Why it is disabled (null while enabled).';
comment on column app_public.webhooks.consecutive_failures is 'Failed attempts since the last success.';
comment on column app_public.webhooks.created_at is 'When it was registered.';

create table if not exists app_private.webhook_secrets (
  webhook_id uuid primary key references app_public.webhooks(id) on delete cascade,
  secret text not null
);
alter table app_private.webhook_secrets enable row level security;
comment on table app_private.webhook_secrets is 'The signing secret of each webhook (`whsec_` and base64), kept as is because HMAC-SHA256 signing needs it; reached only by the database owner (the worker), never by a request role, and shown to the lifter once.';
comment on column app_private.webhook_secrets.webhook_id is 'The webhook.';
comment on column app_private.webhook_secrets.secret is 'The secret, `whsec_` and 24 random bytes in base64.';

create table if not exists app_public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  webhook_id uuid not null references app_public.webhooks(id) on delete cascade,
  user_id uuid not null references app_public.users(id) on delete cascade,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' constraint webhook_deliveries_status_check check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  status_code int,
  error text,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz
);
create index if not exists webhook_deliveries_webhook on app_public.webhook_deliveries (webhook_id, created_at desc);
create index if not exists webhook_deliveries_created on app_public.webhook_deliveries (created_at);
alter table app_public.webhook_deliveries enable row level security;
drop policy if exists select_own on app_public.webhook_deliveries;
create policy select_own on app_public.webhook_deliveries for select
  using (user_id = (select app_public.current_user_id()));
grant select on table app_public.webhook_deliveries to svc_reader;
comment on table app_public.webhook_deliveries is E'@behavior -insert -update -delete -query:resource:list -query:resource:single -query:resource:connection\nThe delivery log: each event sent (or being sent) to a webhook, with the last attempt''s status code. Kept 30 days.';
comment on column app_public.webhook_deliveries.id is 'Unique identifier; `msg_` and its hex digits are the delivery''s webhook-id header, the same on every attempt.';
comment on column app_public.webhook_deliveries.webhook_id is 'The webhook.';
comment on column app_public.webhook_deliveries.user_id is E'@behavior -*\nIts owner.';
comment on column app_public.webhook_deliveries.event is 'The event (`workout.created`, `webhook.test`, ...).';
comment on column app_public.webhook_deliveries.payload is 'The JSON body sent: type, timestamp and data.';
comment on column app_public.webhook_deliveries.status is 'pending (being sent or waiting to be retried), delivered (answered 2xx) or failed (every attempt failed, or the webhook was disabled).';
comment on column app_public.webhook_deliveries.attempts is 'Attempts made.';
comment on column app_public.webhook_deliveries.status_code is 'The HTTP status of the last attempt; null when it got no answer (refused address, timeout, connection error).';
comment on column app_public.webhook_deliveries.error is 'Why the last attempt failed, in words (null after a success).';
comment on column app_public.webhook_deliveries.created_at is 'When the event happened.';
comment on column app_public.webhook_deliveries.last_attempt_at is 'When it was last tried.';

create or replace function app_hidden.webhook_events()
 returns text[]
 language sql
 immutable
as $function$
  select array['workout.created', 'workout.updated', 'workout.deleted',
               'routine.created', 'routine.updated', 'routine.deleted',
               'bodyweight.created', 'bodyweight.updated', 'bodyweight.deleted',
               'measurement.created', 'measurement.updated', 'measurement.deleted',
               'webhook.test'];
$function$;
comment on function app_hidden.webhook_events() is 'Every event a webhook may ask for (docs/contract.md lists them); webhook.test is what testWebhook sends.';
grant execute on function app_hidden.webhook_events() to svc_reader;

drop function if exists app_public.webhook_events();
create function app_public.webhook_events()
 returns text[]
 language sql
 immutable
as $function$
  select app_hidden.webhook_events();
$function$;
comment on function app_public.webhook_events() is 'The events a webhook may ask for.';
grant execute on function app_public.webhook_events() to svc_reader;

create or replace function app_hidden.webhook_limit()
 returns int
 language sql
 immutable
as $function$
  select 10;
$function$;
comment on function app_hidden.webhook_limit() is 'Webhooks one account may have.';

create or replace function app_hidden.enqueue_webhook_delivery(p_webhook app_public.webhooks, p_event text, p_data jsonb)
 returns uuid
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_id uuid := gen_random_uuid();
begin
  insert into app_public.webhook_deliveries (id, webhook_id, user_id, event, payload)
  values (v_id, p_webhook.id, p_webhook.user_id, p_event,
          jsonb_build_object('type', p_event, 'timestamp', to_json(now()), 'data', p_data));
  -- graphile-worker retries a failed attempt with its exponential backoff, up to 8 attempts.
  perform graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', v_id), max_attempts := 8);
  return v_id;
end;
$function$;
comment on function app_hidden.enqueue_webhook_delivery(p_webhook app_public.webhooks, p_event text, p_data jsonb) is 'Logs a delivery of an event to one webhook (pending) and queues the worker''s deliver_webhook job for it.';

create or replace function app_hidden.enqueue_webhooks(p_user uuid, p_event text, p_data jsonb)
 returns int
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_hook app_public.webhooks;
  v_count int := 0;
begin
  for v_hook in select * from app_public.webhooks w where w.user_id = p_user and w.enabled and p_event = any (w.events) loop
    perform app_hidden.enqueue_webhook_delivery(v_hook, p_event, p_data);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$function$;
comment on function app_hidden.enqueue_webhooks(p_user uuid, p_event text, p_data jsonb) is 'Queues a delivery of an event to each enabled webhook of a user asking for it; how many.';

create or replace function app_public.create_webhook(url text, events text[], description text default null, out webhook app_public.webhooks, out secret text)
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_user uuid := app_hidden.require_session();
  v_bad text;
begin
  -- The URL's address was checked by the caller (server/graphql/schema/webhooks.ts) and is again at each delivery.
  if create_webhook.url !~ '^https?://' then
    raise exception 'url: must be an https URL' using errcode = 'SVBAD';
  end if;
  if coalesce(cardinality(create_webhook.events), 0) = 0 then
    raise exception 'events: choose at least one event' using errcode = 'SVBAD';
  end if;
  select e into v_bad from unnest(create_webhook.events) e where e <> all (app_hidden.webhook_events()) limit 1;
  if v_bad is not null then
    raise exception 'events: % is not an event (%)', v_bad, array_to_string(app_hidden.webhook_events(), ', ') using errcode = 'SVBAD';
  end if;
  if (select count(*) from app_public.webhooks w where w.user_id = v_user) >= app_hidden.webhook_limit() then
    raise exception 'webhooks: at most % per account; delete one first', app_hidden.webhook_limit() using errcode = 'SVLIM',
      hint = 'webhooks', detail = json_build_object('max', app_hidden.webhook_limit())::text;
  end if;
  insert into app_public.webhooks (user_id, url, events, description)
  values (v_user, create_webhook.url, array(select distinct e from unnest(create_webhook.events) e order by e), nullif(create_webhook.description, ''))
  returning * into webhook;
  secret := 'whsec_' || encode(gen_random_bytes(24), 'base64');
  insert into app_private.webhook_secrets (webhook_id, secret) values (webhook.id, secret);
end;
$function$;
comment on function app_public.create_webhook(url text, events text[], description text, out webhook app_public.webhooks, out secret text) is E'@behavior -*\nRegisters a webhook of the signed-in session''s user (not an API key or app) and answers its signing secret, shown this once.';
grant execute on function app_public.create_webhook(url text, events text[], description text, out webhook app_public.webhooks, out secret text) to svc_visitor;

create or replace function app_public.delete_webhook(id uuid)
 returns app_public.webhooks
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_user uuid := app_hidden.require_session();
  v_row app_public.webhooks;
begin
  delete from app_public.webhooks w where w.id = delete_webhook.id and w.user_id = v_user returning * into v_row;
  if v_row.id is null then
    raise exception 'No such webhook' using errcode = 'SVNFD';
  end if;
  return v_row;
end;
$function$;
comment on function app_public.delete_webhook(id uuid) is E'@behavior -*\nDeletes one of your webhooks with its secret and delivery log (signed in only).';
grant execute on function app_public.delete_webhook(id uuid) to svc_visitor;

create or replace function app_public.set_webhook_enabled(id uuid, enabled boolean)
 returns app_public.webhooks
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_user uuid := app_hidden.require_session();
  v_row app_public.webhooks;
begin
  update app_public.webhooks w
     set enabled = set_webhook_enabled.enabled,
         disabled_reason = case when set_webhook_enabled.enabled then null else 'disabled by you' end,
         consecutive_failures = case when set_webhook_enabled.enabled then 0 else w.consecutive_failures end
   where w.id = set_webhook_enabled.id and w.user_id = v_user
  returning * into v_row;
  if v_row.id is null then
    raise exception 'No such webhook' using errcode = 'SVNFD';
  end if;
  return v_row;
end;
$function$;
comment on function app_public.set_webhook_enabled(id uuid, enabled boolean) is E'@behavior -*\nDisables one of your webhooks, or enables it again (its failure count starts over); signed in only.';
grant execute on function app_public.set_webhook_enabled(id uuid, enabled boolean) to svc_visitor;

create or replace function app_public.test_webhook(id uuid)
 returns app_public.webhook_deliveries
 language plpgsql
 volatile security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_user uuid := app_hidden.require_session();
  v_hook app_public.webhooks;
  v_id uuid;
  v_row app_public.webhook_deliveries;
begin
  select * into v_hook from app_public.webhooks w where w.id = test_webhook.id and w.user_id = v_user;
  if v_hook.id is null then
    raise exception 'No such webhook' using errcode = 'SVNFD';
  end if;
  if not v_hook.enabled then
    raise exception 'This webhook is disabled (%): enable it first', v_hook.disabled_reason using errcode = 'SVBAD';
  end if;
  v_id := app_hidden.enqueue_webhook_delivery(v_hook, 'webhook.test',
            jsonb_build_object('webhookId', v_hook.id, 'message', 'A test delivery from Training Log'));
  select * into v_row from app_public.webhook_deliveries d where d.id = v_id;
  return v_row;
end;
$function$;
comment on function app_public.test_webhook(id uuid) is E'@behavior -*\nQueues a webhook.test delivery to one of your enabled webhooks (signed in only); the delivery log shows how it went.';
grant execute on function app_public.test_webhook(id uuid) to svc_visitor;

create or replace function app_private.webhook_delivery_to_send(p_delivery uuid)
 returns table (url text, secret text, body text, enabled boolean, status text, created_at timestamptz)
 language sql
 stable
as $function$
  select w.url, s.secret, d.payload::text, w.enabled, d.status, d.created_at
    from app_public.webhook_deliveries d
    join app_public.webhooks w on w.id = d.webhook_id
    join app_private.webhook_secrets s on s.webhook_id = w.id
   where d.id = p_delivery;
$function$;
comment on function app_private.webhook_delivery_to_send(p_delivery uuid) is 'What the worker needs to send one delivery: the webhook''s URL, secret and state and the body (the worker''s owner connection only).';

create or replace function app_private.record_webhook_attempt(p_delivery uuid, p_status_code int, p_error text, p_final boolean, p_failures_before_disable int)
 returns boolean
 language plpgsql
 volatile
as $function$
declare
  v_ok boolean := p_error is null;
  v_hook uuid;
  v_failures int;
begin
  update app_public.webhook_deliveries d
     set attempts = d.attempts + 1, status_code = p_status_code, error = p_error, last_attempt_at = now(),
         status = case when v_ok then 'delivered' when p_final then 'failed' else 'pending' end
   where d.id = p_delivery
  returning d.webhook_id into v_hook;
  update app_public.webhooks w
     set consecutive_failures = case when v_ok then 0 else w.consecutive_failures + 1 end
   where w.id = v_hook
  returning consecutive_failures into v_failures;
  if not v_ok and v_failures >= p_failures_before_disable then
    update app_public.webhooks w
       set enabled = false, disabled_reason = format('%s failed attempts in a row', v_failures)
     where w.id = v_hook and w.enabled;
    -- Its deliveries still waiting (this one too) will not be sent.
    update app_public.webhook_deliveries d set status = 'failed', error = coalesce(d.error, 'webhook disabled')
     where d.webhook_id = v_hook and d.status = 'pending';
    return true;
  end if;
  return false;
end;
$function$;
comment on function app_private.record_webhook_attempt(p_delivery uuid, p_status_code int, p_error text, p_final boolean, p_failures_before_disable int) is 'Logs one attempt of a delivery (p_error null: delivered); a failure counts against its webhook, which is disabled at p_failures_before_disable failed attempts in a row (true then). p_final: no attempt follows.';

create or replace function app_private.delete_old_webhook_deliveries()
 returns int
 language sql
 volatile
as $function$
  with gone as (delete from app_public.webhook_deliveries where created_at < now() - interval '30 days' returning 1)
  select count(*)::int from gone;
$function$;
comment on function app_private.delete_old_webhook_deliveries() is 'Deletes delivery log entries older than 30 days (the worker, every minute).';

create or replace function app_public.users_webhooks(u app_public.users)
 returns setof app_public.webhooks
 language sql
 stable
as $function$
  select w.* from app_public.webhooks w where w.user_id = u.id order by w.created_at, w.id;
$function$;
comment on function app_public.users_webhooks(u app_public.users) is E'@behavior -*\nA user''s webhooks, oldest first (User.webhooks; row-level security shows only your own).';
grant execute on function app_public.users_webhooks(u app_public.users) to svc_reader;

create or replace function app_public.webhooks_deliveries(w app_public.webhooks)
 returns setof app_public.webhook_deliveries
 language sql
 stable
as $function$
  select d.* from app_public.webhook_deliveries d where d.webhook_id = w.id order by d.created_at desc, d.id limit 50;
$function$;
comment on function app_public.webhooks_deliveries(w app_public.webhooks) is E'@behavior -*\nA webhook''s 50 latest deliveries, newest first (Webhook.deliveries).';
grant execute on function app_public.webhooks_deliveries(w app_public.webhooks) to svc_reader;
