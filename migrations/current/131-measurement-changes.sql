-- Body measurements in the change history, the changes feed and the webhooks: every
-- logMeasurements and delete of a measurement is a change (kind measurement), listed, undoable
-- and fed like a bodyweight's (91-changes.sql; its functions are extended here, case by case).

create or replace function app_hidden.measurement_state(p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select jsonb_strip_nulls(jsonb_build_object(
           'id', m.id, 'date', to_char(m.date, 'YYYY-MM-DD'), 'unit', m.unit, 'bodyFat', m.body_fat,
           'neck', m.neck, 'shoulders', m.shoulders, 'chest', m.chest, 'waist', m.waist, 'hips', m.hips,
           'leftUpperArm', m.left_upper_arm, 'rightUpperArm', m.right_upper_arm,
           'leftForearm', m.left_forearm, 'rightForearm', m.right_forearm,
           'leftThigh', m.left_thigh, 'rightThigh', m.right_thigh,
           'leftCalf', m.left_calf, 'rightCalf', m.right_calf))
    from app_public.measurements m where m.id = p_id;
$function$;
comment on function app_hidden.measurement_state(p_id uuid) is 'A measurement as a change records and the feed answers it: id, date, unit and the values measured that day under logMeasurements'' names (bodyFat, neck, ..., rightCalf; those not measured left out); null when gone.';
grant execute on function app_hidden.measurement_state(p_id uuid) to svc_reader;

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
    when 'measurement' then app_hidden.measurement_state(p_id)
  end;
$function$;
comment on function app_hidden.change_state(p_kind text, p_id uuid) is 'What a routine, workout, bodyweight or measurement is now, as the caller may see it: its document (a bodyweight: id, date, weight, unit; a measurement: app_hidden.measurement_state); null when gone (or not the caller''s).';

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
    when 'measurement' then (select jsonb_build_object('date', m.date) from app_public.measurements m where m.id = p_id)
  end;
$function$;
comment on function app_hidden.change_brief(p_kind text, p_id uuid) is 'What a change''s summary names of a routine, workout, bodyweight or measurement now (name; name and date; weight, unit and date; date); null when gone. Cheaper than its document: read for every change as it commits.';

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
      when 'measurement' then
        case p_op when 'created' then 'Logged' when 'updated' then 'Changed' else 'Deleted' end
        || ' body measurements on ' || (p_state ->> 'date')
      else initcap(p_op) || ' ' || p_kind
    end);
$function$;
comment on function app_hidden.change_summary(p_kind text, p_op text, p_state jsonb, p_undo_of uuid) is 'The one line a change is listed with, from what it is after the change (before, when deleted): `Logged Push Day on 2026-03-02`, `Edited routine Push Day`, `Deleted bodyweight 80 kg on 2026-03-02`, `Changed body measurements on 2026-03-02`; an Undo says `Undid "<what it undid>"`.';

