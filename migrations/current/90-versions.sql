-- Versions of routines and workouts: every save counts one more, a document may name the version
-- it was read at, and a save over another version is refused (SVVER, GraphQL CONFLICT) with what
-- differs, so two devices never overwrite each other silently.

alter table app_public.routines add column if not exists version integer not null default 1;
comment on column app_public.routines.version is 'How many times the routine has been saved: 1 when created, one more at every save. A document with `id` and `version` is saved only over that version.';
alter table app_public.workouts add column if not exists version integer not null default 1;
comment on column app_public.workouts.version is 'How many times the workout has been saved: 1 when created, one more at every save. A document with `id` and `version` is saved only over that version.';

create or replace function app_hidden.tg_next_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.version := old.version + 1;
  return new;
end;
$function$;
comment on function app_hidden.tg_next_version() is 'Trigger: one more version at every update of a routine or workout (a document save, its routine deleted), whatever the update says.';

drop trigger if exists _110_next_version on app_public.routines;
create trigger _110_next_version before update on app_public.routines
  for each row execute function app_hidden.tg_next_version();
drop trigger if exists _110_next_version on app_public.workouts;
create trigger _110_next_version before update on app_public.workouts
  for each row execute function app_hidden.tg_next_version();

create or replace function app_hidden.doc_version_reason(doc jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when doc ? 'version' and app_hidden.doc_integer(doc -> 'version', 1, 2147483647) is null
              then 'must be an integer from 1 to 2147483647' end;
$function$;
comment on function app_hidden.doc_version_reason(doc jsonb) is 'Why a document''s `version` is refused (not an integer from 1 to 2147483647), or null: absent or fine. The last field a routine or workout walk reads.';
grant execute on function app_hidden.doc_version_reason(doc jsonb) to svc_reader;

create or replace function app_hidden.doc_version(doc jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when doc ? 'id' and doc ? 'version'
              then jsonb_build_object('version', app_hidden.doc_integer(doc -> 'version', 1, 2147483647))
              else '{}' end;
$function$;
comment on function app_hidden.doc_version(doc jsonb) is 'A valid document''s `version` as its canonical part: `{"version": n}` with an `id`, else `{}` (a new routine or workout has no version to compare).';
grant execute on function app_hidden.doc_version(doc jsonb) to svc_reader;

create or replace function app_hidden.document_differences(sent jsonb, current jsonb)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- Fields in the current document's order, then those only sent; an exercise by its index.
  with fields as (
    select k, min(ord) as ord
      from (select k, ord from jsonb_each(current) with ordinality c(k, v, ord)
            union all select k, 1000 + ord from jsonb_each(sent) with ordinality s(k, v, ord)) f
     where k not in ('version', 'exercises')
     group by k),
  exercises as (
    select i from generate_series(0, greatest(jsonb_array_length(coalesce(sent -> 'exercises', '[]')),
                                              jsonb_array_length(coalesce(current -> 'exercises', '[]'))) - 1) i)
  select coalesce(array_agg(p order by o), '{}')
    from (select k as p, ord::numeric as o from fields where sent -> k is distinct from current -> k
          union all
          select 'exercises[' || i || ']', 500 + i from exercises
           where sent -> 'exercises' -> i is distinct from current -> 'exercises' -> i) d;
$function$;
comment on function app_hidden.document_differences(sent jsonb, current jsonb) is 'What differs between a document sent and the current one, as paths (`name`, `exercises[2]`, ...): the fields, then the exercises by index; `version` left out.';
grant execute on function app_hidden.document_differences(sent jsonb, current jsonb) to svc_reader;

create or replace function app_hidden.require_version(p_kind text, p_id uuid, p_sent integer, p_doc jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
-- The row is locked first, so a save waiting for another sees the version that one committed.
declare
  v_current integer;
  v_doc jsonb;
  v_differences text[];
begin
  if p_sent is null then
    return;
  end if;
  if p_kind = 'routine' then
    select r.version into v_current from app_public.routines r where r.id = p_id for update;
  else
    select w.version into v_current from app_public.workouts w where w.id = p_id for update;
  end if;
  if v_current = p_sent then
    return;
  end if;
  v_doc := case p_kind when 'routine' then app_hidden.routine_state(p_id, p_doc ->> 'unit')::jsonb
                       else app_hidden.workout_state(p_id, p_doc ->> 'unit')::jsonb end;
  v_differences := app_hidden.document_differences(p_doc, v_doc);
  -- The very document saved since (a retry whose answer was lost): that save again, not a conflict.
  if cardinality(v_differences) = 0 then
    return;
  end if;
  raise exception 'version: this % was saved since version % (it is at version % now): nothing was saved', p_kind, p_sent, v_current
    using errcode = 'SVVER',
          detail = jsonb_build_object('kind', p_kind, 'currentVersion', v_current, 'sentVersion', p_sent,
                                      'differences', to_jsonb(v_differences),
                                      'current', v_doc)::text;
end;
$function$;
comment on function app_hidden.require_version(p_kind text, p_id uuid, p_sent integer, p_doc jsonb) is 'A save of routine or workout p_id over version p_sent (null: any): locks the row and raises SVVER (GraphQL CONFLICT) when it is at another version and the document differs from its current one (the same document is a retry of the save made since: no conflict), detail = JSON {kind (routine, workout), currentVersion, sentVersion, differences (paths), current (its document in the sent unit)}.';
grant execute on function app_hidden.require_version(p_kind text, p_id uuid, p_sent integer, p_doc jsonb) to svc_visitor;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages, reset, amrapTarget, increment and rounding (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document but `folder`, then `folder` (the same rules): 1 to 80 characters
-- without control characters, or null (none).
declare
  w record;
  v_line record;
  x record;
  s text;
  v_entries jsonb := case when jsonb_typeof(doc) = 'object' and jsonb_typeof(doc -> 'exercises') = 'array' then doc -> 'exercises' end;
  v_stripped jsonb;
  v_extra_path text;
  v_extra_reason text;
  v_extra_index int;
  v_core_index int;
  v_extras jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - '{program,folder,version}'::text[] else doc end;
  if v_entries is not null then
    for i in 0 .. jsonb_array_length(v_entries) - 1 loop
      if jsonb_typeof(v_entries -> i) = 'object' then
        select * into x from app_hidden.walk_routine_exercise_extras(v_entries -> i, 'exercises[' || i || ']');
        if x.path is not null and v_extra_path is null then
          v_extra_path := x.path; v_extra_reason := x.reason; v_extra_index := i;
        end if;
        v_extras := v_extras || x.canonical;
        v_rows := v_rows || x.row_fields;
      else
        v_extras := v_extras || '{}'::jsonb;
        v_rows := v_rows || '{}'::jsonb;
      end if;
    end loop;
    v_stripped := jsonb_set(v_stripped, '{exercises}', (
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,reset,amrapTarget,increment,rounding}'::text[] else x2.e end order by x2.ord), '[]')
        from jsonb_array_elements(v_entries) with ordinality as x2(e, ord)));
  end if;
  select * into w from app_hidden.walk_routine_document(v_stripped, p_unit);
  if w.path is not null then
    v_core_index := (regexp_match(w.path, '^exercises\[([0-9]+)\]'))[1]::int;
    if v_extra_path is not null and v_core_index is not null and v_extra_index < v_core_index then
      path := v_extra_path; reason := v_extra_reason;
    else
      path := w.path; reason := w.reason;
    end if;
    return;
  end if;
  if v_extra_path is not null then
    path := v_extra_path; reason := v_extra_reason; return;
  end if;
  canonical := w.canonical;
  exercise_rows := w.exercise_rows;
  if v_entries is not null then
    canonical := jsonb_set(canonical, '{exercises}', (
      select coalesce(jsonb_agg(c.e || v_extras[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(canonical -> 'exercises') with ordinality as c(e, ord)));
    exercise_rows := (
      select coalesce(jsonb_agg(c.e || v_rows[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(exercise_rows) with ordinality as c(e, ord));
  end if;
  if doc ? 'program' and jsonb_typeof(doc -> 'program') <> 'null' then
    v_line := app_hidden.doc_line(doc -> 'program', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'program'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
  if doc ? 'folder' and jsonb_typeof(doc -> 'folder') <> 'null' then
    v_line := app_hidden.doc_line(doc -> 'folder', 1, 80);
    if v_line.reason is not null then
      path := 'folder'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('folder', v_line.line);
  end if;
  reason := app_hidden.doc_version_reason(doc);
  if reason is not null then
    path := 'version'; canonical := null; exercise_rows := null; return;
  end if;
  canonical := canonical || app_hidden.doc_version(doc);
end;
$function$;
comment on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document with its `program`, `folder` and `version` (checked last, in that order): the first problem (path, reason), or the canonical document and the rows to write.';
grant execute on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) to svc_reader;

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The workout's own fields (walk_workout_fields), then every entry's sets in one statement
-- (walk_workout_sets), then each entry in order (walk_workout_entry), then `version`: the first
-- problem in document order (an entry's fields, then its sets, then the next entry) stops the walk,
-- as the SDK's does.
declare
  v_fields record;
  v_sets record;
  v_entry record;
  v_cache jsonb;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_fields := app_hidden.walk_workout_fields(case when jsonb_typeof(doc) = 'object' then doc - 'version' else doc end,
                                             p_unit, p_effort, app_public.current_user_id());
  start := v_fields.start;
  if v_fields.reason is not null then
    path := v_fields.path; reason := v_fields.reason; return;
  end if;
  if jsonb_array_length(v_fields.entries) = 0 then
    reason := app_hidden.doc_version_reason(doc);
    if reason is not null then
      path := 'version'; return;
    end if;
    canonical := v_fields.canonical || '{"exercises": []}' || app_hidden.doc_version(doc);
    exercise_rows := '[]';
    return;
  end if;
  -- Names the exact tiers resolve go in the cache doc_exercise_entry reads (the same answer
  -- resolve_exercise gives), a statement for all; the others are resolved, or explained, in order.
  select coalesce(jsonb_object_agg(r.ref, x.exercise_id) filter (where x.exercise_id is not null), '{}')
    into v_cache
    from (select array_agg(y.e ->> 'exercise') as refs from jsonb_array_elements(v_fields.entries) y(e)
           where jsonb_typeof(y.e -> 'exercise') = 'string') q
   cross join lateral unnest(q.refs) with ordinality r(ref, ord)
    join app_hidden.resolve_exercises_exactly(q.refs) x on x.ord = r.ord;
  v_sets := app_hidden.walk_workout_sets(v_fields.entries, v_fields.effort);
  for i in 0 .. jsonb_array_length(v_fields.entries) - 1 loop
    v_entry := app_hidden.walk_workout_entry(v_fields.entries -> i, 'exercises[' || i || ']', v_cache,
      v_sets.set_paths[i + 1], v_sets.set_reasons[i + 1], v_sets.set_canons[i + 1], v_sets.set_rows[i + 1]);
    if v_entry.reason is not null then
      path := v_entry.path; reason := v_entry.reason; return;
    end if;
    v_cache := v_entry.resolved;
    v_canon := v_canon || v_entry.canonical;
    v_rows := v_rows || v_entry.exercise_row;
  end loop;
  reason := app_hidden.doc_version_reason(doc);
  if reason is not null then
    path := 'version'; return;
  end if;
  canonical := v_fields.canonical || jsonb_build_object('exercises', to_jsonb(v_canon)) || app_hidden.doc_version(doc);
  exercise_rows := to_jsonb(v_rows);
end;
$function$;
comment on function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb) is 'The validation walk of a workout document for the calling user: the first problem (path, reason), or the canonical document, the start instant and the rows to write. p_unit and p_effort apply when the document names none.';
grant execute on function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb) to svc_reader;

create or replace function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_taken text;
begin
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  begin
    if c ? 'id' then
      v_id := (c ->> 'id')::uuid;
      perform app_hidden.require_version('routine', v_id, (c ->> 'version')::int, c);
      update app_public.routines r
         set name = c ->> 'name', icon = c ->> 'icon', progression = c ->> 'progression', unit = c ->> 'unit',
             deload = c ? 'deload', program = c ->> 'program', folder = c ->> 'folder'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload, program, folder)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload', c ->> 'program', c ->> 'folder')
      returning r.id into v_id;
      created := true;
    end if;
  exception when unique_violation then
    -- Another transaction took the name between the check and the write.
    v_taken := app_hidden.routine_name_taken(v_user, c ->> 'name', v_id);
    raise exception 'name: %', v_taken using errcode = 'SVDOC', detail = 'name', hint = v_taken;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, reset, amrap_target, increment, rounding)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', x.e ->> 'reset', (x.e ->> 'amrap_target')::int,
         (x.e ->> 'increment')::float8, (x.e ->> 'rounding')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$function$;
comment on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole (exercises left out are removed), and with `version` too only if the routine is still at that version (else SQLSTATE SVVER, GraphQL CONFLICT: detail = the current version, what differs and the current document; nothing is saved); without `id`, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';
grant execute on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) to svc_visitor;

create or replace function app_public.apply_workout_document(doc jsonb, idempotency_key uuid DEFAULT NULL::uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_exercise_ids uuid[];
  v_hash bytea;
  v_held record;
begin
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce((select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  replayed := false;
  if apply_workout_document.idempotency_key is not null then
    v_hash := sha256(convert_to(c::text, 'UTF8'));
  end if;
  if c ? 'id' then
    -- A replacement is idempotent by itself: the key (if any) only has to not name another workout.
    v_id := (c ->> 'id')::uuid;
    perform app_hidden.require_version('workout', v_id, (c ->> 'version')::int, c);
    if apply_workout_document.idempotency_key is not null then
      select x.id into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.id is not null and v_held.id <> v_id then
        raise exception 'idempotencyKey: this key belongs to another workout (%)', v_held.id using errcode = 'SVDUP', detail = v_held.id::text;
      end if;
    end if;
    update app_public.workouts x
       set routine_id = (c ->> 'routine')::uuid, name = c ->> 'name', date = (c ->> 'date')::date, start = w.start,
           minutes = (c ->> 'minutes')::int, bodyweight = (c ->> 'bodyweight')::float8, unit = c ->> 'unit',
           effort = c ->> 'effort', notes = c ->> 'notes', skip_progression = c ? 'skipProgression'
     where x.id = v_id;
    delete from app_public.workout_exercises we where we.workout_id = v_id;
    created := false;
  else
    insert into app_public.workouts as x (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression,
                                          idempotency_key, idempotency_hash)
    values ((c ->> 'routine')::uuid, c ->> 'name', (c ->> 'date')::date, w.start, (c ->> 'minutes')::int,
            (c ->> 'bodyweight')::float8, c ->> 'unit', c ->> 'effort', c ->> 'notes', c ? 'skipProgression',
            apply_workout_document.idempotency_key, v_hash)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning x.id into v_id;
    if v_id is null then
      -- The key already logged a workout (earlier, or in a concurrent save the insert waited for):
      -- the same document again is answered as the first time and changes nothing; another is refused.
      select x.id, x.idempotency_hash into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    created := true;
  end if;
  -- The rows as records (jsonb_to_recordset), not a ->> lookup and a cast for each field.
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, x.exercise_id, x.superset, x.note, x.pinned, x.skip_progression
      from rows from (jsonb_to_recordset(w.exercise_rows)
                      as (exercise_id uuid, superset text, note text, pinned boolean, skip_progression boolean))
           with ordinality as x(exercise_id, superset, note, pinned, skip_progression, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, amrap, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.kind, s.weight, s.bodyweight, s.reps, s.seconds, s.effort, s.amrap, s.done
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         rows from (jsonb_to_recordset(x.e -> 'sets')
                    as (kind text, weight float8, bodyweight boolean, reps int, seconds int, effort float8, amrap boolean, done boolean))
         with ordinality as s(kind, weight, bodyweight, reps, seconds, effort, amrap, done, ord);
  workout_id := v_id;
end;
$function$;
comment on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole (exercises and sets left out are removed), and with `version` too only if the workout is still at that version (else SQLSTATE SVVER, GraphQL CONFLICT: detail = the current version, what differs and the current document; nothing is saved); without `id`, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';
grant execute on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) to svc_visitor;

create or replace function app_hidden.routine_state(p_id uuid, p_unit text)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
  select json_strip_nulls(json_build_object(
           'id', r.id, 'name', r.name, 'icon', r.icon, 'progression', r.progression, 'unit', u.unit,
           'deload', case when r.deload then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(re.exercise_id),
                      'sets', re.sets,
                      'reps', case when re.reps_low = re.reps_high then to_json(re.reps_low)
                                   when re.reps_low is not null then to_json(re.reps_low || '-' || re.reps_high) end,
                      'time', re.seconds,
                      'weight', app_hidden.shown_weight(re.weight::numeric, r.unit, u.unit),
                      'rest', re.rest_seconds, 'superset', re.superset, 'progression', re.progression,
                      'warmups', nullif(re.warmups, 0), 'drops', nullif(re.drops, 0), 'bursts', nullif(re.bursts, 0),
                      'trainingMax', app_hidden.shown_weight(re.training_max::numeric, r.unit, u.unit),
                      'cycle', re.cycle, 'stages', re.stages, 'reset', app_hidden.shown_reset(re.reset, r.unit, u.unit),
                      'amrapTarget', re.amrap_target, 'increment', app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit),
                      'rounding', app_hidden.shown_increment(re.rounding::numeric, r.unit, u.unit))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]'),
           'program', r.program, 'folder', r.folder, 'version', r.version))
    from app_public.routines r, lateral (select coalesce(p_unit, r.unit) as unit) u
   where r.id = p_id;
$function$;
comment on function app_hidden.routine_state(p_id uuid, p_unit text) is 'Routine p_id as its canonical document (routine_document''s form), in p_unit (null: its own), whoever asks: what routine_document shows its owner, and what a change records of it.';
grant execute on function app_hidden.routine_state(p_id uuid, p_unit text) to svc_reader;

create or replace function app_public.routine_document(ref text, unit text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  v_id := (app_hidden.own_routine(ref, v_user)).id;
  if v_id is null then
    return null;
  end if;
  return app_hidden.routine_state(v_id, unit);
end;
$function$;
comment on function app_public.routine_document(ref text, unit text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order, `version` last: send it back to save over this version only): ref is its id or its name (ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';
grant execute on function app_public.routine_document(ref text, unit text) to svc_reader;

create or replace function app_hidden.workout_state(p_id uuid, p_unit text)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
  select json_strip_nulls(json_build_object(
           'id', w.id, 'name', w.name, 'date', to_char(w.date, 'YYYY-MM-DD'), 'start', app_hidden.format_start(w.start),
           'minutes', w.minutes, 'bodyweight', app_hidden.convert_weight(w.bodyweight::numeric, w.unit, u.unit),
           'unit', u.unit, 'effort', w.effort, 'routine', w.routine_id, 'notes', w.notes,
           'skipProgression', case when w.skip_progression then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(we.exercise_id),
                      'superset', we.superset, 'note', we.note,
                      'pinned', case when we.pinned then true end,
                      'skipProgression', case when we.skip_progression then true end,
                      'sets', (
                        select json_agg(case when s.done then to_json(t.text) else json_build_object('set', t.text, 'done', false) end
                                        order by s.position)
                          from app_public.workout_sets s,
                               lateral (select app_hidden.format_set(s.kind, app_hidden.convert_weight(s.weight::numeric, w.unit, u.unit),
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric, s.amrap) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]'),
           'version', w.version))
    from app_public.workouts w, lateral (select coalesce(p_unit, w.unit) as unit) u
   where w.id = p_id;
$function$;
comment on function app_hidden.workout_state(p_id uuid, p_unit text) is 'Workout p_id as its canonical document (workout_document''s form), in p_unit (null: its own), whoever asks: what workout_document shows its owner, and what a change records of it.';
grant execute on function app_hidden.workout_state(p_id uuid, p_unit text) to svc_reader;

create or replace function app_public.workout_document(id uuid, unit text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  select app_hidden.workout_state(w.id, workout_document.unit) into v_doc
    from app_public.workouts w
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$function$;
comment on function app_public.workout_document(id uuid, unit text) is E'@behavior -*\nShows one of the signed-in user''s workouts as its canonical document (keys in the spec''s order, `version` last: send it back to save over this version only); null when the user has no workout with this id. Exercises appear by name (by id when the name would mean another exercise); weights in the workout''s unit, or converted to unit (2 decimals) when given. Applying the result changes nothing.';
grant execute on function app_public.workout_document(id uuid, unit text) to svc_reader;

create or replace function app_public.export_account()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select jsonb_build_object(
    'settings', (select jsonb_build_object('unit', u.unit, 'effort', u.effort) from app_public.users u where u.id = app_hidden.require_user()),
    'customExercises', coalesce((select jsonb_agg(jsonb_build_object('name', e.name, 'equipment', e.equipment, 'muscles', to_jsonb(e.muscles),
                                   'secondaryMuscles', to_jsonb(e.secondary_muscles), 'region', e.region, 'kind', e.kind) order by lower(e.name), e.id)
                                 from app_public.exercises e where e.user_id = app_public.current_user_id()), '[]'),
    'routines', coalesce((select jsonb_agg((app_public.routine_document(r.id::text)::jsonb - 'version') order by lower(r.name), r.id)
                          from app_public.routines r where r.user_id = app_public.current_user_id()), '[]'),
    'bodyweights', coalesce((select jsonb_agg(jsonb_build_object('date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit) order by b.date)
                             from app_public.bodyweights b where b.user_id = app_public.current_user_id()), '[]'),
    'workouts', (select count(*) from app_public.workouts w where w.user_id = app_public.current_user_id()));
$function$;
comment on function app_public.export_account() is E'@behavior -*\nEverything of the signed-in user but workouts, for an export: settings, custom exercises, routines as documents (without `version`: an import makes new routines), bodyweights, and the number of workouts (read with export_workouts, a page at a time).';
grant execute on function app_public.export_account() to svc_reader;

create or replace function app_public.export_workouts(after_start timestamp with time zone DEFAULT NULL::timestamp with time zone, after_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 200)
 RETURNS TABLE(id uuid, start timestamp with time zone, document jsonb)
 LANGUAGE sql
 STABLE
AS $function$
  select w.id, w.start, app_public.workout_document(w.id)::jsonb - 'version'
    from app_public.workouts w
   where w.user_id = app_hidden.require_user()
     and (after_start is null or (w.start, w.id) > (after_start, after_id))
   order by w.start, w.id
   limit least(greatest(coalesce(page_size, 200), 1), 501);
$function$;
comment on function app_public.export_workouts(after_start timestamp with time zone, after_id uuid, page_size integer) is E'@behavior -*\nThe signed-in user''s workouts as documents (without `version`), oldest first (by start, then id), a page (at most 501: exportWorkouts asks one more than its 500 to know whether there is a next page) after the given one: each page is one short statement however long the history.';
grant execute on function app_public.export_workouts(after_start timestamp with time zone, after_id uuid, page_size integer) to svc_reader;

