-- An optional `folder` in the routine document: routines of no program put in folders the lifter
-- names (the Routines page groups them). Checked like `program`, after it, the last field.

alter table app_public.routines add column if not exists folder text;
alter table app_public.routines drop constraint if exists routines_folder_check;
alter table app_public.routines add constraint routines_folder_check check (char_length(folder) between 1 and 80);
comment on column app_public.routines.folder is 'The folder the lifter keeps this routine in (1 to 80 characters, one line); null: none. Written with the document''s `folder`.';
grant insert (folder), update (folder) on table app_public.routines to svc_visitor;

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
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - '{program,folder}'::text[] else doc end;
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
end;
$function$;
comment on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document with its `program` and `folder` (checked last, in that order): the first problem (path, reason), or the canonical document and the rows to write.';
grant execute on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) to svc_reader;

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
comment on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole (exercises left out are removed); without, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';
grant execute on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) to svc_visitor;

drop function if exists app_hidden.routine_json(uuid, text);
create function app_hidden.routine_json(p_routine uuid, p_unit text)
 returns json
 language sql
 stable
as $function$
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
           'program', r.program, 'folder', r.folder))
    from app_public.routines r, lateral (select coalesce(p_unit, r.unit) as unit) u
   where r.id = p_routine;
$function$;
comment on function app_hidden.routine_json(p_routine uuid, p_unit text) is 'A routine as its canonical document (keys in the spec''s order), weights in p_unit (converted and snapped) or the routine''s own: what routineDocument shows of your routine, and a share link of someone''s. Reads the rows its caller may read.';
grant execute on function app_hidden.routine_json(p_routine uuid, p_unit text) to svc_reader;

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
  return app_hidden.routine_json(v_id, routine_document.unit);
end;
$function$;
comment on function app_public.routine_document(ref text, unit text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name (ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';
grant execute on function app_public.routine_document(ref text, unit text) to svc_reader;
