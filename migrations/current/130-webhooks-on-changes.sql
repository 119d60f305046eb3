-- Webhooks fire on real saves: as a transaction commits, each change it made (numbered by
-- app_hidden.tg_number_changes, 91-changes.sql) is queued to the user's enabled webhooks that ask
-- for its event (`<kind>.<op>`, 97-webhooks.sql). Queued in the same transaction: a change rolled
-- back sends nothing, and the worker sees the job only once the change is committed.

create or replace function app_hidden.change_webhook_data(p_change app_public.changes)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select jsonb_build_object(
           'changeId', p_change.id, 'cursor', p_change.seq::text, 'at', to_json(p_change.at),
           'kind', p_change.kind, 'id', p_change.entity_id, 'op', p_change.op,
           'summary', p_change.summary, 'client', p_change.client, 'via', p_change.via,
           'undoOf', p_change.undo_of,
           'document', app_hidden.change_state(p_change.kind, p_change.entity_id));
$function$;
comment on function app_hidden.change_webhook_data(p_change app_public.changes) is 'The `data` of a change''s webhook delivery: the change as the feed answers it (changeId, cursor, at, kind, id, op, summary, client, via, undoOf) and the item as it is now (document; null once deleted).';

create or replace function app_hidden.enqueue_change_webhooks(p_change app_public.changes)
 RETURNS integer
 LANGUAGE plpgsql
 VOLATILE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_event text := p_change.kind || '.' || p_change.op;
begin
  -- Most users have no webhook: one index probe, and the document is built only when one asks.
  if not exists (select 1 from app_public.webhooks w
                  where w.user_id = p_change.user_id and w.enabled and v_event = any (w.events)) then
    return 0;
  end if;
  return app_hidden.enqueue_webhooks(p_change.user_id, v_event, app_hidden.change_webhook_data(p_change));
end;
$function$;
comment on function app_hidden.enqueue_change_webhooks(p_change app_public.changes) is 'Queues a numbered change (seq, op and summary set) to its user''s enabled webhooks asking for `<kind>.<op>` (workout.created, measurement.deleted, ...); how many deliveries.';

create or replace function app_hidden.tg_number_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- At commit (deferred): the transaction's pending changes numbered in order under their users'
-- locks, each decided created / updated / deleted by its state now; one created and deleted in
-- the same transaction is no change. The first firing does the work; the others find none.
-- Each numbered change is queued to the webhooks asking for its event.
declare
  c record;
  v_now jsonb;
  v_op text;
  v_change app_public.changes;
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
     where p.id = c.id
    returning p.* into v_change;
    perform app_hidden.enqueue_change_webhooks(v_change);
  end loop;
  return null;
end;
$function$;
comment on function app_hidden.tg_number_changes() is 'Constraint trigger, deferred to the commit: numbers the transaction''s pending changes (seq) in commit order under a per-user advisory lock held until the commit is visible, decides each one''s op and summary, and queues it to the webhooks asking for its event (app_hidden.enqueue_change_webhooks).';
