--! Document limits and rules for a public instance (the SDK's sdk/src/documents holds the same rules):
-- - one-line text (routine and workout names, icon, exercise references, superset letters, custom
--   exercise names) refuses control characters (U+0001-U+001F, U+007F-U+009F) such as a newline
--   or tab; notes keep them;
-- - a workout has at most 100 exercises, at most 50 sets per exercise and at most 500 sets in all,
--   checked before any entry is looked at (saving is then bounded: a few times the largest real
--   session);
-- - a workout date is from 1900-01-01 to 2099-12-31, and its start falls on the day before, of or
--   after it (in UTC);
-- - a bodyweight is above 0, at most 1500 and has at most 2 decimals, in documents and in
--   logBodyweight, whose date is from 1900-01-01 and not after tomorrow in UTC (today somewhere).
-- Nesting depth, U+0000 and unpaired surrogates are refused before the document reaches
-- PostgreSQL (plugins/documents.ts with the SDK's firstBadJsonValue).

create or replace function app_hidden.doc_bodyweight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric > 0 and v::numeric <= 1500 and v::numeric = round(v::numeric, 2) then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_bodyweight(jsonb) is E'A JSON number above 0 and at most 1500 with at most 2 decimals (trailing zeros aside), without trailing zeros; otherwise null.';
grant execute on function app_hidden.doc_bodyweight(jsonb) to svc_reader;

--------------------------------------------------------------------------------
-- Routine documents
--------------------------------------------------------------------------------
create or replace function app_hidden.doc_exercise_field(entry jsonb, inout cache jsonb, out ref text, out exercise_id uuid, out reason text)
language plpgsql stable set search_path to pg_catalog, public as $$
begin
  if not entry ? 'exercise' then
    reason := 'is required'; return;
  end if;
  ref := app_hidden.doc_string(entry -> 'exercise');
  if ref is null then
    reason := 'must be a string'; return;
  end if;
  if char_length(ref) not between 1 and 100 then
    reason := 'must be 1 to 100 characters'; return;
  end if;
  if ref ~ '[\u0001-\u001f\u007f-\u009f]' then
    reason := 'must not contain control characters such as a newline or tab'; return;
  end if;
  select r.cache, r.exercise_id, r.reason into cache, exercise_id, reason from app_hidden.doc_exercise(ref, cache) r;
end;
$$;
grant execute on function app_hidden.doc_exercise_field(jsonb, jsonb) to svc_reader;
comment on function app_hidden.doc_exercise_field(jsonb, jsonb) is E'The `exercise` field of a routine or workout entry: the reference as written and the exercise it names (resolved through cache, as app_hidden.doc_exercise), or the reason it is refused at `<entry>.exercise`.';

create or replace function app_hidden.walk_routine_document(doc jsonb, p_unit text,
  out path text, out reason text, out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
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
  s := app_hidden.doc_string(doc -> 'name');
  if s is null then
    path := 'name'; reason := 'must be a string'; return;
  end if;
  if char_length(s) not between 1 and 80 then
    path := 'name'; reason := 'must be 1 to 80 characters'; return;
  end if;
  if s ~ '[\u0001-\u001f\u007f-\u009f]' then
    path := 'name'; reason := 'must not contain control characters such as a newline or tab'; return;
  end if;
  select r.id into v_other from app_public.routines r
   where r.user_id = v_user and lower(r.name) = lower(s) and r.id is distinct from v_id limit 1;
  if v_other is not null then
    path := 'name'; reason := 'a routine with this name already exists: ' || v_other; return;
  end if;
  v_out := v_out || jsonb_build_object('name', s);
  if doc ? 'icon' then
    s := app_hidden.doc_string(doc -> 'icon');
    if s is null then
      path := 'icon'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 40 then
      path := 'icon'; reason := 'must be 1 to 40 characters'; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'icon'; reason := 'must not contain control characters such as a newline or tab'; return;
    end if;
    v_out := v_out || jsonb_build_object('icon', s);
  end if;
  s := 'linear';
  if doc ? 'progression' then
    s := app_hidden.doc_string(doc -> 'progression');
    if s is null or s not in ('linear', 'greyskull', 'double', 'time', 'none') then
      path := 'progression'; reason := 'must be one of linear, greyskull, double, time, none'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('progression', s);
  s := p_unit;
  if doc ? 'unit' then
    s := app_hidden.doc_string(doc -> 'unit');
    if s is null or s not in ('kg', 'lb') then
      path := 'unit'; reason := 'must be one of kg, lb'; return;
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
  if not doc ? 'exercises' then
    path := 'exercises'; reason := 'is required'; return;
  end if;
  v_list := doc -> 'exercises';
  if jsonb_typeof(v_list) <> 'array' then
    path := 'exercises'; reason := 'must be an array'; return;
  end if;
  if jsonb_array_length(v_list) > 100 then
    path := 'exercises'; reason := 'must have at most 100 entries'; return;
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
      v_superset := app_hidden.doc_string(e -> 'superset');
      if v_superset is null then
        path := p || '.superset'; reason := 'must be a string'; return;
      end if;
      if char_length(v_superset) not between 1 and 8 then
        path := p || '.superset'; reason := 'must be 1 to 8 characters'; return;
      end if;
      if v_superset ~ '[\u0001-\u001f\u007f-\u009f]' then
        path := p || '.superset'; reason := 'must not contain control characters such as a newline or tab'; return;
      end if;
    end if;
    v_progression := null;
    if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
      v_progression := app_hidden.doc_string(e -> 'progression');
      if v_progression is null or v_progression not in ('linear', 'greyskull', 'double', 'time', 'none') then
        path := p || '.progression'; reason := 'must be one of linear, greyskull, double, time, none'; return;
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
comment on function app_hidden.walk_routine_document(jsonb, text) is E'The validation walk of a routine document for the calling user: the first problem (path, reason), or the canonical document and the rows to write (exercise ids resolved). p_unit is the unit when the document names none.';

--------------------------------------------------------------------------------
-- Workout documents
--------------------------------------------------------------------------------
create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text,
  out path text, out reason text, out canonical jsonb, out start timestamptz, out exercise_rows jsonb)
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
    s := app_hidden.doc_string(doc -> 'name');
    if s is null then
      path := 'name'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 80 then
      path := 'name'; reason := 'must be 1 to 80 characters'; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'name'; reason := 'must not contain control characters such as a newline or tab'; return;
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
    s := app_hidden.doc_string(doc -> 'unit');
    if s is null or s not in ('kg', 'lb') then
      path := 'unit'; reason := 'must be one of kg, lb'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_effort := p_effort;
  if doc ? 'effort' then
    v_effort := app_hidden.doc_string(doc -> 'effort');
    if v_effort is null or v_effort not in ('rir', 'rpe') then
      path := 'effort'; reason := 'must be one of rir, rpe'; return;
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
  if not doc ? 'exercises' then
    path := 'exercises'; reason := 'is required'; return;
  end if;
  v_list := doc -> 'exercises';
  if jsonb_typeof(v_list) <> 'array' then
    path := 'exercises'; reason := 'must be an array'; return;
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  if jsonb_array_length(v_list) > 100 then
    path := 'exercises'; reason := 'must have at most 100 entries'; return;
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
      v_superset := app_hidden.doc_string(e -> 'superset');
      if v_superset is null then
        path := p || '.superset'; reason := 'must be a string'; return;
      end if;
      if char_length(v_superset) not between 1 and 8 then
        path := p || '.superset'; reason := 'must be 1 to 8 characters'; return;
      end if;
      if v_superset ~ '[\u0001-\u001f\u007f-\u009f]' then
        path := p || '.superset'; reason := 'must not contain control characters such as a newline or tab'; return;
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
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := e -> 'sets';
    if jsonb_typeof(v_sets) <> 'array' then
      path := p || '.sets'; reason := 'must be an array'; return;
    end if;
    if jsonb_array_length(v_sets) < 1 then
      path := p || '.sets'; reason := 'must have at least 1 entry'; return;
    end if;
    if jsonb_array_length(v_sets) > 50 then
      path := p || '.sets'; reason := 'must have at most 50 entries'; return;
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
comment on function app_hidden.walk_workout_document(jsonb, text, text) is E'The validation walk of a workout document for the calling user: the first problem (path, reason), or the canonical document, the start instant and the rows to write. p_unit and p_effort apply when the document names none.';


--------------------------------------------------------------------------------
-- One-line names outside documents: custom exercises, and routines and workouts written directly
--------------------------------------------------------------------------------
create or replace function app_hidden.tg_one_line_name() returns trigger
language plpgsql as $$
begin
  if to_jsonb(new) ->> 'name' ~ '[\u0001-\u001f\u007f-\u009f]' then
    raise exception 'name: must not contain control characters such as a newline or tab' using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_one_line_name() is E'Trigger: a name (routine, workout, custom exercise) must not contain control characters such as a newline or tab (INVALID_INPUT), the rule documents apply at their path.';
drop trigger if exists _140_one_line_name on app_public.routines;
create trigger _140_one_line_name before insert or update of name on app_public.routines
  for each row execute procedure app_hidden.tg_one_line_name();
drop trigger if exists _140_one_line_name on app_public.workouts;
create trigger _140_one_line_name before insert or update of name on app_public.workouts
  for each row execute procedure app_hidden.tg_one_line_name();
drop trigger if exists _140_one_line_name on app_public.exercises;
create trigger _140_one_line_name before insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_one_line_name();

--------------------------------------------------------------------------------
-- Bodyweights: the documents' rule
--------------------------------------------------------------------------------
-- Written only through log_bodyweight; the table holds the value rule too (new rows: `not valid`
-- leaves rows logged under the older, looser rule alone).
alter table app_public.bodyweights drop constraint if exists bodyweights_weight_rule;
alter table app_public.bodyweights add constraint bodyweights_weight_rule
  check (weight > 0 and weight <= 1500 and weight::numeric = round(weight::numeric, 2)) not valid;
comment on constraint bodyweights_weight_rule on app_public.bodyweights is E'A bodyweight is above 0, at most 1500 and has at most 2 decimals (the rule of workout documents).';

create or replace function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text default null)
returns app_public.bodyweights
language plpgsql volatile security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
begin
  if p_date is null or p_date < date '1900-01-01' then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if p_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  if p_weight is null or not (p_weight > 0 and p_weight <= 1500) or p_weight::numeric <> round(p_weight::numeric, 2) then
    raise exception 'weight: must be a number above 0 and at most 1500 with at most 2 decimals' using errcode = 'SVBAD';
  end if;
  if p_unit is not null and p_unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, p_weight, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.log_bodyweight(date, double precision, text) is E'@behavior -*\nLogs the bodyweight for a date, replacing that day''s value. '
  'weight: above 0, at most 1500, at most 2 decimals (as in workout documents); date: from 1900-01-01, not in the future (not after tomorrow in UTC).';
