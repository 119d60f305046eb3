--! Routine and workout documents: validation, apply and show, all in SQL over jsonb.
-- Runs after 1-foundation.sql (tables) and 2-catalog.sql (app_hidden.resolve_exercise and
-- app_hidden.unknown_exercise_reason).
--
-- The walk is the SDK's (sdk/src/documents/validate.ts), step for step, so both report the same
-- first problem for every document the SDK can judge:
-- - at each object: not an object (root path `document`), then the unknown key that comes first in
--   code point order (`collate "C"`), then the known fields in the spec's table order, each checked
--   completely (type, limits, inner walk, and the server-only check at that field) before the next;
-- - at each array: type, size, then the items by index, depth first;
-- - only a missing key is absent; `null` is a value, allowed only where the spec says "or null".
-- Server-only checks, at the field's position: `id` is one of the caller's (else `not found`),
-- `name` is not another routine's (ignoring case), every exercise reference resolves
-- (app_hidden.resolve_exercise, else app_hidden.unknown_exercise_reason), `routine` is one of the
-- caller's routines (else `not found`).
-- The regular expressions are the SDK's (text.ts, validate.ts), character for character;
-- app_hidden.document_patterns() returns them so a test can hold the two sides together.
-- Numbers are compared as exact `numeric` (jsonb keeps `3.0` and long digit strings as written).