create or replace function app_hidden.restore_measurement(p_id uuid, p_state jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- A request role may not choose ids: the row comes back here, for the signed-in user, as it was
-- stored (it met the table's checks then, and they check it again).
declare
  v_user uuid := app_hidden.require_user();
begin
  insert into app_public.measurements (id, user_id, date, unit, body_fat, neck, shoulders, chest, waist, hips,
                                       left_upper_arm, right_upper_arm, left_forearm, right_forearm,
                                       left_thigh, right_thigh, left_calf, right_calf)
  values (p_id, v_user, (p_state ->> 'date')::date, p_state ->> 'unit', (p_state ->> 'bodyFat')::float8,
          (p_state ->> 'neck')::float8, (p_state ->> 'shoulders')::float8, (p_state ->> 'chest')::float8,
          (p_state ->> 'waist')::float8, (p_state ->> 'hips')::float8,
          (p_state ->> 'leftUpperArm')::float8, (p_state ->> 'rightUpperArm')::float8,
          (p_state ->> 'leftForearm')::float8, (p_state ->> 'rightForearm')::float8,
          (p_state ->> 'leftThigh')::float8, (p_state ->> 'rightThigh')::float8,
          (p_state ->> 'leftCalf')::float8, (p_state ->> 'rightCalf')::float8);
end;
$function$;
comment on function app_hidden.restore_measurement(p_id uuid, p_state jsonb) is 'Undo of a measurement''s deletion when its date is free: the row back under its old id for the signed-in user, with the values of p_state (app_hidden.measurement_state''s form).';
grant execute on function app_hidden.restore_measurement(p_id uuid, p_state jsonb) to svc_visitor;

create or replace function app_hidden.undo_measurement(p_id uuid, p_before jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
-- Deleted with its date still free: back under its id. Otherwise that day's entry is logged again
-- with the values before (logMeasurements' rules and its replacing of the day).
begin
  if not exists (select 1 from app_public.measurements m where m.id = p_id)
     and not exists (select 1 from app_public.measurements m
                      where m.user_id = app_hidden.require_user() and m.date = (p_before ->> 'date')::date) then
    perform app_hidden.restore_measurement(p_id, p_before);
    return;
  end if;
  perform app_public.log_measurements(
    date => p_before ->> 'date', unit => p_before ->> 'unit', body_fat => (p_before ->> 'bodyFat')::float8,
    neck => (p_before ->> 'neck')::float8, shoulders => (p_before ->> 'shoulders')::float8,
    chest => (p_before ->> 'chest')::float8, waist => (p_before ->> 'waist')::float8, hips => (p_before ->> 'hips')::float8,
    left_upper_arm => (p_before ->> 'leftUpperArm')::float8, right_upper_arm => (p_before ->> 'rightUpperArm')::float8,
    left_forearm => (p_before ->> 'leftForearm')::float8, right_forearm => (p_before ->> 'rightForearm')::float8,
    left_thigh => (p_before ->> 'leftThigh')::float8, right_thigh => (p_before ->> 'rightThigh')::float8,
    left_calf => (p_before ->> 'leftCalf')::float8, right_calf => (p_before ->> 'rightCalf')::float8);
end;
$function$;
comment on function app_hidden.undo_measurement(p_id uuid, p_before jsonb) is 'Undo of a measurement''s change: a deleted one back under its id while its date is free; else the day logged again with the values before.';
grant execute on function app_hidden.undo_measurement(p_id uuid, p_before jsonb) to svc_visitor;

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
      when 'measurement' then delete from app_public.measurements m where m.id = c.entity_id;
      else delete from app_public.bodyweights b where b.id = c.entity_id;
    end case;
    if not found then
      perform set_config('svc.undo_of', '', true);
      raise exception 'id: nothing to undo: the % it created is already gone', c.kind using errcode = 'SVBAD';
    end if;
  elsif c.kind = 'bodyweight' then
    perform app_public.log_bodyweight((c.before ->> 'date')::date, (c.before ->> 'weight')::float8, c.before ->> 'unit');
  elsif c.kind = 'measurement' then
    perform app_hidden.undo_measurement(c.entity_id, c.before);
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
comment on function app_public.undo_change(id uuid) is E'@behavior -*\nUndoes one of the signed-in user''s changes: restores the routine, workout, bodyweight or measurement as it was before it (a deleted one comes back under its id; a created one is deleted), as a new change whose undo_of is this one; returns the new change''s id. NOT_FOUND for no such change of yours; INVALID_INPUT when its state before is no longer kept (over 90 days) or a created item is already gone; the document rules apply to what comes back (INVALID_DOCUMENT, CONFLICT for a name taken since).';

drop trigger if exists _050_record_change on app_public.measurements;
create trigger _050_record_change before insert or update or delete on app_public.measurements
  for each row execute function app_hidden.tg_record_change('measurement');
drop trigger if exists _900_number_changes on app_public.measurements;
create constraint trigger _900_number_changes after insert or update or delete on app_public.measurements
  deferrable initially deferred for each row execute function app_hidden.tg_number_changes();

-- The measurements logged before they were recorded: one change each, so the feed from the start holds them.
insert into app_public.changes (user_id, seq, at, kind, entity_id, op, client, via, summary)
select m.user_id, nextval('app_public.changes_seq'), m.created_at, 'measurement', m.id, 'created', 'server', 'server',
       app_hidden.change_summary('measurement', 'created', jsonb_build_object('date', m.date), null)
  from app_public.measurements m
 where not exists (select 1 from app_public.changes c where c.entity_id = m.id)
 order by m.created_at, m.id;

comment on table app_public.changes is E'@behavior -*\nA change of a routine, workout, bodyweight or measurement: created, updated or deleted, when, from which client, in a line; in commit order (seq). Read with `changes` (the feed) and `history`; undone with `undoChange`.';
comment on column app_public.changes.before is 'The state before the change: a routine or workout document, a bodyweight or measurement row; null when created, and once the change is past its 90 days.';
