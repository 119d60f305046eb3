-- Training rules as the programs publish them (5/3/1, GZCLP), written as data on the routine exercise:
-- - `rounding`: the step planned, percentage, reset, warm-up and drop weights round to (nearest, ties
--   down), apart from `increment`, which stays the progression step (Wendler rounds to 5 lb / 2.5 kg
--   whatever the cycle's increment);
-- - a cycle's training max is judged on every `+` set of the cycle, a deload week never;
-- - `reset`: what a miss at the last stage starts stage 1 at (`85%` of the weight, or `+7.5` on the
--   last stage-1 weight: GZCLP T2);
-- - `amrapTarget`: the last set as many reps as possible, the weight rising when it reaches the
--   target (GZCLP T3).
-- The replay (progression_targets, next_target) is split into named steps.

alter table app_public.routine_exercises add column if not exists rounding double precision;
alter table app_public.routine_exercises add column if not exists reset text;
alter table app_public.routine_exercises add column if not exists amrap_target integer;
alter table app_public.routine_exercises drop constraint if exists routine_exercises_rounding_check;
alter table app_public.routine_exercises add constraint routine_exercises_rounding_check check (rounding > 0 and rounding <= 100);
alter table app_public.routine_exercises drop constraint if exists routine_exercises_amrap_target_check;
alter table app_public.routine_exercises add constraint routine_exercises_amrap_target_check check (amrap_target between 1 and 500);
comment on column app_public.routine_exercises.rounding is 'The step planned and percentage weights round to, in the routine''s unit (nearest, ties down); null: 2.5 kg / 5 lb, or the increment when smaller.';
comment on column app_public.routine_exercises.reset is 'With stages: what a miss at the last stage starts stage 1 at, as canonical text: `85%` of the weight missed, or `+7.5` on the last weight of stage 1; null: `85%`.';
comment on column app_public.routine_exercises.amrap_target is 'The last set is as many reps as possible; the weight rises by one increment when it reaches this many reps (GZCLP T3).';
grant insert (rounding), update (rounding) on table app_public.routine_exercises to svc_visitor;
grant insert (reset), update (reset) on table app_public.routine_exercises to svc_visitor;
grant insert (amrap_target), update (amrap_target) on table app_public.routine_exercises to svc_visitor;

-- The state between sessions gains the first `+` set of the cycle that fell short, and the weight
-- stage 1 was last done at.
do $$
begin
  if not exists (select 1 from pg_attribute where attrelid = 'app_hidden.progression_state'::regclass and attname = 'shortfall') then
    alter type app_hidden.progression_state add attribute shortfall text, add attribute stage_one_weight numeric;
  end if;
end $$;
comment on type app_hidden.progression_state is 'A routine exercise''s target between sessions: weight (routine unit; the training max of a cycle), reps or seconds per work set, misses in a row, sessions in a row without a rep gained and the best rep total at this weight (double progression), why the target is what it is, the stage (stages) or week (cycle) to plan, from 0, the first `+` set of this cycle that fell short (its date, set and reps), and the weight stage 1 was last done at.';

create or replace function app_hidden.round_to_step(weight numeric, step numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when weight is null then null else trim_scale(greatest(0, ceil(weight / step - 0.5) * step)) end;
$function$;
comment on function app_hidden.round_to_step(weight numeric, step numeric) is 'A weight rounded to the nearest multiple of step, ties down (78.75 on 2.5: 77.5), never below 0: how planned and percentage weights round.';
grant execute on function app_hidden.round_to_step(weight numeric, step numeric) to svc_reader;

create or replace function app_hidden.rounding_step(rounding numeric, increment numeric, unit text)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select coalesce(rounding, least(app_hidden.loadable_step(unit), coalesce(increment, app_hidden.loadable_step(unit))));
$function$;
comment on function app_hidden.rounding_step(rounding numeric, increment numeric, unit text) is 'The step an exercise''s weights round to in its unit: its `rounding`, else the smallest loadable step (2.5 kg, 5 lb) or its increment when that is smaller.';
grant execute on function app_hidden.rounding_step(rounding numeric, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  m text[] := regexp_match(t, '^[ \t]*(?:([0-9]+(?:[.,][0-9]+)?)[ \t]*%|\+[ \t]*([0-9]+(?:[.,][0-9]+)?))[ \t]*$');
  v text := replace(coalesce(m[1], m[2]), ',', '.');
begin
  if m is null or char_length(rtrim(split_part(v, '.', 2), '0')) > 2 or app_hidden.doc_set_number(v) <= 0
     or app_hidden.doc_set_number(v) > 100 then
    return;
  end if;
  if m[1] is not null then
    percent := trim_scale(app_hidden.doc_set_number(v));
  else
    add := trim_scale(app_hidden.doc_set_number(v));
  end if;
end;
$function$;
comment on function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric) is 'Parses a stage reset (`85%`, `+7.5`; the SDK''s parseReset): a percent or an amount above 0 and at most 100 with at most 2 decimals; both null when it is not one.';
grant execute on function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric) to svc_reader;

create or replace function app_hidden.shown_reset(reset text, from_unit text, to_unit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- An amount added is a load: converted and snapped to the loadable step of the unit shown, at
  -- least one step (7.5 kg is 15 lb, 10 kg is 20 lb, 15 lb is 7.5 kg, 20 lb is 10 kg).
  select case when reset is null or from_unit = to_unit or r.add is null then reset
              else '+' || trim_scale(least(100, greatest(app_hidden.loadable_step(to_unit),
                                               app_hidden.snap_weight(app_hidden.convert_weight(r.add, from_unit, to_unit),
                                                                      app_hidden.loadable_step(to_unit))))) end
    from app_hidden.doc_reset(reset) r;
$function$;
comment on function app_hidden.shown_reset(reset text, from_unit text, to_unit text) is 'A stage reset shown in another unit: a percentage as it is, an amount converted and snapped to the loadable step there (at least one step).';
grant execute on function app_hidden.shown_reset(reset text, from_unit text, to_unit text) to svc_reader;

create or replace function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The last fields of a routine exercise, in this order (the SDK's routineExercise): reset,
-- amrapTarget, increment, rounding. p_reps is the exercise's reps as one number (null for none, a
-- range or a time).
declare
  x record;
  n numeric;
  k text;
begin
  canonical := '{}';
  row_fields := '{}';
  if e ? 'reset' then
    select * into x from app_hidden.doc_reset(case when jsonb_typeof(e -> 'reset') = 'string' then e ->> 'reset' end);
    if x.percent is null and x.add is null then
      path := p || '.reset'; reason := 'must be a reset like 85% or +7.5 (above 0, at most 100, at most 2 decimals)'; return;
    end if;
    if not e ? 'stages' then
      path := p || '.reset'; reason := 'needs stages'; return;
    end if;
    canonical := canonical || jsonb_build_object('reset', coalesce(x.percent::text || '%', '+' || x.add::text));
  end if;
  if e ? 'amrapTarget' then
    n := app_hidden.doc_integer(e -> 'amrapTarget', 1, 500);
    if n is null then
      path := p || '.amrapTarget'; reason := 'must be an integer from 1 to 500'; return;
    end if;
    if e ? 'cycle' or e ? 'stages' then
      path := p || '.amrapTarget'; reason := 'must not be given with a cycle or stages'; return;
    end if;
    if p_reps is null or p_reps > n then
      path := p || '.amrapTarget'; reason := 'needs reps as one number, at most amrapTarget'; return;
    end if;
    canonical := canonical || jsonb_build_object('amrapTarget', n);
  end if;
  -- Steps: above 0, at most 100, at most 2 decimals.
  foreach k in array array['increment', 'rounding'] loop
    if e ? k then
      n := case when jsonb_typeof(e -> k) = 'number' then (e -> k)::text::numeric end;
      if n is null or n <= 0 or n > 100 or n <> round(n, 2) then
        path := p || '.' || k; reason := 'must be a number above 0 and at most 100 with at most 2 decimals'; return;
      end if;
      canonical := canonical || jsonb_build_object(k, trim_scale(n));
    end if;
  end loop;
  row_fields := jsonb_strip_nulls(jsonb_build_object('reset', canonical -> 'reset', 'amrap_target', canonical -> 'amrapTarget',
                                                     'increment', canonical -> 'increment', 'rounding', canonical -> 'rounding'));
end;
$function$;
comment on function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) is 'The validation of a routine exercise''s reset, amrapTarget, increment and rounding (its last fields): the first problem, or their canonical form and row columns.';
grant execute on function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The fields after `bursts` of a routine exercise, in this order (the SDK's routineExercise):
-- trainingMax, cycle, stages, then reset, amrapTarget, increment and rounding
-- (walk_routine_exercise_steps). `sets` and `reps` are read as the walk reads them; when they are
-- wrong the walk reports them first.
declare
  v_sets int := app_hidden.doc_integer(e -> 'sets', 1, 20);
  v_reps int;
  v_range text[];
  v_tm numeric;
  v_week jsonb;
  v_weeks jsonb := '[]';
  v_texts jsonb;
  v_stages jsonb := '[]';
  x record;
  st record;
  w int;
  k int;
begin
  canonical := '{}';
  row_fields := '{}';
  v_reps := app_hidden.doc_integer(e -> 'reps', 0, 500);
  if v_reps is null and jsonb_typeof(e -> 'reps') = 'string' then
    v_range := regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$');
    if v_range is not null and v_range[1]::numeric = v_range[2]::numeric and v_range[1]::numeric <= 500 then
      v_reps := v_range[1]::int;
    end if;
  end if;
  if e ? 'trainingMax' then
    v_tm := app_hidden.doc_weight(e -> 'trainingMax');
    if v_tm is null then
      path := p || '.trainingMax'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
    end if;
    if not e ? 'cycle' then
      path := p || '.trainingMax'; reason := 'needs a cycle of percentage sets'; return;
    end if;
    canonical := canonical || jsonb_build_object('trainingMax', v_tm);
    row_fields := row_fields || jsonb_build_object('training_max', v_tm);
  end if;
  if e ? 'cycle' then
    if jsonb_typeof(e -> 'cycle') <> 'array' or jsonb_array_length(e -> 'cycle') not between 1 and 6 then
      path := p || '.cycle'; reason := 'must be an array of 1 to 6 weeks'; return;
    end if;
    for w in 0 .. jsonb_array_length(e -> 'cycle') - 1 loop
      v_week := e -> 'cycle' -> w;
      if jsonb_typeof(v_week) <> 'array' or jsonb_array_length(v_week) is distinct from v_sets then
        path := p || '.cycle[' || w || ']'; reason := 'must be an array of as many percentage sets as sets'; return;
      end if;
      v_texts := '[]';
      for k in 0 .. jsonb_array_length(v_week) - 1 loop
        select * into x from app_hidden.doc_percent_set(case when jsonb_typeof(v_week -> k) = 'string' then v_week ->> k end);
        if x.percent is null then
          path := p || '.cycle[' || w || '][' || k || ']'; reason := 'must be a percentage set like 85%x5 or 95%x1+'; return;
        end if;
        v_texts := v_texts || to_jsonb(x.percent::text || '%x' || x.reps || case when x.amrap then '+' else '' end);
      end loop;
      v_weeks := v_weeks || jsonb_build_array(v_texts);
    end loop;
    if not e ? 'trainingMax' then
      path := p || '.cycle'; reason := 'needs a trainingMax'; return;
    end if;
    if e ? 'reps' or e ? 'time' then
      path := p || '.cycle'; reason := 'must not be given with reps or time'; return;
    end if;
    canonical := canonical || jsonb_build_object('cycle', v_weeks);
    row_fields := row_fields || jsonb_build_object('cycle', v_weeks);
  end if;
  if e ? 'stages' then
    if e ? 'cycle' then
      path := p || '.stages'; reason := 'must not be given with a cycle'; return;
    end if;
    if jsonb_typeof(e -> 'stages') <> 'array' or jsonb_array_length(e -> 'stages') not between 2 and 5 then
      path := p || '.stages'; reason := 'must be an array of 2 to 5 stages like 5x3+'; return;
    end if;
    for k in 0 .. jsonb_array_length(e -> 'stages') - 1 loop
      select * into st from app_hidden.doc_stage(case when jsonb_typeof(e -> 'stages' -> k) = 'string' then e -> 'stages' ->> k end);
      if st.sets is null then
        path := p || '.stages[' || k || ']'; reason := 'must be a stage like 5x3 or 5x3+'; return;
      end if;
      if k = 0 and (st.sets is distinct from v_sets or st.reps is distinct from v_reps) then
        path := p || '.stages[0]'; reason := 'must be the exercise''s sets and reps'; return;
      end if;
      v_stages := v_stages || to_jsonb(st.sets || 'x' || st.reps || case when st.amrap then '+' else '' end);
    end loop;
    canonical := canonical || jsonb_build_object('stages', v_stages);
    row_fields := row_fields || jsonb_build_object('stages', v_stages);
  end if;
  select * into x from app_hidden.walk_routine_exercise_steps(e, p, case when e ? 'time' then null else v_reps end);
  path := x.path; reason := x.reason;
  canonical := canonical || x.canonical;
  row_fields := row_fields || x.row_fields;
end;
$function$;
comment on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) is 'The validation of a routine exercise''s trainingMax, cycle and stages, then its last fields (walk_routine_exercise_steps): the first problem, or their canonical form and row columns.';
grant execute on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages, reset, amrapTarget, increment and rounding (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
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
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - 'program' else doc end;
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
end;
$function$;
comment on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document with its `program` (checked last): the first problem (path, reason), or the canonical document and the rows to write.';
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
             deload = c ? 'deload', program = c ->> 'program'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload, program)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload', c ->> 'program')
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

create or replace function app_public.routine_document(ref text, unit text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  v_id := (app_hidden.own_routine(ref, v_user)).id;
  if v_id is null then
    return null;
  end if;
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
           'program', r.program))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$function$;
