-- Changes: every save and delete of a routine, workout or bodyweight is one row of
-- app_public.changes, written by triggers, numbered in commit order when its transaction commits.
-- The changes feed (changes_after) and the history with Undo (undo_change) read this one table.
--
-- Commit order: a number taken during the transaction would let a reader see number 12 committed
-- while 11 is still running (and skip 11 when it commits later). So a change row is written with
-- no number (seq null); a deferred constraint trigger numbers the transaction's rows as it commits,
-- holding a per-user advisory lock until the commit is visible: a user's numbers become visible in
-- order, and a reader never sees a number without every smaller one of that user.

create sequence if not exists app_public.changes_seq;
comment on sequence app_public.changes_seq is 'Commit-order numbers of changes (app_public.changes.seq), taken as their transaction commits.';

create or replace function app_hidden.current_xid()
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  select pg_current_xact_id()::text::bigint;
$function$;
comment on function app_hidden.current_xid() is 'This transaction''s 64-bit id (pg_current_xact_id, assigned if it has none yet), as a bigint: what its pending changes are found by as it commits.';
grant execute on function app_hidden.current_xid() to svc_reader;

create table if not exists app_public.changes (
  id uuid default gen_random_uuid() primary key,
  recorded bigint generated always as identity,
  user_id uuid not null references app_public.users(id) on delete cascade,
  seq bigint unique,
  xid bigint not null default app_hidden.current_xid(),
  at timestamptz,
  kind text not null check (kind in ('routine', 'workout', 'bodyweight', 'measurement')),
  entity_id uuid not null,
  op text check (op in ('created', 'updated', 'deleted')),
  before jsonb,
  client text not null,
  via text not null check (via in ('session', 'key', 'app', 'server')),
  summary text,
  undo_of uuid references app_public.changes(id) on delete set null
);
alter table app_public.changes enable row level security;
comment on table app_public.changes is E'@behavior -*\nA change of a routine, workout or bodyweight: created, updated or deleted, when, from which client, in a line; in commit order (seq). Read with `changes` (the feed) and `history`; undone with `undoChange`.';
comment on column app_public.changes.id is 'Unique identifier of the change.';
comment on column app_public.changes.recorded is E'@behavior -*\nThe order changes were recorded in (within a transaction, the order they are numbered in as it commits).';
comment on column app_public.changes.user_id is 'The owner of what changed.';
comment on column app_public.changes.seq is 'Its place in commit order (taken as its transaction commits; null until then): the feed''s cursor.';
comment on column app_public.changes.xid is E'@behavior -*\nThe transaction that made it (its 64-bit id, pg_current_xact_id), to number its changes as it commits.';
comment on column app_public.changes.at is 'When its transaction committed.';
comment on column app_public.changes.kind is 'What changed: routine, workout, bodyweight or measurement.';
comment on column app_public.changes.entity_id is 'The id of the routine, workout, bodyweight or measurement.';
comment on column app_public.changes.op is 'created, updated or deleted (decided at commit, from the state before and after the transaction).';
comment on column app_public.changes.before is 'The state before the change: a routine or workout document, a bodyweight row; null when created, and once the change is past its 90 days.';
comment on column app_public.changes.client is 'Who made it: `web app (<browser>)`, `svc CLI on <host>`, `API key "<name>"`, `<app> (connected app)`, or `server`.';
comment on column app_public.changes.via is 'The kind of credential: session, key, app, or server (no request: the owner, a background job).';
comment on column app_public.changes.summary is 'One line: `Logged Push Day on 2026-03-02`, `Edited routine Push Day`, `Undid "..."`.';
comment on column app_public.changes.undo_of is 'The change this one undid, if it is an Undo.';
create index if not exists changes_user_seq on app_public.changes (user_id, seq);
comment on index app_public.changes_user_seq is 'A user''s changes in commit order: the feed and the history, a page at a time.';
create index if not exists changes_pending on app_public.changes (xid) where seq is null;
comment on index app_public.changes_pending is 'The changes of a transaction not yet numbered: what its commit numbers.';
create index if not exists changes_entity on app_public.changes (entity_id, seq);
comment on index app_public.changes_entity is 'An item''s changes in order: whether a later one supersedes a change (pruning), which items have any.';
create index if not exists changes_undo_of on app_public.changes (undo_of) where undo_of is not null;
comment on index app_public.changes_undo_of is 'The Undo of a change, if any (the history says it was undone).';
drop policy if exists select_own on app_public.changes;
create policy select_own on app_public.changes for select
  using (user_id = (select app_public.current_user_id()));
