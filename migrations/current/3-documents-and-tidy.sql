-- Documents and tidy: each rule of the document walks in one function (one-line text, a value from
-- a list, an array field's size) instead of written out at every field, the control-character rule
-- shared with the name triggers, and the one-off data fixes that nothing calls removed.

--------------------------------------------------------------------------------
-- The document field readers
--------------------------------------------------------------------------------
create or replace function app_hidden.control_character_reason(t text) returns text
language sql immutable parallel safe as $$
  -- Unicode Cc but U+0000, which PostgreSQL text cannot hold: the SDK's CONTROL_CHARACTER_PATTERN.
  select case when t ~ '[\u0001-\u001f\u007f-\u009f]' then 'must not contain control characters such as a newline or tab' end;
$$;
comment on function app_hidden.control_character_reason(text) is
  E'Why a one-line text (a name, icon, exercise reference, superset, program) is refused when it holds a control character such as a newline or tab; null when it holds none. Documents report it at the field''s path, the name triggers as INVALID_INPUT.';
grant execute on function app_hidden.control_character_reason(text) to svc_reader;

create or replace function app_hidden.doc_line(v jsonb, lo int, hi int, out line text, out reason text)
language plpgsql immutable parallel safe as $$
begin
  line := app_hidden.doc_string(v);
  if line is null then
    reason := 'must be a string';
  elsif char_length(line) not between lo and hi then
    reason := 'must be ' || lo || ' to ' || hi || ' characters';
  else
    reason := app_hidden.control_character_reason(line);
  end if;
end;
$$;
comment on function app_hidden.doc_line(jsonb, int, int) is
  E'A one-line text field of a document (the SDK''s `line`): a JSON string of lo to hi characters without control characters. line is the text (whenever v is a string); reason, when not null, is why it is refused at the field''s path.';
grant execute on function app_hidden.doc_line(jsonb, int, int) to svc_reader;

create or replace function app_hidden.doc_one_of(v jsonb, allowed text[], out value text, out reason text)
language sql immutable parallel safe as $$
  select case when t = any (allowed) then t end,
         case when t is null or t <> all (allowed) then 'must be one of ' || array_to_string(allowed, ', ') end
    from app_hidden.doc_string(v) t;
$$;
comment on function app_hidden.doc_one_of(jsonb, text[]) is
  E'A document field that takes one of a list of strings (the SDK''s `oneOf`): value, or the reason (`must be one of kg, lb`) for anything else, of any JSON type.';
grant execute on function app_hidden.doc_one_of(jsonb, text[]) to svc_reader;

create or replace function app_hidden.doc_array(o jsonb, key text, lo int, hi int, out list jsonb, out reason text)
language sql immutable parallel safe as $$
  select o -> key, case
    when not o ? key then 'is required'
    when jsonb_typeof(o -> key) <> 'array' then 'must be an array'
    when jsonb_array_length(o -> key) < lo then 'must have at least ' || lo || case when lo = 1 then ' entry' else ' entries' end
    when jsonb_array_length(o -> key) > hi then 'must have at most ' || hi || ' entries'
  end;
$$;
comment on function app_hidden.doc_array(jsonb, text, int, int) is
  E'A required array field of a document object (exercises, a workout exercise''s sets): the array, or why it is refused at o''s path plus key (absent, not an array, fewer than lo or more than hi entries).';
grant execute on function app_hidden.doc_array(jsonb, text, int, int) to svc_reader;

create or replace function app_hidden.doc_exercise_field(entry jsonb, inout cache jsonb, out ref text, out exercise_id uuid, out reason text)
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
begin
  if not entry ? 'exercise' then
    reason := 'is required'; return;
  end if;
  select l.line, l.reason into ref, reason from app_hidden.doc_line(entry -> 'exercise', 1, 100) l;
  if reason is not null then
    return;
  end if;
  select r.cache, r.exercise_id, r.reason into cache, exercise_id, reason from app_hidden.doc_exercise(ref, cache) r;
end;
$$;

--------------------------------------------------------------------------------
-- The walks, reading their fields through those readers
--------------------------------------------------------------------------------
create or replace function app_hidden.walk_routine_document(doc jsonb, p_unit text, out path text, out reason text,
                                                             out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  v_progressions constant text[] := '{linear,greyskull,double,time,none}';
  k text;
  s text;
  v_id uuid;
  v_other uuid;
  v_list jsonb;
  e jsonb;
  p text;
  i int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_sets int;
  v_low numeric;
  v_high numeric;
  v_time numeric;
  v_weight numeric;
  v_rest numeric;
  v_superset text;
  v_progression text;
  v_extra int[];
  v_n int;
  f text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
begin
  if jsonb_typeof(doc) is distinct from 'object' then
    path := 'document'; reason := 'must be an object'; return;
  end if;
  k := app_hidden.doc_unknown_key(doc, '{id,name,icon,progression,unit,deload,exercises}');
  if k is not null then
    path := k; reason := 'unknown property'; return;
  end if;
  v_out := '{}';
  -- id: a routine of the caller's
  if doc ? 'id' then
    s := app_hidden.doc_uuid(doc -> 'id');
    if s is null then
      path := 'id'; reason := 'must be a uuid'; return;
    end if;
    v_id := s::uuid;
    if not exists (select 1 from app_public.routines r where r.id = v_id and r.user_id = v_user) then
      path := 'id'; reason := 'not found'; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  -- name: 1 to 80 characters, not another routine's name
  if not doc ? 'name' then
    path := 'name'; reason := 'is required'; return;
  end if;
  select l.line, l.reason into s, reason from app_hidden.doc_line(doc -> 'name', 1, 80) l;
  if reason is not null then
    path := 'name'; return;
  end if;
  select r.id into v_other from app_public.routines r
   where r.user_id = v_user and r.name_key = app_public.routine_name_key(s) and r.id is distinct from v_id limit 1;
  if v_other is not null then
    path := 'name'; reason := 'a routine with this name already exists: ' || v_other; return;
  end if;
  v_out := v_out || jsonb_build_object('name', s);
  if doc ? 'icon' then
    select l.line, l.reason into s, reason from app_hidden.doc_line(doc -> 'icon', 1, 40) l;
    if reason is not null then
      path := 'icon'; return;
    end if;
    v_out := v_out || jsonb_build_object('icon', s);
  end if;
  s := 'linear';
  if doc ? 'progression' then
    select o.value, o.reason into s, reason from app_hidden.doc_one_of(doc -> 'progression', v_progressions) o;
    if reason is not null then
      path := 'progression'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('progression', s);
  s := p_unit;
  if doc ? 'unit' then
    select o.value, o.reason into s, reason from app_hidden.doc_one_of(doc -> 'unit', '{kg,lb}') o;
    if reason is not null then
      path := 'unit'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  if doc ? 'deload' then
    if jsonb_typeof(doc -> 'deload') <> 'boolean' then
      path := 'deload'; reason := 'must be a boolean'; return;
    end if;
    if (doc -> 'deload')::boolean then
      v_out := v_out || '{"deload": true}';
    end if;
  end if;
  -- exercises: at most 100
  select a.list, a.reason into v_list, reason from app_hidden.doc_array(doc, 'exercises', 0, 100) a;
  if reason is not null then
    path := 'exercises'; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    if jsonb_typeof(e) <> 'object' then
      path := p; reason := 'must be an object'; return;
    end if;
    k := app_hidden.doc_unknown_key(e, '{exercise,sets,reps,time,weight,rest,superset,progression,warmups,drops,bursts}');
    if k is not null then
      path := p || '.' || k; reason := 'unknown property'; return;
    end if;
    select r.ref, r.cache, r.exercise_id, r.reason into s, v_cache, v_exercise, reason from app_hidden.doc_exercise_field(e, v_cache) r;
    if reason is not null then
      path := p || '.exercise'; return;
    end if;
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := app_hidden.doc_integer(e -> 'sets', 1, 20);
    if v_sets is null then
      path := p || '.sets'; reason := 'must be an integer from 1 to 20'; return;
    end if;
    v_low := null; v_high := null;
    if e ? 'reps' then
      if jsonb_typeof(e -> 'reps') = 'string' then
        select m[1]::numeric, m[2]::numeric into v_low, v_high
          from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        if v_low > 500 or v_high > 500 then
          path := p || '.reps'; reason := 'range must be within 0 to 500'; return;
        end if;
        if v_low > v_high then
          path := p || '.reps'; reason := 'range must go from low to high'; return;
        end if;
      else
        v_low := app_hidden.doc_integer(e -> 'reps', 0, 500);
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        v_high := v_low;
      end if;
    end if;
    v_time := null;
    if e ? 'time' then
      v_time := app_hidden.doc_duration(e -> 'time');
      if v_time is null then
        path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_time > 86400 then
        path := p || '.time'; reason := 'must be at most 86400 seconds'; return;
      end if;
      if e ? 'reps' then
        path := p || '.time'; reason := 'cannot be used together with reps'; return;
      end if;
    end if;
    v_weight := null;
    if e ? 'weight' and jsonb_typeof(e -> 'weight') <> 'null' then
      v_weight := app_hidden.doc_weight(e -> 'weight');
      if v_weight is null then
        path := p || '.weight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
      end if;
    end if;
    v_rest := null;
    if e ? 'rest' then
      v_rest := app_hidden.doc_duration(e -> 'rest');
      if v_rest is null then
        path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_rest > 900 then
        path := p || '.rest'; reason := 'must be at most 900 seconds'; return;
      end if;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      select l.line, l.reason into v_superset, reason from app_hidden.doc_line(e -> 'superset', 1, 8) l;
      if reason is not null then
        path := p || '.superset'; return;
      end if;
    end if;
    v_progression := null;
    if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
      select o.value, o.reason into v_progression, reason from app_hidden.doc_one_of(e -> 'progression', v_progressions) o;
      if reason is not null then
        path := p || '.progression'; return;
      end if;
    end if;
    v_extra := '{0,0,0}';
    v_n := 0;
    foreach f in array array['warmups', 'drops', 'bursts'] loop
      v_n := v_n + 1;
      if e ? f then
        v_extra[v_n] := app_hidden.doc_integer(e -> f, 0, 5);
        if v_extra[v_n] is null then
          path := p || '.' || f; reason := 'must be an integer from 0 to 5'; return;
        end if;
      end if;
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'sets', v_sets,
      'reps', case when v_low is null then null when v_low = v_high then to_jsonb(v_low) else to_jsonb(v_low || '-' || v_high) end,
      'time', v_time, 'weight', v_weight, 'rest', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', nullif(v_extra[1], 0), 'drops', nullif(v_extra[2], 0), 'bursts', nullif(v_extra[3], 0)));
    v_rows := v_rows || jsonb_build_object(
      'exercise_id', v_exercise, 'sets', v_sets, 'reps_low', v_low, 'reps_high', v_high, 'seconds', v_time,
      'weight', v_weight, 'rest_seconds', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', v_extra[1], 'drops', v_extra[2], 'bursts', v_extra[3]);
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, out path text, out reason text,
                                                            out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages and increment (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
declare
  w record;
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
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,increment}'::text[] else x2.e end order by x2.ord), '[]')
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
    select l.line, l.reason into s, reason from app_hidden.doc_line(doc -> 'program', 1, 80) l;
    if reason is not null then
      path := 'program'; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$$;

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, out path text, out reason text,
                                                             out canonical jsonb, out start timestamptz, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  k text;
  s text;
  v_id uuid;
  v_list jsonb;
  v_sets jsonb;
  e jsonb;
  x jsonb;
  p text;
  sp text;
  i int;
  j int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_date text;
  v_effort text;
  v_n int;
  v_superset text;
  v_note text;
  v_pinned boolean;
  v_skip boolean;
  v_done boolean;
  v_set record;
  v_text text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  v_set_canon jsonb[];
  v_set_rows jsonb[];
begin
  if jsonb_typeof(doc) is distinct from 'object' then
    path := 'document'; reason := 'must be an object'; return;
  end if;
  k := app_hidden.doc_unknown_key(doc,
    '{id,name,date,start,minutes,bodyweight,unit,effort,routine,notes,skipProgression,exercises}');
  if k is not null then
    path := k; reason := 'unknown property'; return;
  end if;
  v_out := '{}';
  if doc ? 'id' then
    s := app_hidden.doc_uuid(doc -> 'id');
    if s is null then
      path := 'id'; reason := 'must be a uuid'; return;
    end if;
    v_id := s::uuid;
    if not exists (select 1 from app_public.workouts w where w.id = v_id and w.user_id = v_user) then
      path := 'id'; reason := 'not found'; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  if doc ? 'name' then
    select l.line, l.reason into s, reason from app_hidden.doc_line(doc -> 'name', 1, 80) l;
    if reason is not null then
      path := 'name'; return;
    end if;
    v_out := v_out || jsonb_build_object('name', s);
  end if;
  if not doc ? 'date' then
    path := 'date'; reason := 'is required'; return;
  end if;
  v_date := app_hidden.doc_string(doc -> 'date');
  if v_date is null or v_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    path := 'date'; reason := 'must be a date like 2024-05-31'; return;
  end if;
  if not app_hidden.doc_real_date(substr(v_date, 1, 4)::int, substr(v_date, 6, 2)::int, substr(v_date, 9, 2)::int) then
    path := 'date'; reason := 'not a real calendar date'; return;
  end if;
  if v_date < '1900-01-01' or v_date > '2099-12-31' then
    path := 'date'; reason := 'must be from 1900-01-01 to 2099-12-31'; return;
  end if;
  v_out := v_out || jsonb_build_object('date', v_date);
  if doc ? 'start' then
    s := app_hidden.doc_string(doc -> 'start');
    if s is null then
      path := 'start'; reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00'; return;
    end if;
    select r.reason, r.start, r.canonical into reason, start, s from app_hidden.doc_start(s) r;
    if reason is not null then
      path := 'start'; return;
    end if;
    -- Within a day: the start's UTC day is the day before, of or after `date`.
    if (start at time zone 'UTC')::date not between v_date::date - 1 and v_date::date + 1 then
      path := 'start'; reason := 'must be within a day of date'; return;
    end if;
  else
    start := (v_date || ' 12:00:00')::timestamp at time zone 'UTC';
    s := v_date || 'T12:00:00Z';
  end if;
  v_out := v_out || jsonb_build_object('start', s);
  if doc ? 'minutes' then
    v_n := app_hidden.doc_integer(doc -> 'minutes', 0, 1440);
    if v_n is null then
      path := 'minutes'; reason := 'must be an integer from 0 to 1440'; return;
    end if;
    v_out := v_out || jsonb_build_object('minutes', v_n);
  end if;
  if doc ? 'bodyweight' and jsonb_typeof(doc -> 'bodyweight') <> 'null' then
    if app_hidden.doc_bodyweight(doc -> 'bodyweight') is null then
      path := 'bodyweight'; reason := 'must be a number above 0 and at most 1500 with at most 2 decimals'; return;
    end if;
    v_out := v_out || jsonb_build_object('bodyweight', app_hidden.doc_bodyweight(doc -> 'bodyweight'));
  end if;
  s := p_unit;
  if doc ? 'unit' then
    select o.value, o.reason into s, reason from app_hidden.doc_one_of(doc -> 'unit', '{kg,lb}') o;
    if reason is not null then
      path := 'unit'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_effort := p_effort;
  if doc ? 'effort' then
    select o.value, o.reason into v_effort, reason from app_hidden.doc_one_of(doc -> 'effort', '{rir,rpe}') o;
    if reason is not null then
      path := 'effort'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('effort', v_effort);
  if doc ? 'routine' and jsonb_typeof(doc -> 'routine') <> 'null' then
    s := app_hidden.doc_uuid(doc -> 'routine');
    if s is null then
      path := 'routine'; reason := 'must be a uuid'; return;
    end if;
    if not exists (select 1 from app_public.routines r where r.id = s::uuid and r.user_id = v_user) then
      path := 'routine'; reason := 'not found'; return;
    end if;
    v_out := v_out || jsonb_build_object('routine', s);
  end if;
  if doc ? 'notes' and jsonb_typeof(doc -> 'notes') <> 'null' then
    s := app_hidden.doc_string(doc -> 'notes');
    if s is null then
      path := 'notes'; reason := 'must be a string'; return;
    end if;
    if char_length(s) > 2000 then
      path := 'notes'; reason := 'must be at most 2000 characters'; return;
    end if;
    v_out := v_out || jsonb_build_object('notes', s);
  end if;
  if doc ? 'skipProgression' then
    if jsonb_typeof(doc -> 'skipProgression') <> 'boolean' then
      path := 'skipProgression'; reason := 'must be a boolean'; return;
    end if;
    if (doc -> 'skipProgression')::boolean then
      v_out := v_out || '{"skipProgression": true}';
    end if;
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  select a.list, a.reason into v_list, reason from app_hidden.doc_array(doc, 'exercises', 0, 100) a;
  if reason is not null then
    path := 'exercises'; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > 500 then
    path := 'exercises'; reason := 'must have at most 500 sets in all'; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    if jsonb_typeof(e) <> 'object' then
      path := p; reason := 'must be an object'; return;
    end if;
    k := app_hidden.doc_unknown_key(e, '{exercise,superset,note,pinned,skipProgression,sets}');
    if k is not null then
      path := p || '.' || k; reason := 'unknown property'; return;
    end if;
    select r.ref, r.cache, r.exercise_id, r.reason into s, v_cache, v_exercise, reason from app_hidden.doc_exercise_field(e, v_cache) r;
    if reason is not null then
      path := p || '.exercise'; return;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      select l.line, l.reason into v_superset, reason from app_hidden.doc_line(e -> 'superset', 1, 8) l;
      if reason is not null then
        path := p || '.superset'; return;
      end if;
    end if;
    v_note := null;
    if e ? 'note' and jsonb_typeof(e -> 'note') <> 'null' then
      v_note := app_hidden.doc_string(e -> 'note');
      if v_note is null then
        path := p || '.note'; reason := 'must be a string'; return;
      end if;
      if char_length(v_note) > 500 then
        path := p || '.note'; reason := 'must be at most 500 characters'; return;
      end if;
    end if;
    v_pinned := false;
    if e ? 'pinned' then
      if jsonb_typeof(e -> 'pinned') <> 'boolean' then
        path := p || '.pinned'; reason := 'must be a boolean'; return;
      end if;
      v_pinned := (e -> 'pinned')::boolean;
    end if;
    v_skip := false;
    if e ? 'skipProgression' then
      if jsonb_typeof(e -> 'skipProgression') <> 'boolean' then
        path := p || '.skipProgression'; reason := 'must be a boolean'; return;
      end if;
      v_skip := (e -> 'skipProgression')::boolean;
    end if;
    select a.list, a.reason into v_sets, reason from app_hidden.doc_array(e, 'sets', 1, 50) a;
    if reason is not null then
      path := p || '.sets'; return;
    end if;
    v_set_canon := '{}';
    v_set_rows := '{}';
    for j in 0 .. jsonb_array_length(v_sets) - 1 loop
      x := v_sets -> j;
      sp := p || '.sets[' || j || ']';
      v_done := true;
      if jsonb_typeof(x) = 'string' then
        v_text := x #>> '{}';
      elsif jsonb_typeof(x) = 'object' then
        k := app_hidden.doc_unknown_key(x, '{set,done}');
        if k is not null then
          path := sp || '.' || k; reason := 'unknown property'; return;
        end if;
        sp := sp || '.set';
        if not x ? 'set' then
          path := sp; reason := 'is required'; return;
        end if;
        v_text := app_hidden.doc_string(x -> 'set');
        if v_text is null then
          path := sp; reason := 'must be a string'; return;
        end if;
      else
        path := sp; reason := 'must be a string or an object'; return;
      end if;
      select * into v_set from app_hidden.doc_parse_set(v_text, v_effort);
      if v_set.reason is not null then
        path := sp; reason := v_set.reason; return;
      end if;
      if jsonb_typeof(x) = 'object' and x ? 'done' then
        if jsonb_typeof(x -> 'done') <> 'boolean' then
          path := p || '.sets[' || j || '].done'; reason := 'must be a boolean'; return;
        end if;
        v_done := (x -> 'done')::boolean;
      end if;
      v_text := app_hidden.format_set(v_set.kind, v_set.weight, v_set.bodyweight, v_set.reps, v_set.seconds, v_set.effort);
      v_set_canon := v_set_canon || case when v_done then to_jsonb(v_text) else jsonb_build_object('set', v_text, 'done', false) end;
      v_set_rows := v_set_rows || jsonb_build_object('kind', v_set.kind, 'weight', v_set.weight, 'bodyweight', v_set.bodyweight,
        'reps', v_set.reps, 'seconds', v_set.seconds, 'effort', v_set.effort, 'done', v_done);
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'superset', v_superset, 'note', v_note,
      'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
      'sets', to_jsonb(v_set_canon)));
    v_rows := v_rows || jsonb_build_object('exercise_id', v_exercise, 'superset', v_superset, 'note', v_note,
      'pinned', v_pinned, 'skip_progression', v_skip, 'sets', to_jsonb(v_set_rows));
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

--------------------------------------------------------------------------------
-- Names written outside documents follow the same one-line rule
--------------------------------------------------------------------------------
create or replace function app_hidden.tg_one_line_name() returns trigger
language plpgsql as $$
declare
  v_reason text := app_hidden.control_character_reason(to_jsonb(new) ->> 'name');
begin
  if v_reason is not null then
    raise exception 'name: %', v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;

create or replace function app_hidden.tg_users_name_check() returns trigger
language plpgsql as $$
declare
  v_reason text := app_hidden.control_character_reason(new.name);
begin
  if btrim(new.name, E' \t\n\r\u00a0\u200b\u3000') = '' then
    raise exception 'name: must not be blank' using errcode = 'SVBAD';
  end if;
  if v_reason is not null then
    raise exception 'name: %', v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;

--------------------------------------------------------------------------------
-- One-off data fixes for databases made before their rules: nothing is deployed, so no data needs
-- them, and the rules themselves (tg_custom_exercise_name_free; weighted names as aliases of the
-- bodyweight exercise, in the catalog seed) stand without them. Nothing depends on either.
--------------------------------------------------------------------------------
drop function if exists app_hidden.merge_weighted_bodyweight_exercises();
drop function if exists app_hidden.rename_custom_exercises_named_like_catalog();