comment on function app_public.routine_document(ref text, unit text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name (ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';
grant execute on function app_public.routine_document(ref text, unit text) to svc_reader;

-- A cycle's weeks round to the exercise's rounding step (ties down) and carry their percentages.
create or replace function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- The week's sets: each percentage of the training max rounded to the step.
  select coalesce(jsonb_agg(jsonb_build_object(
           'weight', app_hidden.round_to_step(training_max * ps.percent / 100, step), 'reps', ps.reps, 'amrap', ps.amrap,
           'percent', ps.percent, 'text', x.t) order by x.ord), '[]')
    from jsonb_array_elements_text(cycle -> week) with ordinality as x(t, ord),
         lateral app_hidden.doc_percent_set(x.t) ps;
$function$;
comment on function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric) is 'A cycle week''s planned sets: [{weight (the percentage of the training max rounded to the step, ties down), reps, amrap, percent, text}].';
grant execute on function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric) to svc_reader;

create or replace function app_hidden.cycle_week_is_deload(week_sets jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select not exists (select 1 from jsonb_array_elements(week_sets) x
                      where (x ->> 'percent')::numeric > 60 or (x ->> 'amrap')::boolean);
$function$;
comment on function app_hidden.cycle_week_is_deload(week_sets jsonb) is 'A deload week of a cycle: every set at most 60 % and none as many reps as possible. It is never judged.';
grant execute on function app_hidden.cycle_week_is_deload(week_sets jsonb) to svc_reader;

create or replace function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[])
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The first judged set of the week that fell short: not done, lighter than planned (the unit
  -- rule) or with fewer reps than its minimum. The judged sets are the `+` sets, or every set when
  -- every_set (a cycle without any `+` set). A deload week is never judged.
  select format('set %s (%s at %s %s) %s', k.o, k.x ->> 'text', k.x ->> 'weight', target_unit,
                case when not coalesce(done[k.o], false) then 'not done'
                     else format('%s rep%s at %s %s', reps[k.o], case when reps[k.o] = 1 then '' else 's' end, trim_scale(weights[k.o]), session_unit) end)
    from jsonb_array_elements(week_sets) with ordinality as k(x, o)
   where not app_hidden.cycle_week_is_deload(week_sets)
     and (every_set or (k.x ->> 'amrap')::boolean)
     and (not coalesce(done[k.o], false)
          or not app_hidden.weights_meet(weights[k.o], session_unit, (k.x ->> 'weight')::numeric, target_unit)
          or coalesce(reps[k.o], -1) < (k.x ->> 'reps')::int)
   order by k.o
   limit 1;