--------------------------------------------------------------------------------
-- Patterns and small parsers
--------------------------------------------------------------------------------
create function app_hidden.document_patterns() returns table (name text, pattern text)
language sql immutable parallel safe as $$
  values
    ('uuid', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
    ('date', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    ('dateTime', '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$'),
    ('duration', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$'),
    ('repsRange', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$'),
    ('setText', '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
$$;
comment on function app_hidden.document_patterns() is E'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';

create function app_hidden.doc_unknown_key(o jsonb, known text[]) returns text
language sql immutable parallel safe as $$
  select k from jsonb_object_keys(o) k where k <> all (known) order by k collate "C" limit 1;
$$;
comment on function app_hidden.doc_unknown_key(jsonb, text[]) is E'The first key of an object (in code point order) that is not one of known, or null.';

create function app_hidden.doc_integer(v jsonb, lo numeric, hi numeric) returns int
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric = trunc(v::numeric) and v::numeric between lo and hi then v::numeric::int end
  end;
$$;
comment on function app_hidden.doc_integer(jsonb, numeric, numeric) is E'A JSON number that is an integer from lo to hi (`3.0` counts), as int; otherwise null.';

create function app_hidden.doc_string(v jsonb) returns text
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'string' then v #>> '{}' end;
$$;
comment on function app_hidden.doc_string(jsonb) is E'The text of a JSON string, or null for any other JSON type.';

create function app_hidden.doc_uuid(v jsonb) returns text
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
    then lower(v #>> '{}') end;
$$;
comment on function app_hidden.doc_uuid(jsonb) is E'A JSON string of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hex digits), lower case; otherwise null.';

create function app_hidden.doc_weight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric between 0 and 10000 and v::numeric = round(v::numeric, 2) then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_weight(jsonb) is E'A JSON number from 0 to 10000 with at most 2 decimals (trailing zeros aside), without trailing zeros; otherwise null.';

create function app_hidden.doc_duration(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case jsonb_typeof(v)
    when 'number' then case when v::numeric = trunc(v::numeric) and v::numeric >= 0 then trunc(v::numeric) end
    when 'string' then (
      select case
        when m is null then null
        when m[1] is not null then m[1]::numeric
        when m[2] is not null then m[2]::numeric
        when m[3] is not null then m[3]::numeric * 60 + m[4]::numeric
        else m[5]::numeric * 60 + coalesce(m[6]::numeric, 0)
      end
      from regexp_match(v #>> '{}', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$') m)
  end;
$$;
comment on function app_hidden.doc_duration(jsonb) is E'Seconds of a `time`/`rest` value: a non-negative integer, or a string `90`, `45s`, `1:30`, `2m`, `1m30s`. Null when it is neither. No maximum here.';

create function app_hidden.format_duration(seconds int) returns text
language sql immutable parallel safe as $$
  select case when seconds < 60 then seconds || 's' else (seconds / 60) || ':' || lpad((seconds % 60)::text, 2, '0') end;
$$;
comment on function app_hidden.format_duration(int) is E'Canonical duration inside set text: `45s` under a minute, else `<m>:<ss>` (`1:30`, `60:00`).';

create function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps int, seconds int, effort numeric)
returns text
language sql immutable parallel safe as $$
  select case kind when 'warmup' then 'w:' when 'drop' then 'd:' when 'burst' then 'rp:' else '' end
      || case
           when seconds is not null then app_hidden.format_duration(seconds)
           when bodyweight then 'bw x ' || reps
           when weight is not null then trim_scale(weight)::text || 'x' || reps
           else 'x' || reps
         end
      || coalesce('@' || trim_scale(effort)::text, '');
$$;
comment on function app_hidden.format_set(text, numeric, boolean, int, int, numeric) is E'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, `45s` or `1:30`, then `@<effort>`; numbers in shortest form.';

create function app_hidden.doc_parse_set(t text, scale text,
  out reason text, out kind text, out weight numeric, out bodyweight boolean, out reps int, out seconds int, out effort numeric)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_reps numeric;
  v_seconds numeric;
begin
  if m is null then
    reason := 'must be a set like 100x5, x12, bw x 8, 45s or 1:30';
    return;
  end if;
  kind := case lower(m[1]) when 'w' then 'warmup' when 'd' then 'drop' when 'rp' then 'burst' else 'work' end;
  bodyweight := false;
  if m[2] is not null then
    bodyweight := true;
    v_reps := m[3]::numeric;
  elsif m[5] is not null then
    if m[4] is not null then
      -- Decimals are judged on the text (`102.500` has 1), like the SDK.
      if char_length(rtrim(split_part(replace(m[4], ',', '.'), '.', 2), '0')) > 2
         or replace(m[4], ',', '.')::numeric > 10000 then
        reason := 'weight must be from 0 to 10000 with at most 2 decimals';
        return;
      end if;
      weight := trim_scale(replace(m[4], ',', '.')::numeric);
    end if;
    v_reps := m[5]::numeric;
  elsif m[6] is not null then
    v_seconds := m[6]::numeric;
  elsif m[7] is not null then
    v_seconds := m[7]::numeric * 60 + m[8]::numeric;
  else
    v_seconds := m[9]::numeric * 60 + coalesce(m[10]::numeric, 0);
  end if;
  if v_reps > 500 then
    reason := 'reps must be at most 500';
    return;
  end if;
  if v_seconds > 86400 then
    reason := 'duration must be at most 86400 seconds';
    return;
  end if;
  reps := v_reps;
  seconds := v_seconds;
  if m[11] is not null then
    effort := replace(m[11], ',', '.')::numeric;
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    if rtrim(split_part(replace(m[11], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$$;
comment on function app_hidden.doc_parse_set(text, text) is E'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts.';

create function app_hidden.doc_real_date(y int, m int, d int) returns boolean
language sql immutable parallel safe as $$
  select y >= 1 and m between 1 and 12 and d >= 1 and d <= case
    when m = 2 then case when y % 4 = 0 and (y % 100 <> 0 or y % 400 = 0) then 29 else 28 end
    when m in (4, 6, 9, 11) then 30
    else 31 end;
$$;
comment on function app_hidden.doc_real_date(int, int, int) is E'Whether year (from 1), month and day name a real day of the proleptic Gregorian calendar.';

create function app_hidden.doc_start(t text, out reason text, out start timestamptz, out canonical text)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$');
  v_utc timestamp;
  v_offset int;
begin
  if m is null then
    reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00';
    return;
  end if;
  if not app_hidden.doc_real_date(m[1]::int, m[2]::int, m[3]::int) or m[4]::int > 23 or m[5]::int > 59
     or coalesce(m[6]::int, 0) > 59 or coalesce(m[10]::int, 0) > 14 or coalesce(m[11]::int, 0) > 59 then
    reason := 'not a real date-time';
    return;
  end if;
  v_offset := case when m[9] = '-' then -1 else 1 end * (coalesce(m[10]::int, 0) * 60 + coalesce(m[11]::int, 0));
  v_utc := make_timestamp(m[1]::int, m[2]::int, m[3]::int, m[4]::int, m[5]::int, coalesce(m[6]::int, 0))
         + make_interval(mins => -v_offset)
         + rpad(coalesce(m[7], ''), 6, '0')::int * interval '1 microsecond';
  if extract(year from v_utc) not between 1 and 9999 then
    reason := 'not a real date-time';
    return;
  end if;
  start := v_utc at time zone 'UTC';
  canonical := app_hidden.format_start(start);
end;
$$;
comment on function app_hidden.doc_start(text) is E'Parses a workout start (ISO 8601 with an offset): the first problem, or the instant and its canonical text.';

create function app_hidden.format_start(t timestamptz) returns text
language sql immutable parallel safe as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
      || coalesce('.' || nullif(rtrim(to_char(t at time zone 'UTC', 'US'), '0'), ''), '') || 'Z';
$$;
comment on function app_hidden.format_start(timestamptz) is E'Canonical start: UTC, `YYYY-MM-DDTHH:MM:SS`, the fraction without trailing zeros (none when zero), `Z`.';

create function app_hidden.convert_weight(weight numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  select case
    when weight is null then null
    when from_unit = to_unit then trim_scale(weight)
    when from_unit = 'lb' then trim_scale(round(weight * 0.45359237, 2))
    else trim_scale(round(weight / 0.45359237, 2))
  end;
$$;
comment on function app_hidden.convert_weight(numeric, text, text) is E'A weight in another unit (1 lb = 0.45359237 kg), rounded to 2 decimals half away from zero; unchanged in the same unit. The SDK''s convertWeight gives the same numbers.';

--------------------------------------------------------------------------------
-- Exercise references
--------------------------------------------------------------------------------
create function app_hidden.doc_exercise(ref text, inout cache jsonb, out exercise_id uuid, out reason text)
language plpgsql stable as $$
begin
  if cache ? ref then
    exercise_id := (cache ->> ref)::uuid;
    return;
  end if;
  exercise_id := app_hidden.resolve_exercise(ref);
  if exercise_id is null then
    reason := app_hidden.unknown_exercise_reason(ref);
    return;
  end if;
  cache := cache || jsonb_build_object(ref, exercise_id);
end;
$$;
comment on function app_hidden.doc_exercise(text, jsonb) is E'Resolves an exercise reference for the caller (app_hidden.resolve_exercise), remembering answers for the rest of the document in cache; reason when it names no exercise.';

create function app_hidden.exercise_reference(p_exercise uuid) returns text
language sql stable as $$
  select case when app_hidden.resolve_exercise(e.name) = e.id then e.name else e.id::text end
    from app_public.exercises e where e.id = p_exercise;
$$;
comment on function app_hidden.exercise_reference(uuid) is E'How a shown document names an exercise: its name, or its id when the name would resolve to another exercise for this caller (a custom exercise spelled like a catalog one), so applying the document back means the same exercise.';

--------------------------------------------------------------------------------
-- Routine documents
--------------------------------------------------------------------------------
create function app_hidden.walk_routine_document(doc jsonb, p_unit text,
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
    if not e ? 'exercise' then
      path := p || '.exercise'; reason := 'is required'; return;
    end if;
    s := app_hidden.doc_string(e -> 'exercise');
    if s is null then
      path := p || '.exercise'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 100 then
      path := p || '.exercise'; reason := 'must be 1 to 100 characters'; return;
    end if;
    select r.cache, r.exercise_id, r.reason into v_cache, v_exercise, reason from app_hidden.doc_exercise(s, v_cache) r;
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

create function app_public.validate_routine_document(doc jsonb, unit text default null,
  out path text, out reason text, out canonical jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select * into w from app_hidden.walk_routine_document(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;
comment on function app_public.validate_routine_document(jsonb, text) is E'@behavior -*\nValidates a routine document for the signed-in user without saving it: the first problem as (path, reason), or the canonical document '
  '(the SDK''s canonical form: exercises as written, no id added). unit: the unit to assume when the document names none (default the user''s).';

create function app_public.apply_routine_document(doc jsonb, out routine_id uuid, out created boolean)
language plpgsql volatile as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_other uuid;
begin
  select * into w from app_hidden.walk_routine_document(doc,
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
             deload = c ? 'deload'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload')
      returning r.id into v_id;
      created := true;
    end if;
  exception when unique_violation then
    -- Another transaction took the name between the check and the write.
    select r.id into v_other from app_public.routines r
     where r.user_id = v_user and lower(r.name) = lower(c ->> 'name') and r.id is distinct from v_id limit 1;
    raise exception 'name: a routine with this name already exists: %', v_other using errcode = 'SVDOC',
      detail = 'name', hint = 'a routine with this name already exists: ' || v_other;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$$;
comment on function app_public.apply_routine_document(jsonb) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole '
  '(exercises left out are removed); without, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path '
  'and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';

create function app_public.routine_document(ref text, unit text default null) returns json
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  if ref ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    select r.id into v_id from app_public.routines r where r.id = ref::uuid and r.user_id = v_user;
  end if;
  if v_id is null then
    select r.id into v_id from app_public.routines r where r.user_id = v_user and lower(r.name) = lower(ref);
  end if;
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
                      'weight', app_hidden.convert_weight(re.weight::numeric, r.unit, u.unit),
                      'rest', re.rest_seconds, 'superset', re.superset, 'progression', re.progression,
                      'warmups', nullif(re.warmups, 0), 'drops', nullif(re.drops, 0), 'bursts', nullif(re.bursts, 0))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]')))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$$;
comment on function app_public.routine_document(text, text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name '
  '(ignoring case); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); '
  'weights in the routine''s unit, or converted to unit (2 decimals) when given. Applying the result changes nothing.';

--------------------------------------------------------------------------------
-- Workout documents
--------------------------------------------------------------------------------
create function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text,
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
    if app_hidden.doc_weight(doc -> 'bodyweight') is null then
      path := 'bodyweight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
    end if;
    v_out := v_out || jsonb_build_object('bodyweight', app_hidden.doc_weight(doc -> 'bodyweight'));
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
    if not e ? 'exercise' then
      path := p || '.exercise'; reason := 'is required'; return;
    end if;
    s := app_hidden.doc_string(e -> 'exercise');
    if s is null then
      path := p || '.exercise'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 100 then
      path := p || '.exercise'; reason := 'must be 1 to 100 characters'; return;
    end if;
    select r.cache, r.exercise_id, r.reason into v_cache, v_exercise, reason from app_hidden.doc_exercise(s, v_cache) r;
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

create function app_public.validate_workout_document(doc jsonb, unit text default null, effort text default null,
  out path text, out reason text, out canonical jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  if effort is not null and effort not in ('rir', 'rpe') then
    raise exception 'effort: must be one of rir, rpe' using errcode = 'SVBAD';
  end if;
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce(effort, (select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;
comment on function app_public.validate_workout_document(jsonb, text, text) is E'@behavior -*\nValidates a workout document for the signed-in user without saving it: the first problem as (path, reason), or the canonical document '
  '(the SDK''s canonical form: exercises as written, no id added). unit and effort: what to assume when the document names none (default the user''s settings).';

create function app_public.apply_workout_document(doc jsonb, out workout_id uuid, out created boolean)
language plpgsql volatile as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_exercise_ids uuid[];
begin
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce((select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  if c ? 'id' then
    v_id := (c ->> 'id')::uuid;
    update app_public.workouts x
       set routine_id = (c ->> 'routine')::uuid, name = c ->> 'name', date = (c ->> 'date')::date, start = w.start,
           minutes = (c ->> 'minutes')::int, bodyweight = (c ->> 'bodyweight')::float8, unit = c ->> 'unit',
           effort = c ->> 'effort', notes = c ->> 'notes', skip_progression = c ? 'skipProgression'
     where x.id = v_id;
    delete from app_public.workout_exercises we where we.workout_id = v_id;
    created := false;
  else
    insert into app_public.workouts as x (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression)
    values ((c ->> 'routine')::uuid, c ->> 'name', (c ->> 'date')::date, w.start, (c ->> 'minutes')::int,
            (c ->> 'bodyweight')::float8, c ->> 'unit', c ->> 'effort', c ->> 'notes', c ? 'skipProgression')
    returning x.id into v_id;
    created := true;
  end if;
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, x.e ->> 'superset', x.e ->> 'note',
           (x.e ->> 'pinned')::boolean, (x.e ->> 'skip_progression')::boolean
      from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.v ->> 'kind', (s.v ->> 'weight')::float8, (s.v ->> 'bodyweight')::boolean,
         (s.v ->> 'reps')::int, (s.v ->> 'seconds')::int, (s.v ->> 'effort')::float8, (s.v ->> 'done')::boolean
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         jsonb_array_elements(x.e -> 'sets') with ordinality as s(v, ord);
  workout_id := v_id;
end;
$$;
comment on function app_public.apply_workout_document(jsonb) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole '
  '(exercises and sets left out are removed); without, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with '
  'detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id and whether it was created.';

create function app_public.workout_sets_text(s app_public.workout_sets) returns text
language sql stable as $$
  select app_hidden.format_set(s.kind, s.weight::numeric, s.bodyweight, s.reps, s.seconds, s.effort::numeric);
$$;
comment on function app_public.workout_sets_text(app_public.workout_sets) is E'@notNull\nThe set as canonical set text (`100x5@8`, `w:60x5`, `bw x 8`, `45s`), weight in the workout''s unit.';

create function app_public.workout_document(id uuid, unit text default null) returns json
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_doc json;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
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
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]')))
    into v_doc
    from app_public.workouts w, lateral (select coalesce(workout_document.unit, w.unit) as unit) u
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$$;
comment on function app_public.workout_document(uuid, text) is E'@behavior -*\nShows one of the signed-in user''s workouts as its canonical document (keys in the spec''s order); null when the user has no workout with this id. '
  'Exercises appear by name (by id when the name would mean another exercise); weights in the workout''s unit, or converted to unit (2 decimals) when given. '
  'Applying the result changes nothing.';

--------------------------------------------------------------------------------
-- Grants: reading and validating for every signed-in caller, applying for read-write callers.
--------------------------------------------------------------------------------
grant execute on function
  app_hidden.document_patterns(), app_hidden.doc_unknown_key(jsonb, text[]), app_hidden.doc_integer(jsonb, numeric, numeric),
  app_hidden.doc_string(jsonb), app_hidden.doc_uuid(jsonb), app_hidden.doc_weight(jsonb), app_hidden.doc_duration(jsonb),
  app_hidden.format_duration(int), app_hidden.format_set(text, numeric, boolean, int, int, numeric),
  app_hidden.doc_parse_set(text, text), app_hidden.doc_real_date(int, int, int), app_hidden.doc_start(text),
  app_hidden.format_start(timestamptz), app_hidden.convert_weight(numeric, text, text), app_hidden.doc_exercise(text, jsonb),
  app_hidden.exercise_reference(uuid), app_hidden.walk_routine_document(jsonb, text), app_hidden.walk_workout_document(jsonb, text, text),
  app_public.validate_routine_document(jsonb, text), app_public.validate_workout_document(jsonb, text, text),
  app_public.routine_document(text, text), app_public.workout_document(uuid, text), app_public.workout_sets_text(app_public.workout_sets)
to svc_reader;
grant execute on function app_public.apply_routine_document(jsonb), app_public.apply_workout_document(jsonb) to svc_visitor;