grant select on table app_public.changes to svc_reader;

create table if not exists app_private.change_horizons (
  user_id uuid primary key references app_public.users(id) on delete cascade,
  pruned_through bigint not null
);
comment on table app_private.change_horizons is 'Per user, the highest seq of a change pruned away: a feed cursor below it may have missed a deletion.';
comment on column app_private.change_horizons.user_id is 'The user.';
comment on column app_private.change_horizons.pruned_through is 'The highest seq of the user''s changes pruned away.';

create or replace function app_hidden.change_horizon(p_user uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select coalesce((select h.pruned_through from app_private.change_horizons h where h.user_id = p_user), 0);
$function$;
comment on function app_hidden.change_horizon(p_user uuid) is 'The highest seq of p_user''s changes pruned away (0: none): a feed cursor below it is refused.';
grant execute on function app_hidden.change_horizon(p_user uuid) to svc_reader;

create or replace function app_hidden.change_client(OUT client text, OUT via text)
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select coalesce(
           (select case when s.client like 'svc %' then s.client else 'web app (' || s.client || ')' end
              from app_public.sessions s where s.id = app_public.current_session_id()),
           (select 'API key "' || k.name || '"' from app_public.api_keys k where k.id = app_public.current_api_key_id()),
           (select c.client_name || ' (connected app)' from app_public.connected_apps c
             where c.id = app_public.current_oauth_connection_id()),
           'server'),
         case when app_public.current_session_id() is not null then 'session'
              when app_public.current_api_key_id() is not null then 'key'
              when app_public.current_oauth_connection_id() is not null then 'app'
              else 'server' end;
$function$;
comment on function app_hidden.change_client(OUT client text, OUT via text) is 'Who is making this change, in words (the session''s client, the API key''s name, the connected app''s name, or `server`), and through what (session, key, app, server).';
grant execute on function app_hidden.change_client(OUT client text, OUT via text) to svc_reader;

create or replace function app_hidden.change_state(p_kind text, p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select case p_kind
    when 'routine' then app_hidden.routine_state(p_id, null)::jsonb
    when 'workout' then app_hidden.workout_state(p_id, null)::jsonb
    when 'bodyweight' then (select jsonb_build_object('id', b.id, 'date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit)
                              from app_public.bodyweights b where b.id = p_id)
  end;
$function$;
comment on function app_hidden.change_state(p_kind text, p_id uuid) is 'What a routine, workout or bodyweight is now, as the caller may see it: its document (a bodyweight: id, date, weight, unit); null when gone (or not the caller''s).';
grant execute on function app_hidden.change_state(p_kind text, p_id uuid) to svc_reader;

create or replace function app_hidden.change_brief(p_kind text, p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select case p_kind
    when 'routine' then (select jsonb_build_object('name', r.name) from app_public.routines r where r.id = p_id)
    when 'workout' then (select jsonb_build_object('name', w.name, 'date', w.date) from app_public.workouts w where w.id = p_id)
    when 'bodyweight' then (select jsonb_build_object('weight', b.weight, 'unit', b.unit, 'date', b.date)
                              from app_public.bodyweights b where b.id = p_id)
  end;
$function$;
comment on function app_hidden.change_brief(p_kind text, p_id uuid) is 'What a change''s summary names of a routine, workout or bodyweight now (name; name and date; weight, unit and date); null when gone. Cheaper than its document: read for every change as it commits.';
grant execute on function app_hidden.change_brief(p_kind text, p_id uuid) to svc_reader;

create or replace function app_hidden.change_summary(p_kind text, p_op text, p_state jsonb, p_undo_of uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select coalesce('Undid "' || (select u.summary from app_public.changes u where u.id = p_undo_of) || '"',
    case p_kind
      when 'workout' then
        case p_op when 'created' then 'Logged ' when 'updated' then 'Edited ' else 'Deleted ' end
        || coalesce(p_state ->> 'name', 'a workout') || ' on ' || (p_state ->> 'date')
      when 'routine' then
        case p_op when 'created' then 'Created' when 'updated' then 'Edited' else 'Deleted' end
        || ' routine ' || (p_state ->> 'name')
      when 'bodyweight' then
        case p_op when 'created' then 'Logged' when 'updated' then 'Changed' else 'Deleted' end
        || ' bodyweight ' || (p_state ->> 'weight') || ' ' || (p_state ->> 'unit') || ' on ' || (p_state ->> 'date')
      else initcap(p_op) || ' ' || p_kind
    end);
$function$;
comment on function app_hidden.change_summary(p_kind text, p_op text, p_state jsonb, p_undo_of uuid) is 'The one line a change is listed with, from what it is after the change (before, when deleted): `Logged Push Day on 2026-03-02`, `Edited routine Push Day`, `Deleted bodyweight 80 kg on 2026-03-02`; an Undo says `Undid "<what it undid>"`.';
grant execute on function app_hidden.change_summary(p_kind text, p_op text, p_state jsonb, p_undo_of uuid) to svc_reader;

create or replace function app_hidden.tg_record_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- Before the first write of a row in a transaction: its state before (the children of a routine or
-- workout are still there), who writes. Later writes of the row in the transaction add nothing.
declare
  v_kind text := tg_argv[0];
  v_row record := case when tg_op = 'DELETE' then old else new end;
  v_who record;
begin
  -- An account being deleted takes its rows with it: nothing to record.
  if not exists (select 1 from app_public.users u where u.id = v_row.user_id) then
    return v_row;
  end if;
  if exists (select 1 from app_public.changes c
              where c.xid = app_hidden.current_xid() and c.seq is null and c.entity_id = v_row.id) then
    return v_row;
  end if;
  v_who := app_hidden.change_client();
  insert into app_public.changes (user_id, kind, entity_id, before, client, via, undo_of)
  values (v_row.user_id, v_kind, v_row.id,
          case when tg_op <> 'INSERT' then app_hidden.change_state(v_kind, old.id) - 'version' end,
          v_who.client, v_who.via, nullif(current_setting('svc.undo_of', true), '')::uuid);
  return v_row;
end;
$function$;
comment on function app_hidden.tg_record_change() is 'Trigger (before insert, update, delete; argument: the kind): records the first write of a routine, workout or bodyweight in a transaction as a pending change (seq null) with its state before and its client. An account being deleted is not recorded.';

create or replace function app_hidden.tg_number_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- At commit (deferred): the transaction's pending changes numbered in order under their users'
-- locks, each decided created / updated / deleted by its state now; one created and deleted in
-- the same transaction is no change. The first firing does the work; the others find none.
declare
  c record;
  v_now jsonb;
  v_op text;
begin
  if not exists (select 1 from app_public.changes p where p.xid = app_hidden.current_xid() and p.seq is null) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('svc.changes:' || u.user_id::text, 0))
     from (select distinct p.user_id from app_public.changes p
            where p.xid = app_hidden.current_xid() and p.seq is null order by p.user_id) u;
  for c in select p.* from app_public.changes p where p.xid = app_hidden.current_xid() and p.seq is null order by p.recorded loop
    v_now := app_hidden.change_brief(c.kind, c.entity_id);
    if c.before is null and v_now is null then
      delete from app_public.changes p where p.id = c.id;
      continue;
    end if;
    v_op := case when c.before is null then 'created' when v_now is null then 'deleted' else 'updated' end;
    update app_public.changes p
       set seq = nextval('app_public.changes_seq'), at = clock_timestamp(), op = v_op,
           summary = app_hidden.change_summary(c.kind, v_op, coalesce(v_now, c.before), c.undo_of)
     where p.id = c.id;
  end loop;
  return null;
end;
$function$;
comment on function app_hidden.tg_number_changes() is 'Constraint trigger, deferred to the commit: numbers the transaction''s pending changes (seq) in commit order under a per-user advisory lock held until the commit is visible, and decides each one''s op and summary.';

do $$
declare
  t record;
begin
  for t in select * from (values ('routines', 'routine'), ('workouts', 'workout'), ('bodyweights', 'bodyweight')) v(tbl, kind) loop
    execute format('drop trigger if exists _050_record_change on app_public.%I', t.tbl);
    execute format('create trigger _050_record_change before insert or update or delete on app_public.%I
                      for each row execute function app_hidden.tg_record_change(%L)', t.tbl, t.kind);
    execute format('drop trigger if exists _900_number_changes on app_public.%I', t.tbl);
    execute format('create constraint trigger _900_number_changes after insert or update or delete on app_public.%I
                      deferrable initially deferred for each row execute function app_hidden.tg_number_changes()', t.tbl);
  end loop;
end;
$$;

-- What was there before changes were recorded: one change each, so the feed from the start holds it.
insert into app_public.changes (user_id, seq, at, kind, entity_id, op, client, via, summary)
select x.user_id, nextval('app_public.changes_seq'), x.created_at, x.kind, x.id, 'created', 'server', 'server',
       app_hidden.change_summary(x.kind, 'created', x.state, null)
  from (select r.user_id, r.id, r.created_at, 'routine' as kind, jsonb_build_object('name', r.name) as state
          from app_public.routines r
        union all
        select w.user_id, w.id, w.created_at, 'workout', jsonb_build_object('name', w.name, 'date', w.date)
          from app_public.workouts w
        union all
        select b.user_id, b.id, b.created_at, 'bodyweight', jsonb_build_object('weight', b.weight, 'unit', b.unit, 'date', b.date)
          from app_public.bodyweights b) x
 where not exists (select 1 from app_public.changes c where c.entity_id = x.id)
 order by x.created_at, x.id;

create or replace function app_private.prune_changes()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- Past 90 days a change leaves the history; the latest change of an item still there stays (its
-- state before forgotten), so the feed from the start still names every item.
declare
  v_count integer;
begin
  with aged as (
    select c.id, c.user_id, c.seq,
           c.op = 'deleted' or exists (select 1 from app_public.changes n where n.entity_id = c.entity_id and n.seq > c.seq) as superseded
      from app_public.changes c
     where c.at < now() - interval '90 days' and c.seq is not null),
  gone as (
    delete from app_public.changes c using aged where c.id = aged.id and aged.superseded
    returning c.user_id, c.seq, c.op),
  horizons as (
    insert into app_private.change_horizons as h (user_id, pruned_through)
    select g.user_id, max(g.seq) from gone g where g.op = 'deleted' group by g.user_id
    on conflict (user_id) do update set pruned_through = greatest(h.pruned_through, excluded.pruned_through)),
  forgotten as (
    update app_public.changes c set before = null from aged
     where c.id = aged.id and not aged.superseded and c.before is not null
    returning c.id)
  select (select count(*) from gone) + (select count(*) from forgotten) into v_count;
  return v_count;
end;
$function$;
comment on function app_private.prune_changes() is 'Worker task (every minute): changes older than 90 days leave the history: deleted when a later change of the item exists or it is the item''s deletion (which raises the user''s change_horizons), else kept without their state before, as the feed''s record of an item still there. Returns how many rows it changed.';

create or replace function app_public.changes_after(after bigint, first integer)
 RETURNS SETOF app_public.changes
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_hidden.require_user();
begin
  if after is not null and after < app_hidden.change_horizon(v_user) then
    raise exception 'after: this cursor is older than the changes kept (90 days); read the feed again from the start'
      using errcode = 'SVBAD';
  end if;
  return query
    select c.* from app_public.changes c
     where c.user_id = v_user and c.seq > coalesce(after, 0)
     order by c.seq
     limit first;
end;
$function$;
comment on function app_public.changes_after(after bigint, first integer) is E'@behavior -*\nThe signed-in user''s changes after the cursor `after` (a seq; null: from the start), at most `first`, in commit order. A cursor older than the changes kept (a change pruned after it) is refused (SVBAD).';
grant execute on function app_public.changes_after(after bigint, first integer) to svc_reader;

create or replace function app_public.change_history(before bigint, first integer)
 RETURNS SETOF app_public.changes
 LANGUAGE sql
 STABLE
AS $function$
  select c.* from app_public.changes c
   where c.user_id = app_hidden.require_user() and c.seq < coalesce(change_history.before, 9223372036854775807)
     and c.at >= now() - interval '90 days'
   order by c.seq desc
   limit change_history.first;
$function$;
comment on function app_public.change_history(before bigint, first integer) is E'@behavior -*\nThe signed-in user''s changes of the last 90 days, newest first, before the cursor `before` (a seq; null: the newest), at most `first`.';
grant execute on function app_public.change_history(before bigint, first integer) to svc_reader;

create or replace function app_hidden.restore_row(p_kind text, p_id uuid, p_state jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- A deleted routine or workout comes back under its own id: a row with that id, for the signed-in
-- user, that the document then fills (a request role may not choose ids).
declare
  v_user uuid := app_hidden.require_user();
begin
  if p_kind = 'routine' then
    insert into app_public.routines (id, user_id, name, unit) values (p_id, v_user, p_state ->> 'name', p_state ->> 'unit');
  else
    insert into app_public.workouts (id, user_id, date, start, unit, effort)
    values (p_id, v_user, (p_state ->> 'date')::date, (p_state ->> 'date')::date + time '12:00', p_state ->> 'unit', p_state ->> 'effort');
  end if;
end;
$function$;
comment on function app_hidden.restore_row(p_kind text, p_id uuid, p_state jsonb) is 'Undo of a deletion: a routine or workout row with its old id for the signed-in user, filled next by its document.';
grant execute on function app_hidden.restore_row(p_kind text, p_id uuid, p_state jsonb) to svc_visitor;

create or replace function app_hidden.undo_document(p_kind text, p_id uuid, p_before jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
-- The state before, as a document saved over whatever is there now; a routine the workout
-- followed that is gone since is left out.
declare
  v_doc jsonb := p_before - 'version';
begin
  if p_kind = 'routine' then
    if not exists (select 1 from app_public.routines r where r.id = p_id) then
      perform app_hidden.restore_row(p_kind, p_id, v_doc);
    end if;
    perform app_public.apply_routine_document(v_doc);
  else
    if v_doc ? 'routine' and not exists (select 1 from app_public.routines r where r.id = (v_doc ->> 'routine')::uuid) then
      v_doc := v_doc - 'routine';
    end if;
    if not exists (select 1 from app_public.workouts w where w.id = p_id) then
      perform app_hidden.restore_row(p_kind, p_id, v_doc);
    end if;
    perform app_public.apply_workout_document(v_doc);
  end if;
end;
$function$;
comment on function app_hidden.undo_document(p_kind text, p_id uuid, p_before jsonb) is 'Undo of a routine or workout change: its document before saved again (a deleted one restored under its id first).';
grant execute on function app_hidden.undo_document(p_kind text, p_id uuid, p_before jsonb) to svc_visitor;

create or replace function app_public.undo_change(id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
-- The Undo is itself a change (undo_of = the change undone), recorded by the same triggers.
declare
  v_user uuid := app_hidden.require_user();
  c app_public.changes;
  v_undo uuid;
begin
  select * into c from app_public.changes x where x.id = undo_change.id and x.user_id = v_user and x.seq is not null;
  if not found then
    raise exception 'id: no such change of yours' using errcode = 'SVNFD';
  end if;
  if c.op <> 'created' and c.before is null then
    raise exception 'id: this change is older than 90 days: its state before is no longer kept' using errcode = 'SVBAD';
  end if;
  perform set_config('svc.undo_of', c.id::text, true);
  if c.op = 'created' then
    case c.kind
      when 'routine' then delete from app_public.routines r where r.id = c.entity_id;
      when 'workout' then delete from app_public.workouts w where w.id = c.entity_id;
      else delete from app_public.bodyweights b where b.id = c.entity_id;
    end case;
    if not found then
      perform set_config('svc.undo_of', '', true);
      raise exception 'id: nothing to undo: the % it created is already gone', c.kind using errcode = 'SVBAD';
    end if;
  elsif c.kind = 'bodyweight' then
    perform app_public.log_bodyweight((c.before ->> 'date')::date, (c.before ->> 'weight')::float8, c.before ->> 'unit');
  else
    perform app_hidden.undo_document(c.kind, c.entity_id, c.before);
  end if;
  perform set_config('svc.undo_of', '', true);
  select x.id into v_undo from app_public.changes x
   where x.xid = app_hidden.current_xid() and x.seq is null and x.undo_of = c.id
   order by x.recorded limit 1;
  return v_undo;
end;
$function$;
comment on function app_public.undo_change(id uuid) is E'@behavior -*\nUndoes one of the signed-in user''s changes: restores the routine, workout or bodyweight as it was before it (a deleted one comes back under its id; a created one is deleted), as a new change whose undo_of is this one; returns the new change''s id. NOT_FOUND for no such change of yours; INVALID_INPUT when its state before is no longer kept (over 90 days) or a created item is already gone; the document rules apply to what comes back (INVALID_DOCUMENT, CONFLICT for a name taken since).';
grant execute on function app_public.undo_change(id uuid) to svc_visitor;