$function$;
comment on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) is 'The first `+` set of a cycle week''s session that fell short (`set 3 (95%x1+ at 100 kg) 0 reps at 100 kg`, `... not done`); null when each reached its minimum reps at its weight, or the week is a deload.';
grant execute on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) to svc_reader;

drop function if exists app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, integer, date, numeric, text);
create or replace function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A training-max cycle (5/3/1): each judged session moves to the next week, and the first `+` set of
-- the cycle that fell short is kept (shortfall: this session's, from cycle_shortfall). After the last
-- week the training max rises by one increment when no `+` set of the cycle fell short, else it stays
-- and the explanation names that set; the cycle starts again at week 1.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
begin
  if result.shortfall is null and shortfall is not null then
    result.shortfall := d || ', ' || shortfall;
  end if;
  if current.stage + 1 < weeks then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s): week %s of %s done%s; week %s at a training max of %s %s',
      d, current.stage + 1, weeks, case when shortfall is null then '' else ', short on ' || shortfall end,
      current.stage + 2, current.weight, unit);
    return result;
  end if;
  result.stage := 0;
  if result.shortfall is null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.explanation := format('Last session (%s): week %s of %s done, every + set of the cycle with its reps: training max +%s %s to %s %s; week 1',
      d, weeks, weeks, trim_scale(increment), unit, result.weight, unit);
  else
    result.explanation := format('Last session (%s): week %s of %s done; a + set of the cycle fell short (%s): training max stays %s %s; week 1',
      d, weeks, weeks, result.shortfall, current.weight, unit);
  end if;
  result.shortfall := null;
  return result;
end;
$function$;
comment on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text) is 'The week and training max after one judged session of a cycle (rules in the function body); the explanation ends where the week''s sets are appended.';
grant execute on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text) to svc_reader;

drop function if exists app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text);
create or replace function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Stages (GZCLP): within a stage the weight progresses as linear (a hit adds one increment to the
-- weight lifted; a lighter session continues from the weight lifted). A miss moves to the next
-- stage at the same weight. A miss at the last stage goes back to the first as `reset` says: `85%`
-- (the default) of the weight, rounded to the step (ties down); `+7.5` the last weight stage 1 was
-- done at plus that much (T2: 3x10 at the last 3x10 weight + 7.5 kg).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  n int := jsonb_array_length(stages);
  this_stage text := stages ->> current.stage;
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, step);
  r record;
begin
  if current.stage = 0 then
    result.stage_one_weight := current.weight;
  end if;
  if judged.outcome = 'hit' and current.weight is not null then
    result.weight := trim_scale(least(10000, greatest(current.weight,
      app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step)) + increment));
    result.explanation := format('Last session (%s) hit %s%s: +%s %s to %s %s, stage %s of %s.',
      d, this_stage, loaded_text, trim_scale(increment), unit, result.weight, unit, current.stage + 1, n);
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, this_stage);
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight, coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, this_stage, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  elsif current.stage + 1 < n then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s) missed %s%s: stage %s of %s, %s at %s %s.',
      d, this_stage, at_lifted, result.stage + 1, n, stages ->> result.stage, coalesce(current.weight::text, 'no weight'),
      case when current.weight is null then '' else unit end);
  elsif current.weight is null then
    result.stage := 0;
    result.explanation := format('Last session (%s) missed %s, the last stage: back to %s, no weight.', d, this_stage, stages ->> 0);
  else
    result.stage := 0;
    select * into r from app_hidden.doc_reset(coalesce(reset, '85%'));
    if r.add is not null then
      result.weight := trim_scale(least(10000, coalesce(current.stage_one_weight, current.weight) + r.add));
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at the last %s weight, %s %s, +%s %s: %s %s.',
        d, this_stage, at_lifted, stages ->> 0, stages ->> 0, trim_scale(coalesce(current.stage_one_weight, current.weight)), unit,
        r.add, unit, result.weight, unit);
    else
      result.weight := app_hidden.round_to_step(current.weight * r.percent / 100, step);
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at %s %%, %s %s.',
        d, this_stage, at_lifted, stages ->> 0, r.percent, result.weight, unit);
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) is 'The stage and weight after one judged session of an exercise with stages (GZCLP; rules in the function body).';
grant execute on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) to svc_reader;

create or replace function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- linear: hit -> one increment above the weight lifted (never below the target); light -> one step
-- above the weight lifted, never above the target; third miss in a row -> deload (90 %, snapped to
-- the loadable step, at least one increment lower); other misses -> same target.
-- greyskull: as linear, with the last set as many reps as possible: a hit with at least twice the
-- target reps on it adds two increments; any miss deloads at once.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.outcome = 'hit' and current.weight is null then
    result.misses := 0;
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
  elsif judged.outcome = 'hit' then
    result.misses := 0;
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    if greyskull and current.reps > 0 and judged.last_reps >= 2 * current.reps then
      result.weight := trim_scale(least(10000, from_weight + 2 * increment));
      result.explanation := format('Last session (%s) hit %s%s with %s reps on the last set: +%s %s to %s %s.',
        d, what, loaded_text, judged.last_reps, trim_scale(2 * increment), unit, result.weight, unit);
    else
      result.weight := trim_scale(least(10000, from_weight + increment));
      result.explanation := format('Last session (%s) hit %s%s: +%s to %s %s.', d, what, loaded_text, inc, result.weight, unit);
    end if;
  elsif judged.outcome = 'light' then
    result.misses := 0;
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  elsif greyskull and current.weight is not null then
    result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
    result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
  elsif greyskull then
    result.explanation := format('Last session (%s) missed %s: same targets.', d, what);
  else
    result.misses := current.misses + 1;
    if result.misses >= 3 and current.weight is not null then
      result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
      result.misses := 0;
      result.explanation := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', at_lifted, d, result.weight, unit);
    else
      result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', d, what, at_lifted, least(result.misses, 3));
      if result.misses >= 3 then
        result.misses := 0;
      end if;
    end if;
  end if;
  if greyskull then
    result.explanation := result.explanation || ' Last set: as many reps as possible.';
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under linear or greyskull (rules in the function body).';
grant execute on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- double: reps is a range low-high, the rep target starts at low. All sets at the top -> + increment
-- and back to low. Otherwise the next rep target is the lowest set plus one, within the range. A rep
-- is gained when the total over the judged sets beats the best total at this weight; three sessions
-- in a row with none -> deload, back to low.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.top and current.weight is not null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.reps := reps_low;
    result.best_total := null;
    result.stalls := 0;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s%s: +%s to %s %s, back to %s reps.',
      d, sets, reps_low, reps_high, at_lifted, inc, result.weight, unit, reps_low);
  elsif judged.top then
    result.reps := reps_high;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s: no weight to add, stay at %s reps.', d, sets, reps_low, reps_high, reps_high);
  else
    if current.best_total is null or judged.total_reps > current.best_total then
      result.best_total := judged.total_reps;
      result.stalls := 0;
    else
      result.stalls := current.stalls + 1;
    end if;
    if result.stalls >= 3 then
      result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
      result.reps := reps_low;
      result.best_total := null;
      result.stalls := 0;
      result.explanation := case when current.weight is null
        then format('No rep gained in three sessions (last %s): back to %s reps.', d, reps_low)
        else format('No rep gained in three sessions%s (last %s): deload to 90 %%, %s %s, back to %s reps.', at_lifted, d, result.weight, unit, reps_low) end;
    else
      result.reps := greatest(reps_low, least(reps_high, coalesce(judged.lowest_reps, 0) + 1));
      result.explanation := format('Last session (%s): lowest set %s reps%s: aim for %s (range %s-%s).',
        d, coalesce(judged.lowest_reps, 0), at_lifted, result.reps, reps_low, reps_high);
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under double progression (rules in the function body).';
grant execute on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- time: every set held for the target (with its weight) -> + 5 s; held but lighter (or without the
-- weight) -> same targets, not a miss; third miss in a row -> 90 % snapped to 5 s, at least 5 s
-- shorter, never under 5 s.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.outcome = 'hit' then
    result.misses := 0;
    result.seconds := least(86400, current.seconds + 5);
    result.explanation := format('Last session (%s) held %s%s: +5 s to %s.', d, what, at_lifted, app_hidden.format_duration(result.seconds));
  elsif judged.outcome = 'light' then
    -- Held for the time, lighter than the weight (or without it): not a miss, nothing moves.
    result.explanation := format('Last session (%s) held %s%s, lighter than the %s %s target: same targets (not a miss; misses in a row: %s of 3).',
      d, what, case when judged.lifted is null then ' without its weight' else at_lifted end, current.weight, unit, current.misses);
  else
    result.misses := current.misses + 1;
    if result.misses >= 3 then
      result.seconds := greatest(5, least(round(current.seconds * 0.9 / 5)::int * 5, current.seconds - 5));
      result.misses := 0;
      result.explanation := format('Three misses in a row at %s (last %s): 90 %%, %s.',
        app_hidden.format_duration(current.seconds), d, app_hidden.format_duration(result.seconds));
    else
      result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same time.', d, what, at_lifted, result.misses);
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under time progression (rules in the function body).';
grant execute on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- amrap (GZCLP T3, `amrapTarget`): the last set as many reps as possible. Every set done with its
-- reps at the weight and the last with at least amrap_target reps -> one increment above the weight
-- lifted; lighter -> as linear; otherwise the same weight (no deload).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.outcome = 'hit' and current.weight is not null and coalesce(judged.last_reps, 0) >= amrap_target then
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    result.weight := trim_scale(least(10000, from_weight + increment));
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s or more adds weight): +%s to %s %s.',
      d, what, loaded_text, judged.last_reps, amrap_target, inc, result.weight, unit);
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s needed to add weight): same weight.',
      d, what, loaded_text, coalesce(judged.last_reps, 0), amrap_target);
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s+%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  else
    result.explanation := format('Last session (%s) missed %s+%s: same weight.', d, what, at_lifted);
  end if;
  result.explanation := result.explanation || ' Last set: as many reps as possible.';
  return result;
end;
$function$;
comment on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) is 'The target after one judged session of an exercise with an amrapTarget (rules in the function body).';
grant execute on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) to svc_reader;

drop function if exists app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, integer, integer, integer, numeric, text);
create or replace function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Rules (the exercise's progression, else the routine's, else linear; amrap with an amrapTarget),
  -- each in its own function. Explanations name only weights that were lifted (as logged), written
  -- in the routine, or planned.
  select case rule
    when 'linear' then app_hidden.next_linear_target(false, current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'greyskull' then app_hidden.next_linear_target(true, current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'double' then app_hidden.next_double_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'time' then app_hidden.next_time_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'amrap' then app_hidden.next_amrap_target(current, judged, session_date, sets, amrap_target, increment, unit)
    else current end;
$function$;
comment on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text) is 'The target after one judged session under a rule (linear, greyskull, double, time or amrap), with the explanation of the change (next_linear_target, next_double_target, next_time_target, next_amrap_target).';
grant execute on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date)
 RETURNS TABLE(date date, start timestamp with time zone, unit text, before_edit boolean, weights numeric[], reps integer[], seconds integer[], done boolean[])
 LANGUAGE sql
 STABLE
AS $function$
  -- This routine, and the other routines of its program (deload routines never feed progression).
  with program_routines as (
    select r2.id from app_public.routines r2
     where r2.user_id = p_routine.user_id and not r2.deload
       and (r2.id = p_routine.id
            or (p_routine.program is not null and app_hidden.program_key(r2.program) = app_hidden.program_key(p_routine.program)))
  ), tracks as (
    -- Where this lift is in each of them: here, this occurrence; in another routine of the
    -- program, the first occurrence prescribed alike (same sets and reps or time).
    select distinct on (t.routine_id) t.routine_id, t.occurrence
      from (select rx.routine_id, rx.position, rx.sets, rx.reps_low, rx.reps_high, rx.seconds,
                   row_number() over (partition by rx.routine_id order by rx.position) as occurrence
              from app_public.routine_exercises rx
             where rx.routine_id in (select pr2.id from program_routines pr2) and rx.exercise_id = p_exercise) t
     where (t.routine_id = p_routine.id and t.occurrence = p_occurrence)
        or (t.routine_id <> p_routine.id and t.sets = p_sets and t.reps_low is not distinct from p_reps_low
            and t.reps_high is not distinct from p_reps_high and t.seconds is not distinct from p_seconds)
     order by t.routine_id, t.occurrence
  ), history as (
    select w.id, w.date, w.start, w.unit, t.occurrence as track_occurrence
      from app_public.workouts w
      join tracks t on t.routine_id = w.routine_id
     where w.user_id = p_routine.user_id and w.date <= p_date
       and not w.skip_progression
  ), occurrence as (
    select we.id, we.skip_progression, h.date, h.start, h.unit, h.id as workout_id, h.track_occurrence,
           row_number() over (partition by we.workout_id order by we.position) as occurrence
      from history h
      join app_public.workout_exercises we on we.workout_id = h.id and we.exercise_id = p_exercise
  )
  select o.date, o.start, o.unit, o.start <= p_restart_after as before_edit,
         coalesce(array_agg(ws.weight::numeric order by ws.position) filter (where ws.id is not null), '{}') as weights,
         coalesce(array_agg(ws.reps order by ws.position) filter (where ws.id is not null), '{}') as reps,
         coalesce(array_agg(ws.seconds order by ws.position) filter (where ws.id is not null), '{}') as seconds,
         coalesce(array_agg(ws.done order by ws.position) filter (where ws.id is not null), '{}') as done
    from occurrence o
    left join app_public.workout_sets ws on ws.workout_exercise_id = o.id and ws.kind = 'work'
   where o.occurrence = o.track_occurrence and not o.skip_progression
   group by o.id, o.date, o.start, o.unit, o.workout_id
   order by o.date, o.start, o.workout_id;
$function$;
comment on function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date) is 'The history of one routine exercise, oldest first (date, start, workout): the owner''s workouts of the routine (or of another day of its program that prescribes the lift alike), dated on or before p_date, not skipProgression, with this exercise''s k-th occurrence not skipProgression; its work sets'' weights, reps, seconds and done, and whether it started before the last start-weight edit.';
grant execute on function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date) to svc_reader;

create or replace function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The explanation of a target no judged session has moved: no history yet, or an edit of the
  -- routine restarted it (and how many sessions no longer count).
  select case
    when rule = 'cycle' and before_edit > 0 then
      format('Training max changed in the routine to %s %s: starting the cycle again at week 1 of %s (%s); %s.',
        state.weight, unit, weeks, app_hidden.cycle_texts(week_sets), app_hidden.earlier_sessions_note(before_edit))
    when rule = 'cycle' then
      format('No history yet: week 1 of %s at a training max of %s %s (%s).', weeks, state.weight, unit, app_hidden.cycle_texts(week_sets))
    when rule = 'stages' and before_edit > 0 then
      format('Start weight changed in the routine to %s %s: starting again from it, stage 1 of %s, %s; %s.',
        coalesce(state.weight::text, 'none'), case when state.weight is null then '' else unit end, jsonb_array_length(stages),
        stages ->> 0, app_hidden.earlier_sessions_note(before_edit))
    when rule = 'stages' then
      format('No history yet: stage 1 of %s, %s at %s %s as written.', jsonb_array_length(stages), stages ->> 0,
        coalesce(state.weight::text, 'no weight'), case when state.weight is null then '' else unit end)
    when before_edit > 0 then
      format('Start weight changed in the routine to %s %s: starting again from it; %s.',
        coalesce(start_weight::text, 'none'), case when start_weight is null then '' else unit end, app_hidden.earlier_sessions_note(before_edit))
    else app_hidden.progression_first_note(rule, sets, state.reps, state.seconds, state.weight, unit) end
    || case when rule in ('greyskull', 'amrap') then ' Last set: as many reps as possible.' else '' end;
$function$;
comment on function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) is 'The explanation of a target no judged session has moved: no history yet (the first week, stage or target as written), or the routine edit that restarted it.';
grant execute on function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) to svc_reader;

create or replace function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text)
 RETURNS app_hidden.lift_target
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The target of one routine exercise once its history is replayed into state: the week of a cycle
-- (its sets, its heaviest as the weight) or the stage to plan, and the explanation.
declare
  v_week_sets jsonb := case when rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, step) end;
  v_stage record;
  v_why text := state.explanation;
begin
  select * into v_stage from app_hidden.doc_stage(case when rule = 'stages' then re.stages ->> state.stage end);
  if v_why is null then
    v_why := app_hidden.progression_opening(rule, re.stages, v_week_sets, jsonb_array_length(re.cycle), re.sets, state,
                                            trim_scale(re.weight::numeric), before_edit, unit);
  end if;
  if rule = 'cycle' then
    return row(re.id, re.position, re.exercise_id, rule,
               (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets, judged,
               v_why || case when judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                     || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
               state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets)::app_hidden.lift_target;
  end if;
  return row(re.id, re.position, re.exercise_id, rule, state.weight, coalesce(v_stage.reps, state.reps),
             case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets), judged,
             v_why || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
             null, coalesce(v_stage.amrap, rule in ('greyskull', 'amrap')), null)::app_hidden.lift_target;
end;
$function$;
comment on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) is 'The next target of one routine exercise from its replayed state: a cycle''s week (sets rounded to step) or the stage to plan, with the explanation (progression_opening when no session moved it).';
grant execute on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) to svc_reader;

create or replace function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
 RETURNS SETOF app_hidden.lift_target
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- Each routine exercise's history (progression_sessions) is replayed oldest first: a session is
-- judged (judge_session; a cycle week by judge_cycle_session and cycle_shortfall) and moves the
-- target under its rule (next_target, next_stage_target, next_cycle_target); skipped sessions
-- change nothing, sessions before the last start-weight edit only count as left out. A deload
-- routine never moves; unloaded work (no weight written) cannot gain weight.
declare
  re record;
  s record;
  state app_hidden.progression_state;
  judged app_hidden.session_judgement;
  v_stage record;
  v_judged int;
  v_before_edit int;
  v_inc numeric;
  v_step numeric;
  v_week_sets jsonb;
begin
  for re in
    select x.*, pr.restart_after
      from (select rx as re_row, rx.*, e.region,
                   case when p_routine.deload then 'deload'
                        when coalesce(rx.progression, p_routine.progression) = 'none' then 'none'
                        when rx.cycle is not null then 'cycle'
                        when rx.stages is not null then 'stages'
                        when rx.amrap_target is not null then 'amrap'
                        when coalesce(rx.progression, p_routine.progression) = 'time' and (rx.reps_low is not null or rx.seconds is null) then 'none'
                        when coalesce(rx.progression, p_routine.progression) = 'double' and rx.reps_low is null then 'none'
                        else coalesce(rx.progression, p_routine.progression) end as rule,
                   row_number() over (partition by rx.exercise_id order by rx.position) as occurrence
              from app_public.routine_exercises rx
              join app_public.exercises e on e.id = rx.exercise_id
             where rx.routine_id = p_routine.id) x
      left join app_hidden.progression_restarts pr
        on pr.routine_id = x.routine_id and pr.exercise_id = x.exercise_id and pr.occurrence = x.occurrence
     order by x.position
  loop
    v_inc := coalesce(re.increment::numeric, app_hidden.weight_increment(re.region, p_routine.unit));
    v_step := app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, p_routine.unit);
    state := row(case when re.rule = 'cycle' then trim_scale(re.training_max::numeric) else trim_scale(re.weight::numeric) end,
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0, null, null)::app_hidden.progression_state;
    v_judged := 0;
    v_before_edit := 0;
    for s in
      select h.* from app_hidden.progression_sessions(p_routine, re.exercise_id, re.occurrence::int, re.sets, re.reps_low, re.reps_high,
                                                        re.seconds, re.restart_after, p_date) h
       where re.rule not in ('none', 'deload')
    loop
      v_week_sets := case when re.rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step) end;
      select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
      judged := case when re.rule <> 'cycle' then
        app_hidden.judge_session(coalesce(v_stage.sets, re.sets), state.weight, p_routine.unit, coalesce(v_stage.reps, state.reps),
                                 coalesce(v_stage.reps, re.reps_high, re.reps_low), state.seconds, s.unit, s.weights, s.reps, s.seconds, s.done) end;
      continue when case when re.rule = 'cycle' then app_hidden.judge_cycle_session(v_week_sets, p_routine.unit, s.unit, s.weights, s.reps, s.done)
                         else judged.outcome end = 'skip';
      if s.before_edit then
        v_before_edit := v_before_edit + 1;
        continue;
      end if;
      v_judged := v_judged + 1;
      state := case re.rule
        when 'cycle' then app_hidden.next_cycle_target(state,
          app_hidden.cycle_shortfall(v_week_sets, re.cycle::text not like '%+%', p_routine.unit, s.unit, s.weights, s.reps, s.done),
          jsonb_array_length(re.cycle), s.date, v_inc, p_routine.unit)
        when 'stages' then app_hidden.next_stage_target(state, judged, re.stages, re.reset, s.date, v_inc, v_step, p_routine.unit)
        else app_hidden.next_target(re.rule, state, judged, s.date, re.sets, re.reps_low, coalesce(re.reps_high, re.reps_low),
                                    re.amrap_target, v_inc, p_routine.unit) end;
    end loop;
    return next app_hidden.progression_lift_target(re.re_row, re.rule, state, v_step, v_judged, v_before_edit, p_routine.unit);
  end loop;
end;
$function$;
comment on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) is 'The next targets of each exercise of a routine on a date, replayed from the owner''s history (progression_sessions; judge_session, then next_target, next_stage_target or next_cycle_target per session; the rules are in the comments of those functions).';
grant execute on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) to svc_reader;

-- The plan rounds to the exercise's rounding step.
create or replace function app_hidden.next_plan(r app_public.routines, p_date date)
 RETURNS TABLE(exercise_position integer, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps integer, seconds integer, sessions integer, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select t.position, t.exercise_id, t.rule, t.weight, x.weight, u.unit, t.reps, t.seconds, t.sessions,
         left(t.explanation || case when r.unit <> u.unit and t.weight is not null and t.weight > 0
                                    then format(' Routine in %s: %s %s ≈ %s %s, loaded as %s %s.', r.unit, t.weight, r.unit,
                                                app_hidden.convert_weight(t.weight, r.unit, u.unit), u.unit, x.weight, u.unit)
                                    else '' end, 1000),
         app_hidden.pinned_note(r.user_id, t.exercise_id, p_date),
         case when t.week_sets is null then
           -- A bodyweight exercise's weight is load added to the body (`bw+20x5`); none or 0: `bw x 8`.
           app_hidden.planned_sets('work', case when e.equipment = 'bodyweight' and t.seconds is null then nullif(x.weight, 0) else x.weight end,
                                   e.equipment = 'bodyweight' and t.seconds is null, t.reps, t.seconds,
                                   t.sets, re.warmups, re.drops, re.bursts, st.step, t.amrap)
         else
           -- A cycle week: warm-ups toward its first set, its sets, drops and bursts after its last.
           app_hidden.planned_sets('work', app_hidden.shown_weight((t.week_sets -> 0 ->> 'weight')::numeric, r.unit, u.unit), false,
                                   (t.week_sets -> 0 ->> 'reps')::int, null, 0, re.warmups, 0, 0, st.step)
           || (select array_agg(app_hidden.format_set('work', app_hidden.shown_weight((ws.x ->> 'weight')::numeric, r.unit, u.unit), false,
                                                      (ws.x ->> 'reps')::int, null, null, (ws.x ->> 'amrap')::boolean) order by ws.o)
                 from jsonb_array_elements(t.week_sets) with ordinality as ws(x, o))
           || app_hidden.planned_sets('work', x.weight, false, t.reps, null, 0, 0, re.drops, re.bursts, st.step)
         end,
         t.training_max, t.amrap
    from app_hidden.progression_targets(r, p_date) t
    join app_public.routine_exercises re on re.id = t.routine_exercise_id
    join app_public.exercises e on e.id = t.exercise_id
    cross join lateral (select us.unit from app_public.users us where us.id = r.user_id) u
    -- Weights shown in the owner's unit snap to the exercise's rounding step as shown in it (1 kg
    -- micro-plates are 2.5 lb).
    cross join lateral (select app_hidden.shown_increment(app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, r.unit), r.unit, u.unit) as step) st
    cross join lateral (select case when r.unit = u.unit or t.weight is null then t.weight
                                    else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, u.unit), st.step)) end as weight) x
   order by t.position;
$function$;
comment on function app_hidden.next_plan(r app_public.routines, p_date date) is 'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, and the planned set texts (an AMRAP set ends in `+`).';
grant execute on function app_hidden.next_plan(r app_public.routines, p_date date) to svc_reader;

comment on column app_public.next_target.rule is E'@notNull\nThe rule applied: linear, greyskull, double, time, none, deload, stages, cycle or amrap (an exercise with an amrapTarget).';
comment on column app_public.next_target.amrap is E'@notNull\nWhether the last work set is as many reps as possible (greyskull, an amrapTarget, a stage or cycle set marked `+`); the plan''s set text ends in `+`.';
comment on type app_hidden.lift_target is 'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages, cycle or amrap), the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, the training max of a cycle, whether the last work set is as many reps as possible, and a cycle''s sets of the week ([{weight, reps, amrap, percent, text}]).';
